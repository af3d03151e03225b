/// How a form's field treats the keys that would end it without a value, so that no key loses typed work: Esc
/// asks before a record with anything typed is discarded, and Ctrl-D ends the session only on the first field of
/// an empty record; Ctrl-R opens the search of saved records there too.
public struct FormKeys: Sendable, Equatable {
    /// Ctrl-D on the empty field ends the session: the field is the first of an empty record.
    public var endOfFileEnds: Bool
    /// Other fields of the record hold typed text (not only untouched defaults and derived values).
    public var recordHoldsTypedText: Bool
    /// The text the field started with (its default, a repeated or earlier value, pasted in): the field holds typed
    /// text when its value differs from what that text makes.
    public var startingText: String
    /// Esc ends the prompt as Shift-Tab does (`.back`), asking nothing: a question put over the record (a warning's
    /// reason), which Esc leaves for the field.
    public var escapeGoesBack = false

    /// The keys of one field of a form.
    public init(endOfFileEnds: Bool, recordHoldsTypedText: Bool, startingText: String = "") {
        self.endOfFileEnds = endOfFileEnds
        self.recordHoldsTypedText = recordHoldsTypedText
        self.startingText = startingText
    }

    /// Whether `field` holds other than what its starting text makes: judged only when Esc asks (a paste into a
    /// fresh field), so a field's start costs nothing for it.
    func holdsTypedText(_ field: Field) -> Bool {
        var start = Field(spec: field.spec, context: field.context)
        if !startingText.isEmpty { start.apply(.paste(startingText)) }
        return field.value != start.value
    }

    /// Whether Ctrl-R opens the search of saved records in `field`: where Ctrl-D would end the session (the first
    /// field of an empty record), with nothing typed into it that the search would lose.
    public func findOpens(_ field: Field) -> Bool { endOfFileEnds && !holdsTypedText(field) }

    /// What Esc asks on the status line; `y` (or `Y`, `是`) answers yes.
    public static var discardQuestion: String { tr("discard this record? y/N") }

    /// Whether a key typed after the question answers yes.
    static func isYes(_ text: String) -> Bool { text == "y" || text == "Y" || text == "是" }
}
