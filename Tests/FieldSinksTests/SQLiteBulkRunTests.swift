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
    /// The sink of a bulk run, handed to the thread that ends the run.
    final class Ending: @unchecked Sendable {
        let sink: SQLiteSink
        /// Set once `finishBulkRun` has returned.
        let done = NSCondition()
        var finished = false
        var failure: (any Error)?
        init(_ sink: SQLiteSink) { self.sink = sink }
    }

    /// A bulk run's end copies its WAL into the database without the write lock: another connection's save (a
    /// terminal's) gets in while the copy runs, without waiting for it.
    @Test func aWriterGetsInWhileTheEndCopiesTheWAL() throws {
        let s = try ScratchFolder()
        let path = s.path("b.db")
        let sink = try SQLiteSink(path: path, form: RecordSearchSinkTests.form)
        for part in 0..<16 {
            _ = try sink.save(batch: Self.batch(from: part * 5_000, count: 5_000), progress: nil)
        }
        let emptyFile = Self.size(path)
        #expect(Self.size(path + "-wal") > 24 << 20)
        // The terminal's connection: it does not wait for a lock at all here, so a held write lock is an error.
        let other = try SQLiteDatabase(path: path)
        try other.execute("PRAGMA busy_timeout = 0")
        let ending = Ending(sink)
        Thread {
            do throws(SinkError) { try ending.sink.finishBulkRun() } catch { ending.failure = error }
            ending.done.lock()
            ending.finished = true
            ending.done.broadcast()
            ending.done.unlock()
        }.start()
        // The copy has begun once the database file grows.
        while Self.size(path) == emptyFile {
            ending.done.lock()
            let finished = ending.finished
            ending.done.unlock()
            if finished { break }
        }
        var gotIn = true
        do {
            try other.execute("BEGIN IMMEDIATE")
            try other.run("INSERT INTO \"\(RecordSearchSinkTests.form.name)\" (id, name, saved_at, operator, record_id) VALUES ('x', 'terminal', '2026-01-02T00:00:00Z', 'u', 'x')", [])
            try other.execute("COMMIT")
        } catch {
            gotIn = false
        }
        ending.done.lock()
        let copyStillRunning = !ending.finished
        while !ending.finished { ending.done.wait() }
        ending.done.unlock()
        #expect(gotIn)
        #expect(copyStillRunning, "the WAL was copied before the save tried: make the WAL larger")
        #expect(ending.failure == nil)
        #expect(Self.size(path + "-wal") == 0)
        #expect(try sink.count() == 80_001)
    }
    /// The connection of another writer (a terminal's save) and what became of its save.
    final class Waiting: @unchecked Sendable {
        let database: SQLiteDatabase
        let state = NSCondition()
        var trying = false
        var saved = false
        var failure: (any Error)?
        init(_ database: SQLiteDatabase) { self.database = database }
    }

    /// A writer that waits for the write lock while a bulk run's transaction holds it gets in between that
    /// transaction and the next: the run leaves the lock free for a moment (`handOver`) rather than taking it back
    /// at once, which left the writer waiting batch after batch.
    @Test func aWaitingWriterGetsInBetweenBatches() throws {
        let s = try ScratchFolder()
        let path = s.path("b.db")
        let sink = try SQLiteSink(path: path, form: RecordSearchSinkTests.form)
        // Longer than SQLite's needs (100 ms), for a loaded machine that leaves the waiting thread unscheduled awhile.
        sink.handOver = 1.0
        try sink.beginBatch()
        let waiting = Waiting(try SQLiteDatabase(path: path))
        Thread {
            waiting.state.lock()
            waiting.trying = true
            waiting.state.broadcast()
            waiting.state.unlock()
            do throws(SinkError) {
                try waiting.database.execute("BEGIN IMMEDIATE")
                try waiting.database.run("INSERT INTO \"\(RecordSearchSinkTests.form.name)\" (id, name, saved_at, operator, record_id) VALUES ('x', 'terminal', '2026-01-02T00:00:00Z', 'u', 'x')", [])
                try waiting.database.execute("COMMIT")
            } catch {
                waiting.failure = error
            }
            waiting.state.lock()
            waiting.saved = true
            waiting.state.broadcast()
            waiting.state.unlock()
        }.start()
        waiting.state.lock()
        while !waiting.trying { waiting.state.wait() }
        waiting.state.unlock()
        try sink.commitBatch()
        try sink.beginBatch()
        waiting.state.lock()
        let savedBeforeTheNextBatch = waiting.saved
        waiting.state.unlock()
        try sink.commitBatch()
        try sink.finishBulkRun()
        waiting.state.lock()
        while !waiting.saved { waiting.state.wait() }
        waiting.state.unlock()
        #expect(savedBeforeTheNextBatch)
        #expect(waiting.failure == nil)
        #expect(try sink.count() == 1)
    }
}
