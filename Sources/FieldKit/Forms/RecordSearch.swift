/// The saved records a form's Ctrl-R search offers, as a choice list: one candidate per record, found by any of its
/// fields' values the way a picker finds choices (`ChoiceList.matches`: whole, prefix, word start, substring), and
/// shown as one line of its values. Pure: the terminal fetches the records for each query and ranks them here.
public enum RecordSearch {
    /// Records fetched for one query at a time (its best matches, the newest first among equals): a page more is
    /// fetched when the last is reached.
    public static let limit = 200

    /// The list of `records` (newest first, as the sink gives them) for `form`: each record's label is its line,
    /// its aliases are the values of its fields that are not secret (a secret value must find nothing), and its
    /// value names its key (`key(of:)`).
    /// `mayHaveMore` when the records are only the first the sink found (the list then says `n+`).
    public static func choices(of records: [StoredRecord], in form: FormSpec, mayHaveMore: Bool = false) -> ChoiceList {
        var seen = Set<Int64>()
        let rows = records.filter { seen.insert($0.key).inserted }.enumerated().map { i, record in
            let aliases = form.fields.filter { !$0.secret }.compactMap { field -> String? in
                guard let value = record.value(of: field.name), !value.isEmpty else { return nil }
                return cell(value)
            }
            return ChoiceRow(line: i + 1, value: value(of: record.key), label: cell(line(of: record, in: form)),
                             aliases: Array(aliases.prefix(ChoiceList.maxAliases)))
        }
        // Every cell was made to pass the list's checks, and keys are unique: the list cannot be refused.
        return (try? ChoiceList(rows: rows, isSearch: true, mayHaveMore: mayHaveMore)) ?? emptyList
    }

    /// A record's candidate line: its fields' values in form order, secret ones as one `*` per character, empty ones
    /// left out, controls escaped (the terminal cuts it to its width).
    public static func line(of record: StoredRecord, in form: FormSpec) -> String {
        form.fields.compactMap { field -> String? in
            guard let value = record.value(of: field.name), !value.isEmpty else { return nil }
            return field.secret ? String(repeating: "*", count: value.count) : ControlCharacters.escaped(value)
        }.joined(separator: " · ")
    }

    /// The record key a candidate's value names (the value `choices(of:in:)` gave it), or nil.
    public static func key(of value: String) -> Int64? {
        let digits = value.unicodeScalars.compactMap { scalar -> Character? in
            scalar.value >= keyBase && scalar.value < keyBase + 0x80 ? Character(Unicode.Scalar(UInt8(scalar.value - keyBase))) : nil
        }
        return digits.count == value.unicodeScalars.count ? Int64(String(digits)) : nil
    }

    /// A candidate's value for `key`: its digits as private-use characters. Every term of a choice is searched, its
    /// value too, and a key in digits would find records by their row number (`12` in `#12`); no query holds these.
    static func value(of key: Int64) -> String {
        var text = ""
        for byte in String(key).utf8 { text.unicodeScalars.append(Unicode.Scalar(keyBase + UInt32(byte))!) }
        return text
    }

    /// Where the private-use characters of a key start (U+E000, the first of the Private Use Area).
    private static let keyBase: UInt32 = 0xE000

    /// `text` fit to be a cell of a choice list: controls escaped, at most `ChoiceList.maxCellBytes` bytes (cut on
    /// a character's boundary).
    private static func cell(_ text: String) -> String {
        let escaped = ControlCharacters.escaped(text)
        guard escaped.utf8.count > ChoiceList.maxCellBytes else { return escaped }
        var out = ""
        var bytes = 0
        for c in escaped {
            bytes += c.utf8.count
            if bytes > ChoiceList.maxCellBytes { break }
            out.append(c)
        }
        return out
    }

    /// The list when there is nothing to offer.
    private static let emptyList = try! ChoiceList(rows: [], isSearch: true)
}
