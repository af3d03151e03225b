extension FormSpec {
    /// What stands before a required field's prompt at a terminal when the form also has fields that may be left
    /// empty: one ASCII character, read the same way in every language and drawn in one column.
    public static let requiredMark = "*"

    /// Whether prompts carry `requiredMark`: only a form with an asked field that may be left empty (`required:
    /// false`) says which fields may not; in a form where every field must be filled the mark would tell nothing.
    public var marksRequired: Bool {
        fields.contains { !$0.required && $0.derivedFrom == nil }
    }

    /// The prompts as the terminal shows them, by field index: `*Name: ` for a required field where `marksRequired`.
    public var shownPrompts: [String] {
        let marks = marksRequired
        return fields.map { marks && $0.required && $0.derivedFrom == nil ? FormSpec.requiredMark + $0.prompt : $0.prompt }
    }
}
