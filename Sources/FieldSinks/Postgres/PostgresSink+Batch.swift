import FieldKit

extension PostgresSink {
    /// The table where imports keep how far they got (as in SQLite): written in each batch's transaction.
    static let progressTable = "fieldline_import"

    /// One transaction for the whole batch, its rows sent by one `COPY … FROM STDIN` (one round trip for the rows),
    /// or by the COPY `send(partOfBatch:)` opened, which takes the rest of them. With unique fields a batch not sent
    /// ahead is first looked up for repeats (`loadWithoutRepeats`), so that a COPY seldom meets one; a batch sent
    /// ahead is not (most batches repeat nothing, and the unique indexes decide), and when its COPY is refused it is
    /// rolled back and loaded again that way. A COPY the server refuses (a unique value already there, a CHECK) is
    /// rolled back to its savepoint and the refused row found without a statement per record (`load`). The others
    /// are saved.
    public func save(batch records: [SavedRecord], progress: ImportProgress?) throws(SinkError) -> [(index: Int, error: SinkError)] {
        let streamed = streamedStarts.count
        let count = streamed + records.count
        guard count > 0 || progress != nil else { return [] }
        // Every row in one buffer, row `i` from `starts[i]` to `starts[i + 1]`: a range of rows is sent as it lies.
        var text = streamedRows
        var starts = streamedStarts
        let open = streamOpen
        let sentAhead = streamedRecords
        streamedRows = []
        streamedStarts = []
        streamedRecords = []
        streamOpen = false
        text.reserveCapacity(text.count + records.count * 64)
        starts.reserveCapacity(count + 1)
        for record in records {
            starts.append(text.count)
            Self.appendCopyRow(record, to: &text)
        }
        starts.append(text.count)
        var refused: [(index: Int, error: SinkError)] = []
        do throws(SinkError) {
            if streamed > 0 {
                // The transaction, its savepoint and the COPY are open: the rest of the rows, then the COPY's end.
                var pending: [Range<Int>] = []
                do {
                    try endCopy(open: open && putCopyData(text[starts[streamed]...]))
                    _ = try exec("RELEASE SAVEPOINT fieldline_batch", [])
                } catch where !lostConnection && (error.kind == .conflict || error.kind == .refused) {
                    if uniqueFields.isEmpty {
                        try split(0..<count, refusedFor: error, pending: &pending, refused: &refused) { $0 }
                    } else {
                        // Repeats are looked up for the whole batch, as when it is not sent ahead: one refused
                        // COPY more, instead of one for each repeat the split would meet.
                        _ = try exec("ROLLBACK TO SAVEPOINT fieldline_batch", [])
                        _ = try exec("RELEASE SAVEPOINT fieldline_batch", [])
                        try loadWithoutRepeats(sentAhead + records, text, starts, refused: &refused)
                    }
                }
                try load(text, starts, pending, refused: &refused) { $0 }
            } else {
                _ = try exec("BEGIN", [])
                if uniqueFields.isEmpty || records.isEmpty {
                    try load(text, starts, [0..<count], refused: &refused) { $0 }
                } else {
                    try loadWithoutRepeats(records, text, starts, refused: &refused)
                }
            }
            if let progress {
                _ = try exec("INSERT INTO \(Self.progressTable) (form, source, records, hash) VALUES ($1, $2, $3, $4) ON CONFLICT (form, source) DO UPDATE SET records = EXCLUDED.records, hash = EXCLUDED.hash",
                             [tables.table, progress.source, String(progress.records), progress.fingerprint ?? ""])
            }
            _ = try exec("COMMIT", [])
        } catch {
            // A lost connection took the transaction with it (the server rolls it back); a COMMIT whose answer was
            // lost may have committed, which the progress row tells a `--resume`.
            if !lostConnection { _ = try? exec("ROLLBACK", []) }
            throw error
        }
        return refused.sorted { $0.index < $1.index }
    }

    /// Sends the `pending` ranges of the rows `text` holds (row `i` from `starts[i]` to `starts[i + 1]`), each by
    /// one COPY under a savepoint, in the open transaction. A refused range is split (`split`) and sent again until
    /// the refused row is alone; it is kept in `refused` as the batch's record `index(i)`.
    func load(_ text: [UInt8], _ starts: [Int], _ ranges: [Range<Int>], refused: inout [(index: Int, error: SinkError)],
              index: (Int) -> Int) throws(SinkError) {
        var pending = ranges
        while let range = pending.popLast() {
            guard !range.isEmpty else { continue }
            _ = try exec("SAVEPOINT fieldline_batch", [])
            do {
                try self.copy(copyStatement, text[starts[range.lowerBound]..<starts[range.upperBound]])
                _ = try exec("RELEASE SAVEPOINT fieldline_batch", [])
            } catch where !lostConnection && (error.kind == .conflict || error.kind == .refused) {
                try split(range, refusedFor: error, pending: &pending, refused: &refused, index: index)
            }
        }
    }

    /// After the server refused the rows `range` (the savepoint is rolled back here): the one refused row kept, or
    /// what is sent again pushed on `pending`, last in, first out: the rows before the line the server names, that
    /// row alone, then the rest; when the server names no line, the two halves.
    func split(_ range: Range<Int>, refusedFor error: SinkError, pending: inout [Range<Int>],
               refused: inout [(index: Int, error: SinkError)], index: (Int) -> Int) throws(SinkError) {
        _ = try exec("ROLLBACK TO SAVEPOINT fieldline_batch", [])
        _ = try exec("RELEASE SAVEPOINT fieldline_batch", [])
        if range.count == 1 {
            refused.append((index(range.lowerBound), error))
        } else if let line = copyFailureLine, line >= 1, line <= range.count {
            let bad = range.lowerBound + line - 1
            pending += [bad + 1..<range.upperBound, bad..<bad + 1, range.lowerBound..<bad]
        } else {
            let middle = range.lowerBound + range.count / 2
            pending += [middle..<range.upperBound, range.lowerBound..<middle]
        }
    }

    /// Creates the progress table when missing. Part of the set-up, under its lock: made by the first batch of each
    /// of several imports into a new database at once, two `CREATE TABLE IF NOT EXISTS` raced in the server's
    /// catalogue (`duplicate key value violates unique constraint "pg_type_typname_nsp_index"`).
    /// A table an older fieldline made has no `hash` (the input's fingerprint): added in place, its rows kept
    /// (looked for first, so a set-up takes no table lock when it is there).
    func prepareProgressTable() throws(SinkError) {
        _ = try exec("CREATE TABLE IF NOT EXISTS \(Self.progressTable) (form text NOT NULL, source text NOT NULL, records bigint NOT NULL, hash text, PRIMARY KEY (form, source))", [])
        if try !progressHasFingerprints() {
            _ = try exec("ALTER TABLE \(Self.progressTable) ADD COLUMN IF NOT EXISTS hash text", [])
        }
    }

    /// The statement that loads a batch's rows.
    var copyStatement: String {
        "COPY \"\(tables.table)\" (\(RecordTables.list(tables.columns))) FROM STDIN"
    }

    /// Rows go to the server as the import checks them.
    public var streamsBatches: Bool { true }

    /// The batch's first records open its transaction, a savepoint and its COPY; these and later ones are sent
    /// into that COPY at once, so the server writes them while the import checks the next (one batch's COPY, as
    /// `save` would send it, spread over the time it takes to check). A row the server refuses ends the COPY
    /// early: what follows is kept for the save, which finds the refused row.
    public func send(partOfBatch records: [SavedRecord]) throws(SinkError) {
        guard !records.isEmpty else { return }
        do throws(SinkError) {
            if streamedStarts.isEmpty {
                _ = try exec("BEGIN", [])
                _ = try exec("SAVEPOINT fieldline_batch", [])
                try openCopy(copyStatement)
                streamOpen = true
            }
            // Taken out of the sink while they grow: a stored property is checked for exclusive access at
            // every append (two calls a record).
            var rows = streamedRows, starts = streamedStarts
            streamedRows = []
            streamedStarts = []
            let from = rows.count
            for record in records {
                starts.append(rows.count)
                Self.appendCopyRow(record, to: &rows)
            }
            streamedRows = rows
            streamedStarts = starts
            if !uniqueFields.isEmpty { streamedRecords += records }
            if streamOpen, !putCopyData(rows[from...], flush: true) {
                streamOpen = false
                // Ended by the server (a refused row: the save finds it), or the connection went.
                if let lost = connectionLost() { throw lost }
            }
        } catch {
            // Nothing of the batch is saved: its transaction ends here (or went with the connection).
            streamedRows = []
            streamedStarts = []
            streamedRecords = []
            streamOpen = false
            if connectionLost() == nil {
                abandonCopy()
                _ = try? exec("ROLLBACK", [])
            }
            throw error
        }
    }

    /// One row of COPY's text format, appended to `row`: values separated by tabs, a newline at the end; a
    /// backslash, tab, newline and carriage return inside a value escaped (`\\`, `\t`, `\n`, `\r`), so each row
    /// is one line.
    static func appendCopyRow(_ record: SavedRecord, to row: inout [UInt8]) {
        func append(_ value: String) {
            var value = value
            value.withUTF8 { bytes in
                // Most values have nothing to escape: copied in one go, not byte by byte.
                guard bytes.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else {
                    row.append(contentsOf: bytes)
                    return
                }
                for byte in bytes {
                    switch byte {
                    case 0x5C: row.append(0x5C); row.append(0x5C)
                    case 0x09: row.append(0x5C); row.append(0x74)
                    case 0x0A: row.append(0x5C); row.append(0x6E)
                    case 0x0D: row.append(0x5C); row.append(0x72)
                    default: row.append(byte)
                    }
                }
            }
        }
        for value in record.values {
            append(value.value)
            row.append(0x09)
        }
        append(record.savedAt)
        row.append(0x09)
        append(record.operatorName)
        row.append(0x09)
        append(record.editedAt)
        row.append(0x09)
        append(record.editedBy)
        row.append(0x09)
        append(record.recordID)
        row.append(0x0A)
    }


    public func importProgress(of source: String) throws(SinkError) -> ImportProgress? {
        guard try exec("SELECT to_regclass($1) IS NOT NULL", [Self.progressTable]).first?.first == "t" else { return nil }
        let hash = try progressHasFingerprints() ? "hash" : "NULL"
        guard let row = try exec("SELECT records, \(hash) FROM \(Self.progressTable) WHERE form = $1 AND source = $2", [tables.table, source]).first,
              let records = row.first.flatMap({ Int($0) }) else { return nil }
        let fingerprint = row.count > 1 ? row[1] : ""
        return ImportProgress(source: source, records: records, fingerprint: fingerprint.isEmpty ? nil : fingerprint)
    }

    /// Whether the progress table has its `hash` column (an older fieldline's has not).
    private func progressHasFingerprints() throws(SinkError) -> Bool {
        try exec("SELECT count(*) FROM pg_attribute WHERE attrelid = to_regclass($1) AND attname = 'hash' AND NOT attisdropped", [Self.progressTable]).first?.first == "1"
    }

    public func holds(_ values: [(name: String, value: String)], where field: String) throws(SinkError) -> Bool {
        guard let key = values.first(where: { $0.name == field })?.value, tables.fields.contains(field) else { return false }
        let given = values.filter { tables.fields.contains($0.name) }
        let condition = ([RecordTables.lookup(field, "$1")] + given.enumerated().map { "\"\($1.name)\" = $\($0 + 2)" }).joined(separator: " AND ")
        return !(try exec("SELECT 1 FROM \"\(tables.table)\" WHERE \(condition) LIMIT 1", [key] + given.map(\.value))).isEmpty
    }
}
