import FieldKit

/// The byte sequences terminals send for named keys, in libedit's binding syntax.
///
/// Several encodings per key: xterm and tmux send `\e[D` for Left but `\eOD` in application mode, Home comes as
/// `\e[H`, `\eOH`, `\e[1~` or `\e[7~` depending on the terminal.
enum TerminalKeys {
    static let sequences: [String: [String]] = [
        "BS": ["^?"], "Del": ["\\e[3~"], "Tab": ["^I"], "CR": ["^M"],
        "Left": ["\\e[D", "\\eOD"], "Right": ["\\e[C", "\\eOC"], "Up": ["\\e[A", "\\eOA"], "Down": ["\\e[B", "\\eOB"],
        "Home": ["\\e[H", "\\eOH", "\\e[1~", "\\e[7~"], "End": ["\\e[F", "\\eOF", "\\e[4~", "\\e[8~"],
        "Insert": ["\\e[2~"], "PageUp": ["\\e[5~"], "PageDown": ["\\e[6~"],
    ]

    /// libedit spellings of a key, or empty when the terminal cannot send it as a sequence (Esc is decoded by
    /// the input reader, printable characters are bound one by one).
    static func bindings(for key: Key) -> [String] {
        switch key {
        case .named(let name):
            if let list = sequences[name] { return list }
            if name.hasPrefix("C-"), let letter = name.last { return ["^" + String(letter).uppercased()] }
            return []
        case .character(let c):
            guard let ascii = c.asciiValue, ascii >= 0x20, ascii < 0x7F else { return [] }
            return [escaped(ascii)]
        }
    }

    /// One ASCII byte in libedit's binding syntax: controls as `^X`, and `-`, `^`, `\` escaped (a bare `-` is
    /// read as an option).
    static func escaped(_ byte: UInt8) -> String {
        switch byte {
        case 0x7F: return "^?"
        case 0..<0x20: return "^" + String(UnicodeScalar(byte + 0x40))
        case UInt8(ascii: "-"), UInt8(ascii: "^"): return "\\" + String(UnicodeScalar(byte))
        case UInt8(ascii: "\\"): return "\\\\"
        default: return String(UnicodeScalar(byte))
        }
    }
}
