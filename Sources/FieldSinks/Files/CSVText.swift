import FieldKit

/// RFC 4180 CSV: fields separated by commas, records ended by CRLF, a field quoted when it holds a comma, a quote,
/// CR or LF, with quotes doubled inside.
///
/// Spreadsheets run a cell that starts with `=`, `+`, `-`, `@`, TAB or CR as a formula (CSV injection), so such a
/// value is written with a `'` before it (OWASP's advice), which a spreadsheet shows as text. So that the guard can
/// always be told from typed text, a value of one or more `'` and then one of those is guarded too, and `CSVReader`
/// drops exactly one `'` from a value of that shape: reading gives back what was written, for every value.
///
/// Written here rather than taken from a package: the CSV packages on hand read through Foundation, which would
/// add to every `fieldline` start-up what only `form` needs. Tests read the output back with Python's `csv`.
public enum CSVText {
    /// One record's bytes, CRLF included.
    public static func record(_ fields: [String]) -> [UInt8] {
        var out: [UInt8] = []
        for (i, field) in fields.enumerated() {
            if i > 0 { out.append(0x2C) }
            var bytes = Array(field.utf8)
            if needsGuard(bytes) { bytes.insert(0x27, at: 0) }
            if bytes.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0D || $0 == 0x0A }) {
                out.append(0x22)
                for b in bytes {
                    if b == 0x22 { out.append(0x22) }
                    out.append(b)
                }
                out.append(0x22)
            } else {
                out += bytes
            }
        }
        return out + [0x0D, 0x0A]
    }

    /// Whether `value` is written with the guard: it starts with a guarded byte, after any number of `'`.
    static func needsGuard(_ value: [UInt8]) -> Bool {
        guard let first = value.firstIndex(where: { $0 != 0x27 }) else { return false }
        return CSVReader.guarded(value[first])
    }

    /// The whole records in `bytes` and where the last of them ends (a record cut short at the end is left out);
    /// nil when the text is not CSV (a quote in the middle of an unquoted field, text after a closing quote).
    /// Values come back as `record` was given them (the spreadsheet guard dropped); bytes that are not UTF-8 become
    /// U+FFFD. There is no size limit: the caller holds the bytes already.
    public static func records(_ bytes: [UInt8]) -> (records: [[String]], end: Int)? {
        var reader = CSVReader(limit: .max)
        var records: [[String]] = []
        var broken = false
        bytes.withUnsafeBufferPointer { buffer in
            reader.feed(buffer) { event in
                switch event {
                case .record(let fields, _): records.append(fields.map { String(decoding: $0, as: UTF8.self) })
                case .refused: broken = true
                }
            }
        }
        // A record cut short at the end (no line end yet, or a quote still open) is what `unfinishedBytes` holds.
        return broken ? nil : (records, bytes.count - reader.unfinishedBytes)
    }
}
