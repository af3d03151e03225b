// The engine fuzz target's checks for choice fields (docs/engine.md, "Choice fields"), after every command.
import FieldKit

enum ChoiceInvariants {
    /// The query never drifts from the list, the current candidate is one of the query's matches on its level,
    /// the frame is derived from them, and an accepted value is one `check` and a paste take back.
    static func check(_ field: Field, after effect: Effect?, _ list: ChoiceList, _ fuzzField: FuzzField, _ context: () -> String) {
        let state = field.state
        let query = String(state.symbols)
        require(!query.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
                "control in the query, \(context())")
        var at: Int? = nil
        for (depth, p) in state.choicePath.enumerated() {
            require(list.choices.indices.contains(p) && list.choices[p].parent == at && !list.children[p].isEmpty,
                    "choice path \(state.choicePath) broken at \(depth), \(context())")
            at = p
        }
        // A choice shown whole (a field started with a value): its label is the symbols, its matches the whole level.
        let matches = state.choiceWhole ? list.level(under: state.choicePath) : list.matches(query, in: list.level(under: state.choicePath))
        // A long query over an indexed list keeps only the rows found so far: they start the query's matches.
        let kept = field.choiceMatches
        require(Array(kept) == Array(matches.prefix(kept.count)) && (!kept.isExact || kept.count == matches.count),
                "kept matches differ from the query's, \(context())")
        require(query.isEmpty || !matches.isEmpty, "the query \(query.debugDescription) matches nothing, \(context())")
        let current = field.currentChoice
        if let current { require(matches.contains(current), "current candidate not a match, \(context())") }
        if state.choiceWhole {
            require(current.map { list.choices[$0].label == query } ?? false, "a choice shown whole is not the current one's label, \(context())")
        }

        if let selection = field.spec.selection { checkMarks(field, list, selection, context) }
        let frame = field.frame
        let prefix = state.choicePath.map { list.choices[$0].label + "-" }.joined()
        let display = prefix + query + (state.choiceWhole ? "" : current.map { "  > " + list.choices[$0].label } ?? markedSummary(field, list))
        require(frame.display == display, "display \(frame.display.debugDescription), \(context())")
        let before = prefix + String(state.symbols[..<state.cursor])
        require(frame.cursor == before.count && frame.cursorColumn == DisplayWidth.columns(of: before),
                "cursor \(frame.cursor)/\(frame.cursorColumn) wrong, \(context())")
        let place = current.flatMap { matches.firstIndex(of: $0) }
        let placeCounter = "\(place.map { $0 + 1 } ?? 0)/\(matches.count)"
        require(field.spec.selection == nil ? frame.counter == placeCounter
                    : frame.counter.hasSuffix(" · " + placeCounter) && frame.counter.contains("\(state.choiceMarks.count)"),
                "counter \(frame.counter), \(context())")
        require(frame.candidates.count <= min(Field.listedCandidates, matches.count)
                && (frame.candidateIndex.map { frame.candidates.indices.contains($0) } ?? (current == nil)),
                "candidate list \(frame.candidates) \(String(describing: frame.candidateIndex)), \(context())")
        if let i = frame.candidateIndex, let current {
            require(frame.candidates[i] == list.choices[current].label, "the marked candidate is not the current one, \(context())")
        }
        for text in [frame.display, frame.message ?? "", field.notice ?? ""] + frame.candidates {
            require(text.firstControl == nil, "control in drawn text \(text.debugDescription), \(context())")
        }
        require(frame.keyRefused == field.lastKeyRefused, "refused flag differs, \(context())")
        let leaf = current.map { list.children[$0].isEmpty } ?? false
        let marks = state.choiceMarks
        if let selection = field.spec.selection {
            // Marks decide, or with none the current match alone (none at all where the fewest is 0).
            let valid = marks.isEmpty ? (leaf && selection.min <= 1) || (current == nil && selection.min == 0)
                : marks.count >= selection.min
            require((frame.status == .valid) == valid, "status \(frame.status) with marks \(marks), \(context())")
        } else {
            require((frame.status == .valid) == leaf, "status \(frame.status) with candidate \(String(describing: current)), \(context())")
        }

        switch effect {
        case .accept(let value)? where field.spec.selection != nil:
            let expected = marks.isEmpty ? current.map { list.choices[$0].value } ?? "" : marks.map { list.choices[$0].value }
                .joined(separator: field.spec.selection!.separator)
            require(value == expected && value == field.acceptedValue, "accepted \(value) wrongly, \(context())")
            // `check` takes the accepted value back as it is.
            let result = fuzzField.checker.check(value)
            require(result.issue == nil && result.value == value, "check \(value.debugDescription) gives \(result), \(context())")
        case .accept(let value)?:
            require(leaf && value == field.acceptedValue && value == list.choices[current!].value,
                    "accepted \(value) wrongly, \(context())")
        case .bell?, nil: require(field.lastKeyRefused, "a refused key not marked refused, \(context())")
        case .refresh?: require(!field.lastKeyRefused, "a done key marked refused, \(context())")
        case .cancel?: break
        }
        guard leaf, let current, field.spec.selection == nil else { return }
        // What the field would accept, `check` and a paste into an empty field take back: by value and by path.
        let value = list.choices[current].value
        for text in [value, list.path(to: current)] {
            let key = Verified.Key(fuzzField, .passesAgain, text, value)
            if Verified.contains(key) { continue }
            let result = fuzzField.checker.check(text)
            require(result.issue == nil && result.value == value,
                    "check \(text.debugDescription) gives \(result) where the field accepts \(value.debugDescription), \(context())")
            var fresh = Field(spec: field.spec, context: field.context)
            fresh.apply(.paste(text))
            require(fresh.status == .valid && fresh.acceptedValue == value,
                    "pasting \(text.debugDescription) gives \(fresh.acceptedValue.debugDescription), \(context())")
            Verified.insert(key)
        }
    }

    /// A multi-select field's marks: ascending (list order), each once, each a choice with nothing under it, no
    /// more than the most; and the frame's marks are the listed candidates' own.
    static func checkMarks(_ field: Field, _ list: ChoiceList, _ selection: ChoiceSelection, _ context: () -> String) {
        let marks = field.state.choiceMarks
        require(zip(marks, marks.dropFirst()).allSatisfy { $0 < $1 }, "marks \(marks) not ascending, \(context())")
        require(marks.allSatisfy { list.choices.indices.contains($0) && list.children[$0].isEmpty }, "a mark is no leaf, \(context())")
        require(selection.max.map { marks.count <= $0 } ?? true, "more marks than \(selection.max!), \(context())")
        let frame = field.frame
        require(frame.candidateMarks.count == frame.candidates.count, "candidate marks \(frame.candidateMarks), \(context())")
    }

    /// The marked labels the line shows when nothing is current (empty for a one-choice field or no marks).
    static func markedSummary(_ field: Field, _ list: ChoiceList) -> String {
        let marks = field.state.choiceMarks
        guard field.spec.selection != nil, !marks.isEmpty else { return "" }
        return "  ✓ " + marks.prefix(3).map { list.choices[$0].label }.joined(separator: ", ") + (marks.count > 3 ? ", …" : "")
    }
}
