/// A set of characters a field may accept at one position, e.g. "a digit" or "a digit or X".
public struct SymbolClass: Sendable, Hashable {
    /// Inclusive ranges of Unicode scalar values; only single-scalar characters can match them.
    public var ranges: [ClosedRange<UInt32>]
    /// When true, every printable character matches (anything but control characters).
    public var anyPrintable: Bool
    /// What a user is told the position expects, e.g. "a digit".
    public var name: String

    /// A class of explicit scalar ranges.
    public init(ranges: [ClosedRange<UInt32>], name: String) {
        self.ranges = ranges
        self.anyPrintable = false
        self.name = name
    }

    /// Any ASCII digit 0-9. Other scripts' digits (٣, १) are deliberately not digits here.
    public static let digit = SymbolClass(ranges: [0x30...0x39], name: tr("a digit"))
    /// An ASCII digit 2-9 (the `N` of phone templates).
    public static let digitTwoToNine = SymbolClass(ranges: [0x32...0x39], name: tr("a digit 2-9"))
    /// Every printable character, including CJK and emoji.
    public static let printable: SymbolClass = {
        var c = SymbolClass(ranges: [], name: tr("a printable character"))
        c.anyPrintable = true
        return c
    }()

    /// Exactly the given characters (each must be a single scalar).
    public static func characters(_ chars: String, name: String? = nil) -> SymbolClass {
        let ranges = chars.unicodeScalars.map { $0.value...$0.value }
        let each = chars.map { String($0) }
        return SymbolClass(ranges: ranges, name: name ?? each.dropFirst().reduce(each.first ?? "") { tr("\($0) or \($1)") })
    }

    /// The union of two classes, named "a or b".
    public func union(_ other: SymbolClass) -> SymbolClass {
        var joined = SymbolClass(ranges: ranges + other.ranges, name: tr("\(name) or \(other.name)"))
        joined.anyPrintable = anyPrintable || other.anyPrintable
        return joined
    }

    /// Whether one scalar value (a single-scalar character) belongs to the class.
    @inline(__always)
    public func contains(scalar value: UInt32) -> Bool {
        if anyPrintable { return !SymbolClass.isControl(value) }
        for r in ranges where r.contains(value) { return true }
        return false
    }

    /// Whether a character belongs to the class.
    public func contains(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        if anyPrintable {
            // A grapheme is printable unless it starts with a control (Cc); "\r\n" is one grapheme and a control.
            return !SymbolClass.isControl(scalars.first!.value)
        }
        guard scalars.count == 1 else { return false }
        return contains(scalar: scalars.first!.value)
    }

    /// C0 and C1 controls and DEL: never part of a field's value.
    @inline(__always)
    static func isControl(_ v: UInt32) -> Bool {
        v < 0x20 || (v >= 0x7F && v < 0xA0)
    }
}
