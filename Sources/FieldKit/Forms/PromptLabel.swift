/// A prompt's words without its closing punctuation, for naming a field in a message the way the operator sees it:
/// `Mobile: ` is `Mobile`, `姓名：` is `姓名`.
public enum PromptLabel {
    /// `prompt` without trailing spaces, colons (ASCII or full-width) and `>`; empty when that is all it holds.
    public static func of(_ prompt: String) -> String {
        var label = Substring(prompt)
        while let last = label.last, last.isWhitespace || ":：>".contains(last) { label.removeLast() }
        return String(label)
    }
}

extension FormField {
    /// How messages at the terminal name the field: its prompt's words (`Mobile`), else its column name.
    public var label: String {
        let words = PromptLabel.of(prompt)
        return words.isEmpty ? name : words
    }
}
