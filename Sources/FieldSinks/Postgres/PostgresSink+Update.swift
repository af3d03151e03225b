import FieldKit

extension PostgresSink {

    /// Replaces the record `target` selects, keeping the replaced version in the history table, in one
    /// transaction. The row is read `FOR UPDATE`: a second corrector of the same record waits for the first to
    /// commit and then replaces (and keeps in history) what the first saved, so neither correction is lost.
    public func update(_ target: RecordTarget, with values: [(name: String, value: String)], editedAt: String,
                       editedBy: String) throws(SinkError) -> Bool {
        let new = tables.fields.map { name in values.first { $0.name == name }?.value ?? "" }
        do {
            return try transaction { () throws(SinkError) in try replace(target, with: new, editedAt: editedAt, editedBy: editedBy) }
        } catch where lostConnection && !inBatch {
            // The connection went: the transaction either committed before its answer was lost or was rolled back
            // by the server. A row already holding this correction (its values, this edit's time and editor)
            // committed; otherwise it is made once more.
            if try holds(target, new, editedAt: editedAt, editedBy: editedBy) { return true }
            return try transaction { () throws(SinkError) in try replace(target, with: new, editedAt: editedAt, editedBy: editedBy) }
        }
    }

    /// The statements of one correction, inside a transaction or savepoint.
    private func replace(_ target: RecordTarget, with new: [String], editedAt: String, editedBy: String) throws(SinkError) -> Bool {
        let columns = tables.columns
        let (condition, value) = try tables.selection(target, key: RecordTables.idColumn, placeholder: "$1")
        // A stored text that is not UTF-8 would be written back changed (and kept changed in the history).
        let rows = try exec("SELECT \(RecordTables.idColumn), \(RecordTables.list(columns)) FROM \"\(tables.table)\" WHERE \(condition) ORDER BY \(RecordTables.idColumn) LIMIT 2 FOR UPDATE",
                            [value]) { key, column in RecordTables.notCorrectable(record: Int64(key) ?? 0, column: RecordTables.name(of: column - 1, in: columns)) }
            .filter { $0.count == columns.count + 1 }
        if let problem = takeTextProblem() { throw problem }
        let old = try tables.selected(target, from: rows.map { Array($0.dropFirst()) })
        let id = rows[0][0]
        if Array(old.prefix(new.count)) == new { return false }
        let history = tables.historyColumns
        let placeholders = (1...history.count).map { "$\($0)" }.joined(separator: ", ")
        _ = try exec("INSERT INTO \"\(tables.history)\" (\(RecordTables.list(history))) VALUES (\(placeholders))",
                     tables.historyRow(old: old, id: id, changedAt: editedAt, changedBy: editedBy))
        let changed = tables.correctedColumns
        let assignments = changed.enumerated().map { "\"\($1)\" = $\($0 + 1)" }.joined(separator: ", ")
        _ = try exec("UPDATE \"\(tables.table)\" SET \(assignments) WHERE \(RecordTables.idColumn) = $\(changed.count + 1)",
                     new + [editedAt, editedBy, id])
        return true
    }

    /// Whether the record `target` selects holds `new` as corrected at `editedAt` by `editedBy`.
    private func holds(_ target: RecordTarget, _ new: [String], editedAt: String, editedBy: String) throws(SinkError) -> Bool {
        let (condition, value) = try tables.selection(target, key: RecordTables.idColumn, placeholder: "$1")
        let wanted = tables.correctedColumns
        let rows = try exec("SELECT \(RecordTables.list(wanted)) FROM \"\(tables.table)\" WHERE \(condition) LIMIT 1", [value])
        return rows.first == new + [editedAt, editedBy]
    }

    /// Runs `body` as one transaction, or inside a batch as one savepoint: what fails is rolled back alone.
    func transaction<T>(_ body: () throws(SinkError) -> T) throws(SinkError) -> T {
        _ = try exec(inBatch ? "SAVEPOINT fieldline_record" : "BEGIN", [])
        do {
            let result = try body()
            _ = try exec(inBatch ? "RELEASE SAVEPOINT fieldline_record" : "COMMIT", [])
            return result
        } catch {
            guard !lostConnection else { throw error }
            guard inBatch else {
                _ = try? exec("ROLLBACK", [])
                throw error
            }
            // The batch goes on only if this record's statements are undone; otherwise its transaction is aborted
            // and its COMMIT would roll everything back, so the batch fails here, loudly. (One statement per call:
            // libpq's parameterised execution takes no more.)
            do {
                _ = try exec("ROLLBACK TO SAVEPOINT fieldline_record", [])
                _ = try exec("RELEASE SAVEPOINT fieldline_record", [])
            } catch let undo {
                inBatch = false
                _ = try? exec("ROLLBACK", [])
                throw SinkError(.io, tr("\(label): the batch could not go on after a refused record: \(undo.message)"))
            }
            throw error
        }
    }

    public func beginBatch() throws(SinkError) {
        guard !inBatch else { return }
        _ = try exec("BEGIN", [])
        inBatch = true
    }

    public func commitBatch() throws(SinkError) {
        guard inBatch else { return }
        inBatch = false
        do {
            // COMMIT of a transaction an error aborted answers ROLLBACK, not an error: a statement first makes an
            // aborted batch fail loudly.
            _ = try exec("SELECT 1", [])
            _ = try exec("COMMIT", [])
        } catch {
            if !lostConnection { _ = try? exec("ROLLBACK", []) }
            throw error
        }
    }
}
