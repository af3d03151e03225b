import FieldKit

/// How an interactive prompt looks and behaves.
public struct PromptOptions: Sendable {
    /// Text before the field.
    public var prompt: String = "> "
    /// Text pre-filled through the field's filter.
    public var defaultText: String?
    /// Give up after this many seconds without an accepted value (at most `longestTimeout`; a value that is not a
    /// positive number is no timeout).
    public var timeout: Double?
    /// The longest timeout, in seconds (11.5 days): keeps the deadline's nanoseconds far from overflowing.
    public static let longestTimeout: Double = 1_000_000
    /// Never ring the bell on a refused key (the counter is still marked).
    public var bell = true
    /// History file for Up/Down recall; nil for none.
    public var historyFile: String?
    /// Echo one mask character per symbol; never write history.
    public var secret = false
    /// Use colour for messages (off for NO_COLOR and TERM=dumb).
    public var colour = true
    /// Keys → commands.
    public var keymap: Keymap = .standard
    /// Up and Shift-Tab end the prompt with `.back` (a form's previous field) instead of recalling history.
    public var backKeys = false
    /// Pre-fill `defaultText` as one paste (all or nothing, formatting dropped) rather than as typed keys: a value
    /// the field accepted before comes back whole.
    public var defaultIsPaste = false
    /// A form's field: Esc asks before discarding typed work and Ctrl-D ends only an empty record (`FormKeys`).
    public var formKeys: FormKeys?
    /// Lines the painter keeps under the field, above the status line: the record's later fields in a form.
    public var linesBelow: [String] = []
    /// Lines the painter keeps above the field: the record's earlier fields in a form. The screen model draws only
    /// those that differ from what it drew above the field before.
    public var linesAbove: [String] = []
    /// Cut a long prompt (with `…`) at every width, resizes included, so that the field's first row keeps room for
    /// what is typed and the counter: a question asked under a record's block (a warning's reason, double entry's
    /// choice), longer than a field's prompt. Off: the prompt is drawn whole and wraps.
    public var promptFitsRow = false
    /// Whether the field's line stays on the screen when the prompt ends (a record's key line goes).
    public var keepsLineAtEnd = true
    /// Typed texts that answer at once with a value, no Enter needed (`fieldline confirm`: `y` is `yes`).
    public var answers: [String: String] = [:]
    /// The key of `answers` that Enter on the empty field types; nil: Enter says which keys answer.
    public var answerOnEnter: String?
    /// Judges the value on Enter before the prompt ends (`exists:`): a refusal keeps the value typed, its reason on
    /// the status line; nil: nothing to judge.
    public var enterCheck: EnterCheck?
    /// What the status line shows when the prompt opens (why the field is asked again), until the first change.
    public var status: String?
    /// Shown dim after the cursor while the field is empty (plain without colour), never part of the value; its
    /// control characters are shown as `U+1B` and it is cut to the row. Nil: a field with an example of its own
    /// (a phone field's region example) shows that; empty: nothing.
    public var placeholder: String?
    /// The field's help text, shown on the status line by F1 and by `?` on an empty field that refuses `?`
    /// (`PromptCore.help`); nil for none.
    public var help: String?

    /// Accessible mode: the terminal's own line editing and plain appended lines, never cursor movement, redraws,
    /// colour or the bell (`AccessiblePrompt`); the question in words, each refusal's reason once.
    public var accessible = false
    /// In accessible mode, `linesAbove` are all written (a record read back before it is saved), not only those that
    /// changed since the last question.
    public var readsBlockBack = false

    /// Defaults: a `> ` prompt, bell on, no history.
    public init() {}
}

/// How a prompt ended.
public enum PromptOutcome: Sendable, Equatable {
    /// The user accepted a valid value.
    case accepted(String)
    /// Esc (in a form: confirmed with `y`).
    case cancelled
    /// Ctrl-D on an empty field (in a form: only on the first field of an empty record).
    case endOfFile
    /// Ctrl-C, a key while a line is read: the terminal is restored, and the caller should re-raise SIGINT to the
    /// process group. (A SIGINT from outside is handled by the terminal guard, which restores and ends the process.)
    case interrupted
    /// Up or Shift-Tab with `backKeys`: go to the previous field.
    case back
    /// Ctrl-R on the first field of an empty record (`FormKeys`): the form opens its search of saved records.
    case findRecord
    /// No value within the timeout.
    case timedOut
    /// The terminal hung up (SIGHUP's meaning): the caller should end by that signal without printing a value.
    case terminated(Int32)
    /// There is no terminal to prompt on.
    case noTerminal
    /// libedit could not be set up.
    case failed(String)
}
