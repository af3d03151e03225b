#!/usr/bin/env python3
"""`fieldline records` from SQLite to JSON Lines against `sqlite3 -json` on the same table (issue 28: within 2x).

Builds a table of N visitor records (default 100,000): fieldline makes the table (an import of nothing), the
sqlite3 shell fills it in one statement. Then runs the two readers interleaved (one run of each in turn, so both
see the same machine load), output to /dev/null, and prints the medians and their ratio as a Markdown row. With
--callgrind, also the instruction counts of one run of each under valgrind's callgrind, on that table and on a
one-record table (the cost before the rows: start-up, loading the form).
Needs a release build (`make release`) and sqlite3; valgrind and objcopy for --callgrind.
"""
import os, re, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FL = os.path.join(ROOT, ".build-release/release/fieldline")
FORM = os.path.join(ROOT, "forms/visitor.yaml")
COLUMNS = "mobile, idcard, birth_date, sex, name, visit_date, saved_at, operator, edited_at, edited_by"


def build(db, n):
    subprocess.run([FL, "form", FORM, "--input", "/dev/null", "--out", db], check=True)
    subprocess.run(["sqlite3", db, f"""
        WITH RECURSIVE k(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM k WHERE i < {n - 1})
        INSERT INTO visitor SELECT '138' || printf('%08d', i), printf('%018d', 110105000000000000 + i), '1990-01-01',
        'male', 'visitor ' || i || ' 张三', '2026-03-01', '2026-03-01T09:00:00Z', 'alice', '', '' FROM k;
        PRAGMA wal_checkpoint(TRUNCATE);"""], check=True, stdout=subprocess.DEVNULL)


def commands(db):
    return {
        "fieldline records": [FL, "records", FORM, "--from", db],
        "sqlite3 -json": ["sqlite3", "-json", db, f"SELECT {COLUMNS} FROM visitor ORDER BY rowid"],
    }


def interleaved(db, runs):
    times = {name: [] for name in commands(db)}
    for _ in range(runs + 1):  # the first round warms the page cache and is not counted
        for name, argv in commands(db).items():
            start = time.perf_counter()
            subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
            times[name].append(time.perf_counter() - start)
    return {name: statistics.median(t[1:]) for name, t in times.items()}


def instructions(db):
    counts = {}
    with tempfile.TemporaryDirectory() as d:
        # valgrind 3.19 cannot read the release binary's DWARF: a copy without it (symbols kept).
        stripped = os.path.join(d, "fieldline")
        subprocess.run(["objcopy", "--strip-debug", FL, stripped], check=True)
        for name, argv in commands(db).items():
            argv = [stripped if a == FL else a for a in argv]
            out = os.path.join(d, "cg.out")
            subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"] + argv,
                           check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            text = open(out).read()
            counts[name] = int(re.search(r"^(?:summary|totals): (\d+)", text, re.M).group(1))
    return counts


def main():
    n = int(os.environ.get("RECORDS", "100000"))
    runs = int(os.environ.get("RUNS", "15"))
    with tempfile.TemporaryDirectory() as d:
        db = os.path.join(d, "v.db")
        build(db, n)
        size = os.path.getsize(db)
        m = interleaved(db, runs)
        fl, sq = m["fieldline records"], m["sqlite3 -json"]
        print(f"{n:,} records ({size / 1e6:.1f} MB database), {runs} interleaved runs each, medians:")
        print("| reader | median | ratio |\n|---|---|---|")
        print(f"| fieldline records --from DB (JSON Lines) | {fl * 1000:.0f} ms | {fl / sq:.2f}x |")
        print(f"| sqlite3 -json DB 'SELECT …' | {sq * 1000:.0f} ms | 1x |")
        if "--callgrind" in sys.argv:
            # The same table, and an empty one for what each costs before its first row (start-up, the form).
            empty = os.path.join(d, "empty.db")
            build(empty, 1)
            c, e = instructions(db), instructions(empty)
            a, b = c["fieldline records"], c["sqlite3 -json"]
            print(f"\ncallgrind, {n:,} records: fieldline {a / 1e6:.0f} M instructions, sqlite3 -json {b / 1e6:.0f} M "
                  f"({a / b:.2f}x); one record: fieldline {e['fieldline records'] / 1e6:.0f} M, sqlite3 -json "
                  f"{e['sqlite3 -json'] / 1e6:.1f} M")


if __name__ == "__main__":
    main()
