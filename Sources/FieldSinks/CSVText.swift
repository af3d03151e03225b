/// RFC 4180 CSV: fields separated by commas, records ended by CRLF, a field quoted when it holds a comma, a quote,
/// CR or LF, with quotes doubled inside.
///
/// Written here rather than taken from a package: the CSV packages on hand read through Foundation, which would
/// add to every `fieldline` start-up what only `form` needs. Tests read the output back with Python's `csv`.
public enum CSVText {
    /// One record's bytes, CRLF included.
    public static func record(_ fields: [String]) -> [UInt8] {
        var out: [UInt8] = []
        for (i, field) in fields.enumerated() {
            if i > 0 { out.append(0x2C) }
            let bytes = Array(field.utf8)
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

    /// The whole records in `bytes` and where the last of them ends (a record cut short at the end is left out);
    /// nil when the text is not CSV (a quote in the middle of an unquoted field, text after a closing quote).
    public static func records(_ bytes: [UInt8]) -> (records: [[String]], end: Int)? {
        var records: [[String]] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var i = 0, end = 0
        var quoted = false, wasQuoted = false
        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            wasQuoted = false
        }
        while i < bytes.count {
            let b = bytes[i]
            if quoted {
                if b == 0x22 {
                    if i + 1 < bytes.count && bytes[i + 1] == 0x22 { field.append(0x22); i += 2; continue }
                    quoted = false
                    wasQuoted = true
                } else {
                    field.append(b)
                }
                i += 1
                continue
            }
            switch b {
            case 0x22:
                guard field.isEmpty && !wasQuoted else { return nil }
                quoted = true
            case 0x2C:
                endField()
            case 0x0D where i + 1 < bytes.count && bytes[i + 1] == 0x0A:
                i += 1
                fallthrough
            case 0x0A:
                endField()
                records.append(fields)
                fields.removeAll()
                end = i + 1
            case 0x0D where i + 1 == bytes.count:
                break  // a CRLF cut after its CR: the record is not whole
            default:
                guard !wasQuoted else { return nil }
                field.append(b)
            }
            i += 1
        }
        return (records, end)
    }
}
