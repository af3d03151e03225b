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

    /// Every record whose `field` is one of `values`, in rowid order: one statement, by the field's index.
    public func records(where field: String, isOneOf values: [String], _ body: (StoredRecord) -> Bool) throws(SinkError) {
        guard !values.isEmpty else { return }
        let columns = tables.columns
        guard columns.contains(field) else { throw SinkError(.mismatch, tr("\(field) is not a column of \(tables.table) (its columns: \(columns.joined(separator: ", ")))")) }
        // Anonymous placeholders: SQLite looks up each numbered one (`?N`) among those before it as it prepares the
        // statement, which for a chunk's thousands of values costs more than the query.
        let placeholders = repeatElement("?", count: values.count).joined(separator: ", ")
        try database.rows("SELECT rowid, \(RecordTables.list(columns)) FROM \"\(tables.table)\" WHERE \"\(field)\" IN (\(placeholders)) AND \"\(field)\" <> '' ORDER BY rowid",
                          values, width: columns.count + 1) { id, values in
            body(StoredRecord(key: id, columns: Array(zip(columns, values))))
        }
    }

    /// Up to `limit` records with `text` in one of `searched`, ranked in the database (`RecordTables.search`).
    public func records(containing text: String, in searched: [String], limit: Int) throws(SinkError) -> [StoredRecord] {
        let searched = searched.filter(tables.fields.contains)
        guard !searched.isEmpty else { return [] }
        let columns = tables.columns
        // Letter case ignored, as the search's ranking ignores it (SQLite's lower() folds ASCII letters only).
        let sql = text.isEmpty ? tables.newest(key: "rowid", limit: limit)
            : tables.search(in: searched, key: "rowid", placeholder: "?1", limit: limit, prefix: { "substr(\($0), 1, \($1))" },
                            position: { "instr(\($0), \($1))" }, least: "min")
        var found: [StoredRecord] = []
        try database.rows(sql, text.isEmpty ? [] : [text], width: columns.count + 1) { id, values in
            found.append(StoredRecord(key: id, columns: Array(zip(columns, values))))
            return true
        }
        return found
    }
}
