import FieldKit

/// Minimal JSON writing for flat objects of strings, numbers, booleans and nulls.
enum JSONText {
    /// A JSON value.
    enum Value {
        case string(String)
        case int(Int)
        case bool(Bool)
        case null
        case object([(String, Value)])
    }

    /// Serialise on one line.
    static func render(_ value: Value) -> String {
        switch value {
        case .string(let s): return quote(s)
        case .int(let n): return String(n)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .object(let members):
            return "{" + members.map { quote($0.0) + ":" + render($0.1) }.joined(separator: ",") + "}"
        }
    }

    /// A JSON string literal; control characters are escaped, everything else is written as UTF-8.
    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                // Every control is escaped, C1 too: JSON allows them raw, but this output may be a terminal.
                if ControlCharacters.isControl(scalar) {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// `.string` or `.null` for an optional.
    static func string(_ s: String?) -> Value { s.map { .string($0) } ?? .null }
}
