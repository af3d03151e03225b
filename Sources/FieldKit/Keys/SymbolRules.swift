/// How typed characters are mapped before they are checked: letter case.
public enum CaseMapping: String, Sendable, CaseIterable {
    /// Leave letters as typed.
    case none
    /// Map ASCII a-z to A-Z (e.g. the `x` check character of an ID card becomes `X`).
    case upper
    /// Map ASCII A-Z to a-z.
    case lower
}

/// Which characters a field accepts at each position and how they are normalised first.
public struct SymbolRules: Sendable {
    /// The class for every position without an override.
    public var defaultClass: SymbolClass
    /// Per-position overrides, keyed by 1-based position (the 18th place of an ID card is 18).
    public var positionClasses: [Int: SymbolClass]
    /// Letter case applied before checking.
    public var caseMapping: CaseMapping
    /// Map fullwidth forms U+FF01-FF5E (what Chinese IMEs emit, e.g. `１`) and U+3000 to ASCII.
    public var normalizeFullwidth: Bool

    /// Rules with one class everywhere unless overridden.
    public init(
        defaultClass: SymbolClass,
        positionClasses: [Int: SymbolClass] = [:],
        caseMapping: CaseMapping = .none,
        normalizeFullwidth: Bool = true
    ) {
        self.defaultClass = defaultClass
        self.positionClasses = positionClasses
        self.caseMapping = caseMapping
        self.normalizeFullwidth = normalizeFullwidth
    }

    /// True when every position has the same class, so inserting never changes what later symbols must be.
    public var isUniform: Bool { positionClasses.isEmpty }

    /// The class at a 0-based index.
    @inline(__always)
    public func symbolClass(at index: Int) -> SymbolClass {
        if positionClasses.isEmpty { return defaultClass }
        return positionClasses[index + 1] ?? defaultClass
    }

    /// Whether the class at a 0-based index takes a character, without copying the class out (its ranges and name
    /// would be retained and released on every key).
    @inline(__always)
    public func accepts(_ character: Character, at index: Int) -> Bool {
        if positionClasses.isEmpty { return defaultClass.contains(character) }
        return positionClasses[index + 1]?.contains(character) ?? defaultClass.contains(character)
    }

    /// Normalise one scalar value the way typing does (fullwidth → ASCII, then case).
    @inline(__always)
    public func normalize(scalar value: UInt32) -> UInt32 {
        var v = value
        if normalizeFullwidth {
            if v >= 0xFF01 && v <= 0xFF5E { v -= 0xFEE0 } else if v == 0x3000 { v = 0x20 }
        }
        switch caseMapping {
        case .none: break
        case .upper: if v >= 0x61 && v <= 0x7A { v -= 0x20 }
        case .lower: if v >= 0x41 && v <= 0x5A { v += 0x20 }
        }
        return v
    }

    /// Normalise one character; characters of several scalars are left alone.
    public func normalize(_ character: Character) -> Character {
        // A typed ASCII key: its one byte, read without walking the character's scalars (every key asks this).
        if character.utf8.count == 1, let byte = character.utf8.first {
            let mapped = normalize(scalar: UInt32(byte))
            return mapped == UInt32(byte) ? character : Character(Unicode.Scalar(UInt8(truncatingIfNeeded: mapped)))
        }
        let scalars = character.unicodeScalars
        guard scalars.count == 1, let first = scalars.first else { return character }
        let mapped = normalize(scalar: first.value)
        if mapped == first.value { return character }
        return Character(Unicode.Scalar(mapped)!)
    }
}
