/// A field's question in words, for an accessible prompt: what a full-screen prompt shows by drawing (the counter's
/// limit, the layout, the dim example, the candidates) written as plain lines a screen reader reads once.
///
/// `Mobile: 11 digits, shown 138-1234-5678` — no key names: a speech user hears what to type, not which keys move
/// a cursor they cannot see.
public enum SpokenQuestion {
    /// How many of a choice field's candidates are listed before the question; a longer list says how many more
    /// there are and is found by typing a name.
    public static let listedChoices = 30

    /// The question line for `field` (as it starts) asked with `prompt`. `placeholder`: the prompt's own (nil: the
    /// field's example, empty: none); `defaultDisplay`: what Enter on an empty line keeps; `secret`: typing is not
    /// echoed.
    /// `answersYesNo`: a confirm's question, answered by y or n.
    public static func line(prompt: String, field: Field, placeholder: String?, defaultDisplay: String?, secret: Bool,
                            answersYesNo: Bool = false) -> String {
        let spec = field.spec
        var parts: [String] = []
        let name = trimmedPrompt(prompt)
        if !name.isEmpty { parts.append(name) }
        if answersYesNo {
            parts.append(tr("answer y (yes) or n (no)"))
        } else if spec.choices != nil, let selection = spec.selection {
            parts.append(tr("type numbers or names apart by '\(ControlCharacters.escaped(selection.separator))'"))
        } else if spec.choices != nil {
            parts.append(tr("type a number or a name"))
        } else {
            if let limit = counterLimit(of: field) ?? spec.limit {
                if spec.minLength == limit || counterLimit(of: field) != nil {
                    parts.append(spec.units(limit))
                } else if spec.minLength > 0 {
                    parts.append(tr("\(spec.minLength) to \(spec.units(limit))"))
                } else {
                    parts.append(tr("at most \(spec.units(limit))"))
                }
            } else if spec.minLength > 0 {
                parts.append(tr("at least \(spec.units(spec.minLength))"))
            }
            if let shape = shape(of: spec, placeholder: placeholder, secret: secret) { parts.append(shape) }
        }
        if secret { parts.append(tr("typing is not shown")) }
        if let defaultDisplay, !defaultDisplay.isEmpty, !secret { parts.append(tr("Enter keeps \(defaultDisplay)")) }
        return parts.joined(separator: tr(", "))
    }

    /// A choice field's candidates as numbered lines (`3. Beijing`), in the order Down steps through them; a long
    /// list ends with how many more there are.
    public static func choiceLines(_ field: Field) -> [String] {
        guard let list = field.spec.choices else { return [] }
        let matches = field.choiceMatches
        // A long query's matches are found as they are read: find a list's worth before saying it.
        matches.reach(listedChoices)
        var lines: [String] = []
        for (k, index) in matches.prefix(listedChoices).enumerated() {
            let choice = list.choices[index]
            lines.append("\(k + 1). " + ControlCharacters.escaped(choice.label.isEmpty ? choice.value : choice.label))
        }
        if !matches.isExact {
            lines.append(tr("and more: type more of a name to find one"))
        } else if matches.count > listedChoices {
            lines.append(tr("and \(matches.count - listedChoices) more: type a name to find one"))
        }
        return lines
    }

    /// The prompt without the marks that end it on a full screen (`Mobile: ` → `Mobile`), control characters shown.
    static func trimmedPrompt(_ prompt: String) -> String {
        ControlCharacters.escaped(PromptLabel.of(prompt))
    }

    /// The length a live layout's counter shows for the empty field (`0/11` in a phone field: the length a number
    /// of its home region has), which a speech user hears as `11 digits`; nil for another field or counter.
    private static func counterLimit(of field: Field) -> Int? {
        guard case .liveLayout = field.spec.kind, field.state.symbols.isEmpty else { return nil }
        let counter = field.frame.counter
        guard counter.hasPrefix("0/"), let limit = Int(counter.dropFirst(2)), limit > 0 else { return nil }
        return limit
    }

    /// How a value looks: the prompt's placeholder, a phone field's example, a date's order.
    private static func shape(of spec: FieldSpec, placeholder: String?, secret: Bool) -> String? {
        if let placeholder {
            return placeholder.isEmpty ? nil : tr("for example \(Placeholder.sanitized(placeholder))")
        }
        if case .date = spec.kind { return tr("typed as year, month and day, shown yyyy-mm-dd") }
        if !secret, let example = spec.exampleHint(after: []) { return tr("shown \(example)") }
        return nil
    }
}
