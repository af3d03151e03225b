/// How an insertion went, for the bell, for `check`'s messages and for tests.
public struct InsertionOutcome: Sendable, Equatable {
    /// Symbols that made it into the field.
    public var accepted = 0
    /// The first character refused, its 0-based index in the inserted text, and why.
    public var firstRefusal: (character: Character, offset: Int, reason: String)?
    /// The first refusal was for a refused template kind (a forbidden number), not for the character itself.
    public var refusedForKind = false
    /// Text was cut at the field's limit.
    public var truncated = false

    /// Whether anything was refused or cut off.
    public var refusedAny: Bool { firstRefusal != nil || truncated }

    public static func == (a: InsertionOutcome, b: InsertionOutcome) -> Bool {
        a.accepted == b.accepted && a.truncated == b.truncated
            && a.firstRefusal?.character == b.firstRefusal?.character && a.firstRefusal?.offset == b.firstRefusal?.offset
    }
}

extension FieldSpec {
    /// The text of a paste without a known prefix at its start (`+86 138…` → `138…`), when it lands at the start.
    func strippingPastePrefix(_ text: [Character]) -> ArraySlice<Character> {
        guard !pastePrefixes.isEmpty else { return text[...] }
        // Compare on the normalised, significant characters so `＋８６ 138` and `0086-138` both match.
        var significantStarts: [Int] = []
        var significant: [Character] = []
        for (i, c) in text.enumerated() where !isIgnorable(c) {
            significant.append(symbols.normalize(c))
            significantStarts.append(i)
        }
        for prefix in pastePrefixes {
            let p = Array(prefix)
            if significant.count > p.count, Array(significant[0..<p.count]) == p {
                return text[significantStarts[p.count]...]
            }
        }
        return text[...]
    }

    /// Why `symbols` break the key rules (a symbol at a position that refuses it), or nil if they obey them.
    func positionViolation(_ symbols: [Character], from start: Int = 0) -> String? {
        if self.symbols.isUniform && start > 0 { return nil }
        var i = start
        while i < symbols.count {
            let cls = self.symbols.symbolClass(at: i)
            if !cls.contains(symbols[i]) { return "position \(i + 1) takes \(cls.name)" }
            i += 1
        }
        return nil
    }
}

extension Field {
    /// Insert text at the cursor, one character at a time through the key rules and the limit.
    mutating func insert(_ text: String) -> InsertionOutcome {
        var outcome = InsertionOutcome()
        let all = Array(text)
        let isPaste = all.count > 1
        let chars = isPaste && state.cursor == 0 ? spec.strippingPastePrefix(all) : all[...]
        let offsetBase = all.count - chars.count
        var count = spec.countUnit.count(of: state.symbols)
        let simple = spec.symbols.isUniform && spec.refusedOptions.isEmpty
        // A copy to roll back to, taken only where edits build candidates anyway: holding one while a simple
        // field splices in place would copy the whole line on every key.
        let before = simple ? nil : state
        let cursorBefore = state.cursor
        var pending: [Character] = []  // accepted symbols not yet spliced in (simple fields only)

        for (k, raw) in chars.enumerated() {
            if isPaste && spec.isIgnorable(raw) { continue }
            let c = spec.symbols.normalize(raw)
            let cost = spec.countUnit.count(of: c)
            if let limit = spec.limit, count + cost > limit {
                outcome.truncated = true
                break
            }
            let index = state.cursor + pending.count
            let cls = spec.symbols.symbolClass(at: index)
            if !cls.contains(c) {
                if outcome.firstRefusal == nil {
                    outcome.firstRefusal = (raw, offsetBase + k, "position \(index + 1) takes \(cls.name)")
                }
                continue
            }
            if simple {
                pending.append(c)
            } else {
                var candidate = state.symbols
                candidate.insert(c, at: index)
                if let reason = spec.positionViolation(candidate, from: index + 1) {
                    if outcome.firstRefusal == nil { outcome.firstRefusal = (raw, offsetBase + k, reason) }
                    continue
                }
                if let reason = refusedKindReason(candidate) {
                    if outcome.firstRefusal == nil {
                        outcome.firstRefusal = (raw, offsetBase + k, reason)
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
        if !regroupGraphemes() {
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

    /// Why a candidate is refused by the field's refused template kinds, if it is.
    func refusedKindReason(_ candidate: [Character]) -> String? {
        guard let option = spec.templates.refusedOption(for: candidate, refusing: spec.refusedOptions) else { return nil }
        return "\(option.rawValue) numbers are not accepted"
    }

    /// Re-split the symbols into grapheme clusters, so that a combining mark or ZWJ typed on its own joins its
    /// neighbour and regional indicators pair as a terminal shows them. Returns false (and changes nothing) when
    /// the regrouped text would pass the limit, which joining can do (❤ + U+FE0F is 2 columns, ❤ alone 1).
    mutating func regroupGraphemes() -> Bool {
        guard state.symbols.contains(where: { !$0.isSingleASCII }) else { return true }
        let headScalars = state.symbols[..<state.cursor].reduce(0) { $0 + $1.unicodeScalars.count }
        let regrouped = Array(String(joining: state.symbols))
        guard regrouped != state.symbols else { return true }
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
