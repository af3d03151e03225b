import FieldKit

/// The SQL of a Ctrl-R search: records holding a text in one of the searched fields, ranked in the database the way
/// a picker ranks its choices (`ChoiceList.matches`), so the best page of every record held comes back, not the
/// newest that happen to hold the text somewhere.
extension RecordTables {
    /// `SELECT KEY, columns… FROM table WHERE … ORDER BY rank, KEY DESC LIMIT limit` for the query in `placeholder`.
    /// `prefix(column, n)` gives the first `n` characters of a column (SQLite `substr(c, 1, n)`,
    /// PostgreSQL `left(c, n)`), `position(column, text)` where a text starts in it (`instr`, `strpos`), `least` the
    /// smallest of several values (`min`, `least`).
    func search(in searched: [String], key: String, placeholder: String, limit: Int, prefix: (String, String) -> String,
                position: (String, String) -> String, least: String) -> String {
        let q = "lower(\(placeholder))"
        let ranks = searched.map { field -> String in
            let value = "lower(\"\(field)\")"
            let words = ChoiceList.wordBreaks.map { Character(Unicode.Scalar($0)) == "'" ? "''" : String(Character(Unicode.Scalar($0))) }.map { "\(position(value, "'\($0)' || \(q)")) > 0" }.joined(separator: " OR ")
            return "CASE WHEN \(value) = \(q) THEN 0 WHEN \(prefix(value, "length(\(q))")) = \(q) THEN 1 WHEN \(words) THEN 2 "
                + "WHEN \(position(value, q)) > 0 THEN 3 ELSE 4 END"
        }
        let rank = ranks.count == 1 ? ranks[0] : "\(least)(\(ranks.joined(separator: ", ")))"
        let filter = searched.map { "\(position("lower(\"\($0)\")", q)) > 0" }.joined(separator: " OR ")
        return "SELECT \(key), \(RecordTables.list(columns)) FROM \"\(table)\" WHERE \(filter) ORDER BY \(rank), \(key) DESC LIMIT \(max(0, limit))"
    }

    /// `SELECT KEY, columns… FROM table ORDER BY KEY DESC LIMIT limit`: what an empty query lists, the newest first.
    func newest(key: String, limit: Int) -> String {
        "SELECT \(key), \(RecordTables.list(columns)) FROM \"\(table)\" ORDER BY \(key) DESC LIMIT \(max(0, limit))"
    }
}
