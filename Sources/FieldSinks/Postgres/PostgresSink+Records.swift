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

    /// Every record whose `field` is one of `values`, in `fieldline_id` order: one statement (the values as one
    /// array parameter), by the field's index.
    public func records(where field: String, isOneOf values: [String], _ body: (StoredRecord) -> Bool) throws(SinkError) {
        guard !values.isEmpty else { return }
        let columns = tables.columns
        guard columns.contains(field) else { throw tables.unknownColumn(field) }
        let rows = try exec("SELECT \(RecordTables.idColumn), \(RecordTables.list(columns)) FROM \"\(tables.table)\" WHERE \"\(field)\" = ANY($1::text[]) AND \"\(field)\" <> '' ORDER BY \(RecordTables.idColumn)",
                            [postgresArrayLiteral(values)])
        for row in rows where row.count == columns.count + 1 {
            guard body(tables.record(key: Int64(row[0]) ?? 0, row.dropFirst())) else { return }
        }
    }

    /// Up to `limit` records with `text` in one of `searched`, ranked in the database (`RecordTables.search`).
    public func records(containing text: String, in searched: [String], limit: Int) throws(SinkError) -> [StoredRecord] {
        let searched = searched.filter(tables.fields.contains)
        guard !searched.isEmpty else { return [] }
        let columns = tables.columns
        let key = RecordTables.idColumn
        let sql = text.isEmpty ? tables.newest(key: key, limit: limit)
            : tables.search(in: searched, key: key, placeholder: "$1", limit: limit, prefix: { "left(\($0), \($1))" },
                            position: { "strpos(\($0), \($1))" }, least: "least")
        let rows = try exec(sql, text.isEmpty ? [] : [text])
        return rows.filter { $0.count == columns.count + 1 }.map { StoredRecord(key: Int64($0[0]) ?? 0, columns: Array(zip(columns, $0.dropFirst()))) }
    }
}
