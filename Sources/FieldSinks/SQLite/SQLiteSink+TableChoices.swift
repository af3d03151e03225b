internal import CSQLiteLoader
import FieldKit
#if canImport(Glibc)
import Glibc
#endif

extension SQLiteSink: TableChoicesReading {
    /// The table whole in saved order (`SQLiteDatabase.tableRows`).
    public func tableRows(_ table: String, timeout: Double) throws(SinkError) -> (columns: [String], rows: [[String]])? {
        try database.tableRows(table, timeout: timeout)
    }
}

/// A SQLite database opened read-only for `check --lookups` and `replay --lookups`: nothing is created or written.
public final class SQLiteTableLookups: TableChoicesReading {
    let database: SQLiteDatabase

    /// Opens the database at `path`; `.notFound` when it cannot be read.
    public init(path: String) throws(SinkError) {
        guard access(path, R_OK) == 0 else {
            throw SinkError(.notFound, tr("cannot read \(path): \(String(cString: strerror(errno)))"))
        }
        do { database = try SQLiteDatabase(path: path, readOnly: true) } catch { throw SinkError(.notFound, error.message) }
    }

    /// The table whole in saved order (`SQLiteDatabase.tableRows`).
    public func tableRows(_ table: String, timeout: Double) throws(SinkError) -> (columns: [String], rows: [[String]])? {
        try database.tableRows(table, timeout: timeout)
    }
}

extension SQLiteDatabase {
    /// `table`'s columns and its rows in rowid order (saved order; at most one more than a list may hold), waiting
    /// for another writer's lock at most `timeout` (nil when that wait ran out). No table: no columns.
    func tableRows(_ table: String, timeout: Double) throws(SinkError) -> (columns: [String], rows: [[String]])? {
        let columns = try self.columns(of: table)
        guard !columns.isEmpty else { return ([], []) }
        let list = columns.map { "\"\(String($0.flatMap { $0 == "\"" ? ["\"", "\""] : [$0] }))\"" }.joined(separator: ", ")
        let sql = "SELECT rowid, \(list) FROM \"\(table)\" ORDER BY rowid"
        if let db { fl_sqlite3_busy_timeout(db, Int32(clamping: Int((timeout * 1000).rounded(.up)))) }
        defer { if let db { fl_sqlite3_busy_timeout(db, 10_000) } }
        var rows: [[String]] = []
        do throws(SinkError) {
            try self.rows(sql, [], width: columns.count + 1) { _, cells in
                rows.append(cells)
                return rows.count <= ChoiceList.maxChoices
            }
        } catch {
            if let db, fl_sqlite3_extended_errcode(db) & 0xff == SQLITE_BUSY { return nil }
            throw error
        }
        return (columns, rows)
    }
}
