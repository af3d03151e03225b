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

    /// Why these settings cannot work with `list`, as a message, or nil. A joined value is values and separators
    /// (labels are only shown, never split), and it must split back at exactly the separators it was joined with,
    /// searching from the left as every reader does. Two things would let the search find one too early: a value
    /// that holds the separator, and a value whose end begins a separator that overlaps itself (`a` then `aa` is
    /// `aaa…`, found at the value's `a`; `x-` then `--`). A match can start nowhere else before the real one: it
    /// would lie inside a value, or begin inside one and end inside the separator, which takes such an overlap.
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
        let starts = ChoiceSelection.overlappingStarts(separator)
        if !starts.isEmpty, let value = list.choices.first(where: { v in starts.contains { v.value.hasSuffix($0) } })?.value {
            return tr("the value '\(ControlCharacters.escaped(value))' ends with the start of the separator '\(ControlCharacters.escaped(separator))', which overlaps itself, so a joined value would be split in the wrong place; choose another separator")
        }
        return nil
    }

    /// The starts of `text` that a match found at a value's end would continue into the real `text` after it:
    /// each proper prefix `p` for which `text` minus `p` also begins `text` (`aa`: `a`; `--`: `-`; `-x-`: `-x`;
    /// ` | `: ` |`). Empty for a text that does not overlap itself (`,`, `; `, `-+`).
    static func overlappingStarts(_ text: String) -> [String] {
        let characters = Array(text)
        guard characters.count > 1 else { return [] }
        return (1..<characters.count).compactMap { m in
            characters[m...].elementsEqual(characters[..<(characters.count - m)]) ? String(characters[..<m]) : nil
        }
    }

    /// The message when fewer than `min` are chosen.
    var tooFew: String { tr("choose at least \(min)") }

    /// The message when a choice beyond `max` is refused.
    func tooMany(_ max: Int) -> String { tr("at most \(max) choices") }

    /// `values` joined with the separator.
    func joined(_ values: [String]) -> String { values.joined(separator: separator) }
}
