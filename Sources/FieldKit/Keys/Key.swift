/// One key press, as a keymap sees it.
public enum Key: Sendable, Hashable, CustomStringConvertible {
    /// A printable character (typed text).
    case character(Character)
    /// A named key in Vim notation without brackets: `BS`, `Del`, `Left`, `C-a`, `CR`, `Esc`, …
    case named(String)

    public var description: String {
        switch self {
        case .character("<"): return "<lt>"
        case .character(let c): return String(c)
        case .named(let n): return "<\(n)>"
        }
    }
}

/// Why a key string could not be read.
public struct KeyNotationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong, naming the offending key.
    public let message: String
    public var description: String { message }
}

/// Vim key notation: plain characters are typed one by one; `<BS>`, `<C-w>`, `<lt>` and friends are keys.
public enum KeyNotation {
    /// Canonical spelling of every named key, by lower-cased name or alias.
    static let canonical: [String: String] = {
        var names: [String: String] = [:]
        for n in ["BS", "Del", "Left", "Right", "Home", "End", "CR", "Esc", "Tab", "Up", "Down", "Insert", "PageUp", "PageDown"] {
            names[n.lowercased()] = n
        }
        for (alias, n) in ["backspace": "BS", "delete": "Del", "enter": "CR", "return": "CR", "nl": "CR",
                           "escape": "Esc", "kdel": "Del", "khome": "Home", "kend": "End"] {
            names[alias] = n
        }
        for letter in "abcdefghijklmnopqrstuvwxyz" { names["c-\(letter)"] = "C-\(letter)" }
        return names
    }()

    /// Keys written as single characters inside brackets.
    static let characters: [String: Character] = ["lt": "<", "space": " ", "bslash": "\\", "bar": "|", "gt": ">"]

    /// Parse a key string such as `138<BS><Left>x<CR>`.
    public static func parse(_ text: String) throws(KeyNotationError) -> [Key] {
        var keys: [Key] = []
        var rest = Substring(text)
        while let first = rest.first {
            if first == "<", let close = rest.firstIndex(of: ">") {
                let inner = rest[rest.index(after: rest.startIndex)..<close]
                if looksLikeKeyName(inner) {
                    let lower = inner.lowercased()
                    if let name = canonical[lower] {
                        keys.append(.named(name))
                    } else if let c = characters[lower] {
                        keys.append(.character(c))
                    } else {
                        throw KeyNotationError(message: "unknown key <\(inner)> (write a literal < as <lt>)")
                    }
                    rest = rest[rest.index(after: close)...]
                    continue
                }
            }
            keys.append(.character(first))
            rest = rest.dropFirst()
        }
        return keys
    }

    /// `<…>` is a key name only when it looks like one (`<3` or `<a b>` are typed literally).
    private static func looksLikeKeyName(_ s: Substring) -> Bool {
        guard let f = s.first, f.isASCII, f.isLetter else { return false }
        return s.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
    }
}
