import FieldKit

extension SQLiteSink: VerificationStore {
    /// The correction (its history row) and the verification's rows in one transaction (BEGIN IMMEDIATE).
    public func save(_ verification: RecordVerification) throws(SinkError) {
        try beginBatch()
        do {
            if verification.changesRecord {
                _ = try update(.read(verification.read), with: verification.values, editedAt: verification.verifiedAt,
                               editedBy: verification.verifiedBy)
            }
            let table = tables.table + RecordVerification.tableSuffix
            let columns = RecordVerification.columns
            try database.execute("CREATE TABLE IF NOT EXISTS \"\(table)\" (\(columns.map { "\"\($0)\" TEXT NOT NULL" }.joined(separator: ", ")))")
            let placeholders = (1...columns.count).map { "?\($0)" }.joined(separator: ", ")
            for row in verification.rows {
                try database.run("INSERT INTO \"\(table)\" (\(RecordTables.list(columns))) VALUES (\(placeholders))", row)
            }
        } catch {
            database.rollBack()
            inBatch = false
            throw error
        }
        try commitBatch()
    }
}
