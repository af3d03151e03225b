import FieldKit

extension SQLiteSink {
    /// Many corrections in one savepoint of the batch, two prepared statements a record and no read: the row
    /// updated where it still holds every column as read (`RETURNING` tells whether it did), then its history row.
    public func replace(_ replacements: [RecordReplacement], editedBy: String) throws(SinkError) -> [Bool] {
        guard !replacements.isEmpty else { return [] }
        let columns = tables.columns, fields = tables.fields
        let assignments = (fields + RecordColumns.corrected).enumerated().map { "\"\($1)\" = ?\($0 + 1)" }
        let key = fields.count + 3
        // A NULL another program stored is read as empty text.
        let unchanged = columns.enumerated().map { "coalesce(\"\($1)\", '') = ?\(key + 1 + $0)" }
        let update = "UPDATE \"\(tables.table)\" SET \(assignments.joined(separator: ", ")) WHERE rowid = ?\(key) AND \(unchanged.joined(separator: " AND ")) RETURNING rowid"
        let history = tables.historyColumns
        let insert = "INSERT INTO \"\(tables.history)\" (\(RecordTables.list(history))) VALUES (\((1...history.count).map { "?\($0)" }.joined(separator: ", ")))"
        // Corrections come in no order: the rows they replace are on random pages of the table and its indexes.
        try database.execute("PRAGMA cache_size = -\(Self.importCacheKiB)")
        var applied: [Bool] = []
        applied.reserveCapacity(replacements.count)
        var seen = Set<Int64>()
        do {
            try transaction { () throws(SinkError) in
                let updating = try database.prepared(update), keeping = try database.prepared(insert)
                for replacement in replacements {
                    let read = replacement.read
                    // A record read with other columns, or met a second time, is left to `update`.
                    guard read.columns.count == columns.count, replacement.values.count == fields.count, seen.insert(read.key).inserted else {
                        applied.append(false)
                        continue
                    }
                    for (index, value) in replacement.values.enumerated() { database.bind(updating, index + 1, value) }
                    database.bind(updating, fields.count + 1, replacement.editedAt)
                    database.bind(updating, fields.count + 2, editedBy)
                    database.bind(updating, key, String(read.key))
                    for (index, column) in read.columns.enumerated() { database.bind(updating, key + 1 + index, column.value) }
                    guard try database.returnsRow(updating) else {
                        applied.append(false)
                        continue
                    }
                    let row = tables.historyRow(old: read.columns.map(\.value), id: String(read.key), changedAt: replacement.editedAt, changedBy: editedBy)
                    for (index, value) in row.enumerated() { database.bind(keeping, index + 1, value) }
                    try database.run(keeping)
                    applied.append(true)
                }
            }
        } catch where error.kind == .conflict || error.kind == .refused {
            return replacements.map { _ in false }
        }
        return applied
    }
}
