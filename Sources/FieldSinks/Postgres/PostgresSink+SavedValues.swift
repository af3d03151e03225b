import FieldKit

extension PostgresSink {
    /// One query for all of `values` (one array), under a statement_timeout of `timeout` for that query alone: a
    /// lock held on the table or a slow server ends it (57014, or 55P03 for a shorter lock_timeout) as `.timedOut`.
    public func savedValues(_ values: [String], in table: String, field: String, timeout: Double) throws(SinkError) -> SavedValueAnswer {
        let columns = try exec("SELECT count(*) FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 AND column_name = $2",
                               [table, field])
        guard columns.first?.first.flatMap(Int.init) ?? 0 > 0 else {
            throw SinkError(.mismatch, tr("\(label) has no table \(table) with a field \(field) (exists:, not_exists:)"))
        }
        guard !values.isEmpty else { return .found([]) }
        let kept = statementTimeout
        _ = try exec("SELECT set_config('statement_timeout', $1, false)", ["\(Int((timeout * 1000).rounded(.up)))ms"])
        defer { _ = try? exec("SELECT set_config('statement_timeout', $1, false)", [kept]) }
        do {
            let rows = try exec("SELECT DISTINCT \"\(field)\" FROM \"\(table)\" WHERE \"\(field)\" = ANY($1::text[])", [postgresArrayLiteral(values)])
            return .found(Set(rows.compactMap(\.first)))
        } catch where lastFailureState == "57014" || lastFailureState == "55P03" {
            return .timedOut
        }
    }
}
