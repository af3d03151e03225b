import FieldKit

extension SQLiteSink {
    public var updatesRecords: Bool { true }

    /// Replaces the record `target` selects, keeping the replaced version in the history table, in one
    /// transaction (BEGIN IMMEDIATE: a second corrector waits for the first and then replaces what the first saved).
    public func update(_ target: RecordTarget, with values: [(name: String, value: String)], editedAt: String,
                       editedBy: String) throws(SinkError) -> Bool {
        let table = tables.table
        let columns = tables.columns
        let selection: (condition: String, value: String)
        switch target {
        case .key(let key): selection = ("rowid = ?1", String(key))
        case .field(let field, let value):
            guard tables.fields.contains(field) else { throw SinkError(.notFound, tr("\(field) is not a field of \(table)")) }
            selection = (RecordTables.lookup(field, "?1"), value)
        }
        return try transaction { () throws(SinkError) -> Bool in
            var found: (id: Int64, values: [String])?
            // A stored text that is not UTF-8 would be written back changed (and kept changed in the history).
            let invalidText = { (key: Int64, column: Int) in RecordTables.notCorrectable(record: key, column: RecordTables.name(of: column, in: columns)) }
            try database.rows("SELECT rowid, \(RecordTables.list(columns)) FROM \"\(table)\" WHERE \(selection.condition) ORDER BY rowid LIMIT 1",
                              [selection.value], width: columns.count + 1, invalidText: invalidText) { id, row in
                found = (id, row)
                return false
            }
            guard let (id, old) = found else { throw SinkError(.notFound, Self.notFoundMessage(target)) }
            let new = tables.fields.map { name in values.first { $0.name == name }?.value ?? "" }
            if Array(old.prefix(new.count)) == new { return false }
            let history = tables.historyColumns
            let placeholders = (1...history.count).map { "?\($0)" }.joined(separator: ", ")
            try database.run("INSERT INTO \"\(tables.history)\" (\(RecordTables.list(history))) VALUES (\(placeholders))",
                             old + [String(id), editedAt, editedBy])
            let changed = tables.fields + RecordColumns.bookkeeping.dropFirst(2)
            let assignments = changed.enumerated().map { "\"\($1)\" = ?\($0 + 1)" }.joined(separator: ", ")
            try database.run("UPDATE \"\(table)\" SET \(assignments) WHERE rowid = ?\(changed.count + 1)",
                             new + [editedAt, editedBy, String(id)])
            return true
        }
    }

    /// `no saved record with idcard 1101…`.
    static func notFoundMessage(_ target: RecordTarget) -> String {
        switch target {
        case .key(let key): return tr("no saved record \(key) (removed since it was read?)")
        case .field(let field, let value): return tr("no saved record with \(field) \(ControlCharacters.escaped(value))")
        }
    }
}
