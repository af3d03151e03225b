#!/usr/bin/env bash
# Large choice lists (issue 48 item 5): a list file's index at 1,000 / 100,000 / 1,000,000 entries. For each size,
# instructions (callgrind, whole process, the `setup` run's count subtracted) to open the index at start-up (hash the
# list file's bytes, read the image back and check it) and to filter each key of a typed query through it, against
# the row-by-row `ChoiceList.matches` (up to 100,000 entries) and `fieldline ask text --value x`'s
# whole start-up; then the median wall time of each key over 15 runs. Writes bench/out/list_index.md.
# Needs: swift, valgrind (Debian). QUERIES="harbour 12|zhong" overrides the typed queries.
set -euo pipefail
cd "$(dirname "$0")/.."
out=bench/out
mkdir -p "$out"
swift build -c release --product fieldline-bench >/dev/null
swift build -c release --product fieldline >/dev/null
# Stripped copies: valgrind 3.19 cannot read the DWARF of the Swift toolchain's builds.
bin=$out/stripped
mkdir -p "$bin"
for p in fieldline fieldline-bench; do strip -o "$bin/$p" "$(swift build -c release --show-bin-path)/$p"; done
IFS='|' read -r -a queries <<< "${QUERIES:-harbour 12|beijing sh|e}"
sizes=${SIZES:-1000 100000 1000000}

instructions() {  # the whole process's instructions under callgrind
  local f="$out/callgrind.$$"
  valgrind --tool=callgrind --callgrind-out-file="$f" "$@" >/dev/null 2>&1
  awk '/^(summary|totals):/ { print $2; exit }' "$f"
  rm -f "$f"
}

{
  ask=$(instructions "$bin/fieldline" ask text --value x)
  echo "Peer: \`fieldline ask text --value x\`, whole process: $ask instructions."
  echo
  echo "| entries | query | keys | open index (instr.) | open / ask text | index: instr. per key | row by row: instr. per key |"
  echo "|---|---|---|---|---|---|---|"
  for n in $sizes; do
    "$bin/fieldline-bench" list-index "$n" "$out" make
    setup=$(instructions "$bin/fieldline-bench" list-index "$n" "$out" setup)
    open=$(( $(instructions "$bin/fieldline-bench" list-index "$n" "$out" open) - setup ))
    opened=$(instructions "$bin/fieldline-bench" list-index "$n" "$out" opened)
    [ "$n" -le 100000 ] && scan_setup=$(instructions "$bin/fieldline-bench" list-index "$n" "$out" scan-setup)
    for q in "${queries[@]}"; do
      keys=${#q}
      indexed=$(( ($(instructions "$bin/fieldline-bench" list-index "$n" "$out" keys "$q") - opened) / keys ))
      if [ "$n" -le 100000 ]; then
        scanned=$(( ($(instructions "$bin/fieldline-bench" list-index "$n" "$out" keys-scan "$q") - scan_setup) / keys ))
      else
        scanned="- (over the list limit)"
      fi
      ratio=$(awk -v a="$open" -v b="$ask" 'BEGIN { printf "%.2fx", a / b }')
      echo "| $n | \`$q\` | $keys | $open | $ratio | $indexed | $scanned |"
    done
  done
  echo
  echo "Median wall time per key (µs, 15 runs), each key's match count as the picker shows it (\`N+\`: found so far):"
  echo
  echo "| entries | query so far | matches | index µs | row by row µs |"
  echo "|---|---|---|---|---|"
  for n in $sizes; do
    for q in "${queries[@]}"; do
      "$bin/fieldline-bench" list-index "$n" "$out" time "$q" | awk -F'\t' '{ printf "| %s | `%s` | %s | %s | %s |\n", $1, $2, $3, $4, $5 }'
    done
  done
} | tee "$out/list_index.md"
