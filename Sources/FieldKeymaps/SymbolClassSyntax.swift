import FieldKit

/// A problem found while reading one value, before its position is attached.
struct Problem: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// Symbol classes as written in keymap files: a name (`digit`), a bracket set (`[0-9X]`), or one character.
enum SymbolClassSyntax {
    /// The named classes.
    static let named: [String: SymbolClass] = [
        "digit": .digit,
        "digit2-9": .digitTwoToNine,
        "letter": SymbolClass(ranges: [0x41...0x5A, 0x61...0x7A], name: tr("a letter")),
        "upper": SymbolClass(ranges: [0x41...0x5A], name: tr("an upper-case letter")),
        "lower": SymbolClass(ranges: [0x61...0x7A], name: tr("a lower-case letter")),
        "alnum": SymbolClass(ranges: [0x30...0x39, 0x41...0x5A, 0x61...0x7A], name: tr("a letter or digit")),
        "hex": SymbolClass(ranges: [0x30...0x39, 0x41...0x46, 0x61...0x66], name: tr("a hexadecimal digit")),
        "ascii": SymbolClass(ranges: [0x20...0x7E], name: tr("a printable ASCII character")),
        "printable": .printable,
    ]

    /// Parse one class expression, or say what is wrong with it.
    static func parse(_ text: String) -> Result<SymbolClass, Problem> {
        if let cls = named[text] { return .success(cls) }
        if text.hasPrefix("[") {
            guard text.hasSuffix("]"), text.count >= 2 else { return .failure(Problem(tr("unterminated class '\(text)'"))) }
            return bracket(Array(text.unicodeScalars).dropFirst().dropLast(), written: text)
        }
        let scalars = Array(text.unicodeScalars)
        if scalars.count == 1 { return .success(.characters(text, name: text)) }
        let names = named.keys.sorted().joined(separator: ", ")
        return .failure(Problem(tr("unknown symbol class '\(text)' (use one of \(names), a set like [0-9X], or one character)")))
    }

    /// `[0-9X]`, `[a-z._-]`: ranges and single characters; `\` escapes the next one.
    private static func bracket(_ body: ArraySlice<Unicode.Scalar>, written: String) -> Result<SymbolClass, Problem> {
        var items: [Unicode.Scalar] = []
        var escaped: [Bool] = []
        var i = body.startIndex
        while i < body.endIndex {
            if body[i] == "\\" && body.index(after: i) < body.endIndex {
                items.append(body[body.index(after: i)]); escaped.append(true); i += 2
            } else {
                items.append(body[i]); escaped.append(false); i += 1
            }
        }
        guard !items.isEmpty else { return .failure(Problem(tr("empty class '\(written)'"))) }
        var ranges: [ClosedRange<UInt32>] = []
        var k = 0
        while k < items.count {
            if k + 2 < items.count, items[k + 1] == "-", !escaped[k + 1] {
                let lo = items[k].value, hi = items[k + 2].value
                guard lo <= hi else { return .failure(Problem(tr("backwards range \(items[k])-\(items[k + 2]) in '\(written)'"))) }
                ranges.append(lo...hi)
                k += 3
            } else {
                ranges.append(items[k].value...items[k].value)
                k += 1
            }
        }
        return .success(SymbolClass(ranges: ranges, name: tr("one of \(written)")))
    }
}
