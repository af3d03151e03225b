import FieldKit

extension SQLiteSink {
    /// The table where imports keep how far they got: `form` (the form's table), `source` (the input file),
    /// `records` (how many of its records are dealt with), `hash` (their fingerprint, `ImportProgress`). Written in
    /// each batch's transaction.
    static let progressTable = "fieldline_import"
    /// The page cache an import's batches save with, in KiB: the unique indexes of a few million records.
    static let importCacheKiB = 262_144

    /// One transaction for the whole batch (one prepared INSERT run per record, one commit, one sync of the WAL). A
    /// record SQLite refuses (UNIQUE, CHECK, a trigger's ABORT) undoes only its own statement, SQLite's rule for a
    /// constraint failing under ABORT, so the others stay in the transaction: no savepoint per record is needed.
    public func save(batch records: [SavedRecord], progress: ImportProgress?) throws(SinkError) -> [(index: Int, error: SinkError)] {
        guard !records.isEmpty || progress != nil else { return [] }
        let columns = tables.columns
        let insert = "INSERT INTO \"\(tables.table)\" (\(RecordTables.list(columns))) VALUES (\((1...columns.count).map { "?\($0)" }.joined(separator: ", ")))"
        var refused: [(index: Int, error: SinkError)] = []
        // An import's rows go to random pages of a unique index (ID cards come in no order): with SQLite's default
        // 2 MB page cache, most of them are read again from the file once the index outgrows it.
        try database.execute("PRAGMA cache_size = -\(Self.importCacheKiB)")
        try startBulkRun()
        try beginBulkTransaction()
        do throws(SinkError) {
            let statement = try database.prepared(insert)
            defer { database.clearBindings(statement) }
            // A record's columns, one after another in one buffer reused for every record, bound where they lie.
            var text: [UInt8] = [], ends: [Int] = []
            for (index, record) in records.enumerated() {
                do {
                    text.removeAll(keepingCapacity: true)
                    ends.removeAll(keepingCapacity: true)
                    for value in record.values {
                        text.append(contentsOf: value.value.utf8)
                        ends.append(text.count)
                    }
                    text.append(contentsOf: record.savedAt.utf8)
                    ends.append(text.count)
                    text.append(contentsOf: record.operatorName.utf8)
                    ends.append(text.count)
                    text.append(contentsOf: record.editedAt.utf8)
                    ends.append(text.count)
                    text.append(contentsOf: record.editedBy.utf8)
                    ends.append(text.count)
                    text.append(contentsOf: record.recordID.utf8)
                    ends.append(text.count)
                    try database.run(statement, text: text, ends: ends)
                } catch where error.kind == .conflict || error.kind == .refused {
                    // A rule that rolls back the whole transaction (a trigger's RAISE(ROLLBACK)) took the batch's
                    // other records with it: the batch fails as a whole, nothing of it saved, rather than the rest
                    // being saved one by one outside any transaction.
                    guard database.inTransaction else {
                        throw SinkError(.io, tr("\(label): the database rolled back the whole batch when it refused a record: \(error.message)"))
                    }
                    refused.append((index, error))
                }
            }
            if let progress {
                try database.execute("CREATE TABLE IF NOT EXISTS \(Self.progressTable) (form TEXT NOT NULL, source TEXT NOT NULL, records INTEGER NOT NULL, hash TEXT, PRIMARY KEY (form, source))")
                // A table an older fieldline made has no `hash`: added in place, its rows kept.
                if try !progressHasFingerprints() { try database.execute("ALTER TABLE \(Self.progressTable) ADD COLUMN hash TEXT") }
                try database.run("INSERT INTO \(Self.progressTable) (form, source, records, hash) VALUES (?1, ?2, ?3, ?4) ON CONFLICT (form, source) DO UPDATE SET records = excluded.records, hash = excluded.hash",
                                 [tables.table, progress.source, String(progress.records), progress.fingerprint ?? ""])
            }
            try commitBulkTransaction()
        } catch {
            database.rollBack()
            throw error
        }
        return refused
    }


    public func importProgress(of source: String) throws(SinkError) -> ImportProgress? {
        guard try database.number("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?1", [Self.progressTable]) == 1,
              let records = try database.number("SELECT records FROM \(Self.progressTable) WHERE form = ?1 AND source = ?2", [tables.table, source])
        else { return nil }
        let fingerprint = try progressHasFingerprints()
            ? try database.texts("SELECT hash FROM \(Self.progressTable) WHERE form = ?1 AND source = ?2", [tables.table, source]).first : nil
        return ImportProgress(source: source, records: Int(records), fingerprint: fingerprint.flatMap { $0.isEmpty ? nil : $0 })
    }

    /// Whether the progress table has its `hash` column (an older fieldline's has not).
    private func progressHasFingerprints() throws(SinkError) -> Bool {
        try database.number("SELECT count(*) FROM pragma_table_info(?1) WHERE name = 'hash'", [Self.progressTable]) == 1
    }

    public func holds(_ values: [(name: String, value: String)], where field: String) throws(SinkError) -> Bool {
        guard let key = values.first(where: { $0.name == field })?.value, tables.fields.contains(field) else { return false }
        let given = values.filter { tables.fields.contains($0.name) }
        let condition = ([RecordTables.lookup(field, "?1")] + given.enumerated().map { "\"\($1.name)\" = ?\($0 + 2)" }).joined(separator: " AND ")
        return try database.number("SELECT count(*) FROM \"\(tables.table)\" WHERE \(condition)", [key] + given.map(\.value)) ?? 0 > 0
    }
}
