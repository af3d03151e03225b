#!/usr/bin/env bash
# `fieldline form --update-by` into SQLite against the sqlite3 shell running the same corrections in one transaction
# (each: the replaced row copied into the history table, then the row updated, as fieldline does). Rounds alternate
# the two on fresh copies of one database, so both see the same machine; the ratio is the median of the rounds'.
# Also counts both with callgrind on fewer records (instructions are repeatable; fsync time is not in them).
# Needs: a release build (make release), sqlite3, python3, valgrind. Prints a Markdown section for bench/RESULTS.md.
set -euo pipefail
cd "$(dirname "$0")/.."
fl=$PWD/.build-release/release/fieldline
n=${UPDATE_RECORDS:-10000}
counted=${UPDATE_COUNTED:-10000}
rounds=${UPDATE_ROUNDS:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'name: entry\nfields:\n  - {name: code, keymap: digits, unique: true}\n  - {name: mobile, keymap: phone-cn}\n  - {name: name, keymap: text}\n' > "$tmp/entry.yaml"

# The saved records (fieldline makes the table with its first record; the shell adds the rest at its own speed),
# the corrections as JSON Lines, and the same corrections as SQL for the shell.
make_inputs() {  # $1 records, $2 folder
    mkdir -p "$2"
    echo '{"code":"100000","mobile":"13800000000","name":"person 0"}' | "$fl" form "$tmp/entry.yaml" --input - --out "$2/base.db"
    python3 - "$2" "$1" <<'PY'
import sys
d, n = sys.argv[1], int(sys.argv[2])
with open(f"{d}/rest.sql", "w") as s:
    s.write("BEGIN;\n")
    for i in range(1, n):
        s.write("INSERT INTO entry (code, mobile, name, saved_at, operator) VALUES ('%d', '138%08d', 'person %d', '2026-01-01T00:00:00Z', 'bench');\n" % (100000 + i, i, i))
    s.write("COMMIT;\n")
with open(f"{d}/fix.jsonl", "w") as j, open(f"{d}/fix.sql", "w") as s:
    s.write("BEGIN;\n")
    for i in range(n):
        code = 100000 + i
        j.write('{"code":"%d","mobile":"139%08d","name":"corrected %d"}\n' % (code, i, i))
        s.write("INSERT INTO entry_history SELECT code, mobile, name, saved_at, operator, edited_at, edited_by, rowid, "
                "'2026-11-26T00:00:00Z', 'bench' FROM entry WHERE code = '%d' AND code <> '';\n" % code)
        s.write("UPDATE entry SET mobile = '139%08d', name = 'corrected %d', edited_at = '2026-11-26T00:00:00Z', "
                "edited_by = 'bench' WHERE code = '%d' AND code <> '';\n" % (i, i, code))
    s.write("COMMIT;\n")
PY
    sqlite3 "$2/base.db" < "$2/rest.sql"
}
make_inputs "$n" "$tmp/big"
make_inputs "$counted" "$tmp/small"

seconds() { local s e; s=$(date +%s.%N); "$@" >/dev/null 2>&1; e=$(date +%s.%N); echo "$e - $s" | bc; }
fresh() { rm -f "$1/run.db"*; cp "$1/base.db" "$1/run.db"; }
ours=(); theirs=(); ratios=()
for _ in $(seq "$rounds"); do
    fresh "$tmp/big"; a=$(seconds "$fl" form "$tmp/entry.yaml" --input "$tmp/big/fix.jsonl" --out "$tmp/big/run.db" --update-by code)
    [ "$(sqlite3 "$tmp/big/run.db" 'SELECT count(*) FROM entry_history')" = "$n" ] || { echo "fieldline did not apply every correction" >&2; exit 1; }
    fresh "$tmp/big"; b=$(seconds sqlite3 "$tmp/big/run.db" ".read $tmp/big/fix.sql")
    ours+=("$a"); theirs+=("$b"); ratios+=("$(echo "scale=3; $a / $b" | bc)")
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

count() {  # instructions of a command under callgrind
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | awk '/Collected/ {print $4}'
}
# valgrind cannot read the release build's debug information: it counts a stripped copy.
strip -o "$tmp/fieldline" "$fl"
fresh "$tmp/small"; ci=$(count "$tmp/fieldline" form "$tmp/entry.yaml" --input "$tmp/small/fix.jsonl" --out "$tmp/small/run.db" --update-by code)
fresh "$tmp/small"; si=$(count sqlite3 "$tmp/small/run.db" ".read $tmp/small/fix.sql")

cat <<MD
## \`fieldline form --update-by\` into SQLite, against the sqlite3 shell

$n corrections of a three-field form (\`digits\` unique key, \`phone-cn\`, \`text\`), taken by
\`bench/update_bench.sh\` on $(date -u +%Y-%m-%d). Each round copies one database of $n records twice and runs, one
after the other, fieldline (JSON Lines in, every record checked, looked up, its old version copied into
\`entry_history\`, the row updated; batches of at most 10,000 records or 250 ms, each a transaction) and the sqlite3
shell running the same INSERT…SELECT into the history and UPDATE per record in one transaction (naming the unique index's condition, as fieldline does, so both look records up by the index). Goal: at most 2x.

| | fieldline | sqlite3 shell | ratio |
|---|---|---|---|
| seconds, median of $rounds rounds | $(median "${ours[@]}") | $(median "${theirs[@]}") | **$(median "${ratios[@]}")x** (median of the rounds' ratios) |
| instructions for $counted corrections (callgrind) | $ci | $si | $(echo "scale=2; ${ci//,/} / ${si//,/}" | bc)x |
MD
