import FieldKit

/// Records in a SQLite database (Debian's libsqlite3, loaded on first use): a table named after the form with one
/// TEXT column per field plus the bookkeeping columns (`RecordTables`), created if missing and upgraded in place
/// from an older fieldline's; WAL with full sync, one transaction per record (or per batch), a UNIQUE index on each
/// `unique` field (empty values aside; checked by definition when the table is opened), so the database itself
/// refuses a repeat. Corrections replace a row and keep the replaced version in `FORM_history`.
public final class SQLiteSink: RecordDatabase {
    public let label: String
    let database: SQLiteDatabase
    let tables: RecordTables
    /// The form's unique fields, in form order: a correction of many records at once leaves them as they are.
    let uniqueFields: [String]
    /// Inside `beginBatch`…`commitBatch`: each save and update is a savepoint of the batch's transaction.
    var inBatch = false
    /// Inside a bulk run (`startBulkRun`…`finishBulkRun`): the WAL is copied into the database only past `walBound`.
    var inBulkRun = false
    /// The WAL's bound in a bulk run, in bytes (`bulkWALBound`; smaller in tests).
    public var walBound = SQLiteSink.bulkWALBound
    /// How many times `finishBulkRun` copied the WAL into the database: for tests.
    public internal(set) var bulkCheckpoints = 0
    /// Seconds a bulk run leaves the write lock free between its transactions (`handOverSeconds`; longer in tests).
    public var handOver = SQLiteSink.handOverSeconds
    /// When a bulk run last committed (`monotonicSeconds`), nil before its first commit.
    var lastBulkCommit: Double?

    /// Open (or create) the database at `path` for `form`'s records.
    public init(path: String, form: FormSpec) throws(SinkError) {
        label = path
        tables = RecordTables(form: form)
        uniqueFields = form.fields.filter(\.unique).map(\.name)
        if let problem = tables.nameProblem(path) { throw problem }
        database = try SQLiteDatabase(path: path)
        try database.execute("PRAGMA journal_mode=WAL")
        try database.execute("PRAGMA synchronous=FULL")
        // One transaction for the set-up: importers starting at once see the tables and indexes whole, and an
        // upgrade that fails leaves the database as it was.
        try database.execute("BEGIN IMMEDIATE")
        do throws(SinkError) {
            try prepareTables()
            for field in form.fields where field.unique {
                try guardUnique(field.name)
            }
            try guardUnique(RecordColumns.recordID)
            try database.execute("COMMIT")
        } catch {
            database.rollBack()
            throw error
        }
        // The database file and its WAL exist now (SQLite's own folder sync is an fdatasync, made only for journals
        // and WALs it creates): their names are made durable before any record is confirmed.
        try syncParentDirectory(of: path)
    }

    /// Makes sure a UNIQUE index on exactly `column` guards it, by the indexes' definitions (whatever their names):
    /// creates one when there is none, and refuses to open when it cannot (repeats already in the table, or a
    /// name taken by another index).
    private func guardUnique(_ column: String) throws(SinkError) {
        if try isGuarded(column) { return }
        let table = tables.table
        let name = uniqueIndexName(table: table, column: column)
        do {
            try database.execute("CREATE UNIQUE INDEX IF NOT EXISTS \"\(name)\" ON \"\(table)\"(\"\(column)\") WHERE \"\(column)\" <> ''")
        } catch {
            throw SinkError(.mismatch, tr("\(label): table \(table): cannot make field \(column) unique: \(database.lastError)"))
        }
        guard try isGuarded(column) else {
            throw SinkError(.mismatch, tr("\(label): table \(table): cannot make field \(column) unique: the index name \(name) is taken"))
        }
    }

    /// Whether a UNIQUE index of the table guards `column` (the rule: docs/forms.md, "Unique fields"): `column` its
    /// one key column (an expression has no name there), and total, or partial with exactly fieldline's condition
    /// (`isNonEmptyCondition`). Any other condition (`WHERE c = 'x'`) leaves the other values unguarded.
    private func isGuarded(_ column: String) throws(SinkError) -> Bool {
        let sql = """
            SELECT CASE WHEN i.partial = 0 THEN 'total' ELSE coalesce(m.sql, '') END
            FROM pragma_index_list(?1) AS i LEFT JOIN sqlite_master AS m ON m.type = 'index' AND m.name = i.name
            WHERE i."unique" = 1 AND (SELECT count(*) FROM pragma_index_info(i.name)) = 1
            AND (SELECT name FROM pragma_index_info(i.name)) = ?2
            """
        return try database.texts(sql, [tables.table, column]).contains { $0 == "total" || isNonEmptyCondition(indexSQL: $0, column: column) }
    }

    public func count() throws(SinkError) -> Int {
        Int(try database.number("SELECT count(*) FROM \"\(tables.table)\"", []) ?? 0)
    }

    public func earlierRecord(where field: String, is value: String) throws(SinkError) -> String? {
        guard tables.fields.contains(field) else { return nil }
        return try database.number("SELECT rowid FROM \"\(tables.table)\" WHERE \(RecordTables.lookup(field, "?1")) ORDER BY rowid LIMIT 1", [value])
            .map { tr("record \($0)") }
    }

    /// The last record `operatorName` saved here, column → value.
    public func lastRecord(savedBy operatorName: String) throws(SinkError) -> [String: String]? {
        var found: [String: String]?
        let columns = tables.columns
        try database.rows("SELECT rowid, \(RecordTables.list(columns)) FROM \"\(tables.table)\" WHERE \"operator\" = ?1 ORDER BY rowid DESC LIMIT 1",
                          [operatorName], width: columns.count + 1) { _, values in
            found = Dictionary(zip(columns, values), uniquingKeysWith: { a, _ in a })
            return false
        }
        return found
    }

    public func save(_ record: SavedRecord) throws(SinkError) {
        try save(record, keying: RecordKeying())
    }

    /// The record and a row per field of its paradata in `FORM_keying`, in one transaction.
    public func save(_ record: SavedRecord, keying: RecordKeying) throws(SinkError) {
        let columns = record.storedColumns
        let placeholders = (1...columns.count).map { "?\($0)" }.joined(separator: ", ")
        let keyingPlaceholders = (1...RecordColumns.keying.count).map { "?\($0)" }.joined(separator: ", ")
        try transaction { () throws(SinkError) in
            try database.run("INSERT INTO \"\(tables.table)\" (\(RecordTables.list(columns.map(\.name)))) VALUES (\(placeholders))",
                             columns.map(\.value))
            for field in keying.fields {
                try database.run("INSERT INTO \"\(tables.keying)\" (\(RecordTables.list(RecordColumns.keying))) VALUES (\(keyingPlaceholders))",
                                 RecordTables.keyingRow(recordID: record.recordID, field: field.name, field.keying))
            }
        }
    }

    /// Runs `body` as one transaction (BEGIN IMMEDIATE: writers queue for the lock at the start, so a transaction
    /// that read never fails to write), or inside a batch as one savepoint: what fails is rolled back alone.
    func transaction<T>(_ body: () throws(SinkError) -> T) throws(SinkError) -> T {
        let savepoint = inBatch ? "fieldline_record" : nil
        try database.execute(savepoint.map { "SAVEPOINT \($0)" } ?? "BEGIN IMMEDIATE")
        do {
            let result = try body()
            try database.execute(savepoint.map { "RELEASE \($0)" } ?? "COMMIT")
            return result
        } catch {
            database.rollBack(to: savepoint)
            throw error
        }
    }

    public func beginBatch() throws(SinkError) {
        guard !inBatch else { return }
        try startBulkRun()
        try beginBulkTransaction()
        inBatch = true
    }

    public func commitBatch() throws(SinkError) {
        guard inBatch else { return }
        inBatch = false
        do { try commitBulkTransaction() } catch {
            database.rollBack()
            throw error
        }
    }
}
