import Foundation
import Testing

/// `form --out FILE.db`: records in a SQLite table named after the form, read back with the `sqlite3` shell (an
/// independent reader); the database's UNIQUE index refuses repeats; kills leave only whole rows.
@Suite struct FormSQLiteTests {
    typealias Scratch = FormImportTests.Scratch

    /// `sqlite3 DB SQL` output lines.
    static func sqlite(_ db: String, _ sql: String) throws -> [String] {
        let r = try run(URL(fileURLWithPath: "/usr/bin/env"), ["sqlite3", "-batch", db, sql], stdin: nil)
        #expect(r.status == 0, "sqlite3: \(r.err)")
        return r.out.split(separator: "\n").map(String.init)
    }

    @Test func recordsLandInATableNamedAfterTheForm() throws {
        let s = try Scratch()
        let db = s.path("v.db")
        let run = try fieldline(["form", FormImportTests.visitor, "--input", "-", "--out", db],
                                stdin: FormImportTests.records.joined(separator: "\n") + "\n")
        #expect(run.status == 65)
        #expect(run.err.contains("4:idcard: '11010519491231002X' is already in record 1 of \(db)\n"))
        let rows = try Self.sqlite(db, "SELECT mobile, idcard, name, visit_date FROM visitor ORDER BY rowid")
        #expect(rows == ["13812345678|11010519491231002X|张三, \"Zhang\"|2026-03-01",
                         "13912345678|440524199001010018|Li Si|" + (rows.last?.suffix(10) ?? "")])
        #expect(try Self.sqlite(db, "PRAGMA journal_mode") == ["wal"])
        // The database itself refuses a repeated unique value, whoever writes it.
        let direct = try fieldlineTestsRun(URL(fileURLWithPath: "/usr/bin/env"), ["sqlite3", db,
            "INSERT INTO visitor VALUES ('13812345678','11010519491231002X','x','2026-01-01','t','o')"])
        #expect(direct.status != 0 && direct.err.contains("UNIQUE constraint failed"))
        // A second run finds what the table holds.
        let again = try fieldline(["form", FormImportTests.visitor, "--input", "-", "--out", db], stdin: FormImportTests.records[0] + "\n")
        #expect(again.err == "1:idcard: '11010519491231002X' is already in record 1 of \(db)\n")
    }

    @Test func aTableWithOtherColumnsIsRefused() throws {
        let s = try Scratch()
        let db = s.path("v.sqlite")
        _ = try Self.sqlite(db, "CREATE TABLE visitor (a TEXT)")
        let run = try fieldline(["form", FormImportTests.visitor, "--input", "-", "--out", db], stdin: FormImportTests.records[0] + "\n")
        #expect(run.status == 65)
        #expect(run.err == "fieldline: \(db): table visitor has the columns a, the form mobile,idcard,name,visit_date,saved_at,operator\n")
        #expect(try Self.sqlite(db, "SELECT count(*) FROM visitor") == ["0"])
    }

    /// Four imports at once with the same unique value: exactly one row, and the other import says why not.
    @Test func fourImportersOneUniqueValue() async throws {
        let s = try Scratch()
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
        #expect(try Self.sqlite(db, "SELECT count(*) FROM visitor") == ["1"])
    }

    /// Killed at random moments (50 times) during an import: the database stays intact and holds whole rows only.
    @Test func killedAtRandomMomentsOnlyWholeRowsRemain() throws {
        let s = try Scratch()
        let names: [String] = (0..<300).map { "n\($0)" }
        try names.map { #"{"mobile":"13800000000","name":"\#($0)"}"# }.joined(separator: "\n")
            .write(toFile: s.path("in.jsonl"), atomically: true, encoding: .utf8)
        try "name: crash\nfields:\n  - {name: mobile, keymap: phone-cn}\n  - {name: name, keymap: text}\n"
            .write(toFile: s.path("crash.yaml"), atomically: true, encoding: .utf8)
        let db = s.path("c.db")
        let window = try FormImportTests.runTime(["form", s.path("crash.yaml"), "--input", s.path("in.jsonl"), "--out", s.path("timed.db")])
        for _ in 0..<50 {
            try FormImportTests.killMidway(["form", s.path("crash.yaml"), "--input", s.path("in.jsonl"), "--out", db], within: window)
        }
        #expect(try Self.sqlite(db, "PRAGMA integrity_check") == ["ok"])
        let broken = try Self.sqlite(db, "SELECT count(*) FROM crash WHERE mobile <> '13800000000' OR name NOT LIKE 'n%' OR saved_at = '' OR operator = ''")
        #expect(broken == ["0"])
    }
}
