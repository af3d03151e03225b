/// Whether a SQLite partial index's condition is exactly fieldline's own, `"column" <> ''` (empty values aside), read
/// from the index's `CREATE` statement as `sqlite_master` keeps it (SQLite has no catalogue of conditions). Quoting
/// (`"c"`, `` `c` ``, `[c]`, bare), letter case, spacing, comments and `!=` for `<>` do not matter; any other
/// condition (`c = 'x'`, `c <> '' AND …`, parentheses) is not fieldline's, and the index does not count as guarding
/// the column: a condition that names only some values leaves the others unguarded.
func isNonEmptyCondition(indexSQL sql: String, column: String) -> Bool {
    let tokens = SQLTokens(sql).all
    // An index's condition follows its one WHERE (it may hold no sub-query); a column named "where" is quoted.
    guard let at = tokens.firstIndex(of: .word("where")) else { return false }
    let condition = Array(tokens[(at + 1)...])
    let name = column.lowercased()
    return condition.count == 3 && (condition[0] == .word(name) || condition[0] == .quoted(name))
        && condition[1] == .notEqual && condition[2] == .text("")
}

/// The tokens of one SQL statement, as far as comparing an index's condition needs: words (keywords and bare names)
/// and quoted names, in lower case (SQLite compares names so), string literals, `<>`/`!=`, any other byte alone.
struct SQLTokens {
    enum Token: Equatable {
        case word(String)
        case quoted(String)
        case text(String)
        case notEqual
        case other(UInt8)
    }

    let all: [Token]

    init(_ sql: String) {
        let bytes = Array(sql.utf8)
        var tokens: [Token] = []
        var i = 0
        /// The bytes up to the `close` that ends a quoted token opened at `i` (a doubled `close` is one inside it).
        func quoted(_ close: UInt8) -> String {
            var value: [UInt8] = []
            i += 1
            while i < bytes.count {
                if bytes[i] == close {
                    if close != UInt8(ascii: "]"), i + 1 < bytes.count, bytes[i + 1] == close { value.append(close); i += 2; continue }
                    i += 1
                    break
                }
                value.append(bytes[i])
                i += 1
            }
            return String(decoding: value, as: UTF8.self)
        }
        func isWordByte(_ b: UInt8) -> Bool {
            let lower = b | 0x20
            return b == UInt8(ascii: "_") || b == UInt8(ascii: "$") || b >= 0x80 || (lower >= 0x61 && lower <= 0x7A) || (b >= 0x30 && b <= 0x39)
        }
        while i < bytes.count {
            let b = bytes[i]
            let next = i + 1 < bytes.count ? bytes[i + 1] : 0
            switch b {
            case 0x09, 0x0A, 0x0C, 0x0D, 0x20: i += 1
            case UInt8(ascii: "-") where next == UInt8(ascii: "-"):
                while i < bytes.count, bytes[i] != 0x0A { i += 1 }
            case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
                i += 2
                while i < bytes.count, !(bytes[i] == UInt8(ascii: "*") && i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "/")) { i += 1 }
                i += 2
            case UInt8(ascii: "\""), UInt8(ascii: "`"): tokens.append(.quoted(quoted(b).lowercased()))
            case UInt8(ascii: "["): tokens.append(.quoted(quoted(UInt8(ascii: "]")).lowercased()))
            case UInt8(ascii: "'"): tokens.append(.text(quoted(b)))
            case UInt8(ascii: "<") where next == UInt8(ascii: ">"), UInt8(ascii: "!") where next == UInt8(ascii: "="):
                tokens.append(.notEqual)
                i += 2
            default:
                guard isWordByte(b) else { tokens.append(.other(b)); i += 1; continue }
                let start = i
                while i < bytes.count, isWordByte(bytes[i]) { i += 1 }
                tokens.append(.word(String(decoding: bytes[start..<i], as: UTF8.self).lowercased()))
            }
        }
        all = tokens
    }
}
