/// One typed line entered into a field the way an accessible prompt reads it: the terminal's line discipline edits
/// the line, then its bytes go through the same decoder and `PromptCore` as at a full-screen prompt. A line of text
/// the field takes whole as a paste goes in so (`138-1234-5678`, `2026-05-12`, `+86 138…`); otherwise each typed
/// character is a key of its own, so every key is decided by the keymap and every refused key has its reason.
///
/// Nothing is silently changed: a line with a refused key is not taken (the field goes back to where the line
/// started), and its reasons are reported once each.
public enum LineEntry {
    /// What a line did.
    public enum Result: Sendable, Equatable {
        /// Enter (or a key that answers at once) accepted this value.
        case accepted(String)
        /// Keys were refused, or Enter found the value invalid: the reasons, each once, in the order met.
        case refused([String])
        /// A question the next line answers (Esc in a form: `discard this record? y/N`).
        case asks(String)
        /// A typed name finds several choices and none by its very name: they are offered by number, the field
        /// holding the name as its query.
        case narrowed
        /// The line changed the field and the prompt goes on with it (a province chosen in a tree, a question
        /// answered no).
        case continues
        /// The prompt ends without a value, as this step says (Esc, Ctrl-D, going back, Ctrl-C, Ctrl-R).
        case ended(PromptStep)
    }

    /// Enters `bytes`, one line as the terminal gave it (its line break taken off), into `field` through `core`;
    /// `pressesEnter`: the line ended with Enter (else with Ctrl-D, at the end of the text). A choice field's
    /// typed text goes in as typed runs (a multiple choice's `a,b` is resolved whole); any other field's one
    /// character at a time.
    public static func enter(_ bytes: [UInt8], pressesEnter: Bool, core: inout PromptCore, field: inout Field) -> Result {
        enter(bytes, pressesEnter: pressesEnter, picked: false, core: &core, field: &field)
    }

    /// `enter`; `picked`: the current choice was picked by its number, so Enter takes it however the query reads.
    private static func enter(_ bytes: [UInt8], pressesEnter: Bool, picked: Bool, core: inout PromptCore,
                              field: inout Field) -> Result {
        // A choice picked by its number in the list: Down that many times, as the keys would pick it.
        if let number = choiceNumber(bytes, in: field) {
            var moves = 0
            while let place = currentPlace(field), place != number - 1, moves <= field.choiceMatches.count {
                _ = core.run(place < number - 1 ? .nextHistory : .previousHistory, field: &field)
                moves += 1
            }
            return enter([], pressesEnter: pressesEnter, picked: true, core: &core, field: &field)
        }
        // Several choices of a multiple choice by their numbers (`1,3`, `1 3`): typed as their values, joined.
        if let values = choiceNumbersAsValues(bytes, in: field) {
            return enter(Array(values.utf8), pressesEnter: pressesEnter, picked: false, core: &core, field: &field)
        }
        // A name typed into a choice field is a new query, not more of the last one.
        if field.spec.choices != nil, !bytes.isEmpty, !field.state.symbols.isEmpty {
            _ = core.run(.endOfLine, field: &field)
            _ = core.run(.unixLineDiscard, field: &field)
        }
        var decoder = InputDecoder()
        var typed = decoder.decode(bytes)
        typed += decoder.flush()
        // The key the terminal sends for the end of the line, read by the same decoder: CR for Enter, else Ctrl-D.
        var endDecoder = InputDecoder()
        let end = endDecoder.decode([pressesEnter ? 0x0D : 0x04]) + endDecoder.flush()
        let answering = core.askingToDiscard
        let typedRuns = field.spec.choices != nil
        var reasons: [String] = []
        var refusedAny = false
        var keys: [InputEvent] = []
        // A line of text that the field takes whole as a paste goes in so (formatting such as a date's `-` dropped,
        // a `+86` taken off, as `check` reads a line); typed key by key, those keys would be refused.
        if !typedRuns, core.answers.isEmpty, !typed.isEmpty, typed.allSatisfy({ if case .text = $0 { true } else { false } }) {
            var pasted = field
            var pasteCore = core
            let text = typed.map { if case .text(let t) = $0 { t } else { "" } }.joined()
            if pasteCore.step(.paste(text, dropped: nil), field: &pasted) == .edited {
                field = pasted
                core = pasteCore
                typed = []
            }
        }
        for event in typed {
            if case .text(let text) = event, !typedRuns, text.count > 1 {
                keys += text.map { .text(String($0)) }
            } else if case .text(let text) = event, typedRuns, case .text(let before)? = keys.last {
                // A choice field's typed run is one text, however the decoder split it (`a,b` is several choices).
                keys[keys.count - 1] = .text(before + text)
            } else {
                keys.append(event)
            }
        }
        for (k, key) in (keys + end).enumerated() {
            // The line's end is not pressed after a refused key: the line as typed is not what the field holds.
            if k >= keys.count, refusedAny { break }
            if k == keys.count, pressesEnter, !picked, isAmbiguous(field) { return .narrowed }
            switch core.step(key, field: &field) {
            case .edited, .redraw, .suspend:
                continue
            case .refused(let reason):
                refusedAny = true
                if let reason, !reasons.contains(reason) { reasons.append(reason) }
            case .status(let text):
                // A question asked, or answered (the rest of the line belonged to the answer).
                if let text { return .asks(text) }
                if answering { return .continues }
            case .accept(let value):
                // A key that answers at once (confirm's `y`) after refused ones does not: the line was not an answer.
                return refusedAny ? .refused(reasons) : .accepted(value)
            case let step:
                return .ended(step)
            }
        }
        return refusedAny ? .refused(reasons) : .continues
    }

    /// The current candidate's place among the matches (-1 before the first, when none is current).
    private static func currentPlace(_ field: Field) -> Int? {
        guard let current = field.currentChoice else { return -1 }
        return field.choiceMatches.firstIndex(of: current)
    }

    /// Whether Enter would take one of several choices the query finds though none is called by it: at a screen
    /// the line shows which one; in a line of words the user picks it.
    private static func isAmbiguous(_ field: Field) -> Bool {
        guard let list = field.spec.choices, field.spec.selection == nil, !field.state.symbols.isEmpty,
              field.choiceMatches.count > 1, let current = field.currentChoice else { return false }
        let query = field.value.lowercased()
        let choice = list.choices[current]
        return !([choice.value, choice.label] + choice.aliases).contains { $0.lowercased() == query }
    }

    /// The 1-based place `bytes` names in a choice field's list as it is offered (`SpokenQuestion.choiceLines`), or
    /// nil when the line is no such number or is itself a choice's value (a list of numbers is typed by value).
    static func choiceNumber(_ bytes: [UInt8], in field: Field) -> Int? {
        guard let list = field.spec.choices, field.spec.selection == nil,
              !bytes.isEmpty, bytes.count <= 6, bytes.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              let number = Int(String(decoding: bytes, as: UTF8.self)), number >= 1,
              list.index(ofValue: String(decoding: bytes, as: UTF8.self)) == nil
        else { return nil }
        // A long query's rows are found as they are read: the place named is looked for.
        field.choiceMatches.reach(number - 1)
        return number <= field.choiceMatches.count ? number : nil
    }

    /// A multiple choice's line of places in the list as it is offered (`1,3`, `1 3`, `1, 3`: numbers apart by
    /// commas or spaces) as the values at those places joined with the field's separator; nil when the line is not
    /// such a list, names a place outside the list, or is itself a choice's value.
    static func choiceNumbersAsValues(_ bytes: [UInt8], in field: Field) -> String? {
        guard let list = field.spec.choices, let selection = field.spec.selection, !bytes.isEmpty, bytes.count <= 200,
              bytes.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2C || $0 == 0x20 }),
              bytes.contains(where: { $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        guard list.index(ofValue: text) == nil else { return nil }
        let matches = field.choiceMatches
        var values: [String] = []
        for part in text.split(whereSeparator: { $0 == "," || $0 == " " }) {
            guard part.count <= 6, let number = Int(part), number >= 1 else { return nil }
            // A long query's rows are found as they are read: the place named is looked for.
            matches.reach(number - 1)
            guard number <= matches.count else { return nil }
            values.append(list.choices[matches[number - 1]].value)
        }
        return values.joined(separator: selection.separator)
    }
}
