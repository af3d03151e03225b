/// The display of a field without templates, kept between keys: it is the symbols joined, so typing at the end of
/// a long line appends to it rather than joining and measuring the whole line again for every key's frame.
///
/// It is a cache of `String(joining: symbols)` and its width, nothing more: any command other than a cursor move
/// or an ASCII append at the end rebuilds it from the symbols (`PropertyTests` compares it with a fresh build).
struct PlainDisplay: Sendable, Equatable {
    /// The symbols joined.
    var text: String
    /// `DisplayWidth.columns(of: text)`.
    var columns: Int

    /// The display of these symbols.
    init(_ symbols: [Character]) {
        text = String(joining: symbols)
        columns = DisplayWidth.columns(of: text)
    }
}

extension Field {
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
                    plainDisplay!.text.append(c)
                    plainDisplay!.columns += DisplayWidth.columns(of: c)
                }
                return
            }
            plainDisplay = PlainDisplay(state.symbols)
        default:
            plainDisplay = PlainDisplay(state.symbols)
        }
    }
}
