internal import CSQLiteLoader
import FieldKit

/// One connection to a SQLite database (Debian's libsqlite3, loaded on first use) and the few statement shapes the
/// sink runs: text parameters in, text or a number out, SQLite's refusals sorted into `SinkError` kinds.
final class SQLiteDatabase {
    /// The database's path, for messages.
    let label: String
    private(set) var db: OpaquePointer?
    /// Prepared statements by their SQL, kept for the connection's life: a correction or an import runs the same
    /// few statements for every record, and preparing one costs more than running it.
    private var prepared: [String: OpaquePointer] = [:]

    /// Open (or create) the database at `path`; waits up to 10 s for another writer's lock. `readOnly` opens an
    /// existing database only, for reading (`SQLiteRecordReader`): nothing is created or written.
    init(path: String, readOnly: Bool = false) throws(SinkError) {
        label = path
        var why = [CChar](repeating: 0, count: 256)
        guard fl_sqlite_load(&why, UInt(why.count)) == 0 else {
            throw SinkError(.io, String(decoding: why.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOFOLLOW | SQLITE_OPEN_FULLMUTEX
        guard fl_sqlite3_open_v2(path, &db, flags, nil) == SQLITE_OK, let opened = db else {
            let message = db.map { String(cString: fl_sqlite3_errmsg($0)) } ?? tr("out of memory")
            fl_sqlite3_close(db)
            db = nil
            throw SinkError(.io, tr("cannot open \(path): \(message)"))
        }
        fl_sqlite3_busy_timeout(opened, 10_000)
    }

    deinit {
        for statement in prepared.values { fl_sqlite3_finalize(statement) }
        fl_sqlite3_close(db)
    }

    /// The last error SQLite reported on this connection.
    var lastError: String { String(cString: fl_sqlite3_errmsg(db)) }

    /// Run one statement with no parameters and no rows (pragmas, DDL, transaction control).
    func execute(_ sql: String) throws(SinkError) {
        let statement = try prepare(sql, [])
        defer { fl_sqlite3_reset(statement) }
        let status = fl_sqlite3_step(statement)
        guard status == SQLITE_DONE || status == SQLITE_ROW else { throw SinkError(.io, "\(label): \(lastError)") }
    }

    /// Whether a transaction is open on the connection.
    var inTransaction: Bool { fl_sqlite3_get_autocommit(db) == 0 }

    /// Roll back the open transaction, if any, after a failure (whose error is the one worth reporting).
    func rollBack(to savepoint: String? = nil) {
        if let savepoint {
            _ = fl_sqlite3_exec(db, "ROLLBACK TO \(savepoint); RELEASE \(savepoint)", nil)
        } else {
            _ = fl_sqlite3_exec(db, "ROLLBACK", nil)
        }
    }

    /// Run a statement that returns nothing. A UNIQUE violation is a conflict naming the column; another rule of
    /// the database's own (CHECK, a trigger, a datatype) refuses this record only; anything else is the sink's.
    func run(_ sql: String, _ values: [String]) throws(SinkError) {
        try run(prepare(sql, values))
    }

    /// `run` of a statement prepared and bound by the caller (`prepared`, `bind`): a batch runs one statement
    /// for every record, looking its SQL up once, not once a record.
    func run(_ statement: OpaquePointer?) throws(SinkError) {
        defer { fl_sqlite3_reset(statement) }
        guard fl_sqlite3_step(statement) == SQLITE_DONE else { throw failure() }
    }

    /// The last statement's failure: a conflict (UNIQUE), a refusal (another rule), or the sink's own.
    private func failure() -> SinkError {
        let message = lastError
        switch fl_sqlite_refusal(fl_sqlite3_extended_errcode(db)) {
        case 1: return SinkError(.conflict, message)
        case 2: return SinkError(.refused, message)
        default: return SinkError(.io, "\(label): \(message)")
        }
    }

    /// The first column of the first row as a number, or nil when there is no row.
    func number(_ sql: String, _ values: [String]) throws(SinkError) -> Int64? {
        let statement = try prepare(sql, values)
        defer { fl_sqlite3_reset(statement) }
        switch fl_sqlite3_step(statement) {
        case SQLITE_ROW: return fl_sqlite3_column_int64(statement, 0)
        case SQLITE_DONE: return nil
        default: throw SinkError(.io, "\(label): \(lastError)")
        }
    }

    /// Calls `body` with each row's first column as a number and its other `width - 1` columns as text, until it
    /// returns false. One row at a time: a table of any size streams through. A text that is not UTF-8 (stored by
    /// another program) throws what `invalidText` makes of the row's key and the column (0 for the first text);
    /// without it, it is read with U+FFFD in place of each bad byte. With `unreadable`, that problem is handed to it
    /// instead, the row left out, and the rows go on.
    func rows(_ sql: String, _ values: [String], width: Int, invalidText: ((Int64, Int) -> SinkError)? = nil,
              unreadable: ((SinkError) -> Void)? = nil, _ body: (Int64, [String]) -> Bool) throws(SinkError) {
        let statement = try prepare(sql, values)
        defer { fl_sqlite3_reset(statement) }
        stepping: while true {
            switch fl_sqlite3_step(statement) {
            case SQLITE_ROW:
                let key = fl_sqlite3_column_int64(statement, 0)
                var texts: [String] = []
                texts.reserveCapacity(max(width - 1, 0))
                for column in 1..<max(width, 1) {
                    guard let text = fl_sqlite3_column_text(statement, Int32(column)) else { texts.append(""); continue }
                    if let strict = String(validatingCString: UnsafeRawPointer(text).assumingMemoryBound(to: CChar.self)) {
                        texts.append(strict)
                    } else if let invalidText {
                        guard let unreadable else { throw invalidText(key, column - 1) }
                        unreadable(invalidText(key, column - 1))
                        continue stepping
                    } else {
                        texts.append(String(cString: text))
                    }
                }
                guard body(key, texts) else { return }
            case SQLITE_DONE: return
            default: throw SinkError(.io, "\(label): \(lastError)")
            }
        }
    }

    /// Each row's first column as text.
    func texts(_ sql: String, _ values: [String]) throws(SinkError) -> [String] {
        let statement = try prepare(sql, values)
        defer { fl_sqlite3_reset(statement) }
        var result: [String] = []
        while true {
            switch fl_sqlite3_step(statement) {
            case SQLITE_ROW: result.append(fl_sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "")
            case SQLITE_DONE: return result
            default: throw SinkError(.io, "\(label): \(lastError)")
            }
        }
    }

    /// Each row's first column as text, waiting at most `milliseconds` for another connection's lock (instead of
    /// the connection's 10 s); nil when that wait ran out.
    func texts(_ sql: String, _ values: [String], waitingAtMost milliseconds: Int) throws(SinkError) -> [String]? {
        guard let db else { return try texts(sql, values) }
        fl_sqlite3_busy_timeout(db, Int32(clamping: milliseconds))
        defer { fl_sqlite3_busy_timeout(db, 10_000) }
        do {
            return try texts(sql, values)
        } catch {
            if fl_sqlite3_extended_errcode(db) & 0xff == SQLITE_BUSY { return nil }
            throw error
        }
    }

    /// The columns of `table`, in order (none when there is no such table).
    func columns(of table: String) throws(SinkError) -> [String] {
        try texts("SELECT name FROM pragma_table_info(?1) ORDER BY cid", [table])
    }

    /// The statement for `sql` (prepared once, then reused) with `values` bound; the caller resets it after use,
    /// which also ends any read it holds open.
    private func prepare(_ sql: String, _ values: [String]) throws(SinkError) -> OpaquePointer? {
        let statement = try prepared(sql)
        for (i, value) in values.enumerated() { bind(statement, i + 1, value) }
        return statement
    }

    /// The statement for `sql`, prepared once, then reused.
    func prepared(_ sql: String) throws(SinkError) -> OpaquePointer? {
        if let statement = prepared[sql] { return statement }
        var statement: OpaquePointer?
        guard fl_sqlite3_prepare_v2(db, sql, &statement) == SQLITE_OK, let made = statement else {
            throw SinkError(.io, "\(label): \(lastError)")
        }
        prepared[sql] = made
        return made
    }

    /// Binds the bytes `text` to parameters 1, 2, … of `statement`, `ends` their ends in it, and runs it. SQLite
    /// reads the bytes where they lie (no copy of each value made): the caller binds every parameter again before
    /// the statement runs again, and calls `clearBindings` once done with it, so no binding outlives its bytes.
    func run(_ statement: OpaquePointer?, text: [UInt8], ends: [Int]) throws(SinkError) {
        try text.withUnsafeBufferPointer { (bytes: UnsafeBufferPointer<UInt8>) throws(SinkError) in
            let base = UnsafeRawPointer(bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!).assumingMemoryBound(to: CChar.self)
            var start = 0
            for (i, end) in ends.enumerated() {
                _ = fl_sqlite_bind_text_static(statement, Int32(i + 1), base + start, Int32(end - start))
                start = end
            }
            try run(statement)
        }
    }

    /// `run(_:text:ends:)` of an INSERT, UPDATE or DELETE: how many rows it changed.
    func changes(_ statement: OpaquePointer?, text: [UInt8], ends: [Int]) throws(SinkError) -> Int {
        try run(statement, text: text, ends: ends)
        return Int(fl_sqlite3_changes(db))
    }

    /// Unbinds every parameter of `statement`.
    func clearBindings(_ statement: OpaquePointer?) { fl_sqlite3_clear_bindings(statement) }

    /// Binds `value` as text to parameter `index` (from 1) of `statement`.
    func bind(_ statement: OpaquePointer?, _ index: Int, _ value: String) {
        // SQLite copies the text (SQLITE_TRANSIENT): a native string's own bytes are bound, no copy made here.
        _ = value.withCString { fl_sqlite_bind_text(statement, Int32(index), $0, Int32(value.utf8.count)) }
    }
}
