/// What one field's checker said of the texts it checked already: a checker's verdict depends on the text's bytes
/// alone (its context, today's date included, is fixed when it is made), so a text met again (a visit date, a sex,
/// a common name) is answered as it was the first time instead of being checked again.
/// One per field and thread (`RecordChecker.Scratch`); bounded whatever comes in.
struct CheckMemo {
    /// Texts kept at most; once full, a new text is checked and not kept.
    static let capacity = 16_384
    /// Longer texts are checked and not kept, so an entry's size is bounded too.
    static let longestText = 64

    private var verdicts: [ExactText: (value: String, issue: ValidationIssue?)] = [:]

    /// The verdict `check` gives `text`, from the memo when `text` was checked before.
    mutating func verdict(of text: String, check: (String) -> (value: String, issue: ValidationIssue?)) -> (value: String, issue: ValidationIssue?) {
        guard text.utf8.count <= CheckMemo.longestText else { return check(text) }
        let key = ExactText(text)
        if let known = verdicts[key] { return known }
        let verdict = check(text)
        if verdicts.count < CheckMemo.capacity { verdicts[key] = verdict }
        return verdict
    }
}

/// A text compared and hashed by its UTF-8 bytes. String's own `==` follows canonical equivalence (`é` precomposed
/// equals `e` and a combining accent), but a field may judge the two apart (a byte limit, a class per scalar).
struct ExactText: Hashable {
    let text: String

    init(_ text: String) { self.text = text }

    static func == (a: ExactText, b: ExactText) -> Bool {
        let (x, y) = (a.text.utf8, b.text.utf8)
        guard x.count == y.count else { return false }
        let contiguous = x.withContiguousStorageIfAvailable { p in y.withContiguousStorageIfAvailable { q in p.elementsEqual(q) } }
        if let contiguous, let same = contiguous { return same }
        return x.elementsEqual(y)
    }

    func hash(into hasher: inout Hasher) {
        var text = self.text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
