/// A paste or a checked line reduced to the symbols it inserts, in one streaming pass that stops at the first
/// refusal: the rule shared by the engine's paste and by `check`.
///
/// White space the field refuses is trimmed from both ends; a known prefix (`+86`) is removed when the text lands
/// at the start; formatting (template literals and declared separators) is dropped (a date's only between its year,
/// month and day: `DateSeparators`); every other character is normalised and must be accepted at its position,
/// within the limit. Nothing else is ever dropped.
struct PasteFilter {
    /// The symbols a paste inserts, normalised, as text (joined, so a long line costs its own size, not 16 bytes
    /// per character).
    var symbols = ""
    /// For each inserted character, its 0-based character offset in the original text (kept only when asked).
    var offsets: [Int] = []

    /// Why a paste or line is refused.
    enum Refusal: Error, Equatable {
        /// A character the field refuses where it would land (0-based character offset in the text).
        case character(Character, offset: Int, reason: String)
        /// The limit would be passed: the length the field would have had with the whole text.
        case overLimit(total: Int)
    }

    /// Filter `text` for insertion at symbol `position` of a field already holding `countBefore` units.
    ///
    /// Classes are checked at the position each symbol lands on, as typing them would; the insertion itself
    /// still checks what depends on the whole value (later positions, refused kinds). Time is linear in the text
    /// and memory in what is inserted; a refused text stops at once, except that passing the limit goes on
    /// counting (without storing) to say how long the value would be.
    /// `stripsPrefix`: whether a paste prefix at the start may come off (it stays where the field's validator says
    /// the rest reads otherwise without it: `FieldValidator.keepsPastePrefix`).
    static func filter(_ text: String, for spec: FieldSpec, at position: Int, countBefore: Int,
                       keepOffsets: Bool, stripsPrefix: Bool = true) -> Result<PasteFilter, Refusal> {
        var start = text.startIndex
        var end = text.endIndex
        var offset = 0
        while start < end && spec.isTrimmable(text[start]) {
            start = text.index(after: start)
            offset += 1
        }
        while end > start {
            let before = text.index(before: end)
            guard spec.isTrimmable(text[before]) else { break }
            end = before
        }
        var stripped: String?
        if position == 0, stripsPrefix, let (after, skipped, prefix) = prefixEnd(text[start..<end], spec: spec) {
            start = after
            offset += skipped
            stripped = prefix
        }

        var result = PasteFilter()
        var count = countBefore
        var index = position
        var overLimit = false
        // A date's separators only between its year, month and day (`DateSeparators`).
        let dateSeparators = DateSeparators.apply(to: spec)
        var separatorBefore = -1
        for raw in text[start..<end] {
            defer { offset += 1 }
            if spec.isFormatting(raw) {
                if dateSeparators && !overLimit {
                    guard DateSeparators.allowed(before: index, previous: separatorBefore) else {
                        return .failure(.character(raw, offset: offset, reason: DateSeparators.reason))
                    }
                    separatorBefore = index
                }
                continue
            }
            let c = spec.symbols.normalize(raw)
            count += spec.countUnit.count(of: c)
            if overLimit { continue }
            if let limit = spec.limit, count > limit {
                overLimit = true
                continue
            }
            let cls = spec.symbols.symbolClass(at: index)
            guard cls.contains(c) else {
                return .failure(.character(raw, offset: offset, reason: tr("position \(index + 1) takes \(cls.name)")))
            }
            result.symbols.append(c)
            if keepOffsets { result.offsets.append(offset) }
            index += 1
        }
        if overLimit { return .failure(.overLimit(total: count)) }
        if let stripped, spec.keepsPastePrefix(Array(stripped.utf8), before: Array(result.symbols.utf8)) {
            return filter(text, for: spec, at: position, countBefore: countBefore, keepOffsets: keepOffsets, stripsPrefix: false)
        }
        return .success(result)
    }

    /// Where the text continues after a paste prefix at its start, how many characters that skips, and the prefix;
    /// nil when it has none. Prefixes are matched on normalised, significant characters (`＋８６ 138`, `0086-138`),
    /// and only when something significant follows, so a bare `86` stays two digits.
    private static func prefixEnd(_ text: Substring, spec: FieldSpec) -> (String.Index, Int, String)? {
        guard let longest = spec.pastePrefixes.first?.count else { return nil }
        // Only the first few significant characters matter: at most the longest prefix and one more.
        var significant: [(character: Character, index: String.Index, offset: Int)] = []
        var offset = 0
        var i = text.startIndex
        while i < text.endIndex && significant.count <= longest {
            let raw = text[i]
            if !spec.isFormatting(raw) { significant.append((spec.symbols.normalize(raw), i, offset)) }
            i = text.index(after: i)
            offset += 1
        }
        for prefix in spec.pastePrefixes {
            let p = Array(prefix)
            if significant.count > p.count, significant[0..<p.count].map(\.character) == p {
                let next = significant[p.count]
                return (next.index, next.offset, prefix)
            }
        }
        return nil
    }
}
