import FieldKit

/// What is said of a stored text that is not UTF-8 (written by another program): reading it as U+FFFD would show,
/// and a correction would store, a value nobody typed.
extension RecordTables {
    /// `records`: the record and column named; `--lossy` shows such text on purpose.
    static func notUTF8(_ label: String, record: Int64, column: String) -> SinkError {
        SinkError(.mismatch, tr("\(label): record \(record): \(ControlCharacters.escaped(column)): not valid UTF-8 (--lossy shows it with U+FFFD)"))
    }

    /// A correction of such a record is refused: it would write the text back changed.
    static func notCorrectable(record: Int64, column: String) -> SinkError {
        SinkError(.refused, tr("record \(record): \(ControlCharacters.escaped(column)) holds text that is not valid UTF-8; a correction would change it, so the record is not corrected (fix it in the database)"))
    }

    /// The name of column `index` of `columns`, `-` when there is none (the key).
    static func name(of index: Int, in columns: [String]) -> String {
        columns.indices.contains(index) ? columns[index] : "-"
    }
}
