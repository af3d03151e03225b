/// What a prompt does after one input event, as `PromptCore` decides it: the terminal paints it, `replay` reports
/// it, and both end the same way.
public enum PromptStep: Sendable, Equatable {
    /// The field changed or its cursor moved: show it.
    case edited
    /// The key, paste or Enter changed nothing; `reason` says why (what the place takes, the limit, a failed
    /// Enter's message, what a refused paste held). `PromptCore` gives a reason for every refusal; nil is left for
    /// a caller with nothing to say, and shows nothing.
    case refused(reason: String?)
    /// Draw the field again from a clean screen (Ctrl-L).
    case redraw
    /// The field is as it was; the status line shows this text (a question the next key answers, the field's help),
    /// or nothing.
    case status(String?)
    /// The field is done with this value.
    case accept(String)
    /// The user gave up on the field (Esc).
    case cancel
    /// End of input on an empty field (Ctrl-D): the prompt ends as cancelled.
    case endOfFile
    /// Go back to the previous field of a form (Shift-Tab, or Up in a field that steps through nothing).
    case back
    /// Ctrl-C as a key: end at once, as the interrupt signal does.
    case interrupt
    /// Ctrl-Z as a key: stop like a job, as the suspend signal does.
    case suspend
    /// Ctrl-R on the first field of an empty record: the form opens its search of saved records.
    case findRecord

    /// Whether the prompt ends here.
    public var ends: Bool {
        switch self {
        case .accept, .cancel, .endOfFile, .back, .interrupt, .findRecord: return true
        case .edited, .refused, .redraw, .status, .suspend: return false
        }
    }
}
