extension Field {
    /// How many candidates a frame lists under the line.
    public static let listedCandidates = 5

    /// The query: what was typed into a choice field.
    var choiceQuery: String { String(joining: state.symbols) }

    /// The choices the query finds on the current level, best first (kept by `apply`).
    public var choiceMatches: ChoiceMatches { choiceCache }

    /// The current candidate: the one Up/Down or Tab picked, else the best match of a non-empty query.
    public var currentChoice: Int? {
        if let i = state.choiceIndex { return choiceCache.indices.contains(i) ? choiceCache[i] : nil }
        return state.symbols.isEmpty ? nil : choiceCache.first
    }

    /// The current candidate's place among the matches (0-based), if there is one.
    var currentChoicePlace: Int? {
        if let i = state.choiceIndex { return choiceCache.indices.contains(i) ? i : nil }
        return state.symbols.isEmpty || choiceCache.isEmpty ? nil : 0
    }

    /// A command in a choice field: typing edits the query (a key that would leave no match is refused), Up/Down
    /// move through the matches, Tab completes the query to the current candidate, Enter accepts it; on a choice
    /// with choices under it (a province) Enter or Tab moves to those, and Backspace on an empty query goes back.
    mutating func performChoice(_ command: EditCommand, in list: ChoiceList) -> Effect {
        notice = nil
        func refuse(_ reason: String?) -> Effect { notice = reason; lastKeyRefused = true; return .bell }
        lastKeyRefused = false
        // A multi-select field's own keys (Tab toggles, Enter takes the marks), apart so a one-choice field's keys
        // stay as they were.
        if let selection = spec.selection, let effect = performMultiChoice(command, in: list, selection) { return effect }
        if state.choiceWhole, let effect = performOnWholeChoice(command, in: list) { return effect }
        switch command {
        case .toggleChoice:
            return refuse(tr("this field takes one choice: nothing to mark"))
        case .acceptLine:
            // The status says why (nothing chosen): Enter's reason is the field's message, as in every field.
            guard let current = currentChoice else { revealsMessage = true; return refuse(nil) }
            if !list.children[current].isEmpty { descend(into: current, in: list); return .refresh }
            return .accept(list.choices[current].value)
        case .complete:
            // A search's candidate is a whole record: as the query it would find nothing. Enter opens it instead.
            guard let current = currentChoice else { return refuse(tr("no match to complete")) }
            guard !list.isSearch else { return refuse(tr("Enter opens the record found")) }
            if !list.children[current].isEmpty { descend(into: current, in: list); return .refresh }
            state.symbols = Array(list.choices[current].label)
            state.cursor = state.symbols.count
            choiceCache = list.rankedMatches(choiceQuery, in: list.level(under: state.choicePath))
            state.choiceIndex = choiceCache.firstIndex(of: current)
            return .refresh
        case .nextChoice, .previousChoice:
            let now = currentChoicePlace
            let next = command == .nextChoice ? (now.map { $0 + 1 } ?? 0) : (now.map { $0 - 1 } ?? 0)
            // A long query's rows are found as the list is read: Down past the last one found walks on.
            choiceCache.reach(next + Field.listedCandidates)
            guard choiceCache.indices.contains(next) else {
                if choiceCache.isEmpty { return refuse(tr("no choice matches")) }
                return refuse(command == .nextChoice ? tr("this is the last match") : tr("this is the first match"))
            }
            state.choiceIndex = next
            return .refresh
        case .backwardDeleteChar where state.cursor == 0 && !state.choicePath.isEmpty:
            let parent = state.choicePath.removeLast()
            state.symbols = []
            state.cursor = 0
            choiceCache = ChoiceMatches(list.level(under: state.choicePath))
            state.choiceIndex = choiceCache.firstIndex(of: parent)
            revealsMessage = false
            return .refresh
        case .paste(let text) where state.symbols.isEmpty && state.choicePath.isEmpty && !list.isSearch:
            // A paste into an empty field that names exactly one choice, as `check` would take it (`DE`, `440300`,
            // `广东-深圳`), chooses it; any other paste is typed into the query (always in a search, whose query a
            // whole record's label would make find nothing).
            if case .success(let index) = list.identify(trimming: text) {
                select(index, in: list)
                return .refresh
            }
            // The query without the white space around it, as `check` reads a line (`2 ` finds what `2` finds).
            var trimmed = Substring(text)
            while trimmed.first?.isWhitespace == true { trimmed.removeFirst() }
            while trimmed.last?.isWhitespace == true { trimmed.removeLast() }
            return performQueryEdit(trimmed.isEmpty ? command : .paste(String(trimmed)), in: list)
        default:
            return performQueryEdit(command, in: list)
        }
    }

    /// An editing command on the query; one that would leave no match is refused (a paste whole, with a notice).
    private mutating func performQueryEdit(_ command: EditCommand, in list: ChoiceList) -> Effect {
        let before = state
        let effect = perform(command)
        guard state.symbols != before.symbols else { return effect }
        let found = list.rankedMatches(choiceQuery, in: list.level(under: state.choicePath))
        if found.isEmpty && !list.isSearch {
            // The query may never drift away from the list: the key (or the whole paste) is refused.
            let tried = choiceQuery
            state = before
            let escaped = ControlCharacters.escaped(tried)
            if case .paste = command {
                notice = tr("paste refused: no choice matches '\(escaped)'")
            } else {
                notice = tr("no choice matches '\(escaped)'")
            }
            lastKeyRefused = true
            return .bell
        }
        choiceCache = found
        state.choiceIndex = nil
        revealsMessage = false
        return effect
    }

    /// Make `index` the current candidate: the levels above it picked, its label shown whole (`choiceWhole`) among
    /// its level's choices (a multi-select field's: its label as the query).
    mutating func select(_ index: Int, in list: ChoiceList) {
        var path: [Int] = []
        var at = list.choices[index].parent
        while let p = at, path.count < ChoiceList.maxDepth { path.insert(p, at: 0); at = list.choices[p].parent }
        state.choicePath = path
        state.symbols = Array(list.choices[index].label)
        state.cursor = state.symbols.count
        if spec.selection == nil {
            state.choiceWhole = true
            choiceCache = ChoiceMatches(list.level(under: path))
        } else {
            choiceCache = list.rankedMatches(choiceQuery, in: list.level(under: path))
        }
        state.choiceIndex = choiceCache.firstIndex(of: index)
        revealsMessage = false
    }

    /// A key on a choice shown whole (`choiceWhole`), or nil for a key handled as on any query. A typed key or a
    /// paste starts a new query in place of the label (the label kept when the key is refused); an erasing key
    /// empties the query; Up/Down move to the next choice of the level and show its label whole; a cursor move
    /// makes the label a query to edit.
    private mutating func performOnWholeChoice(_ command: EditCommand, in list: ChoiceList) -> Effect? {
        let level = list.level(under: state.choicePath)
        func emptyQuery() {
            state.symbols = []
            state.cursor = 0
            state.choiceWhole = false
            state.choiceIndex = nil
            choiceCache = ChoiceMatches(level)
            revealsMessage = false
        }
        switch command {
        case .selfInsert, .paste, .yank:
            let kept = (state, choiceCache)
            emptyQuery()
            if case .paste = command, !state.choicePath.isEmpty {
                // A paste names a choice from the top (`北京-朝阳`), as into an empty field.
                state.choicePath = []
                choiceCache = ChoiceMatches(list.roots)
            }
            let effect = performChoice(command, in: list)
            if lastKeyRefused { (state, choiceCache) = kept }
            return effect
        case .backwardDeleteChar, .deleteChar, .unixLineDiscard, .killLine, .backwardKillWord, .killWord:
            emptyQuery()
            return .refresh
        case .nextChoice, .previousChoice:
            let now = currentChoicePlace ?? 0
            let next = command == .nextChoice ? now + 1 : now - 1
            guard choiceCache.indices.contains(next) else {
                notice = command == .nextChoice ? tr("this is the last match") : tr("this is the first match")
                lastKeyRefused = true
                return .bell
            }
            state.choiceIndex = next
            state.symbols = Array(list.choices[choiceCache[next]].label)
            state.cursor = state.symbols.count
            return .refresh
        case .complete:
            // The label is complete already; a choice with choices under it opens them as ever.
            guard let current = currentChoice, list.children[current].isEmpty else { return nil }
            return .refresh
        case .backwardChar, .forwardChar, .beginningOfLine, .endOfLine, .backwardWord, .forwardWord:
            let current = currentChoice
            state.choiceWhole = false
            choiceCache = list.rankedMatches(choiceQuery, in: level)
            state.choiceIndex = current.flatMap { choiceCache.firstIndex(of: $0) }
            return nil
        default:
            return nil
        }
    }

    /// Offer the choices under `choice`, with an empty query.
    mutating func descend(into choice: Int, in list: ChoiceList) {
        state.choicePath.append(choice)
        state.symbols = []
        state.cursor = 0
        state.choiceIndex = nil
        choiceCache = ChoiceMatches(list.level(under: state.choicePath))
        revealsMessage = false
    }

    /// A choice field's status: valid with a current candidate that has nothing under it.
    func choiceStatus(_ list: ChoiceList) -> FieldStatus {
        if let selection = spec.selection, let status = multiChoiceStatus(list, selection) { return status }
        guard let current = currentChoice else {
            let level = list.level(under: state.choicePath).count
            if list.isSearch { return .incomplete(choiceCache.isEmpty ? tr("no saved record matches") : tr("Up/Down picks a record")) }
            return .incomplete(state.symbols.isEmpty
                ? tr("type to search the \(level) choices, or Up/Down to pick one")
                : tr("no choice matches"))
        }
        let under = list.children[current].count
        return under == 0 ? .valid : .incomplete(tr("Enter or Tab opens the \(under) choices of \(list.choices[current].label)"))
    }

    /// What a terminal shows for a choice field: the levels picked so far, the query (the cursor in it) and the
    /// current candidate's label; a few candidates under the line; `k/n` as the counter (`k/n+` while more may
    /// follow: a search's next list, or a long query's rows not all found yet).
    func choiceFrame(_ list: ChoiceList) -> Frame {
        // Appended one by one: `joined()` of strings is generic code that looks its types up by name at run time,
        // which would slow a picker's first frame.
        var prefix = ""
        for level in state.choicePath { prefix += list.choices[level].label + "-" }
        let query = choiceQuery
        let current = currentChoice
        let display = prefix + query + (list.isSearch || state.choiceWhole ? "" : current.map { "  > " + list.choices[$0].label }
                                        ?? (spec.selection == nil ? "" : markedSummary(list)))
        let cursorText = prefix + String(joining: state.symbols[..<min(state.cursor, state.symbols.count)])
        let status = choiceStatus(list)
        var message = revealsMessage ? status.message : nil
        if let notice { message = notice }
        let place = currentChoicePlace
        // A window of candidates around the current one.
        let shown = Field.listedCandidates
        let start = max(0, min((place ?? 0) - shown / 2, choiceCache.count - shown))
        let window = choiceCache[start..<min(choiceCache.count, start + shown)]
        return Frame(
            display: display,
            cursor: cursorText.count,
            cursorColumn: DisplayWidth.columns(of: cursorText),
            counter: spec.selection == nil ? Frame.counter(place.map { $0 + 1 } ?? 0, of: choiceCache.count) + (list.mayHaveMore || !choiceCache.isExact ? "+" : "")
                : multiChoiceCounter(place: place),
            status: status,
            message: message,
            messagePosition: nil,
            isFull: false,
            keyRefused: lastKeyRefused,
            candidates: window.map { list.choices[$0].label },
            candidateIndex: place.map { $0 - start },
            candidateMarks: spec.selection == nil ? [] : window.map { state.choiceMarks.contains($0) }
        )
    }

    /// The same query (and cursor) over `list`, ranked afresh: a search's next list, fetched for the query.
    public func withChoices(_ list: ChoiceList) -> Field {
        var spec = self.spec
        spec.kind = .choice(list)
        var field = Field(spec: spec, context: context)
        field.state.symbols = state.symbols
        field.state.cursor = state.cursor
        field.choiceCache = list.rankedMatches(choiceQuery, in: list.roots)
        field.lastKeyRefused = lastKeyRefused
        field.notice = notice
        return field
    }

    /// `withChoices(list)` with the candidate whose value is `value` current (a search's longer list, fetched
    /// when the current candidate was the last one: the same candidate stays current); none when it is not there.
    public func withChoices(_ list: ChoiceList, current value: String) -> Field {
        var field = withChoices(list)
        if let index = list.index(ofValue: value) { field.state.choiceIndex = field.choiceCache.firstIndex(of: index) }
        return field
    }

    /// Whether the current candidate is the last one listed (a search may then fetch more).
    public var isAtLastCandidate: Bool {
        guard let place = currentChoicePlace else { return false }
        choiceCache.reach(place + 1)
        return place == choiceCache.count - 1
    }

    /// The value a choice field accepts: the current candidate's, or a multi-select field's marked values joined.
    func choiceValue(_ list: ChoiceList) -> String {
        if let selection = spec.selection, !state.choiceMarks.isEmpty {
            return selection.joined(state.choiceMarks.map { list.choices[$0].value })
        }
        return currentChoice.map { list.choices[$0].value } ?? ""
    }
}
