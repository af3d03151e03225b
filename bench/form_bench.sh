#!/usr/bin/env bash
# `fieldline form --input` into each sink against the same rows loaded by sqlite3's `.import` and psql's `\copy`
# (the anchors: each database's own bulk loader), interleaved: every round runs each command once, in turn, after
# one warm-up round; medians. Prints a Markdown section for bench/RESULTS.md.
# fieldline checks every record with its fields' keymaps and saves in batches (10,000 records or 250 ms: one
# transaction for SQLite in WAL with synchronous=FULL, one write and fsync for JSONL/CSV files; 25,000 for
# PostgreSQL, streamed into one COPY and committed); the anchors load the rows unchecked in one transaction.
# Needs: a release build (make release), sqlite3, Debian's postgresql (a throwaway server is started here).
# FORM_RECORDS=N rows (default 100,000), FORM_ROUNDS=N rounds (default 5).
set -euo pipefail
cd "$(dirname "$0")/.."
fl=$PWD/.build-release/release/fieldline
n=${FORM_RECORDS:-100000}
rounds=${FORM_ROUNDS:-5}
tmp=$(mktemp -d)
chmod 755 "$tmp"
trap 'rm -rf "$tmp"' EXIT
printf 'name: entry\nfields:\n  - {name: mobile, keymap: phone-cn}\n  - {name: name, keymap: text}\n' > "$tmp/entry.yaml"
python3 - "$tmp" "$n" <<'PY'
import sys
d, n = sys.argv[1], int(sys.argv[2])
with open(f"{d}/in.jsonl", "w") as j, open(f"{d}/in.csv", "w") as c:
    for i in range(n):
        j.write('{"mobile":"138%08d","name":"person %d"}\n' % (i, i))
        c.write("138%08d,person %d,2026-01-01T00:00:00Z,bench\n" % (i, i))
PY

# PostgreSQL: a throwaway cluster on a Unix socket in $tmp (as `postgres` when run as root), fsync on (the default).
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
as=(); [ "$(id -u)" = 0 ] && { chown postgres: "$tmp"; as=(runuser -u postgres --); }
"${as[@]}" "$bin/initdb" -D "$tmp/pg" -A trust -U postgres --no-sync >/dev/null
port=$((20000 + RANDOM % 20000))
"${as[@]}" "$bin/pg_ctl" -D "$tmp/pg" -w -l "$tmp/pg.log" -o "-k $tmp -h '' -p $port" start >/dev/null 2>&1 </dev/null
trap '"${as[@]}" "$bin/pg_ctl" -D "$tmp/pg" -m immediate stop >/dev/null 2>&1 </dev/null; rm -rf "$tmp"' EXIT
url="postgresql:///postgres?host=$tmp&port=$port&user=postgres"
psql -X -q -d "$url" -c 'CREATE TABLE anchor (mobile text NOT NULL, name text NOT NULL, saved_at text NOT NULL, operator text NOT NULL)'
"$fl" form "$tmp/entry.yaml" --input /dev/null --out "$url" >/dev/null    # the table, made once
# The same rows into a table of fieldline's own shape (its identity column with a unique index, and the two edit
# columns with defaults): what the server itself spends on such a table, which the plain anchor does not pay.
psql -X -q -d "$url" -c 'CREATE TABLE anchor_same (LIKE entry INCLUDING ALL)'

# Each case: a set-up (not timed: an empty target) and the timed command.
names=(jsonl csv sqlite sqlite_import pg pg_copy pg_copy_same)
setup() {
    case $1 in
    jsonl) rm -f "$tmp/out.jsonl" ;;
    csv) rm -f "$tmp/out.csv" ;;
    sqlite) rm -f "$tmp/out.db" "$tmp/out.db-wal" "$tmp/out.db-shm" ;;
    sqlite_import) rm -f "$tmp/anchor.db"
        sqlite3 "$tmp/anchor.db" 'PRAGMA journal_mode=WAL; CREATE TABLE entry (mobile TEXT NOT NULL, name TEXT NOT NULL, saved_at TEXT NOT NULL, operator TEXT NOT NULL)' >/dev/null ;;
    pg) psql -X -q -d "$url" -c 'TRUNCATE entry; DELETE FROM fieldline_import' 2>/dev/null || psql -X -q -d "$url" -c 'TRUNCATE entry' ;;
    pg_copy) psql -X -q -d "$url" -c 'TRUNCATE anchor' ;;
    pg_copy_same) psql -X -q -d "$url" -c 'TRUNCATE anchor_same' ;;
    esac
}
timed() {
    case $1 in
    jsonl) "$fl" form "$tmp/entry.yaml" --input "$tmp/in.jsonl" --out "$tmp/out.jsonl" ;;
    csv) "$fl" form "$tmp/entry.yaml" --input "$tmp/in.jsonl" --out "$tmp/out.csv" ;;
    sqlite) "$fl" form "$tmp/entry.yaml" --input "$tmp/in.jsonl" --out "$tmp/out.db" ;;
    sqlite_import) sqlite3 "$tmp/anchor.db" -cmd '.mode csv' ".import $tmp/in.csv entry" ;;
    pg) "$fl" form "$tmp/entry.yaml" --input "$tmp/in.jsonl" --out "$url" ;;
    pg_copy) psql -X -q -d "$url" -c "\\copy anchor FROM '$tmp/in.csv' WITH (FORMAT csv)" ;;
    pg_copy_same) psql -X -q -d "$url" -c "\\copy anchor_same (mobile, name, saved_at, operator) FROM '$tmp/in.csv' WITH (FORMAT csv)" ;;
    esac
}
declare -A times
for round in $(seq 0 "$rounds"); do
    for name in "${names[@]}"; do
        setup "$name"
        sync
        s=$(date +%s%N); timed "$name" >/dev/null 2>"$tmp/err" || { cat "$tmp/err" >&2; exit 1; }; e=$(date +%s%N)
        [ "$round" = 0 ] || times[$name]+="$(( (e - s) / 1000000 )) "    # round 0 warms up
    done
done
median() { tr ' ' '\n' <<<"${times[$1]}" | grep . | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
rows=$(psql -X -A -t -d "$url" -c 'SELECT (SELECT count(*) FROM entry) || $$/$$ || (SELECT count(*) FROM anchor)')
sqlrows=$(sqlite3 "$tmp/out.db" 'SELECT count(*) FROM entry')/$(sqlite3 "$tmp/anchor.db" 'SELECT count(*) FROM entry')
ratio() { echo "scale=2; $(median "$1") / $(median "$2")" | bc; }
rate() { echo "$n * 1000 / $(median "$1")" | bc; }

cat <<MD
## \`fieldline form --input\`: $n records into each sink, against the databases' own bulk loaders

$n records of two fields (\`phone-cn\`, \`text\`), JSON Lines in (the anchors read the same rows as CSV, with
\`saved_at\` and \`operator\` filled), taken by \`bench/form_bench.sh\` (\`make bench\`) on $(date -u +%Y-%m-%d),
release build, $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); load average
$(cut -d' ' -f1 /proc/loadavg) at the end). Interleaved: each round runs every command once, in turn, on an empty
target (a new file or database, a truncated table); one warm-up round, then $rounds rounds; medians of wall time.
fieldline checks each record with its keymaps (JSON Lines read and checked in chunks, in slices on several cores
only where the save leaves two free) and saves in batches (10,000 records or 250 ms each: one SQLite transaction in
WAL with synchronous=FULL, one write and \`fsync\` for files; into PostgreSQL 25,000 records, streamed into the
batch's \`COPY\` as they are checked, one commit; a database's batch saved on a thread of its own while the next
records are checked); \`sqlite3 .import\` and \`psql \\copy\` load the rows unchecked in one transaction. PostgreSQL: a
throwaway local server (fsync on) over a Unix socket; the anchor's table has the four columns only, fieldline's also
an identity column with a unique index and two edit columns, so the last row loads the same rows into a table of that
shape.

| command | median ms | records per second | vs anchor |
|---|---|---|---|
| fieldline → JSONL file | $(median jsonl) | $(rate jsonl) | |
| fieldline → CSV file | $(median csv) | $(rate csv) | |
| fieldline → SQLite | $(median sqlite) | $(rate sqlite) | **$(ratio sqlite sqlite_import)x** |
| \`sqlite3 .import\` (anchor) | $(median sqlite_import) | $(rate sqlite_import) | 1x |
| fieldline → PostgreSQL | $(median pg) | $(rate pg) | **$(ratio pg pg_copy)x** |
| \`psql \\copy\` (anchor) | $(median pg_copy) | $(rate pg_copy) | 1x |
| \`psql \\copy\` into a table of fieldline's shape | $(median pg_copy_same) | $(rate pg_copy_same) | fieldline **$(ratio pg pg_copy_same)x** |

Rows afterwards (fieldline/anchor): SQLite $sqlrows, PostgreSQL $rows. Every run's times (ms): $(for k in "${names[@]}"; do printf '%s %s; ' "$k" "${times[$k]}"; done)
MD
