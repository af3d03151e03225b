/// A value of white space only (spaces, tabs, U+3000 IDEOGRAPHIC SPACE…): no value to a required field, whether it
/// was typed, pasted or imported. The value itself is never changed: an optional field keeps what it was given.
public enum BlankValue {
    /// Whether `value` is empty or holds only Unicode White_Space characters.
    public static func isBlank(_ value: String) -> Bool {
        value.unicodeScalars.allSatisfy(\.properties.isWhitespace)
    }
}
