extension Field {
    /// A multi-select field's own handling of `command`, or nil to handle it as a one-choice field does. Tab
    /// (`complete`) and `toggle-choice` mark the current match (emptying a typed query) or take its mark away (a
    /// choice with choices under it opens them, as Tab does in any picker); Enter takes the marked set, or with
    /// none marked the current match alone; a paste (or a text typed at once) of several items joined with the
    /// separator marks them all.
    mutating func performMultiChoice(_ command: EditCommand, in list: ChoiceList, _ selection: ChoiceSelection) -> Effect? {
        switch command {
        case .complete, .toggleChoice:
            guard let current = currentChoice else {
                notice = tr("no match to mark")
                lastKeyRefused = true
                return .bell
            }
            if !list.children[current].isEmpty { descend(into: current, in: list); return .refresh }
            if let at = state.choiceMarks.firstIndex(of: current) {
                state.choiceMarks.remove(at: at)
            } else {
                if let max = selection.max, state.choiceMarks.count >= max {
                    notice = selection.tooMany(max)
                    lastKeyRefused = true
                    return .bell
                }
                state.choiceMarks.insert(current, at: state.choiceMarks.firstIndex { $0 > current } ?? state.choiceMarks.count)
                // A match found by typing is marked and its query goes, so the next one can be typed at once; one
                // reached by Up/Down with nothing typed stays current, to step on from there.
                if !state.symbols.isEmpty {
                    state.symbols = []
                    state.cursor = 0
                    state.choiceIndex = nil
                    choiceCache = ChoiceMatches(list.level(under: state.choicePath))
                }
            }
            revealsMessage = false
            return .refresh
        case .acceptLine:
            if state.choiceMarks.isEmpty {
                guard let current = currentChoice else {
                    // Nothing marked and nothing current: an empty answer, where the fewest is 0.
                    if selection.min == 0 { return .accept("") }
                    return nil
                }
                // The current match alone (a choice with choices under it opens them, as before).
                guard list.children[current].isEmpty, selection.min > 1 else { return nil }
            } else if state.choiceMarks.count >= selection.min {
                // The line left on the screen shows what was taken: the marks, not a query or a match.
                state.symbols = []
                state.cursor = 0
                state.choiceIndex = nil
                state.choicePath = []
                choiceCache = ChoiceMatches(list.roots)
                return .accept(acceptedValue)
            }
            notice = selection.tooFew
            lastKeyRefused = true
            return .bell
        case .paste(let text) where !list.isSearch && text.contains(selection.separator),
             .selfInsert(let text) where text.count > selection.separator.count && text.contains(selection.separator):
            // Several items at once (a pasted list, a `--default` pre-filled as typing, a form's stored value): all
            // marked, or none.
            switch list.resolveAll(text, selection, enforcingMin: false) {
            case .failure(let issue):
                // One choice whose own name holds the separator (`Korea, Republic of`) is one item; typed text
                // that is no list is typed key by key, as anywhere.
                if case .selfInsert = command { return nil }
                if case .success = list.identify(trimming: text) { return nil }
                notice = tr("paste refused: \(issue.message)")
                lastKeyRefused = true
                return .bell
            case .success(let chosen):
                let marks = Array(Set(state.choiceMarks + chosen)).sorted()
                if let max = selection.max, marks.count > max {
                    notice = tr("paste refused: \(selection.tooMany(max))")
                    lastKeyRefused = true
                    return .bell
                }
                state.choiceMarks = marks
                revealsMessage = false
                return .refresh
            }
        default:
            return nil
        }
    }

    /// A multi-select field's status where marks decide it, else nil (the current match's, as for one choice).
    func multiChoiceStatus(_ list: ChoiceList, _ selection: ChoiceSelection) -> FieldStatus? {
        let marked = state.choiceMarks.count
        if marked == 0 {
            if currentChoice == nil && selection.min == 0 { return .valid }
            if let current = currentChoice, list.children[current].isEmpty, selection.min > 1 {
                return .incomplete(selection.tooFew)
            }
            return nil
        }
        return marked >= selection.min ? .valid : .incomplete(selection.tooFew)
    }

    /// What the line shows after an empty query when nothing is current: the marked choices' labels (`  ✓ Red,
    /// Blue`), the first few of them; empty when none is marked.
    func markedSummary(_ list: ChoiceList) -> String {
        let marks = state.choiceMarks
        guard !marks.isEmpty else { return "" }
        let shown = marks.prefix(Field.summarizedMarks).map { list.choices[$0].label }.joined(separator: ", ")
        return "  ✓ " + shown + (marks.count > Field.summarizedMarks ? ", …" : "")
    }

    /// How many marked labels the line shows (the right prompt counts them all).
    static let summarizedMarks = 3

    /// The right prompt of a multi-select field: how many are marked, then the current match's place (`2 selected
    /// · 3/10`).
    func multiChoiceCounter(place: Int?) -> String {
        tr("\(state.choiceMarks.count) selected") + " · " + Frame.counter(place.map { $0 + 1 } ?? 0, of: choiceCache.count)
            + (choiceCache.isExact ? "" : "+")
    }
}
