import Foundation
import Testing
@testable import TestSupport

/// `form --out FILE.db`: records in a SQLite table named after the form, read back with the `sqlite3` shell (an
/// independent reader); the database's UNIQUE index refuses repeats; kills leave only whole rows.
@Suite struct FormSQLiteTests {
    @Test func recordsLandInATableNamedAfterTheForm() throws {
        let s = try ScratchFolder()
        let db = s.path("v.db")
        let run = try fieldline(["form", FormImportTests.visitor, "--input", "-", "--out", db],
                                stdin: FormImportTests.records.joined(separator: "\n") + "\n")
        #expect(run.status == 65)
        #expect(run.err.contains("4:idcard: '11010519491231002X' is already in record 1 of \(db)\n"))
        let rows = try sqliteShell(db, "SELECT mobile, idcard, name, visit_date FROM visitor ORDER BY rowid")
        #expect(rows == ["13812345678|11010519491231002X|张三, \"Zhang\"|2026-03-01",
                         "13912345678|440524199001010018|Li Si|" + (rows.last?.suffix(10) ?? "")])
        #expect(try sqliteShell(db, "PRAGMA journal_mode") == ["wal"])
        // The database itself refuses a repeated unique value, whoever writes it.
        let direct = try Spawn.run(["sqlite3", db,
            "INSERT INTO visitor VALUES ('13812345678','11010519491231002X','1949-12-31','female','x','2026-01-01','t','o','','','')"])
        #expect(direct.status != 0 && direct.err.contains("UNIQUE constraint failed"))
        // A second run finds what the table holds.
        let again = try fieldline(["form", FormImportTests.visitor, "--input", "-", "--out", db], stdin: FormImportTests.records[0] + "\n")
        #expect(withoutSummary(again.err) == "1:idcard: '11010519491231002X' is already in record 1 of \(db)\n")
    }

    @Test func aTableWithOtherColumnsIsRefused() throws {
        let s = try ScratchFolder()
        let db = s.path("v.sqlite")
        _ = try sqliteShell(db, "CREATE TABLE visitor (a TEXT)")
        let run = try fieldline(["form", FormImportTests.visitor, "--input", "-", "--out", db], stdin: FormImportTests.records[0] + "\n")
        #expect(run.status == 65)
        #expect(run.err == "fieldline: \(db): table visitor has the columns a, the form mobile,idcard,birth_date,sex,name,visit_date,saved_at,operator,edited_at,edited_by,record_id\n")
        #expect(try sqliteShell(db, "SELECT count(*) FROM visitor") == ["0"])
    }

    /// Four imports at once with the same unique value: exactly one row, and the other import says why not.
    @Test func fourImportersOneUniqueValue() async throws {
        let s = try ScratchFolder()
        let db = s.path("v.db")
        let record = FormImportTests.records[0] + "\n"
        let runs: [Run] = try await withThrowingTaskGroup(of: Run.self) { group in
            for _ in 0..<4 {
                group.addTask { try fieldline(["form", FormImportTests.visitor, "--input", "-", "--out", db], stdin: record) }
            }
            var all: [Run] = []
            for try await r in group { all.append(r) }
            return all
        }
        #expect(runs.count == 4)
        #expect(runs.filter { $0.status == 0 }.count == 1, "\(runs.map(\.err))")
        #expect(runs.filter { $0.status == 65 }.count == 3)
        #expect(try sqliteShell(db, "SELECT count(*) FROM visitor") == ["1"])
    }

    /// Killed at random moments (50 times) during an import: the database stays intact and holds whole rows only.
    @Test func killedAtRandomMomentsOnlyWholeRowsRemain() throws {
        let s = try ScratchFolder()
        let names: [String] = (0..<300).map { "n\($0)" }
        try names.map { #"{"mobile":"13800000000","name":"\#($0)"}"# }.joined(separator: "\n")
            .write(toFile: s.path("in.jsonl"), atomically: true, encoding: .utf8)
        try "name: crash\nfields:\n  - {name: mobile, keymap: phone-cn}\n  - {name: name, keymap: text}\n"
            .write(toFile: s.path("crash.yaml"), atomically: true, encoding: .utf8)
        let db = s.path("c.db")
        let window = try fieldlineRunTime(["form", s.path("crash.yaml"), "--input", s.path("in.jsonl"), "--out", s.path("timed.db")])
        for _ in 0..<50 {
            try fieldline(["form", s.path("crash.yaml"), "--input", s.path("in.jsonl"), "--out", db], killedWithin: window)
        }
        #expect(try sqliteShell(db, "PRAGMA integrity_check") == ["ok"])
        let broken = try sqliteShell(db, "SELECT count(*) FROM crash WHERE mobile <> '13800000000' OR name NOT LIKE 'n%' OR saved_at = '' OR operator = ''")
        #expect(broken == ["0"])
    }

    /// Runs `count` imports of `args` at once; their exit statuses.
    static func concurrently(_ count: Int, _ args: [String]) async throws -> [Run] {
        try await withThrowingTaskGroup(of: Run.self) { group in
            for _ in 0..<count { group.addTask { try fieldline(args) } }
            var all: [Run] = []
            for try await r in group { all.append(r) }
            return all
        }
    }

    /// Forms `a` (field `b_c`) and `a_b` (field `c`), both unique: under `<table>_<field>_unique` their indexes had
    /// one name, so the second table got none (8 importers of 200 values left 216 rows). Each table is guarded.
    static func collidingForms(in s: ScratchFolder) throws -> (a: String, ab: String, values: String) {
        try "name: a\nfields:\n  - {name: b_c, keymap: text, unique: true}\n".write(toFile: s.path("a.yaml"), atomically: true, encoding: .utf8)
        try "name: a_b\nfields:\n  - {name: c, keymap: text, unique: true}\n".write(toFile: s.path("ab.yaml"), atomically: true, encoding: .utf8)
        try (0..<200).map { #"{"c":"v\#($0)"}"# }.joined(separator: "\n").write(toFile: s.path("values.jsonl"), atomically: true, encoding: .utf8)
        return (s.path("a.yaml"), s.path("ab.yaml"), s.path("values.jsonl"))
    }

    @Test func uniqueIndexesOfLikeNamedTablesDoNotCollide() async throws {
        let s = try ScratchFolder()
        let (a, ab, values) = try Self.collidingForms(in: s)
        let db = s.path("x.db")
        #expect(try fieldline(["form", a, "--input", "-", "--out", db], stdin: #"{"b_c":"1"}"# + "\n").status == 0)
        let runs = try await Self.concurrently(8, ["form", ab, "--input", values, "--out", db])
        #expect(runs.allSatisfy { $0.status == 0 || $0.status == 65 }, "\(runs.map(\.err))")
        #expect(try sqliteShell(db, "SELECT count(*), count(DISTINCT c) FROM a_b") == ["200|200"])
        let direct = try Spawn.run(["sqlite3", db, "INSERT INTO a_b VALUES ('v1','t','o','','','')"])
        #expect(direct.status != 0 && direct.err.contains("UNIQUE constraint failed"), "\(direct)")
    }

    /// A unique field whose table holds repeats already cannot be guarded: refused (65), nothing written.
    @Test func aUniqueFieldThatCannotBeGuardedIsRefused() throws {
        let s = try ScratchFolder()
        let (_, ab, _) = try Self.collidingForms(in: s)
        let db = s.path("x.db")
        _ = try sqliteShell(db, "CREATE TABLE a_b (c TEXT NOT NULL, saved_at TEXT NOT NULL, operator TEXT NOT NULL); INSERT INTO a_b VALUES ('v','t','o'), ('v','t','o')")
        let run = try fieldline(["form", ab, "--input", "-", "--out", db], stdin: #"{"c":"w"}"# + "\n")
        #expect(run.status == 65)
        #expect(run.err.hasPrefix("fieldline: \(db): table a_b: cannot make field c unique: UNIQUE constraint failed"), "\(run.err)")
        #expect(try sqliteShell(db, "SELECT count(*) FROM a_b") == ["2"])
    }

    /// A record the database refuses for a rule of its own (a CHECK constraint) is reported and skipped; the next
    /// records are saved and the import ends with 65 (before, the first refusal ended it with 74).
    @Test func aRecordTheDatabaseRefusesIsSkipped() throws {
        let s = try ScratchFolder()
        try FormPostgresTests.counterForm.write(toFile: s.path("entry.yaml"), atomically: true, encoding: .utf8)
        let db = s.path("e.db")
        _ = try sqliteShell(db, "CREATE TABLE entry (mobile TEXT NOT NULL, name TEXT NOT NULL, saved_at TEXT NOT NULL, operator TEXT NOT NULL, CHECK (name <> 'x'))")
        let input = ["ok1", "x", "ok2"].map { #"{"mobile":"13800000000","name":"\#($0)"}"# }.joined(separator: "\n") + "\n"
        let run = try fieldline(["form", s.path("entry.yaml"), "--input", "-", "--out", db], stdin: input)
        #expect(run.status == 65)
        #expect(run.err.hasPrefix("2:-: not saved: CHECK constraint failed"), "\(run.err)")
        #expect(withoutSummary(run.err).split(separator: "\n").count == 1, "\(run.err)")
        #expect(try sqliteShell(db, "SELECT name FROM entry ORDER BY rowid") == ["ok1", "ok2"])
    }

    /// The folder is fsynced once the database and its WAL exist, before the first record is read (so before one
    /// is confirmed): a power cut cannot lose the files' names. Seen with strace: `fsync` of a descriptor opened on
    /// the folder. (SQLite's own directory sync is an `fdatasync`, made when it creates a journal or WAL.)
    @Test
    func theFolderIsSyncedOnceTheDatabaseExists() throws {
        try #require(straceWorks, "strace is not installed or may not trace here (apt-get install strace)")
        let s = try ScratchFolder()
        try FormPostgresTests.counterForm.write(toFile: s.path("entry.yaml"), atomically: true, encoding: .utf8)
        try #"{"mobile":"13800000000","name":"a"}"#.write(toFile: s.path("in.jsonl"), atomically: true, encoding: .utf8)
        let db = s.path("new.db")
        let trace = s.path("trace")
        let run = try Spawn.run(["/usr/bin/strace", "-f", "-o", trace, "-e", "trace=openat,fsync",
            fieldlineURL.path, "form", s.path("entry.yaml"), "--input", s.path("in.jsonl"), "--out", db])
        #expect(run.status == 0, "\(run.err)")
        let lines = s.read("trace").split(separator: "\n").map(String.init)
        func firstLine(_ test: (String) -> Bool) -> Int? { lines.firstIndex(where: test) }
        let created = try #require(firstLine { $0.contains("openat(AT_FDCWD, \"\(db)\", ") && $0.contains("O_CREAT") })
        let wal = try #require(firstLine { $0.contains("\"\(db)-wal\"") })
        let input = try #require(firstLine { $0.contains("\"\(s.path("in.jsonl"))\"") })
        // openat(AT_FDCWD, "FOLDER", …) = N, then fsync(N)   = 0 (strace pads before the `=`).
        let synced = lines.indices.contains { i in
            guard lines[i].contains("openat(AT_FDCWD, \"\(s.folder)\", "), let fd = lines[i].split(separator: "= ").last.flatMap({ Int($0) }),
                  let sync = lines[(i + 1)...].firstIndex(where: { $0.contains(" fsync(\(fd))") && $0.hasSuffix("= 0") }) else { return false }
            return i > created && sync > wal && sync < input
        }
        #expect(synced, "\(lines.filter { !$0.contains("/usr/") && !$0.contains("/lib") }.joined(separator: "\n"))")
    }
}
