/// The bookkeeping columns of an input record kept as they are (`form --input --keep-saved`): who saved it and when,
/// who corrected it last and when, and its record id, as `records` wrote them, so records moved from one output to
/// another stay the same records. A column the input leaves out (or gives empty, for the id, the time and the
/// operator) is made as for a new record.
public struct KeptBookkeeping: Sendable, Equatable {
    /// `saved_at`, when given.
    public var savedAt: String?
    /// `operator`, when given.
    public var operatorName: String?
    /// `edited_at`, empty when the record was never corrected.
    public var editedAt = ""
    /// `edited_by`, empty when the record was never corrected.
    public var editedBy = ""
    /// `record_id`, when given.
    public var recordID: String?

    /// Whether the record was corrected (its `edited_at` is set).
    public var wasCorrected: Bool { !editedAt.isEmpty }

    /// The record of form values `values` as stored with these columns, when every column is kept (a column made
    /// anew is not known until it is made): what the record's next version replaces.
    public func stored(_ values: [(name: String, value: String)]) -> StoredRecord? {
        guard let savedAt, let operatorName, let recordID else { return nil }
        return StoredRecord(key: 0, columns: values + [(RecordColumns.savedAt, savedAt), (RecordColumns.operatorName, operatorName),
                                                       (RecordColumns.editedAt, editedAt), (RecordColumns.editedBy, editedBy),
                                                       (RecordColumns.recordID, recordID)])
    }

    /// `pairs` without their bookkeeping columns, and those columns checked, or the first problem (field, message):
    /// a time that is not `YYYY-MM-DDTHH:MM:SSZ`, an id that is not a record id, an editor without a time.
    public static func split(_ pairs: [(name: String, text: String)])
        -> Result<(fields: [(name: String, text: String)], kept: KeptBookkeeping), KeptProblem> {
        var kept = KeptBookkeeping()
        var fields: [(name: String, text: String)] = []
        for (name, text) in pairs {
            switch name {
            case RecordColumns.savedAt:
                guard text.isEmpty || isTimestamp(text) else { return .failure(KeptProblem(name, tr("not a time as fieldline writes it (2026-11-22T16:39:01Z)"))) }
                kept.savedAt = text.isEmpty ? nil : text
            case RecordColumns.operatorName:
                guard !text.unicodeScalars.contains(where: ControlCharacters.isControl) else {
                    return .failure(KeptProblem(name, tr("a login name holds no control characters")))
                }
                kept.operatorName = text.isEmpty ? nil : text
            case RecordColumns.editedAt:
                guard text.isEmpty || isTimestamp(text) else { return .failure(KeptProblem(name, tr("not a time as fieldline writes it (2026-11-22T16:39:01Z)"))) }
                kept.editedAt = text
            case RecordColumns.editedBy:
                guard !text.unicodeScalars.contains(where: ControlCharacters.isControl) else {
                    return .failure(KeptProblem(name, tr("a login name holds no control characters")))
                }
                kept.editedBy = text
            case RecordColumns.recordID:
                guard text.isEmpty || RecordID.isValid(text) else {
                    return .failure(KeptProblem(name, tr("not a record id (a UUID in lowercase: 8-4-4-4-12 hexadecimal digits)")))
                }
                kept.recordID = text.isEmpty ? nil : text
            default:
                fields.append((name, text))
            }
        }
        guard kept.editedAt.isEmpty == kept.editedBy.isEmpty else {
            return .failure(KeptProblem(RecordColumns.editedBy, tr("edited_at and edited_by are given together or not at all")))
        }
        return .success((fields, kept))
    }

    /// Whether `text` is a UTC time as fieldline writes one: `YYYY-MM-DDTHH:MM:SSZ`.
    static func isTimestamp(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 20 else { return false }
        for (i, byte) in bytes.enumerated() {
            switch i {
            case 4, 7: guard byte == UInt8(ascii: "-") else { return false }
            case 10: guard byte == UInt8(ascii: "T") else { return false }
            case 13, 16: guard byte == UInt8(ascii: ":") else { return false }
            case 19: guard byte == UInt8(ascii: "Z") else { return false }
            default: guard byte >= 0x30 && byte <= 0x39 else { return false }
            }
        }
        return true
    }
}

/// Why a kept bookkeeping column cannot be kept: the column and one line saying why.
public struct KeptProblem: Error, Sendable, Equatable {
    /// The column.
    public let field: String
    /// What is wrong with its value.
    public let message: String

    /// A problem with `field`.
    public init(_ field: String, _ message: String) {
        self.field = field
        self.message = message
    }
}
