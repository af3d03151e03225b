import FieldKit

extension PostgresRecordReader: KeyingSource {
    /// The paradata rows of `FORM_keying` with their records, streamed through a cursor.
    public func keyingRows(_ body: (KeyingRow) -> Bool) throws(SinkError) {
        let tables = connection.tables
        guard reading.isCurrent, try tables.hasKeying(label, existing: try connection.columns(of: tables.keying)) else { return }
        try connection.cursor(tables.keyingSelect(key: "0"), [], width: 11) { _, values in
            guard let row = RecordTables.keyingRow(values) else { return true }
            return body(row)
        }
    }
}
