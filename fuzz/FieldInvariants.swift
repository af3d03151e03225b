// The engine fuzz target's checks: what docs/engine.md promises after every command, on any state.
import FieldKit

/// The checks, split by what they depend on.
enum FieldInvariants {
    /// Check a field after a command (`effect` nil: after a refused key). What depends only on the symbols is
    /// checked when they changed: it is most of the cost, and a cursor move or a refused key cannot change it.
    static func check(_ field: Field, after effect: Effect?, _ fuzzField: FuzzField, _ steps: [EditCommand?],
                      symbolsChanged: Bool) {
        let spec = field.spec
        let state = field.state
        let symbols = state.symbols
        let context = { "\(fuzzField.label) after \(steps): symbols \(symbols), cursor \(state.cursor)" }
        require(state.cursor >= 0 && state.cursor <= symbols.count, "cursor out of range, \(context())")
        let frame = field.frame
        let formatted = Formatter.format(symbols, with: spec.templates)
        checkCursor(field, frame, formatted, context)
        let status = frame.status
        switch effect {
        case .accept(let value)?:
            require(status == .valid && value == field.acceptedValue, "accepted \(value) wrongly, \(context())")
        case .bell?, nil: require(field.lastKeyRefused, "a refused key not marked refused, \(context())")
        case .refresh?: require(!field.lastKeyRefused, "a done key marked refused, \(context())")
        case .cancel?: break
        }
        guard symbolsChanged else { return }

        // The buffer obeys the keymap: each symbol is what its position's class accepts, already normalised,
        // free of controls, whole grapheme clusters, within the limit, and no refused kind of number.
        for (i, c) in symbols.enumerated() {
            require(spec.symbols.symbolClass(at: i).contains(c), "symbol \(i) refused by its class, \(context())")
            require(spec.symbols.normalize(c) == c, "symbol \(i) not normalised, \(context())")
            require(!c.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
                    "control in symbol \(i), \(context())")
        }
        let count = spec.countUnit.count(of: symbols)
        if let limit = spec.limit { require(count <= limit, "over the limit, \(context())") }
        require(Array(String(symbols)) == symbols, "symbols are not whole grapheme clusters, \(context())")
        require(spec.templates.refusedOption(for: symbols, refusing: spec.refusedOptions) == nil,
                "holds a refused kind of number, \(context())")
        checkDisplay(field, frame, formatted, count: count, context)
        if status == .valid { checkAgain(field, frame, fuzzField, context) }
    }

    /// The display cursor sits after the same symbol as the engine's, and the flags match the field.
    static func checkCursor(_ field: Field, _ frame: Frame, _ formatted: FormattedText, _ context: () -> String) {
        let display = Array(frame.display)
        let cursor = formatted.displayIndex(forRawCursor: field.state.cursor)
        require(frame.cursor == cursor && cursor <= display.count,
                "display cursor \(frame.cursor) not after the same symbol, \(context())")
        require(frame.cursorColumn == DisplayWidth.columns(of: String(display[..<frame.cursor])),
                "cursor column \(frame.cursorColumn) wrong, \(context())")
        require(frame.keyRefused == field.lastKeyRefused, "refused flag differs, \(context())")
        // Nothing a terminal draws may carry a control.
        for text in [frame.message ?? "", field.notice ?? ""] {
            require(text.firstControl == nil, "control in drawn text \(text.debugDescription), \(context())")
        }
        if let p = frame.messagePosition {
            require(p >= 0 && p < display.count, "message position \(p) outside the display, \(context())")
        }
    }

    /// The display is the formatter's output of the symbols; counter, status and flags follow from them.
    static func checkDisplay(_ field: Field, _ frame: Frame, _ formatted: FormattedText, count: Int,
                             _ context: () -> String) {
        let spec = field.spec
        let symbols = field.state.symbols
        let display = Array(frame.display)
        require(display == formatted.display, "display \(frame.display) is not the formatter's, \(context())")
        require(formatted.symbolEnds.count == symbols.count, "symbol ends miscounted, \(context())")
        // Each symbol sits where the formatter says, everything between is a template literal, and the display
        // ends with the last symbol (a literal is written only while symbols follow).
        var next = 0
        for (i, end) in formatted.symbolEnds.enumerated() {
            require(end > next && end <= display.count && display[end - 1] == symbols[i],
                    "symbol \(i) not at its place in \(frame.display), \(context())")
            require(display[next..<end - 1].allSatisfy(spec.templates.literals.contains),
                    "text other than literals before symbol \(i) in \(frame.display), \(context())")
            next = end
        }
        require(next == display.count, "display \(frame.display) ends in a literal, \(context())")
        require(frame.status == field.status, "frame status differs, \(context())")
        require(frame.counter == (spec.limit.map { "\(count)/\($0)" } ?? ""), "counter \(frame.counter), \(context())")
        require(frame.isFull == (spec.limit.map { count >= $0 } ?? false), "full flag wrong, \(context())")
        for text in [frame.display, frame.status.message ?? ""] {
            require(text.firstControl == nil, "control in drawn text \(text.debugDescription), \(context())")
        }
    }

    /// A value the field would accept passes `check` and a fresh paste with the same value, whether given as
    /// the entered symbols, the display or the accepted value itself.
    static func checkAgain(_ field: Field, _ frame: Frame, _ fuzzField: FuzzField, _ context: () -> String) {
        let value = field.acceptedValue
        // Usually two or all three are the same text; each is tried once.
        var texts = [field.value]
        for text in [frame.display, value] where !texts.contains(text) { texts.append(text) }
        for text in texts {
            let result = fuzzField.checker.check(text)
            require(result.issue == nil && result.value == value, """
                check \(text.debugDescription) gives \(result) where the field accepts \(value.debugDescription), \
                \(context())
                """)
            var fresh = Field(spec: field.spec, context: field.context)
            fresh.apply(.paste(text))
            require(fresh.status == .valid && fresh.acceptedValue == value, """
                pasting \(text.debugDescription) gives \(fresh.acceptedValue.debugDescription) (\(fresh.status)) where \
                the field accepts \(value.debugDescription), \(context())
                """)
        }
    }
}
