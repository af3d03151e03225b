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
        // A name ending in `>` (Alt->) is written with `gt`, so the notation reads back as the same key.
        case .named(let n) where n.hasSuffix("->"): return "<\(n.dropLast())gt>"
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
///
/// Modifiers `C-`, `M-` (alias `A-`) and `S-` may be written in any order and case (`<c-s-left>`, `<S-C-Left>`);
/// names are canonicalised to the input decoder's spelling (`C-S-Left`, `C-a`, `M-b`, `M-B`, `C-Space`).
public enum KeyNotation {
    /// Canonical spelling of every named key without modifiers, by lower-cased name or alias.
    static let canonical: [String: String] = {
        var names: [String: String] = [:]
        for n in ["BS", "Del", "Left", "Right", "Home", "End", "CR", "Esc", "Tab", "Up", "Down", "Insert", "PageUp",
                  "PageDown", "Begin"] {
            names[n.lowercased()] = n
        }
        for f in 1...20 { names["f\(f)"] = "F\(f)" }
        for (alias, n) in ["backspace": "BS", "delete": "Del", "enter": "CR", "return": "CR", "nl": "CR",
                           "escape": "Esc", "kdel": "Del", "khome": "Home", "kend": "End"] {
            names[alias] = n
        }
        return names
    }()

    /// Keys written as single characters inside brackets.
    static let characters: [String: Character] = ["lt": "<", "space": " ", "bslash": "\\", "bar": "|", "gt": ">"]

    /// Parse a key string such as `138<BS><Left>x<CR>`.
    public static func parse(_ text: String) throws(KeyNotationError) -> [Key] {
        var keys: [Key] = []
        var rest = Substring(text)
        while let first = rest.first {
            if first == "<", let close = rest.firstIndex(of: ">"),
               let key = try key(rest[rest.index(after: rest.startIndex)..<close]) {
                keys.append(key)
                rest = rest[rest.index(after: close)...]
                continue
            }
            keys.append(.character(first))
            rest = rest.dropFirst()
        }
        return keys
    }

    /// The key written inside `<…>`, or nil when the text does not look like a key name (it is then typed).
    private static func key(_ inner: Substring) throws(KeyNotationError) -> Key? {
        var ctrl = false, meta = false, shift = false
        var base = inner
        // Modifier prefixes: a letter and a dash, with something after them.
        prefixes: while base.count > 2, base.dropFirst().first == "-", let m = base.first {
            switch m {
            case "C", "c": ctrl = true
            case "M", "m", "A", "a": meta = true
            case "S", "s": shift = true
            default: break prefixes
            }
            base = base.dropFirst(2)
        }
        guard ctrl || meta || shift else {
            guard looksLikeKeyName(inner) else { return nil }
            let lower = inner.lowercased()
            if let name = canonical[lower] { return .named(name) }
            if let c = characters[lower] { return .character(c) }
            throw unknown(inner)
        }
        let name: String
        if base.count == 1, let c = base.first, isVisible(c) {
            name = String(c)  // <M-.>, <C-@>, <M-é>
        } else if looksLikeKeyName(base) {
            let lower = base.lowercased()
            if let n = canonical[lower] {
                name = n
            } else if let c = characters[lower] {
                name = String(c)
            } else {
                throw unknown(inner)
            }
        } else {
            return nil
        }
        let composed = KeyName.compose(name, ctrl: ctrl, meta: meta, shift: shift)
        // Shift folded into a letter leaves plain text: <S-a> types A.
        if composed.count == 1, let c = composed.first { return .character(c) }
        return .named(composed)
    }

    private static func unknown(_ inner: Substring) -> KeyNotationError {
        KeyNotationError(message: tr("unknown key <\(inner)> (write a literal < as <lt>)"))
    }

    /// A character that can follow a modifier as itself: visible, not a space or a control.
    private static func isVisible(_ c: Character) -> Bool {
        c.unicodeScalars.allSatisfy { $0.value > 0x20 && !(0x7F...0x9F).contains($0.value) }
    }

    /// `<…>` is a key name only when it looks like one (`<3` or `<a b>` are typed literally).
    private static func looksLikeKeyName(_ s: Substring) -> Bool {
        guard let f = s.first, f.isASCII, f.isLetter else { return false }
        return s.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
    }
}
