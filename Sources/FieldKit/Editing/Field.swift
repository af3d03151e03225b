/// A field being edited: a spec, its state, and the pure `apply` that every key goes through.
public struct Field: Sendable {
    /// What kind of field this is.
    public let spec: FieldSpec
    /// Outside facts for validation (today's date).
    public let context: ValidationContext
    /// The entered symbols and the cursor: the only truth.
    public internal(set) var state = FieldState()
    /// Whether the last command was refused or did nothing.
    public internal(set) var lastKeyRefused = false
    /// Set by a refused Enter so an incomplete value's message is shown until the next edit.
    public internal(set) var revealsMessage = false
    /// Why the last command was refused (`position 5 takes a digit`, `paste refused: …`); cleared by the next
    /// command. Set on every refusal but a failed Enter, whose reason is the status message.
    public internal(set) var notice: String?
    /// The display kept between keys when the display is the symbols themselves (nil otherwise).
    var plainDisplay: PlainDisplay?
    /// A choice field's matches for the current query and level, kept by `apply` (derived, never edited).
    var choiceCache = ChoiceMatches([])
    /// The kill ring and the undo steps (readline's), kept by `apply`.
    var history = EditHistory()

    /// An empty field of a kind.
    public init(spec: FieldSpec, context: ValidationContext) {
        self.spec = spec
        self.context = context
        switch spec.kind {
        case .choice(let list): choiceCache = ChoiceMatches(list.roots)  // a choice field's frame is its own
        case .plain, .templated, .liveLayout, .date: plainDisplay = spec.kind.hasLayout ? nil : PlainDisplay([])
        }
    }

    /// The entered value as text (no literals).
    public var value: String { String(joining: state.symbols) }

    /// Apply one command. Never traps, for any command on any state.
    @discardableResult
    public mutating func apply(_ command: EditCommand) -> Effect {
        if case .selfInsert(let text) = command, appendTyped(text) { return .refresh }
        return applyGenerally(command)
    }

    /// `apply` without the typed key's short path (`appendTyped`), which `TypedAppendTests` compares with it.
    mutating func applyGenerally(_ command: EditCommand) -> Effect {
        switch command {
        case .yank: return yank()
        case .yankPop: return yankPop()
        case .undo: return undo()
        default: break
        }
        // A typed key continuing a run of typing joins the run's undo step: nothing to keep or note, the common case.
        // Anything else keeps the state before it, where an undo step may start. (Kept only then: a copy held across
        // the edit makes the symbols' storage shared, and the edit would copy it all.)
        let continuesTyping: Bool
        if case .selfInsert = command { continuesTyping = history.typing } else { continuesTyping = false }
        let before = continuesTyping ? nil : state
        let changesBefore = state.changeCount
        let countBefore = state.symbols.count
        let wasAtEnd = state.cursor == countBefore
        let effect: Effect
        switch spec.kind {
        case .plain, .templated, .liveLayout: effect = perform(command)
        // The payload is bound in a function of its own: a switch here that binds one copies the whole kind onto
        // the stack on every key of every field.
        case .choice, .date: effect = performOwnKeys(command)
        }
        refreshPlainDisplay(after: command, countBefore: countBefore, wasAtEnd: wasAtEnd)
        if let before { noteChange(by: command, from: before, changesBefore: changesBefore) }
        return effect
    }

    /// `apply` for a kind whose own object decides what keys do: a choice list or a date picker.
    private mutating func performOwnKeys(_ command: EditCommand) -> Effect {
        switch spec.kind {
        case .choice(let list): return performChoice(command, in: list)
        case .date(_, let picker): return performDate(command, picker)
        case .plain, .templated, .liveLayout: return perform(command)
        }
    }

    /// `apply` without the display bookkeeping.
    mutating func perform(_ command: EditCommand) -> Effect {
        let before = state.symbols.count
        var refused = false
        notice = nil
        switch command {
        case .selfInsert(let text):
            let outcome = insert(text, paste: false)
            refused = outcome.refusedAny || text.isEmpty
            // The words are made only for a refused key: an accepted one builds no string.
            if refused { notice = typedRefusal(outcome) }
        case .paste(let text):
            let outcome = insert(text, paste: true)
            // An empty paste changes nothing and is not refused: pasting `check`'s empty answer leaves the field as
            // `check` reads it (the fuzz invariant), with no bell and no reason to give.
            refused = outcome.refusedAny
            if refused { notice = tr("paste refused: \(refusalMessage(outcome, inserting: text))") }
        case .backwardDeleteChar:
            refused = !remove(state.cursor - 1..<state.cursor, beforeCursor: true)
        case .deleteChar, .deleteCharOrEndOfFile:
            refused = !remove(state.cursor..<state.cursor + 1, beforeCursor: false)
        case .backwardChar:
            state.cursor = max(0, state.cursor - 1)
        case .forwardChar:
            state.cursor = min(state.symbols.count, state.cursor + 1)
        case .beginningOfLine:
            state.cursor = 0
        case .endOfLine:
            state.cursor = state.symbols.count
        case .backwardKillWord:
            refused = !remove(wordStart(before: state.cursor)..<state.cursor, beforeCursor: true)
        case .killWord:
            refused = !remove(state.cursor..<wordEnd(after: state.cursor), beforeCursor: false)
        case .backwardWord:
            refused = state.cursor == 0
            if refused { notice = tr("the cursor is at the start") }
            state.cursor = wordStart(before: state.cursor)
        case .forwardWord:
            refused = state.cursor == state.symbols.count
            if refused { notice = tr("the cursor is at the end") }
            state.cursor = wordEnd(after: state.cursor)
        case .unixLineDiscard:
            refused = !remove(0..<state.cursor, beforeCursor: true)
        case .killLine:
            refused = !remove(state.cursor..<state.symbols.count, beforeCursor: false)
        case .acceptLine:
            let status = self.status
            if status == .valid { lastKeyRefused = false; return .accept(acceptedValue) }
            revealsMessage = true
            lastKeyRefused = true
            return .bell
        case .abort:
            return .cancel
        case .complete, .toggleChoice, .previousChoice, .nextChoice:
            refused = true  // these fields have no choices
            notice = tr("this field has no choices")
        case .clearScreen:
            break  // the prompt's: the field stays as it is
        case .previousHistory, .nextHistory, .previousField, .interrupt, .suspend, .reverseSearchHistory, .showHelp:
            refused = true  // the prompt's (`PromptCore`); a field alone has nothing to do
            notice = Self.doesNothing(command)
        case .yank, .yankPop, .undo:
            refused = true  // `apply` runs these itself (Field+History): they read and write the edit history
            notice = Self.doesNothing(command)
        }
        if state.symbols.count != before { revealsMessage = false }
        lastKeyRefused = refused
        return refused ? .bell : .refresh
    }

    /// A key the prompt refuses (an unbound control or Meta key, Ctrl-D where it may not end): the field stays as
    /// it is, marked refused with `reason` as its notice, so a terminal rings the bell, marks the counter and says
    /// why as it does for a refused character.
    public mutating func refuseKey(because reason: String) {
        lastKeyRefused = true
        notice = reason
    }

    /// A paste refused before it reached the engine (it held control characters): the field stays as it is,
    /// marked refused, with the reason as its notice.
    public mutating func refusePaste(because reason: String) {
        lastKeyRefused = true
        notice = tr("paste refused: \(reason)")
    }

    /// Remove a range of symbols unless it is empty, out of range, or would leave a later symbol at a position
    /// that refuses it (deleting the leading `1` of a phone number is refused rather than shifting `3` into its place).
    /// A refusal sets the notice; `beforeCursor` says which side an empty range has nothing on.
    private mutating func remove(_ range: Range<Int>, beforeCursor: Bool) -> Bool {
        guard range.lowerBound >= 0, range.upperBound <= state.symbols.count, !range.isEmpty else {
            notice = beforeCursor ? tr("nothing before the cursor to delete") : tr("nothing after the cursor to delete")
            return false
        }
        var candidate = state.symbols
        candidate.removeSubrange(range)
        if let violation = spec.positionViolation(candidate, from: range.lowerBound) {
            notice = tr("not deleted: what follows would move, and \(violation)")
            return false
        }
        if spec.refusesPrefixes, let reason = refusedKindReason(candidate, changedFrom: range.lowerBound + 1) {
            notice = tr("not deleted: \(reason)")
            return false
        }
        let before = state
        state.symbols = candidate
        state.cursor = range.lowerBound
        if !regroupGraphemes(changedAt: range.lowerBound..<range.lowerBound) {
            state = before
            notice = tr("not deleted: the characters around it would join into more than \(spec.units(spec.limit ?? 0))")
            return false
        }
        return true
    }

    /// Where Ctrl-W and Alt-b stop: for templated fields the start of the display group before the cursor (groups
    /// are separated by literals); for free text the start of the previous word, skipping spaces first (bash's Ctrl-W).
    func wordStart(before cursor: Int) -> Int {
        guard cursor > 0 else { return 0 }
        let symbols = state.symbols
        if !spec.kind.hasLayout {
            var i = min(cursor, symbols.count)
            while i > 0 && symbols[i - 1].isWhitespace { i -= 1 }
            while i > 0 && !symbols[i - 1].isWhitespace { i -= 1 }
            return i
        }
        let starts = groupStarts()
        var i = min(cursor, symbols.count) - 1
        while i > 0 && !starts[i] { i -= 1 }
        return max(i, 0)
    }

    /// Where Alt-f and Alt-d stop: the end of the display group after the cursor, or for free text the end of the
    /// next word, skipping spaces first (readline's forward-word with white space as the separator).
    func wordEnd(after cursor: Int) -> Int {
        let symbols = state.symbols
        guard cursor < symbols.count else { return symbols.count }
        if !spec.kind.hasLayout {
            var i = max(cursor, 0)
            while i < symbols.count && symbols[i].isWhitespace { i += 1 }
            while i < symbols.count && !symbols[i].isWhitespace { i += 1 }
            return i
        }
        let starts = groupStarts()
        var i = max(cursor, 0) + 1
        while i < symbols.count && !starts[i] { i += 1 }
        return i
    }

    /// For each symbol, whether it starts a display group: the display character before it is a literal.
    private func groupStarts() -> [Bool] {
        let formatted = Formatter.format(state.symbols, as: spec.kind)
        return state.symbols.indices.map { i in
            guard i > 0 else { return true }
            let start = formatted.symbolEnds[i] - 1
            return start > 0 && formatted.symbolEnds[i - 1] != start
        }
    }
}
