extension ChoiceList {
    /// The choices of `level` that `query` finds, best first: those with a name equal to it (so a whole code or name
    /// typed and Enter takes its own choice: `ge` is Georgia, not Colombia's pinyin `gelunbiya`), then those with a
    /// name starting with it, then those with a word starting with it, then those containing it; case-insensitive,
    /// over each choice's label, value and aliases (where the data puts pinyin and initials); file order within
    /// each rank. An empty query finds all.
    public func matches(_ query: String, in level: [Int]) -> [Int] { scannedMatches(query, in: level) }

    /// `matches(query, in: level)` as the picker keeps it: over an indexed list's rows, a one- to three-byte query is
    /// its ranked rows read in place (the count exact, a row read when shown) and a longer one its rows walked as far
    /// as they are read (`ChoiceMatches.isExact` says whether the count is all); anything else the rows found.
    public func rankedMatches(_ query: String, in level: [Int]) -> ChoiceMatches {
        let needle = Array(query.lowercased().utf8)
        if needle.isEmpty { return ChoiceMatches(level) }
        if let index = usableIndex, index.rows == level.count, level.first == 0,
           let ranked = index.ranked(needle) ?? index.walked(needle), !index.isDamaged {
            // Rows are read from the index as they are shown: a block found damaged then has them found row by row.
            return ranked.rescued { [self] in self.scannedMatches(query, in: level) }
        }
        return ChoiceMatches(scannedMatches(query, in: level))
    }

    /// `matches` for a needle the ranked rows do not answer: through the index's runs, or row by row.
    private func scannedMatches(_ query: String, in level: [Int]) -> [Int] {
        let needle = Array(query.lowercased().utf8)
        if needle.isEmpty { return level }
        if let index = usableIndex, index.rows == level.count, level.first == 0, case let found = index.matches(needle), !index.isDamaged {
            return found
        }
        var whole: [Int] = [], prefix: [Int] = [], wordStart: [Int] = [], inside: [Int] = []
        let terms = self.terms
        needle.withUnsafeBufferPointer { q in
            for i in level {
                var best = 4
                for term in terms[i] {
                    let r = term.withUnsafeBufferPointer { ChoiceList.rank(of: q, in: $0) }
                    if r < best { best = r; if r == 0 { break } }
                }
                switch best {
                case 0: whole.append(i)
                case 1: prefix.append(i)
                case 2: wordStart.append(i)
                case 3: inside.append(i)
                default: break
                }
            }
        }
        return whole + prefix + wordStart + inside
    }

    /// 0 when `term` is `q`, 1 when it starts with `q`, 2 when a word in it does, 3 when it holds `q` elsewhere, 4
    /// when not at all.
    /// Bytes: UTF-8 never matches across a character boundary when both sides are whole text.
    static func rank(of q: UnsafeBufferPointer<UInt8>, in term: UnsafeBufferPointer<UInt8>) -> Int {
        let n = q.count, m = term.count
        guard n > 0, n <= m else { return n == 0 ? 1 : 4 }
        let first = q[0]
        var found = 4
        var start = 0
        while start <= m - n {
            if term[start] == first {
                var k = 1
                while k < n && term[start + k] == q[k] { k += 1 }
                if k == n {
                    if start == 0 { return n == m ? 0 : 1 }
                    if isWordBreak(term[start - 1]) { return 2 }
                    found = 3
                }
            }
            start += 1
        }
        return found
    }

    /// The bytes after which a word starts (what `isWordBreak` says yes to; a database's search ranks with them).
    public static let wordBreaks: [UInt8] = Array(" -()/,._'&+".utf8)

    /// Bytes after which a word starts: white space and the punctuation names are written with. A switch, not a
    /// look-up of `wordBreaks`, on the ranking's hot path; a test keeps the two equal.
    static func isWordBreak(_ b: UInt8) -> Bool {
        switch b {
        case 0x20, 0x2D, 0x28, 0x29, 0x2F, 0x2C, 0x2E, 0x5F, 0x27, 0x26, 0x2B: return true  // space - ( ) / , . _ ' & +
        default: return false
        }
    }
}
