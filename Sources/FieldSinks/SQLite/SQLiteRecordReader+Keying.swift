import FieldKit

extension SQLiteRecordReader: KeyingSource {
    /// The paradata rows of `FORM_keying` with their records, by the paradata's rowid (saved order), streamed.
    public func keyingRows(_ body: (KeyingRow) -> Bool) throws(SinkError) {
        guard reading.isCurrent, try tables.hasKeying(label, existing: try database.columns(of: tables.keying)) else { return }
        try database.rows(tables.keyingSelect(key: "k.rowid") + " ORDER BY k.rowid", [], width: 11) { _, values in
            guard let row = RecordTables.keyingRow(values) else { return true }
            return body(row)
        }
    }
}
