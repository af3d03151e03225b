import FieldKit

extension PostgresSink {
    /// Rows fetched per round trip while streaming records through a cursor.
    static let fetchSize = 1000

    /// Every record whose columns hold `conditions`, in `fieldline_id` (saved) order, through a cursor: a table of
    /// any size streams through a thousand rows at a time.
    public func records(matching conditions: [(name: String, value: String)], _ body: (StoredRecord) -> Bool) throws(SinkError) {
        let columns = tables.columns
        for condition in conditions where !columns.contains(condition.name) {
            throw SinkError(.mismatch, tr("\(condition.name) is not a column of \(tables.table) (its columns: \(columns.joined(separator: ", ")))"))
        }
        let filter = conditions.isEmpty ? ""
            : " WHERE " + conditions.enumerated().map { $1.value.isEmpty ? "\"\($1.name)\" = $\($0 + 1)" : RecordTables.lookup($1.name, "$\($0 + 1)") }.joined(separator: " AND ")
        // A cursor lives in a transaction: its own, or the batch's.
        let own = !inBatch
        if own { _ = try exec("BEGIN READ ONLY", []) }
        do {
            _ = try exec("DECLARE fieldline_records NO SCROLL CURSOR FOR SELECT \(RecordTables.idColumn), \(RecordTables.list(columns)) FROM \"\(tables.table)\"\(filter) ORDER BY \(RecordTables.idColumn)",
                         conditions.map(\.value))
            fetching: while true {
                let rows = try exec("FETCH FORWARD \(Self.fetchSize) FROM fieldline_records", [])
                for row in rows where row.count == columns.count + 1 {
                    guard body(StoredRecord(key: Int64(row[0]) ?? 0, columns: Array(zip(columns, row.dropFirst())))) else { break fetching }
                }
                if rows.count < Self.fetchSize { break }
            }
            _ = try exec(own ? "COMMIT" : "CLOSE fieldline_records", [])
        } catch {
            if own && !lostConnection { _ = try? exec("ROLLBACK", []) }
            throw error
        }
    }

    /// Up to `limit` records, newest first, with `text` inside one of the form's fields.
    public func records(containing text: String, limit: Int) throws(SinkError) -> [StoredRecord] {
        guard !tables.fields.isEmpty else { return [] }
        let columns = tables.columns
        // Letter case ignored, as the search's ranking ignores it.
        let filter = tables.fields.map { "strpos(lower(\"\($0)\"), lower($1)) > 0" }.joined(separator: " OR ")
        let rows = try exec("SELECT \(RecordTables.idColumn), \(RecordTables.list(columns)) FROM \"\(tables.table)\" WHERE \(filter) ORDER BY \(RecordTables.idColumn) DESC LIMIT \(max(0, limit))",
                            [text])
        return rows.filter { $0.count == columns.count + 1 }.map { StoredRecord(key: Int64($0[0]) ?? 0, columns: Array(zip(columns, $0.dropFirst()))) }
    }
}
