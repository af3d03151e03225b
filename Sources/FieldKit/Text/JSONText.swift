/// Minimal JSON writing for objects of strings, numbers, booleans and nulls, and arrays of them (a multi-select
/// field's values).
public enum JSONText {
    /// A JSON value.
    public enum Value {
        /// A string, escaped as JSON requires.
        case string(String)
        /// A whole number.
        case int(Int)
        /// `true` or `false`.
        case bool(Bool)
        /// `null`.
        case null
        /// An object whose members keep the order given.
        case object([(String, Value)])
        /// An array, in order.
        case array([Value])
    }

    /// Serialise on one line.
    public static func render(_ value: Value) -> String {
        switch value {
        case .string(let s): return quote(s)
        case .int(let n): return String(n)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .object(let members):
            return "{" + members.map { quote($0.0) + ":" + render($0.1) }.joined(separator: ",") + "}"
        case .array(let items):
            return "[" + items.map(render).joined(separator: ",") + "]"
        }
    }

    /// Serialise for a reader: each member and item on a line of its own, indented two spaces a level (empty
    /// objects and arrays as `{}` and `[]`).
    public static func renderIndented(_ value: Value, level: Int = 0) -> String {
        let inner = String(repeating: "  ", count: level + 1), outer = String(repeating: "  ", count: level)
        switch value {
        case .object(let members) where !members.isEmpty:
            return "{\n" + members.map { inner + quote($0.0) + ": " + renderIndented($0.1, level: level + 1) }
                .joined(separator: ",\n") + "\n" + outer + "}"
        case .array(let items) where !items.isEmpty:
            return "[\n" + items.map { inner + renderIndented($0, level: level + 1) }.joined(separator: ",\n") + "\n" + outer + "]"
        default:
            return render(value)
        }
    }

    /// `render(.object(members))` of string members, its bytes appended to `out`: each key and value through
    /// `appendQuoted`, which `quote` (and so `render`) is made of, so the two cannot differ (JSONTextTests).
    public static func appendObject(_ members: [(name: String, value: String)], to out: inout [UInt8]) {
        out.append(0x7B)
        for (i, member) in members.enumerated() {
            if i > 0 { out.append(0x2C) }
            appendQuoted(member.name, to: &out)
            out.append(0x3A)
            appendQuoted(member.value, to: &out)
        }
        out.append(0x7D)
    }

    /// A JSON string literal; control characters and the non-characters U+FFFE and U+FFFF are escaped, everything
    /// else is written as UTF-8.
    public static func quote(_ s: String) -> String {
        var out: [UInt8] = []
        appendQuoted(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `quote(s)`'s bytes appended to `out`: for writers that fill one buffer with many values (`records`).
    ///
    /// Works on the UTF-8 bytes: a value may be a megabyte long, and appending scalar by scalar to a String
    /// costs many times as much. A value with nothing to escape (most) is copied in one go.
    public static func appendQuoted(_ s: String, to out: inout [UInt8]) {
        var s = s
        out.append(0x22)
        s.withUTF8 { bytes in
            out.reserveCapacity(out.count + bytes.count + 2)
            guard bytes.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xC2 || $0 == 0xEF }) else {
                out.append(contentsOf: bytes)
                return
            }
            var i = 0
            while i < bytes.count {
                let byte = bytes[i]
                switch byte {
                case 0x22: out += [0x5C, 0x22]
                case 0x5C: out += [0x5C, 0x5C]
                case 0x0A: out += [0x5C, 0x6E]
                case 0x0D: out += [0x5C, 0x72]
                case 0x09: out += [0x5C, 0x74]
                case 0x00..<0x20, 0x7F: escape(UInt32(byte), into: &out)
                case 0xC2 where i + 1 < bytes.count && bytes[i + 1] <= 0x9F:
                    // Every control is escaped, C1 (U+0080-U+009F, UTF-8 C2 80-9F) too: JSON allows them raw, but
                    // this output may be a terminal.
                    escape(UInt32(bytes[i + 1]), into: &out)
                    i += 1
                case 0xEF where i + 2 < bytes.count && bytes[i + 1] == 0xBF && bytes[i + 2] >= 0xBE:
                    // U+FFFE and U+FFFF (EF BF BE/BF) are valid in a string, but YAML readers (libyaml, which reads
                    // JSON Lines back) refuse them raw: escaped, every string reads back.
                    escape(0xFFFE | UInt32(bytes[i + 2] & 1), into: &out)
                    i += 2
                default: out.append(byte)
                }
                i += 1
            }
        }
        out.append(0x22)
    }

    /// `\uXXXX` for a character of the Basic Multilingual Plane.
    private static func escape(_ value: UInt32, into out: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        out += [0x5C, 0x75]
        for shift in stride(from: 12, through: 0, by: -4) { out.append(hex[Int((value >> UInt32(shift)) & 0xF)]) }
    }

    /// `.string` or `.null` for an optional.
    public static func string(_ s: String?) -> Value { s.map { .string($0) } ?? .null }
}
