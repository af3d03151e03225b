import FieldKit

extension SQLiteSink {
    /// Creates the form's tables at the current version, or upgrades a version 1 table in place (its rows kept
    /// as they are), or checks that they are current. Runs inside the set-up transaction: a failure leaves the
    /// database as it was.
    func prepareTables() throws(SinkError) {
        let schema = RecordTables.schemaTable
        try database.execute("CREATE TABLE IF NOT EXISTS \"\(schema)\" (\"form\" TEXT PRIMARY KEY, \"version\" INTEGER NOT NULL)")
        let stored = try database.number("SELECT \"version\" FROM \"\(schema)\" WHERE \"form\" = ?1", [tables.table])
        if let stored, stored > RecordTables.version {
            throw SinkError(.mismatch, tr("\(label): table \(tables.table) has schema version \(stored), made by a newer fieldline (this one knows up to \(RecordTables.version))"))
        }
        let existing = try database.columns(of: tables.table)
        if existing.isEmpty {
            let definitions = tables.columns.map { column in
                RecordColumns.bookkeeping.dropFirst(2).contains(column) ? "\"\(column)\" TEXT NOT NULL DEFAULT ''" : "\"\(column)\" TEXT NOT NULL"
            }
            try database.execute("CREATE TABLE \"\(tables.table)\" (\(definitions.joined(separator: ", ")))")
        } else if existing == tables.version1Columns {
            for column in tables.addedColumns {
                try database.execute("ALTER TABLE \"\(tables.table)\" ADD COLUMN \"\(column)\" TEXT NOT NULL DEFAULT ''")
            }
        } else if existing != tables.columns {
            throw tables.mismatch(label, table: tables.table, has: existing, wants: tables.columns)
        }
        try prepareHistory()
        if stored != Int64(RecordTables.version) {
            try database.run("INSERT OR REPLACE INTO \"\(schema)\" (\"form\", \"version\") VALUES (?1, ?2)",
                             [tables.table, String(RecordTables.version)])
        }
    }

    /// The history table, created when missing; one with other columns is refused.
    private func prepareHistory() throws(SinkError) {
        let existing = try database.columns(of: tables.history)
        if existing.isEmpty {
            let definitions = tables.historyColumns.map { $0 == RecordTables.idColumn ? "\"\($0)\" INTEGER NOT NULL" : "\"\($0)\" TEXT NOT NULL" }
            try database.execute("CREATE TABLE \"\(tables.history)\" (\(definitions.joined(separator: ", ")))")
        } else if existing != tables.historyColumns {
            throw tables.mismatch(label, table: tables.history, has: existing, wants: tables.historyColumns)
        }
    }
}
