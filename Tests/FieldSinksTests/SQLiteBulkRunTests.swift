import FieldKit
import Foundation
import Testing
@testable import FieldSinks
@testable import TestSupport

/// A bulk run into SQLite (an import's batches) copies its WAL into the database file once at its end, not after
/// every batch, and never lets the WAL grow past its bound.
@Suite(.serialized) struct SQLiteBulkRunTests {
    /// `count` records from number `first` on, each some 300 bytes, as one batch.
    static func batch(from first: Int, count: Int) -> [SavedRecord] {
        (first..<first + count).map {
            SavedRecord(values: [("id", String($0)), ("name", String(repeating: "n\($0 % 97)", count: 80))],
                        savedAt: "2026-01-02T00:00:00Z", operatorName: "t")
        }
    }

    /// The size of the file at `path` in bytes (0 when it is missing).
    static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    @Test func walIsCopiedOnceAtTheEnd() throws {
        let s = try ScratchFolder()
        let path = s.path("b.db")
        let sink = try SQLiteSink(path: path, form: RecordSearchSinkTests.form)
        let emptyFile = Self.size(path)
        for part in 0..<4 {
            let refused = try sink.save(batch: Self.batch(from: part * 5_000, count: 5_000), progress: nil)
            #expect(refused.isEmpty)
        }
        // Some 8 MB written in four commits, past SQLite's default of a copy at every commit after 4 MB of WAL.
        #expect(Self.size(path + "-wal") > 6 << 20)
        #expect(Self.size(path) == emptyFile)
        #expect(sink.bulkCheckpoints == 0)
        try sink.finishBulkRun()
        #expect(sink.bulkCheckpoints == 1)
        #expect(Self.size(path + "-wal") == 0)
        #expect(Self.size(path) > 6 << 20)
        #expect(try sink.count() == 20_000)
    }

    @Test func walStaysWithinItsBound() throws {
        let s = try ScratchFolder()
        let path = s.path("b.db")
        let sink = try SQLiteSink(path: path, form: RecordSearchSinkTests.form)
        sink.walBound = 1 << 20
        var largest = 0
        for part in 0..<8 {
            _ = try sink.save(batch: Self.batch(from: part * 5_000, count: 5_000), progress: nil)
            largest = max(largest, Self.size(path + "-wal"))
        }
        // Each batch is some 2 MB: the WAL holds at most the bound and one batch, while 16 MB were written.
        #expect(largest < 4 << 20)
        #expect(Self.size(path) > 8 << 20)
        try sink.finishBulkRun()
        #expect(Self.size(path + "-wal") == 0)
        #expect(try sink.count() == 40_000)
    }
}
