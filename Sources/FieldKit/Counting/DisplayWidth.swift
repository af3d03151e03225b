/// Terminal columns taken by text, from the generated Unicode width table.
public enum DisplayWidth {
    /// Columns one scalar takes on its own: 0, 1 or 2 (controls count 0).
    public static func columns(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        // Most input is ASCII; skip both table searches for it.
        if value >= 0x20 && value <= 0x7E { return 1 }
        // C0, DEL and C1 controls move the cursor or do nothing; they never draw a glyph.
        if value < 0x20 || (value >= 0x7F && value <= 0x9F) { return 0 }
        // Zero first: a few combining marks (e.g. U+302A) are also East_Asian_Width W.
        if contains(value, in: DisplayWidthTable.zero) { return 0 }
        if contains(value, in: DisplayWidthTable.wide) { return 2 }
        return 1
    }

    /// Columns one grapheme cluster takes on its own: its base's 0, 1 or 2 (2 for an emoji presentation sequence),
    /// plus the columns of the scalars that extend the cluster yet are drawn in cells of their own, as a terminal
    /// draws them cell by cell (and as wcwidth counts them): a skin-tone modifier that attaches to no
    /// Emoji_Modifier_Base (2), and any later letter or number not joined by U+200D (`ownCell`): the consonant after
    /// a virama in an Indic conjunct (`क्ष` is 2), Thai and Lao SARA AM (`กำ` is 2), the halfwidth (semi-)voiced sound
    /// marks (`ｶﾞ` is 2), a second leading Hangul jamo; and everything drawn after a prepended concatenation mark
    /// (`\u{0600}1` and `\u{0601}※` are 2). In a text, a character after one that ends in U+200D counts less
    /// (`DisplayWidth.Run`).
    public static func columns(of character: Character) -> Int {
        measure(character, joined: false).columns
    }

    /// Columns of `character` and whether it ends in U+200D. A `joined` character follows one that ends in U+200D:
    /// its base joins that one's glyph (as wcwidth skips the scalar after a joiner), so only the scalars drawn in
    /// cells of their own count.
    @inline(__always)
    static func measure(_ character: Character, joined: Bool) -> (columns: Int, endsInJoiner: Bool) {
        var regionalIndicators = 0
        var firstVisible: Int?
        var afterPrependedMark = false
        var emojiPresentation = false
        var ownColumns = 0
        var previous: UInt32 = 0
        for scalar in character.unicodeScalars {
            let value = scalar.value
            if value == 0xFE0F {
                // VS16 asks for emoji presentation, which terminals draw two columns wide even when
                // the base (e.g. U+2764) is narrow on its own; after any other base it changes nothing.
                if contains(previous, in: DisplayWidthTable.emojiStyle) { emojiPresentation = true }
            } else if value >= 0x1F1E6 && value <= 0x1F1FF {
                regionalIndicators += 1
            } else if value >= 0x1F3FB && value <= 0x1F3FF && firstVisible != nil
                        && !contains(previous, in: DisplayWidthTable.modifierBase) {
                // A skin tone after anything but a modifier base is drawn as its own swatch.
                ownColumns += 2
            } else if firstVisible != nil && (afterPrependedMark || ownCell(scalar, after: previous)) {
                // A prepended mark spans what follows without holding it: every glyph after it keeps its cells.
                ownColumns += columns(of: scalar)
            }
            if firstVisible == nil {
                let width = columns(of: scalar)
                if width != 0 {
                    firstVisible = width
                    afterPrependedMark = value >= 0x600 && contains(value, in: DisplayWidthTable.prependedMark)
                }
            }
            previous = value
        }
        let endsInJoiner = previous == 0x200D
        if joined { return (ownColumns, endsInJoiner) }
        // A flag is one glyph made of two indicators, not two glyphs.
        if regionalIndicators >= 2 { return (2, endsInJoiner) }
        // Joined or combined scalars render as one glyph sized by its base.
        let base = emojiPresentation ? 2 : firstVisible ?? 0
        return (base + ownColumns, endsInJoiner)
    }

    /// Whether `scalar`, inside a cluster after its base, is drawn in cells of its own: a letter or a number, unless
    /// U+200D joins it to what comes before (`क्‍ष` asks for a half form: one glyph, as wcwidth counts it). Marks,
    /// joiners, selectors and modifiers attach to what they follow; the emoji of a ZWJ sequence are symbols (So).
    private static func ownCell(_ scalar: Unicode.Scalar, after previous: UInt32) -> Bool {
        guard previous != 0x200D else { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }

    /// Columns a whole string takes: the sum over its characters, each after the one before (`Run`).
    ///
    /// The same as the generic version, written for `String` so its ASCII scan runs over the contiguous UTF-8
    /// storage (the generic one goes through the protocol's iterator for every byte).
    public static func columns(of text: String) -> Int {
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            var columns = 0
            for byte in bytes {
                if byte >= 0x80 { return nil }
                if byte >= 0x20 && byte <= 0x7E { columns += 1 }
            }
            return columns
        }
        if let ascii = ascii, let columns = ascii { return columns }
        var run = Run()
        var total = 0
        for character in text {
            total += run.columns(of: character)
        }
        return total
    }

    /// Columns a whole string takes: the sum over its characters, each after the one before (`Run`).
    public static func columns<S: StringProtocol>(of text: S) -> Int {
        // All-ASCII text needs no grapheme breaking: every byte is its own cluster
        // except CR LF, and both of those count 0 either way.
        var asciiColumns = 0
        var allASCII = true
        for byte in text.utf8 {
            if byte >= 0x80 {
                allASCII = false
                break
            }
            if byte >= 0x20 && byte <= 0x7E { asciiColumns += 1 }
        }
        if allASCII { return asciiColumns }

        var run = Run()
        var total = 0
        for character in text {
            total += run.columns(of: character)
        }
        return total
    }

    // The tables are flat so the generated literal type-checks quickly; pair i is
    // table[2i]...table[2i+1].
    private static func contains(_ value: UInt32, in table: [UInt32]) -> Bool {
        guard let first = table.first, let last = table.last,
              value >= first, value <= last else { return false }
        var low = 0
        var high = table.count / 2 - 1
        while low <= high {
            let middle = (low + high) / 2
            if value < table[2 * middle] {
                high = middle - 1
            } else if value > table[2 * middle + 1] {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
