import FieldKit
import Foundation
import Testing
@testable import FieldSinks
@testable import TestSupport

/// The Ctrl-R path of a correction: a record found by search (shown with U+FFFD where its stored text is not UTF-8)
/// and saved back by its key is refused, and the stored bytes stay as they were (SQLite and PostgreSQL).
@Suite(.serialized) struct InvalidStoredTextCorrectionTests {
    static let form = RecordSearchSinkTests.form

    /// Search, then correct the found record's other field by its key.
    static func correctFound(_ sink: inout any RecordDatabase) throws -> SinkError? {
        let found = try #require(try sink.records(containing: "Zh", in: ["id", "name"], limit: 10).first)
        #expect(found.value(of: "name") == "Zh\u{FFFD}ng")
        let values = [("id", "9"), ("name", found.value(of: "name") ?? "")].map { (name: $0.0, value: $0.1) }
        do throws(SinkError) {
            _ = try sink.update(.read(found), with: values, editedAt: "2026-01-03T00:00:00Z", editedBy: "t")
            return nil
        } catch {
            return error
        }
    }

    @Test func sqlite() throws {
        let s = try ScratchFolder()
        let path = s.path("c.db")
        var sink: any RecordDatabase = try SQLiteSink(path: path, form: Self.form)
        try sink.save(SavedRecord(values: [("id", "1"), ("name", "Zhang")], savedAt: "2026-01-02T00:00:00Z", operatorName: "t"))
        try ScratchPostgres.check(["sqlite3", path, "UPDATE t SET name = CAST(X'5A68FF6E67' AS TEXT)"])
        let error = try Self.correctFound(&sink)
        #expect(error?.kind == .refused)
        #expect(error?.message == "record 1: name holds text that is not valid UTF-8; a correction would change it, so the record is not corrected (fix it in the database)")
        #expect(try ScratchPostgres.check(["sqlite3", path, "SELECT hex(name) || '|' || id FROM t; SELECT count(*) FROM t_history"]) == "5A68FF6E67|1\n0\n")
    }

    @Test func postgres() throws {
        let pg = try ScratchPostgres()
        _ = try pg.psql("CREATE DATABASE ascii ENCODING 'SQL_ASCII' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0")
        let url = pg.url.replacingOccurrences(of: "postgresql:///postgres?", with: "postgresql:///ascii?")
        var sink: any RecordDatabase = try PostgresSink(url: url, form: Self.form)
        try sink.save(SavedRecord(values: [("id", "1"), ("name", "Zhang")], savedAt: "2026-01-02T00:00:00Z", operatorName: "t"))
        try ScratchPostgres.check(["psql", "-X", "-d", url, "-c", #"UPDATE t SET name = E'Zh\xFFng'"#])
        let error = try Self.correctFound(&sink)
        #expect(error?.kind == .refused)
        #expect(error?.message.hasSuffix("name holds text that is not valid UTF-8; a correction would change it, so the record is not corrected (fix it in the database)") == true)
        #expect(try ScratchPostgres.check(["psql", "-X", "-A", "-t", "-d", url, "-c",
                                           "SELECT encode(name::bytea, 'hex') || '|' || id FROM t; SELECT count(*) FROM t_history"]) == "5a68ff6e67|1\n0\n")
    }
}
