/// A value of white space only (spaces, tabs, U+3000 IDEOGRAPHIC SPACE…): no value to a required field, whether it
/// was typed, pasted or imported. The value itself is never changed: an optional field keeps what it was given.
public enum BlankValue {
    /// Whether `value` is empty or holds only Unicode White_Space characters.
    public static func isBlank(_ value: String) -> Bool {
        // Most values start with an ASCII byte that is not white space: the answer then, from a table of Unicode's
        // own property, without a look-up in its tables per value (several per record of an import).
        if let first = value.utf8.first, first < 0x80, !asciiWhitespace[Int(first)] { return false }
        return value.unicodeScalars.allSatisfy(\.properties.isWhitespace)
    }

    /// `Unicode.Scalar.Properties.isWhitespace` of each ASCII scalar.
    static let asciiWhitespace: [Bool] = (0..<128).map { Unicode.Scalar(UInt8($0)).properties.isWhitespace }
}
