/// A record on the screen as lines, one per field shown: each the field's current display (a choice's label, never
/// the query typed to find it; a derived value as its source gives it, blank while the source is edited; text typed
/// in a field and left without Enter). The terminal's screen model draws them above and under the field asked; the
/// record's block is this and nothing else, so it can be tested without a terminal.
public final class RecordBlock {
    /// The form whose records are shown.
    public let form: FormSpec
    private let context: ValidationContext
    /// Each field's prompt as shown (`FormSpec.shownPrompts`: marked when required in a form with optional fields).
    public let prompts: [String]
    /// Lines made, by field and value: a line is a field pasted into and formatted, and the block is drawn again at
    /// every step.
    private var made: [Int: (value: String, line: String)] = [:]

    /// The block of `form`'s records, values checked against `context` (today, for dates).
    public init(form: FormSpec, context: ValidationContext) {
        self.form = form
        self.context = context
        prompts = form.shownPrompts
    }

    /// The lines of the fields in `range` that are shown, with the fields derived from `editing` (the field being
    /// asked) blank: their values follow a source that is being changed.
    public func lines(of session: FormSession, in range: Range<Int>, editing: Int? = nil) -> [String] {
        range.compactMap { j in
            guard let value = shownValue(of: j, in: session) else { return nil }
            if let editing, let source = form.fields[j].derivedFrom.flatMap({ form.index(of: $0.field) }), source == editing {
                return ControlCharacters.escaped(prompts[j])
            }
            return line(of: j, value: value)
        }
    }

    /// The value field `j` shows, or nil when it has no line (not reached, or its `when` fails): derived fields with
    /// a value, asked fields with a value or with text typed and left.
    public func shownValue(of j: Int, in session: FormSession) -> String? {
        if form.fields[j].derivedFrom != nil {
            let value = session.resolved.values[j]
            return value.isEmpty ? nil : value
        }
        if let typed = session.typed[j] { return typed }
        guard session.isAsked(j) else { return nil }
        return session.values[j]
    }

    /// Field `index`'s line for `value`: its prompt and the value as the field displays it (masked if secret; a
    /// choice's label with its parents' in a tree).
    public func line(of index: Int, value: String) -> String {
        if let kept = made[index], kept.value == value { return kept.line }
        let field = form.fields[index]
        let line: String
        if field.secret {
            line = prompts[index] + String(repeating: "*", count: value.count)
        } else if let list = field.spec.choices, let found = list.index(ofValue: value) {
            line = prompts[index] + list.path(to: found)
        } else {
            var shown = Field(spec: field.spec, context: context)
            if !value.isEmpty { shown.apply(.paste(value)) }
            line = prompts[index] + shown.frame.display
        }
        made[index] = (value, line)
        return line
    }
}
