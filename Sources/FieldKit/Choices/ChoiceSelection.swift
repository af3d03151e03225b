/// How a multi-select choice field (`--multi`, keymap `multiple: true`) takes several choices: how many, and how
/// the chosen values are joined into one value (`DE,FR`, in list order).
public struct ChoiceSelection: Sendable, Equatable {
    /// Fewest choices a value holds (`--min`; 0 lets Enter take nothing).
    public var min: Int
    /// Most choices a value holds (`--max`), nil for no limit.
    public var max: Int?
    /// What joins the chosen values (`--separator`), and what a checked line is split at.
    public var separator: String

    /// The most characters a separator may have: it is written between every two values.
    public static let maxSeparatorLength = 8

    /// At least one choice, no most, joined with `,`.
    public init(min: Int = 1, max: Int? = nil, separator: String = ",") {
        self.min = min
        self.max = max
        self.separator = separator
    }

    /// Why these settings cannot work with `list`, as a message, or nil. A value holding the separator could not
    /// be told from two values, so such a list needs another separator.
    public func problem(for list: ChoiceList) -> String? {
        if min < 0 { return tr("the fewest choices must not be negative") }
        if let max, max < 1 { return tr("the most choices must be at least 1") }
        if let max, min > max { return tr("the fewest choices (\(min)) is more than the most (\(max))") }
        if separator.isEmpty || separator.count > ChoiceSelection.maxSeparatorLength
            || separator.unicodeScalars.contains(where: ControlCharacters.isControl) {
            return tr("a separator is 1 to \(ChoiceSelection.maxSeparatorLength) characters, no control characters but tab")
        }
        if let value = list.choices.first(where: { $0.value.contains(separator) })?.value {
            return tr("the separator '\(ControlCharacters.escaped(separator))' is in the value '\(ControlCharacters.escaped(value))'; choose another separator")
        }
        return nil
    }

    /// The message when fewer than `min` are chosen.
    var tooFew: String { tr("choose at least \(min)") }

    /// The message when a choice beyond `max` is refused.
    func tooMany(_ max: Int) -> String { tr("at most \(max) choices") }

    /// `values` joined with the separator.
    func joined(_ values: [String]) -> String { values.joined(separator: separator) }
}
