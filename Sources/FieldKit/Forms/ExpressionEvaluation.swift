extension FormExpression {
    /// Whether the expression holds for a record whose field values `value` gives (empty text for a field with none).
    public func holds(_ value: (String) -> String) -> Bool {
        switch self {
        case .compare(let a, let op, let b):
            let order = ExpressionOrder.compare(a.text(value), b.text(value), asText: a.isQuoted || b.isQuoted)
            switch op {
            case .equal: return order == 0
            case .notEqual: return order != 0
            case .less: return order < 0
            case .lessOrEqual: return order <= 0
            case .greater: return order > 0
            case .greaterOrEqual: return order >= 0
            }
        case .oneOf(let a, let list):
            let left = a.text(value)
            return list.contains { ExpressionOrder.compare(left, $0.text(value), asText: a.isQuoted || $0.isQuoted) == 0 }
        case .empty(let name): return value(name).isEmpty
        case .and(let a, let b): return a.holds(value) && b.holds(value)
        case .or(let a, let b): return a.holds(value) || b.holds(value)
        case .not(let a): return !a.holds(value)
        }
    }
}

extension ExpressionOperand {
    /// The operand's text in a record.
    func text(_ value: (String) -> String) -> String {
        switch self {
        case .field(let name): return value(name)
        case .text(let text), .number(let text): return text
        }
    }

    /// A quoted text: whatever it spells (`'007'`), it is compared as text.
    var isQuoted: Bool {
        if case .text = self { return true }
        return false
    }
}

/// How two values compare: two numbers by their values, anything else as text, scalar by scalar (so `yyyy-mm-dd`
/// dates and other fixed-width codes sort as they read). A quoted text on either side makes it text: `'007'` is
/// the code the author wrote, not the number 7.
public enum ExpressionOrder {
    /// Negative, zero or positive as `a` is before, equal to or after `b`; with `asText`, as text even when both
    /// spell numbers.
    public static func compare(_ a: String, _ b: String, asText: Bool = false) -> Int {
        if !asText, let x = DecimalText(a), let y = DecimalText(b) { return x.compare(y) }
        let a = a.unicodeScalars, b = b.unicodeScalars
        if a.elementsEqual(b) { return 0 }
        return a.lexicographicallyPrecedes(b) ? -1 : 1
    }
}

/// A decimal number as text (`-12.50`), compared exactly digit by digit: an 18-digit value is beyond a Double's
/// exact range, and `2.50` must equal `2.5`.
struct DecimalText {
    /// Whether it is below zero (`-0` is not).
    let negative: Bool
    /// The whole part's digits without leading zeros.
    let whole: [UInt8]
    /// The fraction's digits without trailing zeros.
    let fraction: [UInt8]

    /// The number `text` is (`-?DIGITS(.DIGITS)?`), or nil when it is not one.
    init?(_ text: String) {
        var bytes = Array(text.utf8)[...]
        var negative = false
        if bytes.first == UInt8(ascii: "-") { negative = true; bytes = bytes.dropFirst() }
        let dot = bytes.firstIndex(of: UInt8(ascii: "."))
        let wholeDigits = bytes[..<(dot ?? bytes.endIndex)]
        let fractionDigits = dot.map { bytes[($0 + 1)...] } ?? []
        func digits<C: Collection<UInt8>>(_ c: C) -> Bool { c.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
        guard !wholeDigits.isEmpty, digits(wholeDigits), dot == nil || (!fractionDigits.isEmpty && digits(fractionDigits)) else { return nil }
        whole = Array(wholeDigits.drop { $0 == 0x30 })
        var f = Array(fractionDigits)
        while f.last == 0x30 { f.removeLast() }
        fraction = f
        self.negative = negative && !(whole.isEmpty && fraction.isEmpty)
    }

    /// Negative, zero or positive as `self` is below, equal to or above `other`.
    func compare(_ other: DecimalText) -> Int {
        if negative != other.negative { return negative ? -1 : 1 }
        let magnitude = DecimalText.compareMagnitude(self, other)
        return negative ? -magnitude : magnitude
    }

    private static func compareMagnitude(_ a: DecimalText, _ b: DecimalText) -> Int {
        if a.whole.count != b.whole.count { return a.whole.count < b.whole.count ? -1 : 1 }
        if a.whole != b.whole { return a.whole.lexicographicallyPrecedes(b.whole) ? -1 : 1 }
        if a.fraction == b.fraction { return 0 }
        // Without trailing zeros, digit order is value order: `5` > `49`, and a prefix is the smaller.
        return a.fraction.lexicographicallyPrecedes(b.fraction) ? -1 : 1
    }
}
