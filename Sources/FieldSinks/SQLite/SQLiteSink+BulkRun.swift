import FieldKit

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

    /// At a bulk run's end: the WAL copied into the database file and emptied (`wal_checkpoint(TRUNCATE)`), so
    /// readers after the run do not search a large WAL; the connection's checkpoints back to SQLite's default. A
    /// checkpoint a reader keeps from finishing is left to the next one (the records are durable in the WAL).
    public func finishBulkRun() throws(SinkError) {
        guard inBulkRun else { return }
        inBulkRun = false
        try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        bulkCheckpoints += 1
        try database.execute("PRAGMA wal_autocheckpoint = 1000")
        try database.execute("PRAGMA journal_size_limit = -1")
    }

    /// Up to 100,000 corrections or 1 s a transaction: random corrections change most of a table's pages in every
    /// transaction, and each commit writes every changed page to the WAL again, so fewer commits write less. Another
    /// writer (a terminal's save) waits for the one write lock up to this second and the commit, well within its
    /// 10 s busy timeout (`SQLiteDatabase.init`).
    public var correctionBatchLimits: (records: Int, seconds: Double) { (100_000, 1.0) }

    /// Up to 100,000 records or 1 s an import batch: each commit writes every page the batch changed to the WAL, and
    /// a batch of random unique values changes most of its index's leaf pages, so a batch of 10,000 into a large
    /// table wrote nearly a page per record. Another writer waits for the write lock up to the batch's save, as
    /// with corrections.
    public var importBatchLimits: (records: Int, seconds: Double) { (100_000, 1.0) }
}
