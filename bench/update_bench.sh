#!/usr/bin/env bash
# `fieldline form --update-by` into SQLite and PostgreSQL against each database's own tool doing the same corrections
# in bulk (the peers): the sqlite3 shell `.import`s the corrections into a staged table, then in one transaction copies
# the rows they replace into the history table (INSERT…SELECT) and updates them (UPDATE…FROM); psql `\copy`s them into
# a temporary table and does the same. Same table shape (made by fieldline: its unique index, its history table).
# Interleaved: every round runs each command once, in turn, on a fresh copy of the saved records, after one warm-up
# round. Reports the median wall time, the median and spread (lowest–highest) of per-round ratios against the peer of
# the same round, and the client process's CPU time. Prints a Markdown section for bench/RESULTS.md.
# Needs: a release build (make release), sqlite3 (3.33 or later: UPDATE…FROM), python3, Debian's postgresql.
# UPDATE_RECORDS=N saved records and corrections (default 100,000), UPDATE_ROUNDS=N (default 5),
# UPDATE_CASES="…" a subset of sqlite sqlite_peer pg pg_peer, UPDATE_BEFORE=path another fieldline binary whose runs
# join each round (cases named `…_before`).
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib/rounds.sh
fl=$PWD/.build-release/release/fieldline
n=${UPDATE_RECORDS:-100000}
rounds=${UPDATE_ROUNDS:-5}
before=${UPDATE_BEFORE:-}
tmp=$(mktemp -d)
chmod 755 "$tmp"
trap 'rm -rf "$tmp"' EXIT
printf 'name: entry\nfields:\n  - {name: code, keymap: digits, unique: true}\n  - {name: mobile, keymap: phone-cn}\n  - {name: name, keymap: text}\n' > "$tmp/entry.yaml"

# The corrections as JSON Lines (fieldline) and CSV (the peers), in a shuffled order (seeded), each changing both
# other fields; the saved records as SQL inserted by each database's tool (fieldline makes the tables first).
python3 - "$tmp" "$n" <<'PY'
import random, sys
d, n = sys.argv[1], int(sys.argv[2])
order = list(range(n))
random.Random(42).shuffle(order)
with open(f"{d}/fix.jsonl", "w") as j, open(f"{d}/fix.csv", "w") as c:
    c.write("code,mobile,name\n")
    for i in order:
        j.write('{"code":"%d","mobile":"139%08d","name":"corrected %d"}\n' % (100000 + i, i, i))
        c.write('%d,139%08d,corrected %d\n' % (100000 + i, i, i))
PY
chmod 644 "$tmp"/fix.*
history=code,mobile,name,saved_at,operator,edited_at,edited_by,fieldline_id,changed_at,changed_by,record_id
saved="'2026-01-01T00:00:00Z', 'bench'"
stamp="'2026-11-26T00:00:00Z', 'bench'"

# SQLite: one database of n records, copied for each run.
"$fl" form "$tmp/entry.yaml" --input /dev/null --out "$tmp/base.db" >/dev/null
sqlite3 "$tmp/base.db" "WITH RECURSIVE i(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM i WHERE x < $n - 1)
    INSERT INTO entry (code, mobile, name, saved_at, operator) SELECT 100000 + x, printf('138%08d', x), 'person ' || x, $saved FROM i"
cat > "$tmp/peer.sqlite" <<SQL
.mode csv
.import $tmp/fix.csv staged
BEGIN;
INSERT INTO entry_history ($history) SELECT e.code, e.mobile, e.name, e.saved_at, e.operator, e.edited_at, e.edited_by, e.rowid, $stamp, e.record_id
    FROM staged s JOIN entry e ON e.code = s.code AND e.code <> '';
UPDATE entry SET mobile = s.mobile, name = s.name, edited_at = '2026-11-26T00:00:00Z', edited_by = 'bench'
    FROM staged s WHERE entry.code = s.code AND entry.code <> '';
COMMIT;
SQL

# PostgreSQL: a throwaway cluster on a Unix socket in $tmp (as `postgres` when run as root), fsync on (the default).
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
as=(); [ "$(id -u)" = 0 ] && { chown postgres: "$tmp"; as=(runuser -u postgres --); }
"${as[@]}" "$bin/initdb" -D "$tmp/pg" -A trust -U postgres --no-sync >/dev/null
port=$((20000 + RANDOM % 20000))
"${as[@]}" "$bin/pg_ctl" -D "$tmp/pg" -w -l "$tmp/pg.log" -o "-k $tmp -h '' -p $port" start >/dev/null 2>&1 </dev/null
trap '"${as[@]}" "$bin/pg_ctl" -D "$tmp/pg" -m immediate stop >/dev/null 2>&1 </dev/null; rm -rf "$tmp"' EXIT
url="postgresql:///postgres?host=$tmp&port=$port&user=postgres"
"$fl" form "$tmp/entry.yaml" --input /dev/null --out "$url" >/dev/null
pg_fresh() {
    psql -X -q -d "$url" -c 'TRUNCATE entry, entry_history' \
        -c "INSERT INTO entry (code, mobile, name, saved_at, operator) SELECT 100000 + x, '138' || lpad(x::text, 8, '0'), 'person ' || x, $saved FROM generate_series(0, $n - 1) x" \
        -c 'VACUUM ANALYZE entry'
}
pg_peer() {
    psql -X -q -d "$url" -c 'CREATE TEMPORARY TABLE staged (code text, mobile text, name text)' \
        -c "\\copy staged FROM '$tmp/fix.csv' WITH (FORMAT csv, HEADER)" \
        -c "BEGIN" \
        -c "INSERT INTO entry_history ($history) SELECT e.code, e.mobile, e.name, e.saved_at, e.operator, e.edited_at, e.edited_by, e.fieldline_id, $stamp, e.record_id
                FROM staged s JOIN entry e ON e.code = s.code AND e.code <> ''" \
        -c "UPDATE entry SET mobile = s.mobile, name = s.name, edited_at = '2026-11-26T00:00:00Z', edited_by = 'bench'
                FROM staged s WHERE entry.code = s.code AND entry.code <> ''" \
        -c "COMMIT"
}

names=(${UPDATE_CASES:-sqlite sqlite_peer pg pg_peer})
[ -n "$before" ] && for c in ${UPDATE_CASES:-sqlite pg}; do
    case $c in *_peer) ;; *) names+=("${c}_before") ;; esac
done
setup() {
    case $1 in
    sqlite*) rm -f "$tmp/run.db"*; cp "$tmp/base.db" "$tmp/run.db" ;;
    pg*) pg_fresh ;;
    esac
}
timed() {
    local bin=$fl
    case $1 in *_before) bin=$before ;; esac
    case ${1%_before} in
    sqlite) "$bin" form "$tmp/entry.yaml" --input "$tmp/fix.jsonl" --out "$tmp/run.db" --update-by code ;;
    sqlite_peer) sqlite3 "$tmp/run.db" < "$tmp/peer.sqlite" ;;
    pg) "$bin" form "$tmp/entry.yaml" --input "$tmp/fix.jsonl" --out "$url" --update-by code ;;
    pg_peer) pg_peer ;;
    esac
}
check() {
    local rows sql='SELECT count(*) FROM entry_history'
    rows=$(case $1 in sqlite*) sqlite3 "$tmp/run.db" "$sql" ;; *) psql -X -A -t -d "$url" -c "$sql" ;; esac)
    [ "$rows" = "$n" ] || { echo "$1: $rows history rows, not $n" >&2; return 1; }
}
ROUND_FUNCTIONS=pg_peer ROUND_VARIABLES="fl before tmp url history stamp"
run_rounds "$rounds" "${names[@]}"
row() {
    printf '| %s | %s | %s | %s | %s |\n' "$1" "$(median "${times[$3]}")" "$(( n * 1000 / $(median "${times[$3]}") ))" \
        "$(median "${cpus[$3]}")" "$( if [ "$3" = "$2" ]; then echo 1x; elif has "$2"; then ratios "$3" "$2"; fi)"
}
has() { [[ " ${names[*]} " == *" $1 "* ]]; }

cat <<MD
### $n corrections by \`--update-by\`, $(date -u +%Y-%m-%d)

Release build, $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); load average
$(cut -d' ' -f1 /proc/loadavg) at the end), $rounds rounds after a warm-up, interleaved. Wall time median; CPU is the
client process's user + system time (a server's own work is not in it); ratios per round against the peer of the
same round: median (lowest–highest).

| command | median ms | corrections per second | client CPU ms | vs peer |
|---|---|---|---|---|
MD
for c in sqlite sqlite_before; do has $c && row "fieldline → SQLite${c#sqlite}" sqlite_peer $c; done
has sqlite_peer && row 'sqlite3: `.import` + INSERT…SELECT + UPDATE…FROM (peer)' sqlite_peer sqlite_peer
for c in pg pg_before; do has $c && row "fieldline → PostgreSQL${c#pg}" pg_peer $c; done
has pg_peer && row 'psql: `\copy` + INSERT…SELECT + UPDATE…FROM (peer)' pg_peer pg_peer
echo
printf 'Every run (ms): '; for k in "${names[@]}"; do printf '%s %s; ' "$k" "${times[$k]}"; done; echo
