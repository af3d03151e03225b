import FieldKit

extension SQLiteSink {
    /// Many corrections in one savepoint of the batch, two prepared statements a record and no read: the row
    /// updated where it still holds every column as read (none changed: it was not), then its history row. The
    /// unique fields are not set (they keep their values), so their indexes are left alone.
    public func replace(_ replacements: [RecordReplacement], editedBy: String) throws(SinkError) -> [Bool] {
        guard !replacements.isEmpty else { return [] }
        let columns = tables.columns, fields = tables.fields
        let changing = fields.indices.filter { !uniqueFields.contains(fields[$0]) }
        let kept = fields.indices.filter { uniqueFields.contains(fields[$0]) }
        let assignments = (changing.map { fields[$0] } + RecordColumns.corrected).enumerated().map { "\"\($1)\" = ?\($0 + 1)" }
        let key = changing.count + 3
        // A NULL another program stored is read as empty text.
        let unchanged = columns.enumerated().map { "coalesce(\"\($1)\", '') = ?\(key + 1 + $0)" }
        let update = "UPDATE \"\(tables.table)\" SET \(assignments.joined(separator: ", ")) WHERE rowid = ?\(key) AND \(unchanged.joined(separator: " AND "))"
        let history = tables.historyColumns
        let insert = "INSERT INTO \"\(tables.history)\" (\(RecordTables.list(history))) VALUES (\((1...history.count).map { "?\($0)" }.joined(separator: ", ")))"
        // The history row: the replaced version's columns up to `edited_by`, its row, when and by whom, its id.
        let versionColumns = tables.version2Columns.count
        // Corrections come in no order: the rows they replace are on random pages of the table and its indexes.
        try database.execute("PRAGMA cache_size = -\(Self.importCacheKiB)")
        var applied = [Bool](repeating: false, count: replacements.count)
        // A record read with other columns, met a second time or changing a unique value is left to `update`.
        var seen = Set<Int64>()
        var eligible = replacements.indices.filter { index in
            let read = replacements[index].read, values = replacements[index].values
            return read.columns.count == columns.count && values.count == fields.count
                && kept.allSatisfy({ values[$0] == read.columns[$0].value }) && seen.insert(read.key).inserted
        }
        // The rows updated in rowid order, each page of the table visited once in a pass, not in input order (no
        // two name one row); their history rows then appended in input order.
        eligible.sort { replacements[$0].read.key < replacements[$1].read.key }
        do {
            try transaction { () throws(SinkError) in
                let updating = try database.prepared(update), keeping = try database.prepared(insert)
                defer {
                    database.clearBindings(updating)
                    database.clearBindings(keeping)
                }
                var parameters = SQLiteTextParameters()
                for index in eligible {
                    let replacement = replacements[index]
                    parameters.removeAll()
                    for field in changing { parameters.add(replacement.values[field]) }
                    parameters.add(replacement.editedAt)
                    parameters.add(editedBy)
                    parameters.add(String(replacement.read.key))
                    for column in replacement.read.columns { parameters.add(column.value) }
                    applied[index] = try database.changes(updating, text: parameters.text, ends: parameters.ends) == 1
                }
                for (replacement, done) in zip(replacements, applied) where done {
                    let read = replacement.read
                    parameters.removeAll()
                    for column in read.columns.prefix(versionColumns) { parameters.add(column.value) }
                    parameters.add(String(read.key))
                    parameters.add(replacement.editedAt)
                    parameters.add(editedBy)
                    parameters.add(read.columns[columns.count - 1].value)
                    try database.run(keeping, text: parameters.text, ends: parameters.ends)
                }
            }
        } catch where error.kind == .conflict || error.kind == .refused {
            return replacements.map { _ in false }
        }
        return applied
    }
}
