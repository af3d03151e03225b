/// What a field's length and counter count.
public enum CountUnit: String, Sendable, CaseIterable {
    /// User-perceived characters (Swift `Character`): 中 = 1, 👨‍👩‍👧 = 1.
    case graphemes
    /// UTF-16 code units, as JavaScript and many databases count: 👨‍👩‍👧 = 8.
    case utf16
    /// Unicode scalars: 👨‍👩‍👧 = 5.
    case scalars
    /// Terminal columns: 中 = 2, a = 1.
    case width

    /// How much one character adds to the count, measured on its own (in a text, a character after one ending in
    /// U+200D takes fewer columns: the sequence counts below measure through `DisplayWidth.Run`).
    @inline(__always)
    public func count(of character: Character) -> Int {
        switch self {
        case .graphemes: return 1
        case .utf16: return character.utf16.count
        case .scalars: return character.unicodeScalars.count
        case .width: return DisplayWidth.columns(of: character)
        }
    }

    /// The count of a sequence of characters.
    public func count<C: Sequence>(of characters: C) -> Int where C.Element == Character {
        if self == .width { return Self.columns(of: characters) }
        return characters.reduce(0) { $0 + count(of: $1) }
    }

    /// The count of a collection of characters; graphemes are its elements, so no need to look at each (every
    /// key counts the whole line).
    public func count<C: Collection>(of characters: C) -> Int where C.Element == Character {
        if self == .graphemes { return characters.count }
        if self == .width { return Self.columns(of: characters) }
        return characters.reduce(0) { $0 + count(of: $1) }
    }

    /// The characters' columns, each after the one before, as the text they make measures.
    private static func columns<C: Sequence>(of characters: C) -> Int where C.Element == Character {
        var run = DisplayWidth.Run()
        return characters.reduce(0) { $0 + run.columns(of: $1) }
    }
}
