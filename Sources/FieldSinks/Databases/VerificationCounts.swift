import FieldKit

/// How many fields a first-entry operator's records had keyed again (`form --verify`), and how many of them the
/// first entry got wrong (the value kept is not the one it saved): `stats`' verification error rate.
public struct VerificationCount: Sendable, Equatable {
    /// The operator who first saved the records.
    public var enteredBy: String
    /// Fields keyed again.
    public var fields: Int
    /// Of them, those where the first entry's value was not the one kept.
    public var wrong: Int

    /// A count.
    public init(enteredBy: String, fields: Int, wrong: Int) {
        self.enteredBy = enteredBy
        self.fields = fields
        self.wrong = wrong
    }

    /// Errors per 10,000 fields in tenths, rounded half up (`wrong × 100,000 / fields`); nil without fields.
    public var perTenThousandTenths: Int? { fields == 0 ? nil : (wrong * 200_000 + fields) / (2 * fields) }
}

/// A source that can say how its records fared when verified.
public protocol VerificationSource {
    /// The counts per first-entry operator, by name; empty when nothing was verified (no `FORM_verify` table).
    func verificationCounts() throws(SinkError) -> [VerificationCount]
}

extension RecordTables {
    /// The verification table's name (`FORM_verify`).
    var verification: String { table + RecordVerification.tableSuffix }
    /// The counts' query: a row per first-entry operator, its fields and wrong first values (after a key column
    /// of 0, which the databases' row readers take first).
    var verificationCountSelect: String {
        "SELECT 0, \"entered_by\", COUNT(*), SUM(CASE WHEN \"chosen\" <> \"saved\" THEN 1 ELSE 0 END) FROM \"\(verification)\" GROUP BY \"entered_by\" ORDER BY \"entered_by\""
    }
    /// A count read from a row of `verificationCountSelect`.
    static func verificationCount(_ values: [String]) -> VerificationCount? {
        guard values.count == 3, let fields = Int(values[1]), let wrong = Int(values[2]) else { return nil }
        return VerificationCount(enteredBy: values[0], fields: fields, wrong: wrong)
    }
}

extension SQLiteRecordReader: VerificationSource {
    /// The counts from `FORM_verify`.
    public func verificationCounts() throws(SinkError) -> [VerificationCount] {
        guard try !database.columns(of: tables.verification).isEmpty else { return [] }
        var counts: [VerificationCount] = []
        try database.rows(tables.verificationCountSelect, [], width: 4) { _, values in
            if let count = RecordTables.verificationCount(values) { counts.append(count) }
            return true
        }
        return counts
    }
}

extension PostgresRecordReader: VerificationSource {
    /// The counts from `FORM_verify`.
    public func verificationCounts() throws(SinkError) -> [VerificationCount] {
        let tables = connection.tables
        guard try !connection.columns(of: tables.verification).isEmpty else { return [] }
        var counts: [VerificationCount] = []
        try connection.cursor(tables.verificationCountSelect, [], width: 4) { _, values in
            if let count = RecordTables.verificationCount(Array(values)) { counts.append(count) }
            return true
        }
        return counts
    }
}
