import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// A form's records read from a SQLite database opened read-only: nothing is created (a missing file stays
/// missing), no table is made or upgraded. A table of fieldline 0.6.0 (no correction columns) reads with
/// `edited_at` and `edited_by` empty.
public final class SQLiteRecordReader: RecordSource {
    /// Hears each record that cannot be read; reading goes on. Nil: the first one ends the reading.
    public var unreadable: ((SinkError) -> Void)?
    /// Each corrected record after its earlier versions, from the history table (a version 3 table's).
    public var includesHistory = false
    /// The path, for messages.
    public let label: String
    let database: SQLiteDatabase
    let tables: RecordTables
    let reading: TableReading
    private let lossy: Bool

    /// Open the database at `path` for reading `form`'s records: `.notFound` when the file or the table is not
    /// there, `.mismatch` when the table has other columns. A stored text that is not UTF-8 is `.mismatch` naming
    /// its record and column, or (`lossy`) read with U+FFFD in place of each bad byte.
    public init(path: String, form: FormSpec, lossy: Bool = false) throws(SinkError) {
        label = path
        self.lossy = lossy
        tables = RecordTables(form: form)
        // SQLite's own message for a missing file is "unable to open database file": the system's says why.
        guard access(path, R_OK) == 0 else {
            throw SinkError(.notFound, tr("cannot read \(path): \(String(cString: strerror(errno)))"))
        }
        do { database = try SQLiteDatabase(path: path, readOnly: true) } catch { throw SinkError(.notFound, error.message) }
        reading = try tables.reading(path, existing: try database.columns(of: tables.table),
                                     shapes: [(tables.columns, "rowid"), (tables.version2Columns, "rowid"), (tables.version1Columns, "rowid")])
    }

    /// Every record whose columns hold `conditions`, in saved order, streamed.
    public func records(matching conditions: [(name: String, value: String)], _ body: (StoredRecord) -> Bool) throws(SinkError) {
        let columns = tables.columns
        for condition in conditions where !columns.contains(condition.name) { throw tables.unknownColumn(condition.name) }
        let sql = includesHistory && reading.isCurrent
            ? reading.selectWithHistory(tables, key: "rowid", historyOrder: "rowid")
            : reading.select(from: tables.table, key: "rowid", conditions: conditions) { "?\($0)" }
        let label = self.label
        let invalidText = lossy ? nil : { (key: Int64, column: Int) in RecordTables.notUTF8(label, record: key, column: RecordTables.name(of: column, in: columns)) }
        try database.rows(sql, conditions.map(\.value), width: columns.count + 1, invalidText: invalidText, unreadable: unreadable) { id, values in
            body(tables.record(key: id, values))
        }
    }
}
