import FieldKit

/// A form's records read from a PostgreSQL database: a connection and one read-only transaction per read, no
/// advisory lock, no table made or upgraded. A table of fieldline 0.6.0 (no correction columns, no `fieldline_id`)
/// reads with `edited_at` and `edited_by` empty, ordered by `saved_at`.
public final class PostgresRecordReader: RecordSource {
    /// The URL without its password, for messages.
    public var label: String { connection.label }
    /// Hears each record that cannot be read; reading goes on. Nil: the first one ends the reading.
    public var unreadable: ((SinkError) -> Void)?
    /// Each corrected record after its earlier versions, from the history table (a version 3 table's).
    public var includesHistory = false
    let connection: PostgresSink
    let reading: TableReading
    private let lossy: Bool

    /// Connect to `url` for reading `form`'s records: `.notFound` when the table is not there, `.mismatch` when it
    /// has other columns, `.io` when the server cannot be reached. A stored text that is not UTF-8 is `.mismatch`
    /// naming its record and column, or (`lossy`) read with U+FFFD in place of each bad byte.
    public init(url: String, form: FormSpec, lossy: Bool = false) throws(SinkError) {
        self.lossy = lossy
        connection = try PostgresSink(readingFrom: url, form: form)
        let tables = connection.tables
        let id = RecordTables.idColumn
        reading = try tables.reading(connection.label, existing: try connection.columns(of: tables.table),
                                     shapes: [(tables.postgresColumns, id), (tables.version2Columns + [id], id),
                                              (tables.version1Columns, "\"saved_at\"")])
    }

    /// Every record whose columns hold `conditions`, in saved order, streamed.
    public func records(matching conditions: [(name: String, value: String)], _ body: (StoredRecord) -> Bool) throws(SinkError) {
        let tables = connection.tables
        let columns = tables.columns
        for condition in conditions where !columns.contains(condition.name) { throw tables.unknownColumn(condition.name) }
        // A 0.6.0 table has no key of its own: its records are numbered as read.
        let key = reading.order == RecordTables.idColumn ? RecordTables.idColumn : "row_number() OVER (ORDER BY \(reading.order))"
        // The history table has no order of its own: its rows are only ever inserted, so their place in the heap
        // (`ctid`) is the order they were written in, after their time.
        let sql = includesHistory && reading.isCurrent
            ? reading.selectWithHistory(tables, key: key, historyOrder: "\"changed_at\", ctid")
            : reading.select(from: tables.table, key: key, conditions: conditions) { "$\($0)" }
        let label = self.label
        let invalidText = lossy ? nil : { (key: Int64, column: Int) in RecordTables.notUTF8(label, record: key, column: RecordTables.name(of: column, in: columns)) }
        try connection.cursor(sql, conditions.map(\.value), width: columns.count + 1, invalidText: invalidText,
                              unreadable: unreadable) { id, values in
            body(tables.record(key: id, values))
        }
    }
}
