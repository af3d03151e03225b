import FieldKit

/// What a keymap file may ask for at most: files come from users' folders and from the internet, so every size,
/// depth and number read from one is bounded. Each limit is in docs/keymaps.md, "Limits", with the error it gives.
public enum KeymapLimits {
    /// The largest keymap file read, in bytes (a keymap is a page of text; 1 MiB is thousands of them).
    public static let fileBytes = 1 << 20
    /// The deepest chain of `extends`.
    public static let extendsDepth = 32
    /// The largest length or position a setting may give: no field is that long. (A `range` validator's bounds are
    /// values to compare, not sizes, and may be any whole number.)
    public static let largestNumber = 100_000
    /// The most templates a keymap may list: every key matches the value against each of them.
    public static let templates = 64
    /// The longest template pattern, in characters (slots and literals): a phone or card template is a few dozen.
    public static let templateCharacters = 1_000
    /// The most characters `separators` and each `paste-prefixes` entry may hold, and the most prefixes.
    public static let shortList = 64
    /// The most `rules` a form may list: each is judged on every record.
    public static let formRules = 100
    /// The longest `when` or `require` expression, in characters (FieldKit's `ExpressionLimits`).
    public static let expressionCharacters = ExpressionLimits.characters
    /// The deepest nesting of an expression's parentheses and `not`s.
    public static let expressionDepth = ExpressionLimits.depth
}
