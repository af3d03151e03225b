#!/usr/bin/env bash
# `fieldline form forms/visitor.yaml --input` (a unique field, `idcard`) into SQLite and PostgreSQL, from JSON Lines and
# from CSV, against the databases' own bulk loaders (the anchors: `sqlite3 .import`, `psql \copy`) loading the same
# rows into a table of fieldline's own shape (made by fieldline, so the same columns and the same unique indexes).
# Interleaved: every round runs each command once, in turn, on an empty table, after one warm-up round. Reports the
# median of wall times, the median and spread (lowest, highest) of the per-round ratios against the anchor of the
# same round, and the CPU time (user + system) of the client process. Prints a Markdown section for bench/RESULTS.md.
# Input: bench/gen_visitors.py, random valid mobiles and ID cards (every ID card different), seeded.
# Needs: a release build (make release), sqlite3, python3, Debian's postgresql (a throwaway server is started here).
# FORM_RECORDS=N rows (default 100,000), FORM_ROUNDS=N rounds (default 5), FORM_CASES="…" a subset of the cases,
# FORM_BEFORE=path another fieldline binary whose runs join each round (cases named `…_before`).
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib/rounds.sh
fl=$PWD/.build-release/release/fieldline
form=$PWD/forms/visitor.yaml
n=${FORM_RECORDS:-100000}
rounds=${FORM_ROUNDS:-5}
before=${FORM_BEFORE:-}
tmp=$(mktemp -d)
chmod 755 "$tmp"
trap 'rm -rf "$tmp"' EXIT
python3 bench/gen_visitors.py "$n" "$tmp"
chmod 644 "$tmp"/*.csv "$tmp"/*.jsonl

# PostgreSQL: a throwaway cluster on a Unix socket in $tmp (as `postgres` when run as root), fsync on (the default).
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
as=(); [ "$(id -u)" = 0 ] && { chown postgres: "$tmp"; as=(runuser -u postgres --); }
"${as[@]}" "$bin/initdb" -D "$tmp/pg" -A trust -U postgres --no-sync >/dev/null
port=$((20000 + RANDOM % 20000))
"${as[@]}" "$bin/pg_ctl" -D "$tmp/pg" -w -l "$tmp/pg.log" -o "-k $tmp -h '' -p $port" start >/dev/null 2>&1 </dev/null
trap '"${as[@]}" "$bin/pg_ctl" -D "$tmp/pg" -m immediate stop >/dev/null 2>&1 </dev/null; rm -rf "$tmp"' EXIT
url="postgresql:///postgres?host=$tmp&port=$port&user=postgres"
columns=mobile,idcard,birth_date,sex,name,visit_date,saved_at,operator,edited_at,edited_by,record_id

# The tables, made once by fieldline: an empty SQLite database to copy, and PostgreSQL's `visitor`, whose shape (its
# identity column, defaults and every index, the unique `idcard` and `record_id` among them) the anchor's table copies.
"$fl" form "$form" --input /dev/null --out "$tmp/empty.db" >/dev/null
"$fl" form "$form" --input /dev/null --out "$url" >/dev/null
psql -X -q -d "$url" -c 'CREATE TABLE anchor (LIKE visitor INCLUDING ALL)'

names=(${FORM_CASES:-sqlite_jsonl sqlite_csv sqlite_import pg_jsonl pg_csv pg_copy})
[ -n "$before" ] && for c in ${FORM_CASES:-sqlite_jsonl sqlite_csv pg_jsonl pg_csv}; do
    case $c in sqlite_import|pg_copy) ;; *) names+=("${c}_before") ;; esac
done
setup() {
    case $1 in
    sqlite*) rm -f "$tmp/out.db"*; cp "$tmp/empty.db" "$tmp/out.db" ;;
    pg_copy) psql -X -q -d "$url" -c 'TRUNCATE anchor' ;;
    pg*) psql -X -q -d "$url" -c 'TRUNCATE visitor; DELETE FROM fieldline_import' 2>/dev/null || psql -X -q -d "$url" -c 'TRUNCATE visitor' ;;
    esac
}
timed() {
    local bin=$fl
    case $1 in *_before) bin=$before ;; esac
    case ${1%_before} in
    sqlite_jsonl) "$bin" form "$form" --input "$tmp/in.jsonl" --out "$tmp/out.db" ;;
    sqlite_csv) "$bin" form "$form" --input "$tmp/in.csv" --out "$tmp/out.db" ;;
    sqlite_import) sqlite3 "$tmp/out.db" -cmd '.mode csv' ".import $tmp/anchor.csv visitor" ;;
    pg_jsonl) "$bin" form "$form" --input "$tmp/in.jsonl" --out "$url" ;;
    pg_csv) "$bin" form "$form" --input "$tmp/in.csv" --out "$url" ;;
    pg_copy) psql -X -q -d "$url" -c "\\copy anchor ($columns) FROM '$tmp/anchor.csv' WITH (FORMAT csv)" ;;
    esac
}
check() {
    local rows
    rows=$(case $1 in sqlite*) sqlite3 "$tmp/out.db" 'SELECT count(*) FROM visitor' ;;
                      pg_copy) psql -X -A -t -d "$url" -c 'SELECT count(*) FROM anchor' ;;
                      *) psql -X -A -t -d "$url" -c 'SELECT count(*) FROM visitor' ;; esac)
    [ "$rows" = "$n" ] || { echo "$1: $rows rows, not $n" >&2; return 1; }
}
ROUND_FUNCTIONS= ROUND_VARIABLES="fl before form tmp url columns"
run_rounds "$rounds" "${names[@]}"
row() {
    local anchor=$2
    printf '| %s | %s | %s | %s | %s |\n' "$1" "$(median "${times[$3]}")" "$(( n * 1000 / $(median "${times[$3]}") ))" \
        "$(median "${cpus[$3]}")" "$( [ "$3" = "$anchor" ] && echo 1x || ratios "$3" "$anchor")"
}
has() { [[ " ${names[*]} " == *" $1 "* ]]; }

cat <<MD
### $n records of \`forms/visitor.yaml\`, $(date -u +%Y-%m-%d)

Release build, $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); load average
$(cut -d' ' -f1 /proc/loadavg) at the end), $rounds rounds after a warm-up, interleaved. Wall time median; CPU is the
client process's user + system time (the servers' own work is not in it); ratios per round against the anchor of
the same round: median (lowest–highest).

| command | median ms | records per second | client CPU ms | vs anchor |
|---|---|---|---|---|
MD
for c in sqlite_jsonl sqlite_csv sqlite_jsonl_before sqlite_csv_before; do
    has $c && row "fieldline → SQLite, ${c#sqlite_}" sqlite_import $c
done
has sqlite_import && row '`sqlite3 .import` (anchor)' sqlite_import sqlite_import
for c in pg_jsonl pg_csv pg_jsonl_before pg_csv_before; do
    has $c && row "fieldline → PostgreSQL, ${c#pg_}" pg_copy $c
done
has pg_copy && row '`psql \copy` (anchor)' pg_copy pg_copy
echo
for sink in sqlite pg sqlite_before pg_before; do
    base=${sink%_before} tail=${sink#"${sink%_before}"}
    has "${base}_csv$tail" && has "${base}_jsonl$tail" && echo "CSV input over JSON Lines input, $sink, per round: $(ratios "${base}_csv$tail" "${base}_jsonl$tail")."
done
echo
printf 'Every run (ms): '; for k in "${names[@]}"; do printf '%s %s; ' "$k" "${times[$k]}"; done; echo
