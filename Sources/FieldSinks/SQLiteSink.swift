internal import CSQLiteLoader
import FieldKit

/// Records in a SQLite database (Debian's libsqlite3, loaded on first use): a table named after the form with one TEXT column per field
/// plus `saved_at` and `operator`, created if missing; WAL with full sync, one transaction per record, a UNIQUE index
/// on each `unique` field (empty values aside; checked by definition when the table is opened), so the database
/// itself refuses a repeat.
public final class SQLiteSink: RecordSink {
    public let label: String
    private var db: OpaquePointer?
    private let table: String
    private let columns: [String]

    /// Open (or create) the database at `path` for `form`'s records.
    public init(path: String, form: FormSpec) throws(SinkError) {
        label = path
        table = form.name
        columns = form.fields.map(\.name) + ["saved_at", "operator"]
        var why = [CChar](repeating: 0, count: 256)
        guard fl_sqlite_load(&why, UInt(why.count)) == 0 else {
            throw SinkError(.io, String(decoding: why.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOFOLLOW | SQLITE_OPEN_FULLMUTEX
        guard fl_sqlite3_open_v2(path, &db, flags, nil) == SQLITE_OK, let opened = db else {
            let message = db.map { String(cString: fl_sqlite3_errmsg($0)) } ?? tr("out of memory")
            fl_sqlite3_close(db)
            db = nil
            throw SinkError(.io, tr("cannot open \(path): \(message)"))
        }
        fl_sqlite3_busy_timeout(opened, 10_000)
        // Identifiers are checked by the form loader (letters, digits, _), so quoting them is enough.
        let columnList = columns.map { "\"\($0)\" TEXT NOT NULL" }.joined(separator: ", ")
        try execute("PRAGMA journal_mode=WAL")
        try execute("PRAGMA synchronous=FULL")
        // One transaction for the set-up: importers starting at once see the table and its indexes whole.
        try execute("BEGIN IMMEDIATE")
        do throws(SinkError) {
            try execute("CREATE TABLE IF NOT EXISTS \"\(table)\" (\(columnList))")
            let existing = try names(of: table)
            guard existing == columns else {
                throw SinkError(.mismatch, tr("\(path): table \(table) has the columns \(existing.joined(separator: ",")), the form \(columns.joined(separator: ","))"))
            }
            for field in form.fields where field.unique {
                try guardUnique(field.name)
            }
            try execute("COMMIT")
        } catch {
            _ = fl_sqlite3_exec(db, "ROLLBACK", nil)
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
        let name = uniqueIndexName(table: table, column: column)
        do {
            try execute("CREATE UNIQUE INDEX IF NOT EXISTS \"\(name)\" ON \"\(table)\"(\"\(column)\") WHERE \"\(column)\" <> ''")
        } catch {
            throw SinkError(.mismatch, tr("\(label): table \(table): cannot make field \(column) unique: \(String(cString: fl_sqlite3_errmsg(db)))"))
        }
        guard try isGuarded(column) else {
            throw SinkError(.mismatch, tr("\(label): table \(table): cannot make field \(column) unique: the index name \(name) is taken"))
        }
    }

    /// Whether some UNIQUE index of the table has `column` as its one key column. (A partial index, such as the
    /// one fieldline makes for non-empty values, counts.)
    private func isGuarded(_ column: String) throws(SinkError) -> Bool {
        let sql = """
            SELECT count(*) FROM pragma_index_list(?1) AS i WHERE i."unique" = 1
            AND (SELECT count(*) FROM pragma_index_info(i.name)) = 1 AND (SELECT name FROM pragma_index_info(i.name)) = ?2
            """
        return (try query(sql, [table, column]) ?? 0) > 0
    }

    deinit { fl_sqlite3_close(db) }

    public func count() throws(SinkError) -> Int {
        try query("SELECT count(*) FROM \"\(table)\"", []) ?? 0
    }

    public func earlierRecord(where field: String, is value: String) throws(SinkError) -> String? {
        guard columns.contains(field) else { return nil }
        return try query("SELECT rowid FROM \"\(table)\" WHERE \"\(field)\" = ?1 ORDER BY rowid LIMIT 1", [value]).map { tr("record \($0)") }
    }

    /// The last record `operatorName` saved here, column → value.
    public func lastRecord(savedBy operatorName: String) throws(SinkError) -> [String: String]? {
        let list = columns.map { "\"\($0)\"" }.joined(separator: ", ")
        let statement = try prepare("SELECT \(list) FROM \"\(table)\" WHERE \"operator\" = ?1 ORDER BY rowid DESC LIMIT 1", [operatorName])
        defer { fl_sqlite3_finalize(statement) }
        switch fl_sqlite3_step(statement) {
        case SQLITE_ROW:
            let values = columns.indices.map { fl_sqlite3_column_text(statement, Int32($0)).map { String(cString: $0) } ?? "" }
            return Dictionary(zip(columns, values), uniquingKeysWith: { a, _ in a })
        case SQLITE_DONE: return nil
        default: throw SinkError(.io, "\(label): \(String(cString: fl_sqlite3_errmsg(db)))")
        }
    }

    public func save(_ record: SavedRecord) throws(SinkError) {
        let values = record.columns.map(\.value)
        let placeholders = (1...values.count).map { "?\($0)" }.joined(separator: ", ")
        try execute("BEGIN IMMEDIATE")
        do {
            try run("INSERT INTO \"\(table)\" VALUES (\(placeholders))", values)
            try execute("COMMIT")
        } catch {
            _ = fl_sqlite3_exec(db, "ROLLBACK", nil)
            throw error
        }
    }

    // MARK: - Statements

    private func execute(_ sql: String) throws(SinkError) {
        var message: UnsafeMutablePointer<CChar>?
        guard fl_sqlite3_exec(db, sql, &message) == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? "error"
            fl_sqlite3_free(message)
            throw SinkError(.io, "\(label): \(text)")
        }
    }

    private func prepare(_ sql: String, _ values: [String]) throws(SinkError) -> OpaquePointer? {
        var statement: OpaquePointer?
        guard fl_sqlite3_prepare_v2(db, sql, &statement) == SQLITE_OK else {
            throw SinkError(.io, "\(label): \(String(cString: fl_sqlite3_errmsg(db)))")
        }
        for (i, value) in values.enumerated() {
            var bytes = Array(value.utf8CString)
            _ = bytes.withUnsafeMutableBufferPointer { fl_sqlite_bind_text(statement, Int32(i + 1), $0.baseAddress, Int32($0.count - 1)) }
        }
        return statement
    }

    /// Run a statement that returns nothing. A UNIQUE violation is a conflict naming the column; another rule of
    /// the database's own (CHECK, a trigger, a datatype) refuses this record only; anything else is the sink's.
    private func run(_ sql: String, _ values: [String]) throws(SinkError) {
        let statement = try prepare(sql, values)
        defer { fl_sqlite3_finalize(statement) }
        let status = fl_sqlite3_step(statement)
        guard status == SQLITE_DONE else {
            let message = String(cString: fl_sqlite3_errmsg(db))
            switch fl_sqlite_refusal(fl_sqlite3_extended_errcode(db)) {
            case 1: throw SinkError(.conflict, message)
            case 2: throw SinkError(.refused, message)
            default: throw SinkError(.io, "\(label): \(message)")
            }
        }
    }

    /// The first column of the first row as a number, or nil when there is no row.
    private func query(_ sql: String, _ values: [String]) throws(SinkError) -> Int? {
        let statement = try prepare(sql, values)
        defer { fl_sqlite3_finalize(statement) }
        switch fl_sqlite3_step(statement) {
        case SQLITE_ROW: return Int(fl_sqlite3_column_int64(statement, 0))
        case SQLITE_DONE: return nil
        default: throw SinkError(.io, "\(label): \(String(cString: fl_sqlite3_errmsg(db)))")
        }
    }

    private func names(of table: String) throws(SinkError) -> [String] {
        let statement = try prepare("SELECT name FROM pragma_table_info(?1) ORDER BY cid", [table])
        defer { fl_sqlite3_finalize(statement) }
        var result: [String] = []
        while fl_sqlite3_step(statement) == SQLITE_ROW {
            result.append(fl_sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "")
        }
        return result
    }
}
