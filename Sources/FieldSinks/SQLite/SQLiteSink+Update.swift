import FieldKit

extension SQLiteSink {

    /// Replaces the record `target` selects, keeping the replaced version in the history table, in one
    /// transaction (BEGIN IMMEDIATE: a second corrector waits for the first, then finds the record changed).
    public func update(_ target: RecordTarget, with values: [(name: String, value: String)], editedAt: String,
                       editedBy: String) throws(SinkError) -> Bool {
        let columns = tables.columns
        let selection = try tables.selection(target, key: "rowid", placeholder: "?1")
        return try transaction { () throws(SinkError) -> Bool in
            var found: [(id: Int64, values: [String])] = []
            // A stored text that is not UTF-8 would be written back changed (and kept changed in the history).
            let invalidText = { (key: Int64, column: Int) in RecordTables.notCorrectable(record: key, column: RecordTables.name(of: column, in: columns)) }
            try database.rows("SELECT rowid, \(RecordTables.list(columns)) FROM \"\(tables.table)\" WHERE \(selection.condition) ORDER BY rowid LIMIT 2",
                              [selection.value], width: columns.count + 1, invalidText: invalidText) { id, row in
                found.append((id, row))
                return true
            }
            let old = try tables.selected(target, from: found.map(\.values))
            let id = found[0].id
            let new = tables.fields.map { name in values.first { $0.name == name }?.value ?? "" }
            if Array(old.prefix(new.count)) == new { return false }
            let history = tables.historyColumns
            let placeholders = (1...history.count).map { "?\($0)" }.joined(separator: ", ")
            try database.run("INSERT INTO \"\(tables.history)\" (\(RecordTables.list(history))) VALUES (\(placeholders))",
                             tables.historyRow(old: old, id: String(id), changedAt: editedAt, changedBy: editedBy))
            let changed = tables.correctedColumns
            let assignments = changed.enumerated().map { "\"\($1)\" = ?\($0 + 1)" }.joined(separator: ", ")
            try database.run("UPDATE \"\(tables.table)\" SET \(assignments) WHERE rowid = ?\(changed.count + 1)",
                             new + [editedAt, editedBy, String(id)])
            return true
        }
    }
}
