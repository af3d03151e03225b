import Foundation
import Testing
@testable import TestSupport

/// A record's stable `record_id`: kept by corrections and in history, given to every row of an older table when it
/// is upgraded in place, and what keeps two correctors of one record from losing each other's changes. SQLite and
/// PostgreSQL alike.
@Suite struct RecordIdentityTests {
    static let pairForm = "name: pair\nfields:\n  - {name: k, keymap: text, unique: true}\n  - {name: a, keymap: text}\n  - {name: b, keymap: text}\n"

    static func scratch() throws -> ScratchFolder {
        let s = try ScratchFolder()
        try pairForm.write(toFile: s.path("pair.yaml"), atomically: true, encoding: .utf8)
        return s
    }

    /// The database's answer to `sql`, one line a row, columns separated by `|`.
    typealias Query = (String) throws -> [String]

    /// A correction keeps the record's id, and its history row names the same id.
    static func checkCorrectionsKeepTheID(_ s: ScratchFolder, out: String, query: Query) throws {
        let saved = try fieldline(["form", s.path("pair.yaml"), "--input", "-", "--out", out], stdin: #"{"k":"key","a":"a0","b":"b0"}"# + "\n")
        #expect(saved.status == 0, "\(saved.err)")
        let id = try #require(try query("SELECT record_id FROM pair").first)
        #expect(FormImportTests.isRecordID(id))
        let fixed = try fieldline(["form", s.path("pair.yaml"), "--input", "-", "--out", out, "--update-by", "k"], stdin: #"{"k":"key","a":"a1"}"# + "\n")
        #expect(fixed.status == 0, "\(fixed.err)")
        #expect(try query("SELECT a, b, record_id FROM pair") == ["a1|b0|\(id)"])
        #expect(try query("SELECT a, record_id FROM pair_history") == ["a0|\(id)"])
        let read = try fieldline(["records", s.path("pair.yaml"), "--from", out])
        #expect(read.out.contains(#""record_id":"\#(id)""#), "\(read.out)")
    }

    /// Two pipes correct one record at once, one only `a`, the other only `b`, a correction every 20 ms: the row
    /// ends with both last values, and every version is in history (the fields a correction leaves out are taken
    /// from the record as it is when the correction is written, never from an older read).
    static func checkTwoCorrectorsKeepEachOthersChanges(_ s: ScratchFolder, out: String, query: Query) throws {
        let saved = try fieldline(["form", s.path("pair.yaml"), "--input", "-", "--out", out], stdin: #"{"k":"key","a":"a0","b":"b0"}"# + "\n")
        #expect(saved.status == 0, "\(saved.err)")
        let count = 60
        // Each pipe in a shell of its own, both at once (a shell's `wait` for background jobs hangs when the test
        // runner starts it with SIGCHLD blocked).
        final class Runs: @unchecked Sendable {
            let lock = NSLock()
            var list: [Result<Run, Error>?] = [nil, nil]
        }
        let runs = Runs()
        let form = s.path("pair.yaml")
        DispatchQueue.concurrentPerform(iterations: 2) { i in
            let field = i == 0 ? "a" : "b"
            // The pause between lines is the input, kept: each pipe trickles so the two updaters' saves interleave.
            let line = """
                i=1; while [ $i -le \(count) ]; do printf '{"k":"key","\(field)":"\(field)%d"}\\n' $i; sleep 0.02; i=$((i+1)); done |
                "$FL" form '\(form)' --out '\(out)' --update-by k --input -
                """
            let run = Result { try shell(line) }
            runs.lock.withLock { runs.list[i] = run }
        }
        for run in runs.list {
            let done = try #require(run).get()
            #expect(done.status == 0 && withoutSummary(done.err) == "", "\(done)")
        }
        #expect(try query("SELECT a, b FROM pair") == ["a\(count)|b\(count)"])
        #expect(try query("SELECT count(*) FROM pair_history") == ["\(2 * count)"])
    }

    /// A form of a key and eight fields, for eight correctors at once.
    static let eightForm = "name: eight\nfields:\n  - {name: k, keymap: text, unique: true}\n"
        + (1...8).map { "  - {name: f\($0), keymap: text}\n" }.joined()

    /// Eight `--update-by k` pipes at once, started and fed by one Python parent (each pipe a correction every 20 ms;
    /// Python waits for its own children, which the test process's waits cannot reap): pipe `i` corrects field
    /// `f(i+1)`, or with `sameField` all correct `f1`, its own values `f1-i-n`. Every run's exit code and stderr.
    static func eightCorrectors(form: String, out: String, count: Int, sameField: Bool) throws -> [String] {
        let script = """
        import subprocess, sys, threading, time
        fl, form, out, count, same = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5] == "same"
        procs = [subprocess.Popen([fl, "form", form, "--out", out, "--update-by", "k", "--input", "-"],
                                  stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) for _ in range(8)]
        def feed(i, p):
            field = "f1" if same else "f%d" % (i + 1)
            for n in range(1, count + 1):
                value = "f1-%d-%d" % (i, n) if same else "%s-%d" % (field, n)
                p.stdin.write(('{"k":"key","%s":"%s"}\\n' % (field, value)).encode()); p.stdin.flush()
                time.sleep(0.02)
            p.stdin.close()
        feeders = [threading.Thread(target=feed, args=(i, p)) for i, p in enumerate(procs)]
        for t in feeders: t.start()
        for t in feeders: t.join()
        for p in procs:
            err = p.stderr.read().decode(errors="replace")
            print("%d %s" % (p.wait(), err.replace("\\n", " | ")))
        """
        let run = try Spawn.run(["python3", "-c", script, fieldlineURL.path, form, out, String(count), sameField ? "same" : "each"])
        #expect(run.status == 0, "\(run.err)")
        return run.out.split(separator: "\n").map(String.init)
    }

    /// What one corrector's run said: the input records refused because the record kept changing under them (they
    /// are reported, exit 65: never a silent loss), after checking that nothing else went wrong.
    static func refusedCorrections(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) -> Set<Int> {
        let status = line.prefix { $0 != " " }
        let reports = line.dropFirst(status.count + 1).split(separator: " | ").map(String.init).filter { !$0.isEmpty && !isImportSummary($0) }
        let kept = "the saved record kept changing while it was being corrected: not saved; run the correction again"
        #expect(reports.allSatisfy { $0.hasSuffix(":k: " + kept) }, "\(reports)", sourceLocation: sourceLocation)
        #expect(status == (reports.isEmpty ? "0" : "65"), "\(line)", sourceLocation: sourceLocation)
        return Set(reports.compactMap { Int($0.prefix { $0 != ":" }) })
    }

    /// Eight correctors of eight fields of one record keep every change they commit; eight of the same field end
    /// with the last value one of them committed, and every committed version is in history. Under contention a
    /// correction may be refused (reported with its record number, exit 65) after its retries: never lost silently.
    static func checkEightCorrectors(_ s: ScratchFolder, out: String, query: Query) throws {
        let form = s.path("eight.yaml")
        try eightForm.write(toFile: form, atomically: true, encoding: .utf8)
        let first = #"{"k":"key""# + (1...8).map { #","f\#($0)":"f\#($0)-0""# }.joined() + "}\n"
        let saved = try fieldline(["form", form, "--input", "-", "--out", out], stdin: first)
        #expect(saved.status == 0, "\(saved.err)")
        let count = 25
        let each = try eightCorrectors(form: form, out: out, count: count, sameField: false).map { Self.refusedCorrections($0) }
        #expect(each.count == 8)
        // Each field holds its corrector's last committed value (the first refusals aside).
        let lastKept = each.map { refused in (1...count).last { !refused.contains($0) } ?? 0 }
        #expect(try query("SELECT " + (1...8).map { "f\($0)" }.joined(separator: " || '|' || ") + " FROM eight")
                == [(1...8).map { "f\($0)-\(lastKept[$0 - 1])" }.joined(separator: "|")])
        let committed = 8 * count - each.map(\.count).reduce(0, +)
        #expect(try query("SELECT count(*) FROM eight_history") == ["\(committed)"])

        let same = try eightCorrectors(form: form, out: out, count: count, sameField: true).map { Self.refusedCorrections($0) }
        #expect(same.count == 8)
        let last = try query("SELECT f1 FROM eight")
        let lastOfEach = same.enumerated().compactMap { i, refused in (1...count).last { !refused.contains($0) }.map { "f1-\(i)-\($0)" } }
        #expect(last.count == 1 && lastOfEach.contains(last[0]), "\(last)")
        let sameCommitted = 8 * count - same.map(\.count).reduce(0, +)
        #expect(try query("SELECT count(*) FROM eight_history") == ["\(committed + sameCommitted)"])
        // Every value a corrector of f1 committed is either in history or the row's: none was lost.
        let versions = Set(try query("SELECT f1 FROM eight_history") + last)
        #expect(same.enumerated().allSatisfy { i, refused in
            (1...count).allSatisfy { refused.contains($0) || versions.contains("f1-\(i)-\($0)") }
        })
    }

    @Test func sqliteEightCorrectorsAtOnceLoseNothing() throws {
        let s = try Self.scratch()
        let db = s.path("e.db")
        try Self.checkEightCorrectors(s, out: db) { try sqliteShell(db, $0) }
    }

    @Test func postgresEightCorrectorsAtOnceLoseNothing() throws {
        let s = try Self.scratch()
        let pg = try ScratchPostgres()
        try Self.checkEightCorrectors(s, out: pg.url) { try pg.psql($0) }
    }

    @Test func sqliteCorrectionsKeepTheID() throws {
        let s = try Self.scratch()
        let db = s.path("p.db")
        try Self.checkCorrectionsKeepTheID(s, out: db) { try sqliteShell(db, $0) }
    }

    @Test func postgresCorrectionsKeepTheID() throws {
        let s = try Self.scratch()
        let pg = try ScratchPostgres()
        try Self.checkCorrectionsKeepTheID(s, out: pg.url) { try pg.psql($0) }
    }

    @Test func sqliteCorrectorsAtOnceLoseNothing() throws {
        let s = try Self.scratch()
        let db = s.path("p.db")
        try Self.checkTwoCorrectorsKeepEachOthersChanges(s, out: db) { try sqliteShell(db, $0) }
    }

    @Test func postgresCorrectorsAtOnceLoseNothing() throws {
        let s = try Self.scratch()
        let pg = try ScratchPostgres()
        try Self.checkTwoCorrectorsKeepEachOthersChanges(s, out: pg.url) { try pg.psql($0) }
    }

    /// A version 2 table (fieldline before record ids): `records` reads it as it is, ids empty; the first `form`
    /// upgrades it in place, every row given an id of its own, each history row the id of its row (none for a row
    /// gone), nothing else changed.
    static func checkVersion2Upgrade(_ s: ScratchFolder, out: String, query: Query, make: String) throws {
        _ = try query(make)
        let before = try query("SELECT k, a, b, saved_at, operator, edited_at, edited_by FROM pair ORDER BY k")
        let read = try fieldline(["records", s.path("pair.yaml"), "--from", out])
        #expect(read.status == 0, "\(read.err)")
        #expect(read.out.components(separatedBy: #""record_id":"""#).count == 3, "\(read.out)")
        let upgrade = try fieldline(["form", s.path("pair.yaml"), "--input", "-", "--out", out], stdin: "")
        #expect(upgrade.status == 0, "\(upgrade.err)")
        #expect(try query("SELECT version FROM fieldline_schema WHERE form = 'pair'") == ["3"])
        #expect(try query("SELECT k, a, b, saved_at, operator, edited_at, edited_by FROM pair ORDER BY k") == before)
        let ids = try query("SELECT record_id FROM pair ORDER BY k")
        #expect(ids.count == 2 && Set(ids).count == 2 && ids.allSatisfy { $0.count == 36 }, "\(ids)")
        let keyID = try #require(try query("SELECT record_id FROM pair WHERE k = 'key'").first)
        #expect(try query("SELECT fieldline_id, record_id FROM pair_history ORDER BY fieldline_id") == ["1|\(keyID)", "9|"])
        // The upgraded table takes records and corrections as a new one does.
        let more = try fieldline(["form", s.path("pair.yaml"), "--input", "-", "--out", out], stdin: #"{"k":"k3","a":"x","b":"y"}"# + "\n")
        #expect(more.status == 0, "\(more.err)")
        let fixed = try fieldline(["form", s.path("pair.yaml"), "--input", "-", "--out", out, "--update-by", "k"], stdin: #"{"k":"key","a":"new"}"# + "\n")
        #expect(fixed.status == 0, "\(fixed.err)")
        #expect(try query("SELECT a, record_id FROM pair WHERE k = 'key'") == ["new|\(keyID)"])
    }

    @Test func sqliteVersion2TableIsUpgradedInPlace() throws {
        let s = try Self.scratch()
        let db = s.path("p.db")
        try Self.checkVersion2Upgrade(s, out: db, query: { try sqliteShell(db, $0) }, make: """
            CREATE TABLE fieldline_schema ("form" TEXT PRIMARY KEY, "version" INTEGER NOT NULL);
            INSERT INTO fieldline_schema VALUES ('pair', 2);
            CREATE TABLE pair (k TEXT NOT NULL, a TEXT NOT NULL, b TEXT NOT NULL, saved_at TEXT NOT NULL, operator TEXT NOT NULL,
              edited_at TEXT NOT NULL DEFAULT '', edited_by TEXT NOT NULL DEFAULT '');
            CREATE UNIQUE INDEX fl_unique_old ON pair (k) WHERE k <> '';
            INSERT INTO pair VALUES ('key', 'a1', 'b0', '2026-01-01T00:00:00Z', 'ann', '2026-01-02T00:00:00Z', 'bob'),
              ('k2', 'x', 'y', '2026-01-01T00:00:01Z', 'ann', '', '');
            CREATE TABLE pair_history (k TEXT NOT NULL, a TEXT NOT NULL, b TEXT NOT NULL, saved_at TEXT NOT NULL, operator TEXT NOT NULL,
              edited_at TEXT NOT NULL, edited_by TEXT NOT NULL, fieldline_id INTEGER NOT NULL, changed_at TEXT NOT NULL, changed_by TEXT NOT NULL);
            INSERT INTO pair_history VALUES ('key', 'a0', 'b0', '2026-01-01T00:00:00Z', 'ann', '', '', 1, '2026-01-02T00:00:00Z', 'bob'),
              ('gone', 'g', 'g', '2026-01-01T00:00:00Z', 'ann', '', '', 9, '2026-01-02T00:00:00Z', 'bob');
            """)
    }

    @Test func postgresVersion2TableIsUpgradedInPlace() throws {
        let s = try Self.scratch()
        let pg = try ScratchPostgres()
        try Self.checkVersion2Upgrade(s, out: pg.url, query: { try pg.psql($0) }, make: """
            CREATE TABLE fieldline_schema ("form" text PRIMARY KEY, "version" integer NOT NULL);
            INSERT INTO fieldline_schema VALUES ('pair', 2);
            CREATE TABLE pair (k text NOT NULL, a text NOT NULL, b text NOT NULL, saved_at text NOT NULL, operator text NOT NULL,
              edited_at text NOT NULL DEFAULT '', edited_by text NOT NULL DEFAULT '', fieldline_id bigint GENERATED ALWAYS AS IDENTITY);
            CREATE UNIQUE INDEX fl_unique_old ON pair (k) WHERE k <> '';
            CREATE UNIQUE INDEX fl_unique_id ON pair (fieldline_id);
            INSERT INTO pair (k, a, b, saved_at, operator, edited_at, edited_by) VALUES
              ('key', 'a1', 'b0', '2026-01-01T00:00:00Z', 'ann', '2026-01-02T00:00:00Z', 'bob'),
              ('k2', 'x', 'y', '2026-01-01T00:00:01Z', 'ann', '', '');
            CREATE TABLE pair_history (k text NOT NULL, a text NOT NULL, b text NOT NULL, saved_at text NOT NULL, operator text NOT NULL,
              edited_at text NOT NULL, edited_by text NOT NULL, fieldline_id bigint NOT NULL, changed_at text NOT NULL, changed_by text NOT NULL);
            INSERT INTO pair_history VALUES ('key', 'a0', 'b0', '2026-01-01T00:00:00Z', 'ann', '', '', 1, '2026-01-02T00:00:00Z', 'bob'),
              ('gone', 'g', 'g', '2026-01-01T00:00:00Z', 'ann', '', '', 9, '2026-01-02T00:00:00Z', 'bob');
            """)
    }
}
