/// Every decision of a prompt, with no terminal: which command a key runs (through the keymap, for every key,
/// Ctrl-D, Ctrl-L, Up/Down, Shift-Tab, Ctrl-C and Ctrl-Z included), what a paste may do, and how the prompt goes on
/// or ends. The terminal adapter paints what it answers; `replay` runs the same core, so replay's answer is the
/// terminal's answer.
public struct PromptCore: Sendable {
    /// Which command each key runs.
    public let keymap: Keymap
    /// A form's field: previous-field (and Up where nothing else uses it) ends the prompt with `.back`.
    public let backKeys: Bool
    /// Earlier values that Up and Down recall in a field that steps through nothing of its own.
    public var history: HistoryCursor?
    /// A form's field: Esc and Ctrl-D never lose typed work (see `FormKeys`); nil for a prompt of its own.
    public var formKeys: FormKeys?
    /// Typed texts that answer the prompt at once with a value (`fieldline confirm`: `y` is `yes`), no Enter needed;
    /// empty for every other prompt.
    public var answers: [String: String] = [:]
    /// The key of `answers` that Enter on the empty field types (`confirm --default yes`: `y`); nil: Enter says
    /// which keys answer.
    public var answerOnEnter: String?
    /// The field's help text (`help:` in its keymap or form field), shown on the status line by F1 (`show-help`) and
    /// by `?` on an empty field that would refuse `?`; nil for none.
    public var help: String?
    /// Esc asked `discard this record? y/N`: the next event answers it.
    public private(set) var askingToDiscard = false
    /// Whether the keymap binds a printable character to a command (most do not: typing then skips the lookup).
    private let hasCharacterBindings: Bool
    /// What the operator's keys did so far (`step` counts each one it is told is the operator's).
    public private(set) var tally = KeyTally()

    /// A core for fields bound by `keymap`; `backKeys` for a form's fields.
    public init(keymap: Keymap, backKeys: Bool = false, history: HistoryCursor? = nil) {
        self.keymap = keymap
        self.backKeys = backKeys
        self.history = history.flatMap { $0.entries.isEmpty ? nil : $0 }
        hasCharacterBindings = keymap.bindings.keys.contains { if case .character = $0 { true } else { false } }
    }

    /// One decoded event applied to `field`. `pasteTail`: the event arrived in the read right behind a paste
    /// (a crafted paste's tail), so it may not end or accept the field. `operatorKey`: the operator sent it, so it
    /// counts in `tally` (a prompt's starting text is no key).
    public mutating func step(_ event: InputEvent, pasteTail: Bool = false, operatorKey: Bool = true, field: inout Field) -> PromptStep {
        let step = decide(event, pasteTail: pasteTail, field: &field)
        guard operatorKey else { return step }
        switch event {
        case .cursorReport: break
        case .key(let key): tally.count(command: step == .edited ? keymap.command(for: key) as EditCommand? : nil, step: step)
        case .text, .paste, .refused, .unfinishedCharacter: tally.count(command: nil, step: step)
        }
        return step
    }

    private mutating func decide(_ event: InputEvent, pasteTail: Bool, field: inout Field) -> PromptStep {
        if askingToDiscard {
            // Yes discards; any other key (a paste included) goes back to the field as it was, and is not typed.
            askingToDiscard = false
            if case .text(let text) = event, FormKeys.isYes(text), !pasteTail { return .cancel }
            return .status(nil)
        }
        switch event {
        case .text(let text):
            // A typed answer (never a paste's tail, which is not the user's keys) ends the prompt with its value.
            // Only a confirm has answers: every other prompt skips hashing the key's text.
            if !answers.isEmpty, let answer = answers[text], !pasteTail { return self.answer(text, with: answer, field: &field) }
            if hasCharacterBindings, text.count == 1, let command = keymap.bindings[.character(text.first!)] {
                return run(command, pasteTail: pasteTail, field: &field)
            }
            // `?` asks for help where it could not be typed anyway: a field that takes `?` gets it as text.
            if text == "?", let help, field.state.symbols.isEmpty, !pasteTail, !Self.takes(text, field) { return .status(help) }
            let step = Self.outcome(of: .selfInsert(text), field: &field)
            // A confirm's field takes only its answers: a refused key says which they are, not its place's class.
            if !answers.isEmpty, case .refused = step { return Self.refuse(tr("answer y (yes) or n (no)"), field: &field) }
            return step
        case .paste(let text, let dropped):
            // A paste is only ever inserted, never run as keys: it cannot accept or cancel.
            guard let dropped else { return Self.outcome(of: .paste(text), field: &field) }
            // The terminal sent more than text (a line break, controls, escape sequences, invalid UTF-8, or past
            // the cap): inserting the rest would change the value silently, so nothing goes in.
            field.refusePaste(because: dropped.reason)
            return .refused(reason: field.notice)
        case .refused:
            return Self.refuse(tr("the terminal sent a key or bytes fieldline does not read"), field: &field)
        case .cursorReport:
            // The painter's own question answered: nothing the user did.
            return .status(nil)
        case .unfinishedCharacter:
            return Self.refuse(tr("a character's bytes stopped coming before it was whole: type it again"), field: &field)
        case .key(let key):
            guard let command = keymap.command(for: key) else {
                return Self.refuse(tr("\(ControlCharacters.escaped(key.description)) does nothing here"), field: &field)
            }
            return run(command, pasteTail: pasteTail, field: &field)
        }
    }

    /// A keymap command: the prompt's own commands here, the rest by the field.
    public mutating func run(_ command: EditCommand, pasteTail: Bool = false, field: inout Field) -> PromptStep {
        // A crafted paste's tail that arrived as its own read is not the user's keys: it may not end the field.
        if pasteTail, command == .acceptLine || command == .abort || command == .deleteCharOrEndOfFile && field.state.symbols.isEmpty {
            return Self.refuse(tr("keys that came with a paste cannot end the field"), field: &field)
        }
        switch command {
        case .deleteCharOrEndOfFile:
            if field.state.symbols.isEmpty {
                if let formKeys, !formKeys.endOfFileEnds {
                    return Self.refuse(tr("Ctrl-D ends the session only on the first field of an empty record"), field: &field)
                }
                return .endOfFile
            }
            // At the end of the text Ctrl-D neither deletes nor ends: say what it would take to end.
            let atEnd = field.state.cursor == field.state.symbols.count
            let step = Self.outcome(of: .deleteChar, field: &field)
            guard atEnd, case .refused = step else { return step }
            return Self.refuse(formKeys == nil
                ? tr("nothing after the cursor to delete (Ctrl-D ends only an empty field)")
                : tr("Ctrl-D ends the session only on the first field of an empty record"), field: &field)
        case .clearScreen:
            return .redraw
        case .abort where formKeys != nil:
            let keys = formKeys!
            if keys.escapeGoesBack { return .back }
            if keys.recordHoldsTypedText || keys.holdsTypedText(field) {
                askingToDiscard = true
                return .status(FormKeys.discardQuestion)
            }
            return Self.refuse(keys.endOfFileEnds
                ? tr("nothing to discard: Ctrl-D ends the session")
                : tr("nothing to discard: Shift-Tab goes back a field"), field: &field)
        case .reverseSearchHistory:
            // Only a form finds records, and only where nothing typed would be lost (as Ctrl-D ends there).
            guard let formKeys else { return Self.refuse(tr("Ctrl-R finds saved records only in a form"), field: &field) }
            guard formKeys.findOpens(field) else {
                return Self.refuse(tr("Ctrl-R finds a saved record only on the first field of an empty record"), field: &field)
            }
            return .findRecord
        case .acceptLine where !answers.isEmpty && field.state.symbols.isEmpty:
            guard let key = answerOnEnter, let answer = answers[key] else {
                return Self.refuse(tr("answer y (yes) or n (no)"), field: &field)
            }
            return self.answer(key, with: answer, field: &field)
        case .showHelp:
            return .status(help ?? tr("this field has no help"))
        case .interrupt:
            return .interrupt
        case .suspend:
            return .suspend
        case .previousField:
            guard backKeys else { return Self.refuse(tr("Shift-Tab goes back a field only in a form"), field: &field) }
            return .back
        case .previousHistory, .nextHistory:
            let older = command == .previousHistory
            // A field that steps through something of its own (choices, a date) steps; a form's field goes back
            // on Up; otherwise history, when there is one.
            if field.spec.kind.steps {
                return Self.outcome(of: older ? .previousChoice : .nextChoice, field: &field)
            }
            if older && backKeys { return .back }
            guard var cursor = history else { return Self.refuse(tr("no earlier values to recall"), field: &field) }
            let recalled = older ? cursor.older(current: field.value) : cursor.newer()
            history = cursor
            guard let recalled else {
                return Self.refuse(older ? tr("no older value to recall") : tr("no newer value to recall"), field: &field)
            }
            field = Field(spec: field.spec, context: field.context)
            if !recalled.isEmpty { field.apply(.paste(recalled)) }
            return .edited
        default:
            return Self.outcome(of: command, field: &field)
        }
    }

    /// Ends the prompt with `answer`, the field showing the key that gave it (`Install? [y/n] y`).
    private func answer(_ key: String, with answer: String, field: inout Field) -> PromptStep {
        field = Field(spec: field.spec, context: field.context)
        field.apply(.paste(key))
        return .accept(answer)
    }

    /// Whether typing `text` into `field` would change it (tried on a copy, so nothing is marked refused).
    private static func takes(_ text: String, _ field: Field) -> Bool {
        var probe = field
        if case .refused = outcome(of: .selfInsert(text), field: &probe) { return false }
        return true
    }

    /// A key the prompt itself refuses, saying why (the field keeps the reason as its notice, as for its own).
    private static func refuse(_ reason: String, field: inout Field) -> PromptStep {
        field.refuseKey(because: reason)
        return .refused(reason: reason)
    }

    /// A command the field itself applies, and what it means for the prompt.
    static func outcome(of command: EditCommand, field: inout Field) -> PromptStep {
        switch field.apply(command) {
        case .refresh: return .edited
        case .accept(let value): return .accept(value)
        case .cancel: return .cancel
        case .bell:
            // A failed Enter says why; so does a refused paste, or a key refused for what it would make.
            if command == .acceptLine, let message = field.frame.message { return .refused(reason: message) }
            return .refused(reason: field.notice)
        }
    }
}
