/// The display of a field without templates, kept between keys: it is the symbols joined, so typing at the end of
/// a long line appends to it rather than joining and measuring the whole line again for every key's frame.
///
/// It is a cache of `String(joining: symbols)` and its width, nothing more: any command other than a cursor move
/// or an ASCII append at the end rebuilds it from the symbols (`PropertyTests` compares it with a fresh build).
struct PlainDisplay: Sendable, Equatable {
    /// The symbols joined, as UTF-8: bytes, so a typed key appends one byte (appending a Character to a String
    /// costs far more), and a terminal can compare what it drew without converting.
    var utf8: [UInt8]
    /// `DisplayWidth.columns(of: text)`.
    var columns: Int

    /// The display of these symbols.
    init(_ symbols: [Character]) {
        let text = String(joining: symbols)
        utf8 = Array(text.utf8)
        columns = DisplayWidth.columns(of: text)
    }

    /// The symbols joined, as text.
    var text: String { String(decoding: utf8, as: UTF8.self) }
}

extension Field {
    /// The display's UTF-8, its width in columns and the cursor (in Characters) when the field keeps its display
    /// between keys (no layout, no choices: see `Field.init`): `frame.display` and `frame.cursor` without building a
    /// frame. A terminal drawing a typed key needs no more.
    public var keptDisplay: (utf8: [UInt8], columns: Int, cursor: Int)? {
        guard let plainDisplay else { return nil }
        return (plainDisplay.utf8, plainDisplay.columns, plainCursor)
    }

    /// The cursor in Characters of a display without literals: the symbols' cursor, kept in range.
    var plainCursor: Int { min(max(state.cursor, 0), state.symbols.count) }

    /// Bring the plain display up to date after `command`, which found `countBefore` symbols with the cursor at the
    /// end when `wasAtEnd`.
    mutating func refreshPlainDisplay(after command: EditCommand, countBefore: Int, wasAtEnd: Bool) {
        guard plainDisplay != nil else { return }
        switch command {
        case .backwardChar, .forwardChar, .beginningOfLine, .endOfLine, .backwardWord, .forwardWord,
             .acceptLine, .abort, .complete, .previousChoice, .nextChoice:
            return  // the symbols did not change
        case .selfInsert where wasAtEnd && state.cursor == state.symbols.count && state.symbols.count >= countBefore:
            // Appended at the end: when the symbol before and the new ones are single ASCII, nothing regrouped
            // (`regroupGraphemes`), so the old symbols are as they were and the new ones simply follow.
            let added = state.symbols[countBefore...]
            if (countBefore == 0 || state.symbols[countBefore - 1].isSingleASCII) && added.allSatisfy(\.isSingleASCII) {
                for c in added {
                    let byte = c.utf8.first!
                    plainDisplay!.utf8.append(byte)
                    plainDisplay!.columns += DisplayWidth.columns(of: Unicode.Scalar(byte))
                }
                return
            }
            plainDisplay = PlainDisplay(state.symbols)
        default:
            plainDisplay = PlainDisplay(state.symbols)
        }
    }
}
