import FieldKit

extension PostgresSink {
    /// Many corrections in one statement: the replacements sent as arrays (one a column, `unnest`ed back into
    /// rows), the rows updated where each still holds every column as read, and the history rows inserted for
    /// exactly those, whose ids come back. One round trip for the lot, in a savepoint of the batch. The unique
    /// fields are not set (they keep their values).
    public func replace(_ replacements: [RecordReplacement], editedBy: String) throws(SinkError) -> [Bool] {
        let columns = tables.columns, fields = tables.fields
        let changing = fields.indices.filter { !uniqueFields.contains(fields[$0]) }
        let kept = fields.indices.filter { uniqueFields.contains(fields[$0]) }
        // A record read with other columns, met a second time or changing a unique value is left to `update`
        // (false).
        var seen = Set<Int64>()
        let sent = replacements.map { replacement in
            replacement.read.columns.count == columns.count && replacement.values.count == fields.count
                && kept.allSatisfy { replacement.values[$0] == replacement.read.columns[$0].value } && seen.insert(replacement.read.key).inserted
        }
        let rows = replacements.indices.filter { sent[$0] }.map { replacements[$0] }
        guard !rows.isEmpty else { return sent }
        var parameters = [postgresArrayLiteral(rows.lazy.map { String($0.read.key) })]
        parameters.reserveCapacity(columns.count + changing.count + 3)
        for column in columns.indices { parameters.append(postgresArrayLiteral(rows.lazy.map { $0.read.columns[column].value })) }
        for field in changing { parameters.append(postgresArrayLiteral(rows.lazy.map { $0.values[field] })) }
        parameters.append(postgresArrayLiteral(rows.lazy.map(\.editedAt)))
        parameters.append(editedBy)
        let replaced: [[String]]
        do {
            replaced = try transaction { () throws(SinkError) in try exec(replacementStatement(setting: changing.map { fields[$0] }), parameters) }
        } catch where error.kind == .conflict || error.kind == .refused {
            return replacements.map { _ in false }
        }
        let applied = Set(replaced.compactMap { $0.first.flatMap { Int64($0) } })
        return replacements.indices.map { sent[$0] && applied.contains(replacements[$0].read.key) }
    }

    /// The statement of `replace`, setting the fields `setting`: parameter 1 the rows' ids, then their columns as
    /// read (`o0`…), their new values (`v0`…), their `edited_at` (`stamp`), each an array, and last `edited_by`.
    private func replacementStatement(setting: [String]) -> String {
        let columns = tables.columns
        let id = RecordTables.idColumn
        let old = columns.indices.map { "o\($0)" }, new = setting.indices.map { "v\($0)" }
        let arrays = ["$1::bigint[]"] + (2...(old.count + new.count + 2)).map { "$\($0)::text[]" }
        let by = "$\(old.count + new.count + 3)::text"
        let assignments = setting.enumerated().map { "\"\($1)\" = n.v\($0)" }
            + ["\"\(RecordColumns.editedAt)\" = n.stamp", "\"\(RecordColumns.editedBy)\" = \(by)"]
        // Compared as text: a column a DBA gave another type still compares with what was read.
        let unchanged = columns.enumerated().map { "e.\"\($1)\"::text = n.o\($0)" }
        let kept = tables.version2Columns.indices.map { "n.o\($0)" } + ["n.id", "n.stamp", by, "n.o\(columns.count - 1)"]
        // The rows offered to the update in the table's order (a pass over its pages rather than a jump for each),
        // their history rows inserted in input order (`ord`).
        return """
            WITH n AS (SELECT * FROM unnest(\(arrays.joined(separator: ", "))) WITH ORDINALITY AS r(id, \((old + new).joined(separator: ", ")), stamp, ord) ORDER BY id),
            u AS (UPDATE "\(tables.table)" AS e SET \(assignments.joined(separator: ", ")) FROM n
                  WHERE e."\(id)" = n.id AND \(unchanged.joined(separator: " AND ")) RETURNING e."\(id)")
            INSERT INTO "\(tables.history)" (\(RecordTables.list(tables.historyColumns)))
            SELECT \(kept.joined(separator: ", ")) FROM n JOIN u ON u."\(id)" = n.id ORDER BY n.ord RETURNING "\(id)"
            """
    }
}
