import Foundation
import Testing
@testable import TestSupport

/// A stored value that is not UTF-8 (written by another program) is never shown or written back as U+FFFD by
/// accident: `records` reports the record and column and goes on with the next (65 at the end), `--lossy` shows
/// U+FFFD on purpose, and a
/// correction of such a record is refused with the stored bytes left as they were. SQLite, PostgreSQL (a SQL_ASCII
/// database holds any bytes), JSON Lines and CSV files.
@Suite(.serialized) struct InvalidUTF8RecordsTests {
    static let visitor = FormImportTests.visitor
    static let records = [
        #"{"mobile":"13812345678","idcard":"11010519491231002X","name":"Ann"}"#,
        #"{"mobile":"13912345678","idcard":"440524199001010018","name":"Bo"}"#,
        #"{"mobile":"13612345678","idcard":"110101199003070011","name":"Cy"}"#,
    ].joined(separator: "\n") + "\n"
    static let correction = #"{"idcard":"440524199001010018","mobile":"13712345678"}"# + "\n"

    /// `records` reports the bad record and writes the ones before and after it, and `--lossy` shows it.
    static func expectReadBack(_ from: String, label: String, record: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let strict = try fieldline(["records", visitor, "--from", from])
        #expect(strict.status == 65, "\(strict.err)", sourceLocation: sourceLocation)
        #expect(strict.err == "fieldline: \(label): record \(record): name: not valid UTF-8 (--lossy shows it with U+FFFD)\n",
                sourceLocation: sourceLocation)
        let names = strict.out.split(separator: "\n").map { $0.contains("\"Ann\"") ? "Ann" : $0.contains("\"Cy\"") ? "Cy" : String($0) }
        #expect(names == ["Ann", "Cy"], sourceLocation: sourceLocation)
        #expect(!strict.out.contains("\u{FFFD}"), sourceLocation: sourceLocation)
        let lossy = try fieldline(["records", visitor, "--from", from, "--lossy"])
        #expect(lossy.status == 0, "\(lossy.err)", sourceLocation: sourceLocation)
        #expect(lossy.out.contains("\"name\":\"B\u{FFFD}o\""), "\(lossy.out)", sourceLocation: sourceLocation)
    }

    @Test func sqlite() throws {
        let s = try ScratchFolder()
        let db = s.path("v.db")
        #expect(try fieldline(["form", Self.visitor, "--input", "-", "--out", db], stdin: Self.records).status == 0)
        _ = try sqliteShell(db, "UPDATE visitor SET name = CAST(X'42FF6F' AS TEXT) WHERE name = 'Bo'")
        try Self.expectReadBack(db, label: db, record: 2)
        // A correction would write the value back changed: refused, the bytes kept, no history.
        let fix = try fieldline(["form", Self.visitor, "--input", "-", "--out", db, "--update-by", "idcard"], stdin: Self.correction)
        #expect(fix.status == 65)
        #expect(withoutSummary(fix.err) == "1:-: not saved: record 2: name holds text that is not valid UTF-8; a correction would change it, so the record is not corrected (fix it in the database)\n")
        #expect(try sqliteShell(db, "SELECT hex(name) || '|' || mobile FROM visitor WHERE rowid = 2") == ["42FF6F|13912345678"])
        #expect(try sqliteShell(db, "SELECT count(*) FROM visitor_history") == ["0"])
    }

    @Test func postgresInASQLASCIIDatabase() throws {
        let pg = try ScratchPostgres()
        _ = try pg.psql("CREATE DATABASE ascii ENCODING 'SQL_ASCII' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0")
        let url = pg.url.replacingOccurrences(of: "postgresql:///postgres?", with: "postgresql:///ascii?")
        #expect(try fieldline(["form", Self.visitor, "--input", "-", "--out", url], stdin: Self.records).status == 0)
        func psql(_ sql: String) throws -> [String] {
            try ScratchPostgres.check(["psql", "-X", "-A", "-t", "-d", url, "-c", sql]).split(separator: "\n").map(String.init)
        }
        _ = try psql(#"UPDATE visitor SET name = E'B\xFFo' WHERE name = 'Bo'"#)
        let key = try #require(try psql("SELECT fieldline_id FROM visitor WHERE mobile = '13912345678'").first)
        try Self.expectReadBack(url, label: url, record: Int(key) ?? -1)
        let fix = try fieldline(["form", Self.visitor, "--input", "-", "--out", url, "--update-by", "idcard"], stdin: Self.correction)
        #expect(fix.status == 65)
        #expect(withoutSummary(fix.err) == "1:-: not saved: record \(key): name holds text that is not valid UTF-8; a correction would change it, so the record is not corrected (fix it in the database)\n")
        #expect(try psql("SELECT encode(name::bytea, 'hex') || '|' || mobile FROM visitor WHERE fieldline_id = \(key)") == ["42ff6f|13912345678"])
        #expect(try psql("SELECT count(*) FROM visitor_history") == ["0"])
    }

    @Test func jsonLinesFile() throws {
        let s = try ScratchFolder()
        let path = s.path("v.jsonl")
        #expect(try fieldline(["form", Self.visitor, "--input", "-", "--out", path], stdin: Self.records).status == 0)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let at = try #require(bytes.range(of: Data(#""Bo""#.utf8)))
        bytes.insert(0xFF, at: at.lowerBound + 2)
        try bytes.write(to: URL(fileURLWithPath: path))
        try Self.expectReadBack(path, label: path, record: 2)
    }

    @Test func csvFile() throws {
        let s = try ScratchFolder()
        let path = s.path("v.csv")
        #expect(try fieldline(["form", Self.visitor, "--input", "-", "--out", path], stdin: Self.records).status == 0)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let at = try #require(bytes.range(of: Data(",Bo,".utf8)))
        bytes.insert(0xFF, at: at.lowerBound + 2)
        try bytes.write(to: URL(fileURLWithPath: path))
        try Self.expectReadBack(path, label: path, record: 2)
    }
}
