/// How a form's field treats the keys that would end it without a value, so that no key loses typed work: Esc
/// asks before a record with anything typed is discarded, and Ctrl-D ends the session only on the first field of
/// an empty record.
public struct FormKeys: Sendable, Equatable {
    /// Ctrl-D on the empty field ends the session: the field is the first of an empty record.
    public var endOfFileEnds: Bool
    /// Other fields of the record hold typed text (not only untouched defaults and derived values).
    public var recordHoldsTypedText: Bool
    /// The field's value as it started (its default, or the value it had when the operator went back to it): the
    /// field holds typed text when its value differs.
    public var startingValue: String

    /// The keys of one field of a form.
    public init(endOfFileEnds: Bool, recordHoldsTypedText: Bool, startingValue: String = "") {
        self.endOfFileEnds = endOfFileEnds
        self.recordHoldsTypedText = recordHoldsTypedText
        self.startingValue = startingValue
    }

    /// What Esc asks on the status line; `y` (or `Y`, `是`) answers yes.
    public static var discardQuestion: String { tr("discard this record? y/N") }

    /// Whether a key typed after the question answers yes.
    static func isYes(_ text: String) -> Bool { text == "y" || text == "Y" || text == "是" }
}
