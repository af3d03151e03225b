import FieldKit

extension PostgresSink: TableChoicesReading {
    /// The table whole in its key's order (saved order), under a statement_timeout of `timeout` for that query
    /// alone: a lock held on the table or a slow server ends it as nil.
    public func tableRows(_ table: String, timeout: Double) throws(SinkError) -> (columns: [String], rows: [[String]])? {
        let columns = try self.columns(of: table)
        guard !columns.isEmpty else { return ([], []) }
        let list = columns.map { "\"\(String($0.flatMap { $0 == "\"" ? ["\"", "\""] : [$0] }))\"::text" }.joined(separator: ", ")
        let order = columns.contains(RecordColumns.tableKey) ? " ORDER BY \"\(RecordColumns.tableKey)\"" : ""
        let kept = statementTimeout
        _ = try exec("SELECT set_config('statement_timeout', $1, false)", ["\(Int((timeout * 1000).rounded(.up)))ms"])
        defer { _ = try? exec("SELECT set_config('statement_timeout', $1, false)", [kept]) }
        do throws(SinkError) {
            let rows = try exec("SELECT \(list) FROM \"\(table)\"\(order) LIMIT \(ChoiceList.maxChoices + 1)", [])
            return (columns, rows)
        } catch where lastFailureState == "57014" || lastFailureState == "55P03" {
            return nil
        }
    }
}

extension PostgresSink {
    /// A connection to `url` only, for `check --lookups` and `replay --lookups`: no lock, no table made or changed.
    public static func tableLookups(url: String) throws(SinkError) -> any TableChoicesReading {
        try PostgresSink(readingFrom: url, form: FormSpec(name: "fieldline_lookups", fields: []))
    }
}
