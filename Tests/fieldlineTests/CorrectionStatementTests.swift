import Foundation
import Testing
@testable import TestSupport

/// Corrections reach PostgreSQL a chunk at a time: a few statements for every 1,000 corrections, not a round trip
/// or five for each one (before: SAVEPOINT, SELECT … FOR UPDATE, INSERT into history, UPDATE, RELEASE per
/// correction). Counted in the server's own statement log; every correction still written with its history row.
@Suite(.serialized) struct CorrectionStatementTests {
    static let form = "name: entry\nfields:\n  - {name: code, keymap: digits, unique: true}\n  - {name: name, keymap: text}\n"
    static let records = 2_500

    @Test func postgresCorrectionsTakeAFewStatementsForEachChunk() throws {
        let pg = try ScratchPostgres()
        let s = try ScratchFolder()
        try Self.form.write(toFile: s.path("entry.yaml"), atomically: true, encoding: .utf8)
        let saved = (0..<Self.records).map { #"{"code":"\#(1000 + $0)","name":"person \#($0)"}"# }.joined(separator: "\n") + "\n"
        let first = try fieldline(["form", s.path("entry.yaml"), "--input", "-", "--out", pg.url], stdin: saved)
        try #require(first.status == 0, "\(first.err)")

        // In a shuffled order, each changing the name.
        let corrections = (0..<Self.records).map { ($0 * 7919) % Self.records }
            .map { #"{"code":"\#(1000 + $0)","name":"corrected \#($0)"}"# }.joined(separator: "\n") + "\n"
        let log = try pg.statementLog {
            let run = try fieldline(["form", s.path("entry.yaml"), "--input", "-", "--out", pg.url, "--update-by", "code"], stdin: corrections)
            try #require(run.status == 0, "\(run.err)")
        }
        let statements = log.filter { $0.contains("LOG:  execute ") || $0.contains("LOG:  statement: ") }.count
        // Three chunks of at most 1,000, each a read, a savepoint around one statement, and a commit now and then,
        // with the connection's set-up: far below one statement for each correction.
        #expect(statements <= 80, "\(statements) statements for \(Self.records) corrections")

        #expect(try pg.psql("SELECT count(*) FROM entry_history") == ["\(Self.records)"])
        #expect(try pg.psql("SELECT count(*) FROM entry WHERE name = 'corrected ' || (code::int - 1000) AND edited_at <> ''") == ["\(Self.records)"])
        #expect(try pg.psql("SELECT count(*) FROM entry_history h JOIN entry e USING (fieldline_id, record_id) WHERE h.name = 'person ' || (e.code::int - 1000) AND h.changed_at = e.edited_at AND h.changed_by = e.edited_by AND h.edited_at = ''")
                == ["\(Self.records)"])
    }
}
