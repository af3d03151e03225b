import FieldKit

/// One field of one record's paradata, read back with what `stats` groups it by: the record's operator, when it
/// was saved and the warnings it was saved over.
public struct KeyingRow: Sendable {
    /// The record's `record_id`.
    public var recordID: String
    /// The field asked.
    public var field: String
    /// How it was keyed.
    public var keying: FieldKeying
    /// The record's `operator`.
    public var operatorName: String
    /// The record's `saved_at` (ISO 8601 UTC).
    public var savedAt: String
    /// The record's `warnings` column (a JSON object, warning name → reason; empty for none).
    public var warnings: String

    /// A row read back.
    public init(recordID: String, field: String, keying: FieldKeying, operatorName: String, savedAt: String, warnings: String) {
        self.recordID = recordID
        self.field = field
        self.keying = keying
        self.operatorName = operatorName
        self.savedAt = savedAt
        self.warnings = warnings
    }
}

/// A record source that also reads the paradata kept with its records (`FORM_keying`, or a file's side file),
/// read-only as the records are.
public protocol KeyingSource: RecordSource {
    /// Calls `body` with each paradata row whose record is in the target, until it returns false. Paradata whose
    /// record is not there (a file's record a crash cut off after its paradata) is left out; a target without
    /// paradata gives none.
    func keyingRows(_ body: (KeyingRow) -> Bool) throws(SinkError)
}

extension RecordTables {
    /// The paradata rows joined with their records' columns: `SELECT KEY, record_id, field, figures…, operator,
    /// saved_at, warnings` (`''` for a form without warnings).
    func keyingSelect(key: String) -> String {
        let figures = FieldKeying.columns.map { "k.\"\($0)\"" }.joined(separator: ", ")
        let warnings = fields.contains(RecordColumns.warnings) ? "r.\"\(RecordColumns.warnings)\"" : "''"
        return """
            SELECT \(key), k."record_id", k."field", \(figures), r."operator", r."saved_at", \(warnings)
            FROM "\(keying)" k JOIN "\(table)" r ON r."record_id" = k."record_id"
            """
    }

    /// A row of `keyingSelect` (after its key), or nil when a figure is not a number.
    static func keyingRow(_ values: some Collection<String>) -> KeyingRow? {
        let v = Array(values)
        guard v.count == 5 + FieldKeying.columns.count,
              let keying = FieldKeying(figures: v[2..<7].compactMap { Int($0) }) else { return nil }
        return KeyingRow(recordID: v[0], field: v[1], keying: keying, operatorName: v[7], savedAt: v[8], warnings: v[9])
    }

    /// Whether a database's paradata table is there with its columns: none is no paradata; other columns refused.
    func hasKeying(_ label: String, existing: [String]) throws(SinkError) -> Bool {
        if existing.isEmpty { return false }
        guard existing == RecordColumns.keying else { throw mismatch(label, table: keying, has: existing, wants: RecordColumns.keying) }
        return true
    }
}
