import FieldKit

extension PostgresSink {
    /// Rows fetched per round trip while streaming records through a cursor.
    static let fetchSize = 1000

    /// Runs `sql` (whose first column is a row's key, then `width - 1` text columns) through a cursor, a thousand
    /// rows a round trip, calling `body` with each row until it returns false: a table of any size streams through.
    /// A text that is not UTF-8 throws what `invalidText` makes of the row's key and the column (0 for the first
    /// text after the key), once the rows before it are given; with `unreadable`, that row is handed to it instead
    /// (in its place among the rows) and the rows go on.
    func cursor(_ sql: String, _ values: [String], width: Int, invalidText: ((Int64, Int) -> SinkError)? = nil,
                unreadable: ((SinkError) -> Void)? = nil,
                _ body: (Int64, ArraySlice<String>) -> Bool) throws(SinkError) {
        let textProblem = invalidText.map { make in { (key: String, column: Int) in make(Int64(key) ?? 0, column - 1) } }
        // A cursor lives in a transaction: its own, or the batch's.
        let own = !inBatch
        if own { _ = try exec("BEGIN READ ONLY", []) }
        do throws(SinkError) {
            _ = try exec("DECLARE fieldline_records NO SCROLL CURSOR FOR \(sql)", values)
            fetching: while true {
                let rows = try exec("FETCH FORWARD \(Self.fetchSize) FROM fieldline_records", [], invalidText: textProblem,
                                    skipInvalid: unreadable != nil)
                let skipped = takeSkippedRows()
                for (place, row) in rows.enumerated() {
                    if let problem = skipped[place] { unreadable?(problem); continue }
                    guard row.count == width else { continue }
                    guard body(Int64(row[0]) ?? 0, row.dropFirst()) else { break fetching }
                }
                if let problem = takeTextProblem() { throw problem }
                if rows.count < Self.fetchSize { break }
            }
            _ = try exec(own ? "COMMIT" : "CLOSE fieldline_records", [])
        } catch {
            if own && !lostConnection { _ = try? exec("ROLLBACK", []) }
            throw error
        }
    }
}
