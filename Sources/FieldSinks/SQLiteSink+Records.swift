import FieldKit

extension SQLiteSink {
    /// Every record whose columns hold `conditions`, in rowid (saved) order, one row at a time.
    public func records(matching conditions: [(name: String, value: String)], _ body: (StoredRecord) -> Bool) throws(SinkError) {
        let columns = tables.columns
        for condition in conditions where !columns.contains(condition.name) {
            throw SinkError(.mismatch, tr("\(condition.name) is not a column of \(tables.table) (its columns: \(columns.joined(separator: ", ")))"))
        }
        let filter = conditions.isEmpty ? ""
            : " WHERE " + conditions.enumerated().map { $1.value.isEmpty ? "\"\($1.name)\" = ?\($0 + 1)" : RecordTables.lookup($1.name, "?\($0 + 1)") }.joined(separator: " AND ")
        try database.rows("SELECT rowid, \(RecordTables.list(columns)) FROM \"\(tables.table)\"\(filter) ORDER BY rowid",
                          conditions.map(\.value), width: columns.count + 1) { id, values in
            body(StoredRecord(key: id, columns: Array(zip(columns, values))))
        }
    }

    /// Up to `limit` records, newest first, with `text` inside one of the form's fields.
    public func records(containing text: String, limit: Int) throws(SinkError) -> [StoredRecord] {
        guard !tables.fields.isEmpty else { return [] }
        let columns = tables.columns
        let filter = tables.fields.map { "instr(\"\($0)\", ?1) > 0" }.joined(separator: " OR ")
        var found: [StoredRecord] = []
        try database.rows("SELECT rowid, \(RecordTables.list(columns)) FROM \"\(tables.table)\" WHERE \(filter) ORDER BY rowid DESC LIMIT \(max(0, limit))",
                          [text], width: columns.count + 1) { id, values in
            found.append(StoredRecord(key: id, columns: Array(zip(columns, values))))
            return true
        }
        return found
    }
}
