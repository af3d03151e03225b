/// Readline's kill ring and undo, for every kind of field: a kill keeps what it removed, a yank inserts it back
/// through the field's filter as a paste does (all or nothing), and undo returns to the state before the last
/// change, a run of typed characters being one change.
extension Field {
    /// Readies the edit history before the first key: its first undo step is the process's first use of the
    /// symbols' array type as a value of its own (a field of a class), whose type the runtime builds then, which
    /// would stall the first key. A prompt calls this as it starts; batch checkers never undo.
    public static func prepareHistory() { _ = EditHistory.prepared }

    /// After `command` ran from `before` (every command but a typed key continuing a run of typing, whose step is
    /// the run's): keep what a kill removed, and the step undo returns to. `changesBefore` tells a change from a
    /// move without comparing the symbols.
    mutating func noteChange(by command: EditCommand, from before: FieldState, changesBefore: UInt) {
        history.yanked = nil
        let typed: Bool
        if case .selfInsert = command { typed = true } else { typed = false }
        // No write to the symbols, the path or the marks (a move, a refused key), or one that put the same text back.
        guard state.changeCount != changesBefore, state.symbols != before.symbols || state.choicePath != before.choicePath
                || state.choiceMarks != before.choiceMarks else {
            history.typing = false
            return
        }
        if let killed = Self.killed(by: command, from: before, to: state) { history.kill(killed) }
        history.remember(before)
        history.typing = typed
    }

    /// What a kill command removed: the symbols between where the cursor was and where the removal ended.
    private static func killed(by command: EditCommand, from before: FieldState, to after: FieldState) -> String? {
        let removed = before.symbols.count - after.symbols.count
        guard removed > 0 else { return nil }
        switch command {
        case .killLine, .killWord:
            return String(before.symbols[before.cursor..<min(before.cursor + removed, before.symbols.count)])
        case .unixLineDiscard, .backwardKillWord:
            return String(before.symbols[max(0, before.cursor - removed)..<before.cursor])
        default:
            return nil
        }
    }

    /// Ctrl-Y: the newest killed text, inserted like a paste; refused (the field unchanged) when the ring is empty
    /// or the field refuses the text.
    mutating func yank() -> Effect {
        guard let index = history.killRing.indices.last else { return refuseWithoutChange(tr("nothing to yank: nothing was killed")) }
        return insertYank(ringIndex: index)
    }

    /// Alt-Y: right after a yank, the yanked text replaced by the ring's previous entry (cycling); refused anywhere
    /// else.
    mutating func yankPop() -> Effect {
        guard let yanked = history.yanked, yanked.start <= yanked.end, yanked.end <= state.symbols.count else {
            return refuseWithoutChange(tr("yank-pop follows only a yank"))
        }
        guard history.killRing.count > 1 else { return refuseWithoutChange(tr("the kill ring holds nothing else")) }
        let kept = self
        let index = (yanked.ringIndex - 1 + history.killRing.count) % history.killRing.count
        // Back to the state before the yank, then the other entry: one undo step, as the yank was.
        guard let beforeYank = history.undo() else { return refuseWithoutChange(tr("yank-pop follows only a yank")) }
        restore(beforeYank)
        let effect = insertYank(ringIndex: index)
        if effect == .bell {
            let reason = notice
            self = kept
            notice = reason
            lastKeyRefused = true
        }
        return effect
    }

    /// Ctrl-_: the state before the last change (the cursor where it was then); refused when there is none.
    mutating func undo() -> Effect {
        guard let previous = history.undo() else { return refuseWithoutChange(tr("nothing to undo")) }
        restore(previous)
        history.yanked = nil
        return .refresh
    }

    /// Inserts kill ring entry `ringIndex` as a paste and remembers where it went.
    private mutating func insertYank(ringIndex: Int) -> Effect {
        let text = history.killRing[ringIndex]
        let start = state.cursor
        let effect = apply(.paste(text))
        // Refused as a paste is, with the paste's reason (`paste refused: …`): a yank is a paste of killed text.
        guard effect != .bell else { return effect }
        history.yanked = EditHistory.Yank(start: start, end: state.cursor, ringIndex: ringIndex)
        return effect
    }

    /// Puts `earlier` back and everything derived from it (a plain field's display, a choice field's matches).
    private mutating func restore(_ earlier: FieldState) {
        state = earlier
        notice = nil
        revealsMessage = false
        lastKeyRefused = false
        if plainDisplay != nil { plainDisplay = PlainDisplay(state.symbols) }
        if case .choice(let list) = spec.kind {
            let level = list.level(under: state.choicePath)
            choiceCache = state.symbols.isEmpty || state.choiceWhole ? ChoiceMatches(level) : list.rankedMatches(choiceQuery, in: level)
        }
    }

    private mutating func refuseWithoutChange(_ reason: String) -> Effect {
        notice = reason
        lastKeyRefused = true
        history.yanked = nil
        return .bell
    }
}
