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
        let added: [String]
        if existing.isEmpty {
            let definitions = tables.columns.map { column in
                tables.version1Columns.contains(column) ? "\"\(column)\" TEXT NOT NULL" : "\"\(column)\" TEXT NOT NULL DEFAULT ''"
            }
            try database.execute("CREATE TABLE \"\(tables.table)\" (\(definitions.joined(separator: ", ")))")
            added = []
        } else if existing == tables.version1Columns || existing == tables.version2Columns {
            added = Array(tables.columns.dropFirst(existing.count))
        } else if existing != tables.columns {
            throw tables.mismatch(label, table: tables.table, has: existing, wants: tables.columns)
        } else {
            added = []
        }
        for column in added {
            try database.execute("ALTER TABLE \"\(tables.table)\" ADD COLUMN \"\(column)\" TEXT NOT NULL DEFAULT ''")
        }
        if added.contains(RecordColumns.recordID) {
            try database.execute("UPDATE \"\(tables.table)\" SET \"\(RecordColumns.recordID)\" = \(Self.newRecordID)")
        }
        try prepareHistory()
        try prepareKeying()
        if stored != Int64(RecordTables.version) {
            try database.run("INSERT OR REPLACE INTO \"\(schema)\" (\"form\", \"version\") VALUES (?1, ?2)",
                             [tables.table, String(RecordTables.version)])
        }
    }

    /// The history table, created when missing, or upgraded from version 2 (each replaced version given the
    /// `record_id` its row has now; a version whose row is gone keeps none); one with other columns is refused.
    private func prepareHistory() throws(SinkError) {
        let existing = try database.columns(of: tables.history)
        let id = RecordColumns.recordID
        if existing.isEmpty {
            let definitions = tables.historyColumns.map { $0 == RecordTables.idColumn ? "\"\($0)\" INTEGER NOT NULL" : "\"\($0)\" TEXT NOT NULL" }
            try database.execute("CREATE TABLE \"\(tables.history)\" (\(definitions.joined(separator: ", ")))")
        } else if existing == tables.version2HistoryColumns {
            try database.execute("ALTER TABLE \"\(tables.history)\" ADD COLUMN \"\(id)\" TEXT NOT NULL DEFAULT ''")
            try database.execute("""
                UPDATE "\(tables.history)" SET "\(id)" = coalesce((SELECT t."\(id)" FROM "\(tables.table)" t
                WHERE t.rowid = "\(tables.history)"."\(RecordTables.idColumn)"), '')
                """)
        } else if existing != tables.historyColumns {
            throw tables.mismatch(label, table: tables.history, has: existing, wants: tables.historyColumns)
        }
    }

    /// The paradata table, created when missing (a table of an older fieldline has none); one with other columns is
    /// refused.
    private func prepareKeying() throws(SinkError) {
        let existing = try database.columns(of: tables.keying)
        if existing.isEmpty {
            try database.execute("CREATE TABLE \"\(tables.keying)\" \(tables.keyingDefinition(text: "TEXT", integer: "INTEGER"))")
        } else if existing != RecordColumns.keying {
            throw tables.mismatch(label, table: tables.keying, has: existing, wants: RecordColumns.keying)
        }
    }

    /// A random UUID (version 4) in canonical text, made by SQLite for each row an upgrade gives an id.
    static let newRecordID = """
        lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' \
        || substr('89ab', 1 + abs(random()) % 4, 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))
        """
}
