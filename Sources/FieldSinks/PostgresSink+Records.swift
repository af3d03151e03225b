import FieldKit

extension PostgresSink {
    /// Every record whose columns hold `conditions`, in `fieldline_id` (saved) order, through a cursor.
    public func records(matching conditions: [(name: String, value: String)], _ body: (StoredRecord) -> Bool) throws(SinkError) {
        let columns = tables.columns
        for condition in conditions where !columns.contains(condition.name) { throw tables.unknownColumn(condition.name) }
        let filter = conditions.isEmpty ? ""
            : " WHERE " + conditions.enumerated().map { $1.value.isEmpty ? "\"\($1.name)\" = $\($0 + 1)" : RecordTables.lookup($1.name, "$\($0 + 1)") }.joined(separator: " AND ")
        try cursor("SELECT \(RecordTables.idColumn), \(RecordTables.list(columns)) FROM \"\(tables.table)\"\(filter) ORDER BY \(RecordTables.idColumn)",
                   conditions.map(\.value), width: columns.count + 1) { id, values in
            body(tables.record(key: id, values))
        }
    }

    /// Up to `limit` records, newest first, with `text` inside one of the form's fields.
    public func records(containing text: String, limit: Int) throws(SinkError) -> [StoredRecord] {
        guard !tables.fields.isEmpty else { return [] }
        let columns = tables.columns
        // Letter case ignored, as the search's ranking ignores it.
        let filter = tables.fields.map { "strpos(lower(\"\($0)\"), lower($1)) > 0" }.joined(separator: " OR ")
        let rows = try exec("SELECT \(RecordTables.idColumn), \(RecordTables.list(columns)) FROM \"\(tables.table)\" WHERE \(filter) ORDER BY \(RecordTables.idColumn) DESC LIMIT \(max(0, limit))",
                            [text])
        return rows.filter { $0.count == columns.count + 1 }.map { StoredRecord(key: Int64($0[0]) ?? 0, columns: Array(zip(columns, $0.dropFirst()))) }
    }
}
