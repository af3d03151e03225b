/// One saved record keyed again by a second operator (`form --verify`): every field compared, and what was chosen
/// where the two differed. Saved whole or not at all (`VerificationStore`).
public struct RecordVerification: Sendable {
    /// One field compared: the first entry's value, the second's, and the value kept (one of them).
    public struct Field: Sendable, Equatable {
        /// The field's name.
        public var name: String
        /// The value saved by the first entry, as stored.
        public var saved: String
        /// The value the verifier keyed, as the form stores it.
        public var keyed: String
        /// The value kept: `saved` or `keyed`.
        public var chosen: String

        /// A field compared.
        public init(name: String, saved: String, keyed: String, chosen: String) {
            self.name = name
            self.saved = saved
            self.keyed = keyed
            self.chosen = chosen
        }

        /// The two entries differed.
        public var isDiscrepancy: Bool { saved != keyed }
    }

    /// The record as it was read before it was keyed again.
    public var read: StoredRecord
    /// The record's columns (`FormSpec.recordColumns`) after the verification: the saved ones, a chosen value where
    /// a discrepancy was resolved for the keyed one.
    public var values: [(name: String, value: String)]
    /// Every field keyed again, in form order.
    public var fields: [Field]
    /// When it was verified (ISO 8601 UTC).
    public var verifiedAt: String
    /// The verifier's login name.
    public var verifiedBy: String

    /// A finished verification of `read`.
    public init(read: StoredRecord, values: [(name: String, value: String)], fields: [Field], verifiedAt: String, verifiedBy: String) {
        self.read = read
        self.values = values
        self.fields = fields
        self.verifiedAt = verifiedAt
        self.verifiedBy = verifiedBy
    }

    /// Whether a value of the saved record is replaced (a keyed value chosen over the saved one).
    public var changesRecord: Bool { fields.contains { $0.chosen != $0.saved } }

    /// The columns of a form's verification table (`FORM_verify`), a row per field keyed again.
    public static let columns = [RecordColumns.recordID, "field", "entered_by", "saved", "keyed", "chosen", "verified_at", "verified_by"]
    /// The verification table's name suffix: fits within `FormSpec.historySuffix`'s length, so every form name's does.
    public static let tableSuffix = "_verify"

    /// The table's rows, in `columns` order.
    public var rows: [[String]] {
        let id = read.value(of: RecordColumns.recordID) ?? ""
        let enteredBy = read.value(of: RecordColumns.operatorName) ?? ""
        return fields.map { [id, $0.name, enteredBy, $0.saved, $0.keyed, $0.chosen, verifiedAt, verifiedBy] }
    }
}

/// A database that keeps verifications (`form --verify`): SQLite and PostgreSQL.
public protocol VerificationStore: RecordDatabase {
    /// Saves `verification` in one transaction: the record corrected when a keyed value was chosen (its replaced
    /// version kept in history, as any correction's), and a row per field keyed again in the verification table
    /// (made when missing). Nothing of it is saved when anything fails.
    func save(_ verification: RecordVerification) throws(SinkError)
}
