/// Each choice's search terms, lower-cased UTF-8 (label, value, aliases; each once): what a query is matched
/// against key by key. Made from the names' bytes the first time a query is typed.
final class ChoiceTerms: Sendable {
    /// Row → its distinct lower-cased names.
    let terms: [[[UInt8]]]

    init(_ cells: ChoiceCells) {
        var terms: [[[UInt8]]] = []
        terms.reserveCapacity(cells.count)
        cells.withBytes { bytes in
            for row in 0..<cells.count {
                var mine: [[UInt8]] = []
                cells.forEachName(row, in: bytes) { name in
                    let lower = ChoiceSearchIndex.lowered(name)
                    if !mine.contains(lower) { mine.append(lower) }
                }
                terms.append(mine)
            }
        }
        self.terms = terms
    }
}

/// Every lower-cased name (value, label, alias) → the choices that have it, in order: for `check`, which looks up
/// a whole name per line. Made from the terms once the look-ups are more than a few scans would serve.
final class ChoiceNameIndex: Sendable {
    /// Lower-cased name → its choices.
    let exact: [String: [Int]]

    init(_ terms: ChoiceTerms) {
        var exact: [String: [Int]] = [:]
        for (i, mine) in terms.terms.enumerated() {
            for term in mine {
                let key = String(decoding: term, as: UTF8.self)
                // Distinct bytes may still be one key (canonically equivalent): each choice once.
                if exact[key, default: []].last != i { exact[key, default: []].append(i) }
            }
        }
        self.exact = exact
    }
}

/// How names are lower-cased and compared for search: from their bytes where that is exact.
enum ChoiceSearchIndex {
    /// A name as the index keys it: lower-cased, as `lowercased()` does. Names of ASCII, CJK ideographs, kana and
    /// their punctuation (U+3000-U+9FFF) and emoji and symbols (U+1F000-U+1FFFF: flags) are lowered from their
    /// bytes, as only their ASCII capitals have a lower case; anything else goes through Unicode's mapping, which
    /// for the few thousand names of a list was most of building its index.
    static func lowered(_ name: String) -> String {
        guard let lower = name.utf8.withContiguousStorageIfAvailable({ lowerableBytes($0) }) ?? lowerableBytes(Array(name.utf8)) else {
            return name.lowercased()
        }
        return lower ? String(decoding: name.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self) : name
    }

    /// `lowered` of a name's UTF-8 bytes, as UTF-8 bytes.
    static func lowered(_ name: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        switch lowerableBytes(name) {
        case nil: return Array(String(decoding: name, as: UTF8.self).lowercased().utf8)
        case true?: return name.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        case false?: return Array(name)
        }
    }

    /// Whether a name lowers byte by byte (true: it holds ASCII capitals; false: it is its own lower case), nil
    /// when it needs Unicode's mapping.
    private static func lowerableBytes<Bytes: Collection<UInt8>>(_ name: Bytes) -> Bool? {
        var capitals = false
        var utf8 = name.makeIterator()
        while let byte = utf8.next() {
            if byte < 0x80 {
                if byte >= 0x41 && byte <= 0x5A { capitals = true }
                continue
            }
            if byte >= 0xE3 && byte <= 0xE9 { _ = utf8.next(); _ = utf8.next(); continue }
            if byte == 0xF0, utf8.next() == 0x9F { _ = utf8.next(); _ = utf8.next(); continue }
            return nil
        }
        return capitals
    }

    /// Whether `lowered(name) == lower`, for the tests' strings.
    static func lowers(_ name: String, to lower: String) -> Bool {
        var name = name, lower = lower
        return name.withUTF8 { n in lower.withUTF8 { lowers(n, to: $0) } }
    }

    /// Whether `lowered(name) == lower`, compared byte by byte with no string made while the name is of the kinds
    /// `lowered` reads from bytes (a difference there is a difference in the lowered names, as those bytes lower
    /// the same whatever follows them).
    static func lowers(_ name: UnsafeBufferPointer<UInt8>, to lower: UnsafeBufferPointer<UInt8>) -> Bool {
        var a = name.makeIterator(), b = lower.makeIterator()
        var following = 0  // continuation bytes of a caseless scalar, compared as they are
        func unicode() -> Bool { String(decoding: name, as: UTF8.self).lowercased() == String(decoding: lower, as: UTF8.self) }
        while let byte = a.next() {
            var expected = byte
            if following > 0 {
                following -= 1
            } else if byte < 0x80 {
                if byte >= 0x41 && byte <= 0x5A { expected = byte + 0x20 }
            } else if byte >= 0xE3 && byte <= 0xE9 {
                following = 2
            } else if byte == 0xF0 {
                guard a.next() == 0x9F else { return unicode() }
                guard b.next() == 0xF0 else { return false }
                expected = 0x9F
                following = 2
            } else {
                return unicode()
            }
            guard b.next() == expected else { return false }
        }
        return b.next() == nil
    }

    /// The choices one of whose names is `lower` (lower-cased as `lowered` does), each once, in order: the index's
    /// answer found by reading every name once, where it lies, for a single look-up (`ask --value 北京市`) that an
    /// index of every name would cost far more than.
    static func scan(_ cells: ChoiceCells, for lower: String) -> [Int] {
        var lower = lower
        return lower.withUTF8 { key in
            cells.withBytes { bytes in
                var found: [Int] = []
                for row in 0..<cells.count {
                    var named = false
                    cells.forEachName(row, in: bytes) { if !named && lowers($0, to: key) { named = true } }
                    if named { found.append(row) }
                }
                return found
            }
        }
    }
}
