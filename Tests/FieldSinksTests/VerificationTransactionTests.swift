import FieldKit
import Foundation
import Testing
@testable import FieldSinks
@testable import TestSupport

/// A record's verification is saved whole or not at all (SQLite and PostgreSQL): when the verification rows cannot
/// be written (here a `t_verify` table of another shape) after the correction was, the correction and its history
/// row are rolled back with them, and the sink goes on (the next verification is saved).
@Suite(.serialized) struct VerificationTransactionTests {
    static let form = RecordSearchSinkTests.form

    /// The record saved, then verified with a keyed name chosen, against a verification table that refuses rows;
    /// then the table put right and the same verification saved.
    static func failThenSave(_ sink: any VerificationStore, sql: (String) throws -> String) throws {
        var saving: any RecordSink = sink
        try saving.save(SavedRecord(values: [("id", "1"), ("name", "Zhang")], savedAt: "2026-01-02T00:00:00Z", operatorName: "first"))
        _ = try sql("CREATE TABLE t_verify (other TEXT)")
        var read: StoredRecord?
        try sink.records(matching: []) { read = $0; return false }
        let verification = RecordVerification(
            read: try #require(read), values: [("id", "1"), ("name", "Zhong")],
            fields: [.init(name: "id", saved: "1", keyed: "1", chosen: "1"), .init(name: "name", saved: "Zhang", keyed: "Zhong", chosen: "Zhong")],
            verifiedAt: "2026-01-03T00:00:00Z", verifiedBy: "second")
        #expect(throws: SinkError.self) { try sink.save(verification) }
        #expect(try sql("SELECT name || '|' || edited_by FROM t; SELECT count(*) FROM t_history") == "Zhang|\n0\n")
        _ = try sql("DROP TABLE t_verify")
        try sink.save(verification)
        #expect(try sql("SELECT name || '|' || edited_by FROM t; SELECT count(*) FROM t_history; SELECT count(*) FROM t_verify") == "Zhong|second\n1\n2\n")
    }

    @Test func sqlite() throws {
        let s = try ScratchFolder()
        let path = s.path("v.db")
        try Self.failThenSave(try SQLiteSink(path: path, form: Self.form)) { try ScratchPostgres.check(["sqlite3", path, $0]) }
    }

    @Test func postgres() throws {
        let pg = try ScratchPostgres()
        try Self.failThenSave(try PostgresSink(url: pg.url, form: Self.form)) { try ScratchPostgres.check(["psql", "-X", "-A", "-t", "-d", pg.url, "-c", $0]) }
    }
}
