/// How an insertion went, for the bell, for `check`'s messages and for tests.
public struct InsertionOutcome: Sendable {
    /// Symbols that made it into the field.
    public var accepted = 0
    /// The first character refused, its 0-based index in the inserted text, and why.
    public var firstRefusal: (character: Character, offset: Int, reason: String)?
    /// The first refusal was for a refused template kind (a forbidden number), not for the character itself.
    public var refusedForKind = false
    /// Text was cut at the field's limit (a paste: refused for passing it).
    public var truncated = false
    /// For a paste refused for passing the limit: the length the field would have had.
    var lengthWithText: Int?

    /// Whether anything was refused or cut off.
    public var refusedAny: Bool { firstRefusal != nil || truncated }
}

extension FieldSpec {
    /// Why `symbols` break the key rules (a symbol at a position that refuses it), or nil if they obey them.
    func positionViolation(_ symbols: [Character], from start: Int = 0) -> String? {
        if self.symbols.isUniform && start > 0 { return nil }
        var i = start
        while i < symbols.count {
            let cls = self.symbols.symbolClass(at: i)
            if !cls.contains(symbols[i]) { return tr("position \(i + 1) takes \(cls.name)") }
            i += 1
        }
        return nil
    }
}

extension Field {
    /// Insert text at the cursor.
    ///
    /// Typed text (`paste` false) is filtered key by key: a refused character is skipped and the rest goes in, as
    /// if each had been typed. A paste is all or nothing (`PasteFilter` says what it inserts): any refused
    /// character, or passing the limit, leaves the field as it was, so a value is never silently changed.
    mutating func insert(_ text: String, paste: Bool) -> InsertionOutcome {
        // One typed character is the common case: no array for it.
        guard paste else {
            // A one-byte string is one ASCII character: known without breaking the text into graphemes.
            if text.utf8.count == 1 { return insertTyped(CollectionOfOne(Character(text)), offsets: nil) }
            return text.count == 1 ? insertTyped(CollectionOfOne(text.first!), offsets: nil) : insertTyped(Array(text), offsets: nil)
        }
        let count = spec.countUnit.count(of: state.symbols)
        switch PasteFilter.filter(text, for: spec, at: state.cursor, countBefore: count, keepOffsets: true) {
        case .failure(.character(let c, let offset, let reason)):
            var outcome = InsertionOutcome()
            outcome.firstRefusal = (c, offset, reason)
            return outcome
        case .failure(.overLimit(let total)):
            var outcome = InsertionOutcome()
            outcome.truncated = true
            outcome.lengthWithText = total
            return outcome
        case .success(let filtered):
            let before = state
            var outcome = insertTyped(Array(filtered.symbols), offsets: filtered.offsets)
            if outcome.refusedAny {
                state = before
                outcome.accepted = 0
            }
            return outcome
        }
    }

    /// Insert characters one by one through the key rules and the limit, skipping refused ones; `offsets` maps
    /// each to its place in the text it came from (for messages).
    private mutating func insertTyped<Characters: Collection<Character>>(_ chars: Characters, offsets: [Int]?) -> InsertionOutcome {
        var outcome = InsertionOutcome()
        var count = spec.countUnit.count(of: state.symbols)
        let simple = spec.symbols.isUniform && !spec.refusesPrefixes
        // A copy to roll back to, taken only where edits build candidates anyway: holding one while a simple
        // field splices in place would copy the whole line on every key.
        let before = simple ? nil : state
        let cursorBefore = state.cursor
        var pending: [Character] = []  // accepted symbols not yet spliced in (simple fields only)

        for (k, raw) in chars.enumerated() {
            let at = offsets.map { k < $0.count ? $0[k] : $0.last ?? k } ?? k
            let c = spec.symbols.normalize(raw)
            let cost = spec.countUnit.count(of: c)
            if let limit = spec.limit, count + cost > limit {
                outcome.truncated = true
                break
            }
            let index = state.cursor + pending.count
            if !spec.symbols.accepts(c, at: index) {
                if outcome.firstRefusal == nil {
                    outcome.firstRefusal = (raw, at, tr("position \(index + 1) takes \(spec.symbols.symbolClass(at: index).name)"))
                }
                continue
            }
            if simple && pending.isEmpty && state.cursor == state.symbols.count {
                // At the end of the line (typing): straight onto the symbols, no array of pending symbols to fill.
                state.symbols.append(c)
                state.cursor += 1
            } else if simple {
                pending.append(c)
            } else if index == state.symbols.count {
                // Appending moves no later symbol: only the refused kinds need a look, on the grown value itself
                // (a candidate copy per character would make a long line quadratic).
                state.symbols.append(c)
                if let reason = refusedKindReason(state.symbols) {
                    state.symbols.removeLast()
                    if outcome.firstRefusal == nil {
                        outcome.firstRefusal = (raw, at, reason)
                        outcome.refusedForKind = true
                    }
                    continue
                }
                state.cursor += 1
            } else {
                var candidate = state.symbols
                candidate.insert(c, at: index)
                if let reason = spec.positionViolation(candidate, from: index + 1) {
                    if outcome.firstRefusal == nil { outcome.firstRefusal = (raw, at, reason) }
                    continue
                }
                if let reason = refusedKindReason(candidate, changedFrom: index + 1) {
                    if outcome.firstRefusal == nil {
                        outcome.firstRefusal = (raw, at, reason)
                        outcome.refusedForKind = true
                    }
                    continue
                }
                state.symbols = candidate
                state.cursor += 1
            }
            count += cost
            outcome.accepted += 1
        }
        if !pending.isEmpty {
            state.symbols.insert(contentsOf: pending, at: state.cursor)
            state.cursor += pending.count
        }
        if !regroupGraphemes(changedAt: cursorBefore..<state.cursor) {
            if let before {
                state = before
            } else {
                state.symbols.removeSubrange(cursorBefore..<state.cursor)
                state.cursor = cursorBefore
            }
            return InsertionOutcome(accepted: 0, firstRefusal: nil, truncated: true)
        }
        return outcome
    }

    /// Why a candidate is refused by the field's refused template kinds, if it is: the candidate itself, or any of
    /// its prefixes from `changedFrom` symbols on, since typing in order would have met that prefix and been
    /// refused there (`911` then more digits; inserting `9` before `11…` must not slip past what typing refuses).
    /// Prefixes longer than every template cannot match one, which bounds the work.
    func refusedKindReason(_ candidate: [Character], changedFrom: Int? = nil) -> String? {
        if case .liveLayout(let live, _) = spec.kind {
            // The same rule for a live layout's refusals: every prefix the edit changed, shortest first (a
            // deletion changes the prefixes from where it was on, which may be past the shorter candidate's end).
            let first = max(changedFrom ?? candidate.count, 1)
            if first <= candidate.count {
                for length in first...candidate.count {
                    if let reason = live.refusal(Array(candidate[..<length])) { return reason }
                }
            }
        }
        guard !spec.refusedOptions.isEmpty else { return nil }
        let templates = spec.kind.templates
        let longest = templates.templates.map(\.slotCount).max() ?? 0
        let first = max(changedFrom ?? candidate.count, 1)
        if first <= min(candidate.count, longest) {
            for length in first...min(candidate.count, longest) {
                if let option = templates.refusedOption(for: Array(candidate[..<length]), refusing: spec.refusedOptions) {
                    return tr("\(option.rawValue) numbers are not accepted")
                }
            }
        }
        guard let option = templates.refusedOption(for: candidate, refusing: spec.refusedOptions) else { return nil }
        return tr("\(option.rawValue) numbers are not accepted")
    }

    /// Re-split the symbols into grapheme clusters, so that a combining mark or ZWJ typed on its own joins its
    /// neighbour and regional indicators pair as a terminal shows them. Returns false (and changes nothing) when
    /// the regrouped text would pass the limit, which joining can do (❤ + U+FE0F is 2 columns, ❤ alone 1).
    mutating func regroupGraphemes(changedAt changed: Range<Int>? = nil) -> Bool {
        // Single ASCII characters never join a neighbour that is one too (CR LF cannot be typed): when the changed
        // symbols and the two around them are, nothing can regroup, and a key typed into a long ASCII line costs
        // no walk of the line.
        if let changed {
            let around = max(changed.lowerBound - 1, 0)..<min(changed.upperBound + 1, state.symbols.count)
            if state.symbols[around].allSatisfy(\.isSingleASCII) { return true }
        }
        guard state.symbols.contains(where: { !$0.isSingleASCII }) else { return true }
        let headScalars = state.symbols[..<state.cursor].reduce(0) { $0 + $1.unicodeScalars.count }
        let regrouped = Array(String(joining: state.symbols))
        guard regrouped != state.symbols else {
            // The per-character costs measure each character on its own, but in columns one after a cluster ending
            // in U+200D joins it, and an insertion there hands that cell on to the character after it.
            if let limit = spec.limit, spec.countUnit == .width { return spec.countUnit.count(of: state.symbols) <= limit }
            return true
        }
        if let limit = spec.limit, spec.countUnit.count(of: regrouped) > limit { return false }
        // The cursor stays after the cluster that holds the scalar before it.
        var cursor = 0, scalars = 0
        while cursor < regrouped.count && scalars < headScalars {
            scalars += regrouped[cursor].unicodeScalars.count
            cursor += 1
        }
        state.symbols = regrouped
        state.cursor = cursor
        return true
    }
}

extension Field {
    /// Why an insertion was refused, as `check` says it: the kind refused, the first refused character with its
    /// column in the inserted text, or the limit passed with the length the text would have made. Nil when nothing
    /// was refused.
    func refusalIssue(_ outcome: InsertionOutcome, inserting text: String) -> ValidationIssue? {
        if let refusal = outcome.firstRefusal {
            if outcome.refusedForKind { return ValidationIssue(refusal.reason, at: 0) }
            let message = LineChecker.unexpected(refusal.character, column: refusal.offset + 1, reason: refusal.reason)
            return ValidationIssue(message, at: nil)
        }
        guard outcome.truncated else { return nil }
        let total = outcome.lengthWithText ?? spec.countUnit.count(of: state.symbols)
        return ValidationIssue(tr("at most \(spec.units(spec.limit ?? 0)), has \(total)"), at: spec.limit)
    }

    /// The refusal as one line of text (for a paste's notice).
    func refusalMessage(_ outcome: InsertionOutcome, inserting text: String) -> String {
        refusalIssue(outcome, inserting: text)?.message ?? tr("nothing to insert")
    }
}
