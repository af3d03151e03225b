// The engine fuzz target's checks: what docs/engine.md promises after every command, on any state.
import FieldKit

/// The checks of one fuzz input, with what they keep between its commands so that none is re-derived for nothing:
/// the symbols last checked in full and the formatter's output of them, the display last drawn as characters and
/// the cursor columns measured in it. Everything kept is a pure function of what it is kept with, and is compared
/// exactly (symbols scalar by scalar, display text byte for byte) before it is used; nothing is kept between inputs
/// but `Verified` (FuzzFields.swift), so a crash input replays alone.
struct FieldInvariants {
    /// The symbols last checked in full, and the formatter's output of them.
    private var symbols: [Character]? = nil
    private var formatted: FormattedText! = nil
    /// The display last seen, as characters, and the cursor columns measured in it, by display index.
    private var display = ""
    private var displayCharacters: [Character] = []
    private var columns: [Int: Int] = [:]

    /// Check a field after a command (`effect` nil: after a refused key). What depends only on the symbols is
    /// checked when they changed: it is most of the cost, and a cursor move or a refused key cannot change it.
    mutating func check(_ field: Field, after effect: Effect?, _ fuzzField: FuzzField, _ steps: [EditCommand?]) {
        let spec = field.spec
        let state = field.state
        let symbols = state.symbols
        let context = { "\(fuzzField.label) after \(steps): symbols \(symbols), cursor \(state.cursor)" }
        require(state.cursor >= 0 && state.cursor <= symbols.count, "cursor out of range, \(context())")
        if case .choice(let list) = spec.kind { return ChoiceInvariants.check(field, after: effect, list, fuzzField, context) }
        let previous = self.symbols
        let changed = previous.map { !Self.same($0, symbols) } ?? true
        if changed {
            self.symbols = symbols
            formatted = Formatter.format(symbols, as: spec.kind)
        }
        let frame = field.frame
        checkCursor(field, frame, context)
        let status = frame.status
        switch effect {
        case .accept(let value)?:
            require(status == .valid && value == field.acceptedValue, "accepted \(value) wrongly, \(context())")
        case .bell?, nil:
            require(field.lastKeyRefused, "a refused key not marked refused, \(context())")
            // Every refusal says why: its own notice, or a refused Enter's message.
            require(frame.message != nil, "a refused key without a reason, \(context())")
        case .refresh?: require(!field.lastKeyRefused, "a done key marked refused, \(context())")
        case .cancel?: break
        }
        guard changed else { return }

        // The buffer obeys the keymap: each symbol is what its position's class accepts, already normalised,
        // free of controls, whole grapheme clusters, within the limit, and no refused kind of number. A symbol
        // still at its place (the same scalars at the same index as last checked) passed already: a class
        // depends on the index only, so only the symbols a command put or moved are looked at again.
        for (i, c) in symbols.enumerated() {
            if let previous, i < previous.count, Self.same(previous[i], c) { continue }
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
        checkDisplay(field, frame, count: count, context)
        if status == .valid { Self.checkAgain(field, frame, fuzzField, context) }
    }

    /// Two symbol sequences with the same scalars (`==` on characters is canonical equivalence, looser). After a
    /// cursor move or a refused command the array is the very one checked before, which is seen without a walk.
    static func same(_ a: [Character], _ b: [Character]) -> Bool {
        guard a.count == b.count else { return false }
        let shared = a.withUnsafeBufferPointer { pa in b.withUnsafeBufferPointer { pb in pa.baseAddress == pb.baseAddress } }
        return shared || zip(a, b).allSatisfy { same($0, $1) }
    }

    /// Two characters with the same scalars.
    static func same(_ a: Character, _ b: Character) -> Bool { a.utf8.elementsEqual(b.utf8) }

    /// Two texts with the same bytes.
    static func same(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { pa in b.withUTF8 { pb in pa.elementsEqual(pb) } }
    }

    /// The display cursor sits after the same symbol as the engine's, and the flags match the field.
    private mutating func checkCursor(_ field: Field, _ frame: Frame, _ context: () -> String) {
        // The display is split into characters and measured when it changed (its text compared byte for byte).
        if !Self.same(frame.display, display) {
            display = frame.display
            displayCharacters = Array(frame.display)
            columns = [:]
        }
        let cursor = formatted.displayIndex(forRawCursor: field.state.cursor)
        require(frame.cursor == cursor && cursor <= displayCharacters.count,
                "display cursor \(frame.cursor) not after the same symbol, \(context())")
        let column = columns[cursor] ?? DisplayWidth.columns(of: String(displayCharacters[..<cursor]))
        columns[cursor] = column
        require(frame.cursorColumn == column, "cursor column \(frame.cursorColumn) wrong, \(context())")
        require(frame.keyRefused == field.lastKeyRefused, "refused flag differs, \(context())")
        // Nothing a terminal draws may carry a control.
        for text in [frame.message ?? "", field.notice ?? ""] {
            require(text.firstControl == nil, "control in drawn text \(text.debugDescription), \(context())")
        }
        if let p = frame.messagePosition {
            require(p >= 0 && p < displayCharacters.count,
                    "message position \(p) outside the display, \(context())")
        }
    }

    /// The display is the formatter's output of the symbols; counter, status and flags follow from them.
    private func checkDisplay(_ field: Field, _ frame: Frame, count: Int, _ context: () -> String) {
        let spec = field.spec
        let symbols = field.state.symbols
        let display = displayCharacters
        require(display == formatted.display, "display \(frame.display) is not the formatter's, \(context())")
        require(formatted.symbolEnds.count == symbols.count, "symbol ends miscounted, \(context())")
        // Each symbol sits where the formatter says, everything between is a template literal, and the display
        // ends with the last symbol (a literal is written only while symbols follow).
        var next = 0
        for (i, end) in formatted.symbolEnds.enumerated() {
            require(end > next && end <= display.count && display[end - 1] == symbols[i],
                    "symbol \(i) not at its place in \(frame.display), \(context())")
            require(display[next..<end - 1].allSatisfy(spec.kind.isLiteral),
                    "text other than literals before symbol \(i) in \(frame.display), \(context())")
            next = end
        }
        require(next == display.count, "display \(frame.display) ends in a literal, \(context())")
        require(frame.status == field.status, "frame status differs, \(context())")
        // A date picker's right prompt is the weekday of a complete real date (the context's names).
        // A live layout may show its own (a phone number's region and digits).
        var weekday: String?, live: String?
        switch spec.kind {
        case .date: weekday = DatePicker.date(of: symbols).flatMap { $0.year >= 1 ? field.context.weekdays[$0.weekday] : nil }
        case .liveLayout: live = Formatter.format(symbols, as: spec.kind).counter
        case .plain, .templated, .choice: break
        }
        require(frame.counter == weekday ?? live ?? (spec.limit.map { "\(count)/\($0)" } ?? ""), "counter \(frame.counter), \(context())")
        // Full at the limit; below it only where a live layout says a valid number could take no more digits
        // (a phone number valid at its own length, `11/11`).
        let atLimit = spec.limit.map { count >= $0 } ?? false
        var completeLive = false
        if case .liveLayout = spec.kind { completeLive = frame.status == .valid }
        require(frame.isFull == atLimit || (frame.isFull && completeLive), "full flag wrong, \(context())")
        for text in [frame.display, frame.status.message ?? ""] {
            require(text.firstControl == nil, "control in drawn text \(text.debugDescription), \(context())")
        }
    }

    /// A value the field would accept passes `check` and a fresh paste with the same value, whether given as
    /// the entered symbols, the display or the accepted value itself. Both are pure functions of the field and
    /// the text: a text already seen to pass with this value (`Verified`) is not pasted and checked again.
    static func checkAgain(_ field: Field, _ frame: Frame, _ fuzzField: FuzzField, _ context: () -> String) {
        let value = field.acceptedValue
        // Usually two or all three are the same text; each is tried once.
        var texts = [field.value]
        for text in [frame.display, value] where !texts.contains(text) { texts.append(text) }
        for text in texts {
            let key = Verified.Key(fuzzField, .passesAgain, text, value)
            if Verified.contains(key) { continue }
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
            Verified.insert(key)
        }
    }
}
