import FieldKit

/// How a correction finds its record in a database's table, and the optimistic check that it is still the record
/// read: shared by the SQLite and PostgreSQL sinks.
extension RecordTables {
    /// The WHERE condition (one parameter, `placeholder`) selecting `target`'s row: a record read back by its
    /// `record_id` (by the sink's own row key, `key`, when it has none: a row another program inserted), a field's
    /// value as a look-up.
    func selection(_ target: RecordTarget, key: String, placeholder: String) throws(SinkError) -> (condition: String, value: String) {
        switch target {
        case .read(let record):
            if let id = record.value(of: RecordColumns.recordID), !id.isEmpty {
                return (RecordTables.lookup(RecordColumns.recordID, placeholder), id)
            }
            return ("\(key) = \(placeholder)", String(record.key))
        case .field(let field, let value):
            guard fields.contains(field) else { throw SinkError(.notFound, tr("\(field) is not a field of \(table)")) }
            return (RecordTables.lookup(field, placeholder), value)
        }
    }

    /// The one row (its `columns`) of `rows` (at most two, read under the transaction's lock) that `target` selects,
    /// or why there is none: no row, several rows for a field's value, or a row read back that changed since.
    func selected(_ target: RecordTarget, from rows: [[String]]) throws(SinkError) -> [String] {
        guard let row = rows.first else { throw SinkError(.notFound, RecordTables.notFoundMessage(target)) }
        switch target {
        case .field(let field, let value):
            if rows.count > 1 {
                throw SinkError(.ambiguous, tr("\(field) \(ControlCharacters.escaped(value)) is in more than one saved record: none was corrected"))
            }
        case .read(let record):
            guard row == record.columns.map(\.value) else { throw changedMessage(now: row) }
        }
        return row
    }

    /// The record read for a correction changed since: who corrected it when, as the row says now.
    private func changedMessage(now row: [String]) -> SinkError {
        let at = columns.firstIndex(of: RecordColumns.editedAt).map { row[$0] } ?? ""
        let by = columns.firstIndex(of: RecordColumns.editedBy).map { row[$0] } ?? ""
        if at.isEmpty { return SinkError(.changed, tr("the record changed since it was read: nothing saved; open it again")) }
        return SinkError(.changed, tr("the record was corrected \(ControlCharacters.escaped(at)) by \(ControlCharacters.escaped(by)) since it was read: nothing saved; open it again"))
    }

    /// `no saved record with idcard 1101…`.
    static func notFoundMessage(_ target: RecordTarget) -> String { target.notFoundMessage }
}
