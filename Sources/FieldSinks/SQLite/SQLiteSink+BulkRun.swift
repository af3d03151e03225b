import FieldKit
#if canImport(Glibc)
import Glibc
#endif

extension SQLiteSink {
    /// The most the WAL may hold during a bulk run before it is copied into the database file, in bytes: SQLite's
    /// default copies it after every commit past 1,000 pages (4 MB), so a batch of random corrections, which
    /// touches most of the table's pages, had them copied once a batch; deferred, a page changed in many batches
    /// is copied once.
    public static let bulkWALBound = 256 << 20

    /// Called before a bulk run's first batch (an import or corrections): the WAL is copied into the database only
    /// when it passes `walBound` bytes (and at `finishBulkRun`), and cut back to that size when it is reused.
    /// Durability is the commit's, as before: each batch's commit syncs the WAL.
    func startBulkRun() throws(SinkError) {
        guard !inBulkRun else { return }
        let pageSize = max(1, Int(try database.number("PRAGMA page_size", []) ?? 4096))
        try database.execute("PRAGMA wal_autocheckpoint = \(max(1, walBound / pageSize))")
        try database.execute("PRAGMA journal_size_limit = \(walBound)")
        // A batch's changed pages stay in memory until its commit rather than being written to the WAL part-way
        // (and again when changed once more): SQLite's default cache holds 2 MB.
        try database.execute("PRAGMA cache_size = -\(Self.importCacheKiB)")
        inBulkRun = true
    }

    /// At a bulk run's end: the WAL copied into the database file and emptied, so readers after the run do not
    /// search a large WAL; the connection's checkpoints back to SQLite's default. The copy is made without the
    /// write lock (`PASSIVE`), so another writer (a terminal's save) gets in while up to `walBound` bytes are copied;
    /// only what was committed meanwhile is copied under it (`TRUNCATE`, which keeps writers out while it runs and
    /// then empties the file). A checkpoint a reader keeps from finishing is left to the next one (the records are
    /// durable in the WAL).
    public func finishBulkRun() throws(SinkError) {
        guard inBulkRun else { return }
        inBulkRun = false
        lastBulkCommit = nil
        try database.execute("PRAGMA wal_checkpoint(PASSIVE)")
        try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        bulkCheckpoints += 1
        try database.execute("PRAGMA wal_autocheckpoint = 1000")
        try database.execute("PRAGMA journal_size_limit = -1")
    }

    /// Up to 400,000 corrections or 4 s a transaction (a run's batches grow to it from 100,000 or 1 s,
    /// `CorrectionBatch`): random corrections change most of a table's pages in every transaction, and each commit
    /// writes every changed page to the WAL again, so fewer commits write less. Another writer (a terminal's save)
    /// waits for the one write lock up to the batch's age limit and its commit, within its 10 s busy timeout
    /// (`SQLiteDatabase.init`): the next batch begins only after `handOverSeconds`.
    public var correctionBatchLimits: (records: Int, seconds: Double) { (400_000, 4.0) }

    /// Up to 30,000 corrections a chunk: a chunk's rows are updated in rowid order, a pass over the table's pages
    /// that saves more the larger the chunk against the table (its read binds a key a parameter, at most 32,766 a
    /// statement). PostgreSQL keeps the default: its client spent more, not less, on larger chunks.
    public var correctionChunk: Int { 30_000 }

    /// Seconds a bulk run leaves the write lock free after a commit before its next transaction, at least: a
    /// writer waiting in another fieldline connection tries the lock every 2 ms (`fl_sqlite3_busy_timeout`) and
    /// takes it then; without a pause the run could take it back at once and that writer wait for the next batch,
    /// and the next. (Another program's writer with SQLite's own busy handler sleeps up to 100 ms between tries and
    /// may still miss it.)
    public static let handOverSeconds = 0.01

    /// Begins a bulk run's transaction (`BEGIN IMMEDIATE`), once `handOver` seconds have passed since its last commit.
    func beginBulkTransaction() throws(SinkError) {
        if let last = lastBulkCommit {
            let left = handOver - (Self.monotonicSeconds() - last)
            if left > 0 { usleep(UInt32(left * 1e6)) }
        }
        try database.execute("BEGIN IMMEDIATE")
    }

    /// Commits a bulk run's transaction, noting when for `beginBulkTransaction`.
    func commitBulkTransaction() throws(SinkError) {
        try database.execute("COMMIT")
        if inBulkRun { lastBulkCommit = Self.monotonicSeconds() }
    }

    /// Monotonic seconds.
    static func monotonicSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    /// Up to 100,000 records or 1 s an import batch: each commit writes every page the batch changed to the WAL, and
    /// a batch of random unique values changes most of its index's leaf pages, so a batch of 10,000 into a large
    /// table wrote nearly a page per record. Another writer waits for the write lock up to the batch's save, as
    /// with corrections.
    public var importBatchLimits: (records: Int, seconds: Double) { (100_000, 1.0) }
}
