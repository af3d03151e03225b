#!/usr/bin/env bash
# Benchmarks for the field engine, `fieldline check`, the interactive `fieldline ask` (pty) and `fieldline form`;
# writes bench/out/RESULTS.md, or with RECORD=1 bench/RESULTS.md (the committed record), so a plain run leaves
# `git status` clean. Installs hyperfine (Debian) when run as root and a venv in bench/.venv with python-stdnum and
# prompt_toolkit (PyPI), the peers.
# Needs: swift, python3 (venv + pip reach PyPI), hyperfine, cc + libedit-dev, bash (Debian). Run from anywhere: `make bench`.
# LINES=N shortens the check benchmark (default 1,000,000 lines).
set -euo pipefail
cd "$(dirname "$0")/.."
LINES=${LINES:-1000000}
out=bench/out
mkdir -p "$out"
results=$out/RESULTS.md
[ "${RECORD:-0}" = 1 ] && results=bench/RESULTS.md

command -v hyperfine >/dev/null || { [ "$(id -u)" = 0 ] && apt-get install -y -qq hyperfine >/dev/null; } \
  || { echo "need hyperfine: sudo apt-get install -y hyperfine" >&2; exit 1; }
make -s release >/dev/null    # the same release build as `make demo` (flags in the Makefile)
[ -x bench/.venv/bin/python ] || python3 -m venv bench/.venv
bench/.venv/bin/pip install -q python-stdnum prompt_toolkit
# The bare-libedit peer for the pty benchmark.
cc -O2 bench/bare_prompt.c -ledit -o "$out/bare_prompt"
loc=$(bench/.venv/bin/python -c 'import stdnum, os; print(os.path.join(os.path.dirname(stdnum.__file__), "cn", "loc.dat"))')

# Input: real county codes (from stdnum's data) so both tools judge the same realistic lines.
python3 bench/gen_ids.py "$LINES" "$loc" > "$out/ids.txt"

fl=".build-release/release/fieldline check idcard-cn < $out/ids.txt > $out/fieldline.txt 2>/dev/null"
py="bench/.venv/bin/python bench/stdnum_check.py < $out/ids.txt > $out/stdnum.txt 2>/dev/null"
hyperfine -i --warmup 2 --runs 15 --export-json "$out/fieldline.json" "$fl" >/dev/null
hyperfine -i --runs 3 --export-json "$out/stdnum.json" "$py" >/dev/null
agree=$(cmp -s "$out/fieldline.txt" "$out/stdnum.txt" && echo "identical" || echo "DIFFERENT")

engine=$(.build-release/release/fieldline-bench)
cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')

python3 - "$out" "$LINES" "$agree" "$cpu" > "$results" <<PY
import json, statistics, sys
out, lines, agree, cpu = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
def med(name):
    return statistics.median(json.load(open(f"{out}/{name}.json"))["results"][0]["times"])
fl, py = med("fieldline"), med("stdnum")
short = "" if lines == 1000000 else f" (a shortened run, \`LINES={lines}\`; the default is 1,000,000)"
print(f"""# Benchmark results

Taken by \`bench/run.sh\` (\`make bench\`) on {cpu}, 2 cores, Debian 12, Swift 6.3.1 release build.
Times are medians of hyperfine runs (fieldline 15 runs after 2 warm-ups, python-stdnum 3 runs), whole
process including start-up and reading/writing files.

## \`fieldline check idcard-cn\` against python-stdnum

Input: {lines:,} generated resident-ID lines{short} (\`bench/gen_ids.py\`, seeded): real county codes from
python-stdnum's \`loc.dat\`, birth dates 1930-2019, about 10% with a wrong check character.
Peer: \`stdnum.cn.ric.is_valid\` (python-stdnum, from PyPI) over the same lines (\`bench/stdnum_check.py\`).

| tool | median time | lines per second | ratio |
|---|---|---|---|
| fieldline check idcard-cn | {fl*1000:.0f} ms | {lines/fl/1e6:.2f} M | 1x |
| python-stdnum is_valid | {py:.1f} s | {lines/py/1e3:.1f} k | {py/fl:.0f}x slower |

Goals: at least 5 M lines/s and at least 100x python-stdnum. The two tools' verdicts on every line: **{agree}**
(stdnum also checks full six-digit county codes against their history; fieldline checks the province level, so
on this input, built from real county codes, they must agree).

## Engine: nanoseconds per command

\`fieldline-bench\`: a session types the value key by key, moves left three times, deletes and retypes a
symbol, kills the last group, pastes it back and presses Enter; 20,000 sessions per measurement, median of 5.
"apply" is the pure state update; "apply + frame" also derives the display, cursor, counter and status
(what a terminal redraw needs after each key).
""")
PY
echo "$engine" >> "$results"

# `fieldline ask` in a pty against bare libedit, bash `read -e` and prompt_toolkit (about 1.5 minutes).
python3 bench/pty_bench.py --json "$out/pty_bench.json" > "$out/pty_bench.md"
{ echo; cat "$out/pty_bench.md"; } >> "$results"

# `fieldline form --input` into each sink, against sqlite3 .import and psql \copy (about half a minute).
{ echo; bash bench/form_bench.sh; } >> "$results"
{ echo; bash bench/update_bench.sh; } >> "$results"

# `fieldline form` at a terminal: Enter to the next field ready, against a key in the same fields (about a minute).
{ echo; python3 bench/form_latency.py; } >> "$results"
cat "$results"
