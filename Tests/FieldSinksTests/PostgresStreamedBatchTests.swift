import FieldKit
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import FieldSinks
@testable import TestSupport

/// An import batch's rows go to the server as they are checked (`send(partOfBatch:)`): the server has them in the
/// batch's COPY before the save, nothing is committed until it, and refusals anywhere in the batch are found and
/// counted from the batch's first record.
struct PostgresStreamedBatchTests {
    static func record(_ who: String) -> SavedRecord {
        SavedRecord(values: [("who", who), ("n", "1")], savedAt: "2026-11-26T00:00:00Z", operatorName: "op")
    }

    /// What the server says of the open COPY, from another session.
    static func rowsInOpenCopy(_ pg: ScratchPostgres) throws -> String {
        try pg.psql("SELECT coalesce(max(tuples_processed), -1) FROM pg_stat_progress_copy").first ?? ""
    }

    @Test func rowsSentAheadAreInTheServersCopyAndCommittedOnlyBySave() throws {
        let pg = try ScratchPostgres()
        let sink = try PostgresSink(url: pg.url, form: PostgresTableColumnsTests.form)
        #expect(sink.streamsBatches)
        let first = (0..<300).map { Self.record("a\($0)") }
        try sink.send(partOfBatch: first)
        // The server reads the rows as they come: wait until it has them all (it is another process).
        try waitUntil("the server's COPY holding all 300 rows") { try Self.rowsInOpenCopy(pg) == "300" }
        #expect(try pg.psql("SELECT count(*) FROM entry") == ["0"])
        try sink.send(partOfBatch: (300..<500).map { Self.record("a\($0)") })
        let refused = try sink.save(batch: (500..<600).map { Self.record("a\($0)") }, progress: ImportProgress(source: "/in", records: 600, fingerprint: nil))
        #expect(refused.isEmpty)
        #expect(try pg.psql("SELECT who FROM entry ORDER BY fieldline_id") == (0..<600).map { "a\($0)" })
        #expect(try pg.psql("SELECT records FROM fieldline_import") == ["600"])
        #expect(try Self.rowsInOpenCopy(pg) == "-1")
    }

    /// Refused rows among those sent ahead (the server ends the COPY at the first while more are still being sent)
    /// and among those the save sends: each is named by its index in the whole batch, the others are saved.
    @Test func refusalsAnywhereInAStreamedBatchAreNamedByTheirPlaceInIt() throws {
        let pg = try ScratchPostgres()
        let sink = try PostgresSink(url: pg.url, form: PostgresTableColumnsTests.form)
        _ = try pg.psql("ALTER TABLE entry ADD CHECK (who NOT IN ('a5', 'a2999', 'a4500'))")
        let names = (0..<5000).map { "a\($0)" }
        for start in stride(from: 0, to: 4000, by: 1000) {
            try sink.send(partOfBatch: names[start..<start + 1000].map(Self.record))
        }
        let refused = try sink.save(batch: names[4000...].map(Self.record), progress: nil)
        #expect(refused.map(\.index) == [5, 2999, 4500])
        #expect(refused.allSatisfy { $0.error.kind == .refused })
        #expect(try pg.psql("SELECT who FROM entry ORDER BY fieldline_id") == names.filter { !["a5", "a2999", "a4500"].contains($0) })
    }

    /// A batch whose rows were all sent ahead: the save sends nothing more and commits them.
    @Test func aBatchSentWholeAheadIsSavedByAnEmptySave() throws {
        let pg = try ScratchPostgres()
        let sink = try PostgresSink(url: pg.url, form: PostgresTableColumnsTests.form)
        try sink.send(partOfBatch: (0..<10).map { Self.record("a\($0)") })
        #expect(try sink.save(batch: [], progress: nil).isEmpty)
        #expect(try pg.psql("SELECT count(*) FROM entry") == ["10"])
        // The next batch starts afresh: a transaction and a COPY of its own.
        try sink.send(partOfBatch: [Self.record("b")])
        #expect(try sink.save(batch: [Self.record("c")], progress: nil).isEmpty)
        #expect(try pg.psql("SELECT who FROM entry ORDER BY fieldline_id").suffix(2) == ["b", "c"])
    }
}
