/// A placeholder: text shown dim in an empty field (`--placeholder`, `placeholder:` in keymaps and forms), never
/// part of the value; and the example a field shows when it has none of its own (a phone field's region example).
public enum Placeholder {
    /// The most characters a placeholder may have (a keymap's, a form field's or `--placeholder`): it is one hint
    /// on the field's row, and anything longer is refused where it is given.
    public static let maxCharacters = 200

    /// Why `text` cannot be a placeholder, or nil when it can: longer than `maxCharacters`.
    public static func problem(_ text: String) -> String? {
        text.count > maxCharacters ? tr("a placeholder has at most \(maxCharacters) characters, this one \(text.count)") : nil
    }

    /// `text` as it may reach the terminal: every control character named (`U+1B`, as everywhere fieldline
    /// prints text from outside) and tabs as spaces (a tab would move the cursor to a place the painter does not
    /// know), so a placeholder can never move the cursor or change the terminal.
    public static func sanitized(_ text: String) -> String {
        ControlCharacters.escaped(text.contains("\t") ? String(text.map { $0 == "\t" ? " " : $0 }) : text)
    }
}

extension FieldSpec {
    /// Whether the field has examples to show when no placeholder is given (a phone field's layout has).
    public var hasExamples: Bool {
        if case .liveLayout(let live, _) = kind { return live.hasExamples }
        return false
    }

    /// What the field's example adds after `symbols` as the field shows it (`07400 123456` in an empty GB phone
    /// field, ` 7400 123456` after `+44`), or nil when it has no example beginning with them.
    public func exampleHint(after symbols: [Character]) -> String? {
        guard case .liveLayout(let live, _) = kind, let example = live.example(continuing: symbols) else { return nil }
        let whole = Formatter.display(example, as: kind)
        let typed = Formatter.display(symbols, as: kind)
        guard whole.count > typed.count, whole.starts(with: typed) else { return nil }
        // Appended one by one: `String(_:)` of a slice of characters is generic code that looks its types up by
        // name at run time, a cost every prompt with an example would pay.
        var hint = ""
        for c in whole[typed.count...] { hint.append(c) }
        return hint
    }

    /// Whether the field may have an example hint for `symbols` or for symbols typed after them (`+4` may become
    /// `+44`); false guarantees `exampleHint(after:)` is nil for them.
    public func mayReachExample(_ symbols: [Character]) -> Bool {
        if case .liveLayout(let live, _) = kind { return live.mayReachExample(symbols) }
        return false
    }
}
