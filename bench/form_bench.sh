#!/usr/bin/env bash
# `fieldline form --input` throughput into each sink, against the same rows written by sqlite3's `.import` and
# psql's `\copy` (the anchors: what each database's own bulk loader does with the same rows). Prints a Markdown
# section for bench/RESULTS.md. fieldline saves each record in its own durable transaction (fsync per record for
# JSONL, one commit per record for SQLite and PostgreSQL); the anchors load in one transaction.
# Needs: a release build (make release), sqlite3, Debian's postgresql (a throwaway server is started here).
set -euo pipefail
cd "$(dirname "$0")/.."
fl=.build-release/release/fieldline
n=${FORM_RECORDS:-2000}
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
seconds() { local s e; s=$(date +%s.%N); "$@" >/dev/null 2>&1; e=$(date +%s.%N); printf "%.3f" "$(echo "$e - $s" | bc)"; }
rate() { echo "scale=0; $n / $1" | bc; }

jsonl=$(seconds "$fl" form "$tmp/entry.yaml" --input "$tmp/in.jsonl" --out "$tmp/out.jsonl")
sqlite=$(seconds "$fl" form "$tmp/entry.yaml" --input "$tmp/in.jsonl" --out "$tmp/out.db")
sqlite3 "$tmp/anchor.db" 'CREATE TABLE entry (mobile TEXT NOT NULL, name TEXT NOT NULL, saved_at TEXT NOT NULL, operator TEXT NOT NULL)'
anchor=$(seconds sqlite3 "$tmp/anchor.db" -cmd '.mode csv' ".import $tmp/in.csv entry")

# PostgreSQL: a throwaway cluster on a Unix socket in $tmp (as `postgres` when run as root).
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
as=(); [ "$(id -u)" = 0 ] && { chown postgres: "$tmp"; as=(runuser -u postgres --); }
"${as[@]}" "$bin/initdb" -D "$tmp/pg" -A trust -U postgres --no-sync >/dev/null
port=$((20000 + RANDOM % 20000))
"${as[@]}" "$bin/pg_ctl" -D "$tmp/pg" -w -l "$tmp/pg.log" -o "-k $tmp -h '' -p $port" start >/dev/null 2>&1 </dev/null
url="postgresql:///postgres?host=$tmp&port=$port&user=postgres"
pg=$(seconds "$fl" form "$tmp/entry.yaml" --input "$tmp/in.jsonl" --out "$url")
psql -X -q -d "$url" -c 'CREATE TABLE anchor (mobile text NOT NULL, name text NOT NULL, saved_at text NOT NULL, operator text NOT NULL)'
pganchor=$(seconds psql -X -q -d "$url" -c "\\copy anchor FROM '$tmp/in.csv' WITH (FORMAT csv)")
rows=$(psql -X -A -t -d "$url" -c 'SELECT (SELECT count(*) FROM entry) || $$/$$ || (SELECT count(*) FROM anchor)')
"${as[@]}" "$bin/pg_ctl" -D "$tmp/pg" -m immediate stop >/dev/null 2>&1 </dev/null

cat <<MD
## \`fieldline form --input\`: records per second into each sink

$n records of two fields (\`phone-cn\`, \`text\`), JSON Lines in, one run each, taken by \`bench/form_bench.sh\` on
$(date -u +%Y-%m-%d). fieldline makes every record durable before the next (fsync per record for JSONL, one
commit per record for SQLite in WAL with synchronous=FULL and for PostgreSQL); the anchors are the databases'
own bulk loaders on the same rows in one transaction, so they show the ceiling, not a like-for-like peer.

| sink | seconds | records per second |
|---|---|---|
| fieldline → JSONL (fsync per record) | $jsonl | $(rate "$jsonl") |
| fieldline → SQLite | $sqlite | $(rate "$sqlite") |
| sqlite3 \`.import\` (anchor) | $anchor | $(rate "$anchor") |
| fieldline → PostgreSQL (Unix socket) | $pg | $(rate "$pg") |
| psql \`\\copy\` (anchor) | $pganchor | $(rate "$pganchor") |

Rows in PostgreSQL afterwards (fieldline/anchor): $rows.
MD
