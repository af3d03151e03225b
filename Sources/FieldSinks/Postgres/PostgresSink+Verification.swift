import FieldKit

extension PostgresSink: VerificationStore {
    /// The correction (its history row) and the verification's rows in one transaction.
    public func save(_ verification: RecordVerification) throws(SinkError) {
        try beginBatch()
        do {
            if verification.changesRecord {
                _ = try update(.read(verification.read), with: verification.values, editedAt: verification.verifiedAt,
                               editedBy: verification.verifiedBy)
            }
            let table = tables.table + RecordVerification.tableSuffix
            let columns = RecordVerification.columns
            _ = try exec("CREATE TABLE IF NOT EXISTS \"\(table)\" (\(columns.map { "\"\($0)\" text NOT NULL" }.joined(separator: ", ")))", [])
            let placeholders = (1...columns.count).map { "$\($0)" }.joined(separator: ", ")
            for row in verification.rows {
                _ = try exec("INSERT INTO \"\(table)\" (\(RecordTables.list(columns))) VALUES (\(placeholders))", row)
            }
        } catch {
            inBatch = false
            if !lostConnection { _ = try? exec("ROLLBACK", []) }
            throw error
        }
        try commitBatch()
    }
}
