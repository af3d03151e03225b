internal import CTerminalGuard
import FieldKit

/// A placeholder on the screen: text drawn dim after the cursor while the field is empty (or, for a phone field's
/// example, the rest of the example after a calling code alone), never in libedit's line, so never in the value.
///
/// How it stays out of the way of the rest of the painter: it is drawn last before a key is read (after libedit and
/// the region below), only when the cursor is at the end of the line and the hint fits on the first row before the
/// counter, and the cursor is moved back to where it was. The next paint takes libedit's path (no quick echo: the
/// view drawn is forgotten) and blanks the hint's cells first, so libedit, which never knew of them, draws over
/// cells that are blank again. A field without a placeholder has none of this (the session holds nil).
struct PlaceholderHint {
    /// Where the hint comes from.
    enum Source {
        /// `--placeholder`, `placeholder:`: shown while the field shows nothing.
        case text(String)
        /// The field's own example (a phone field's region example, and the rest of its calling code's).
        case example
    }

    let source: Source
    /// Columns the hint takes on the screen now, from the cursor on (0: none shown).
    var shownColumns = 0
    /// The hint's text as last drawn, to leave it alone when it is still the one wanted.
    var shownText: String?
    /// The quick echo's prompt width when it is on (`PromptSession.quickEchoPromptColumns` as the session set it):
    /// an example field turns quick echo off while a typed key may bring a hint (`+4` before `+44`).
    let quickEchoPromptColumns: Int?

    /// The hint for these options and field, or nil when there is nothing to show (no placeholder and no example,
    /// an empty `--placeholder`, a secret field's example).
    init?(options: PromptOptions, spec: FieldSpec, quickEchoPromptColumns: Int?) {
        if let text = options.placeholder {
            guard !text.isEmpty else { return nil }
            source = .text(Placeholder.sanitized(text))
        } else if spec.hasExamples && !options.secret {
            source = .example
        } else {
            return nil
        }
        self.quickEchoPromptColumns = quickEchoPromptColumns
    }
}

extension PromptSession {
    /// The hint the field wants now: the text while the line is empty, or the example's rest after the symbols
    /// (the cursor at their end); nil for none.
    private func wantedHint(_ hint: PlaceholderHint) -> String? {
        switch hint.source {
        case .text(let text): return view.text.isEmpty ? text : nil
        case .example:
            let symbols = field.state.symbols
            guard field.state.cursor == symbols.count else { return nil }
            return field.spec.exampleHint(after: symbols)
        }
    }

    /// Draw the hint the field wants, if it is not on the screen already; runs after the region is drawn, before
    /// the next key is read (the cursor is where the field's cursor is).
    func drawPlaceholder() {
        guard var hint = placeholder else { return }
        defer { placeholder = hint }
        let wanted = wantedHint(hint)
        if hint.shownColumns > 0 && wanted == hint.shownText { return }
        erase(&hint)
        guard let wanted else { return }
        let width = max(columns, 1)
        let geometry = lineGeometry()
        let end = promptColumns + geometry.line
        guard geometry.cursor == geometry.line, end < width else { return }
        // Before libedit's right prompt and the gap it keeps (`QuickEcho.shows`), else up to the last column but one.
        let counter = view.counter.withBytes { DisplayWidth.columns(of: String(decoding: $0, as: UTF8.self)) }
        let room = QuickEcho.shows(end: end, counter: counter, columns: width) ? width - 2 - counter - end - 1 : width - 1 - end
        guard room >= 2 else { return }
        let text = RegionText.fit(wanted, columns: room)
        let cells = DisplayWidth.columns(of: text)
        var out = options.colour ? "\u{1B}[2m" + text + "\u{1B}[22m" : text
        // Back to the cursor: CUB where the terminal moves the cursor, else a backspace per column.
        out += movesCursor ? "\u{1B}[\(cells)D" : String(repeating: "\u{8}", count: cells)
        TerminalWrites.write(tty, out)
        hint.shownColumns = cells
        hint.shownText = wanted
        // Ctrl-C (or any signal that ends the process) blanks it before leaving the line.
        flg_set_blank_after_cursor(Int32(cells))
        // The next key is drawn through libedit (which blanks the hint first), not by quick echo over it.
        drawn = nil
    }

    /// Before libedit draws a changed field (every change but a quick-echoed key): blank the hint, and have it
    /// drawn again with the region when the field may want it (empty; for an example, while `mayReachExample`,
    /// during which quick echo is off so every key comes here).
    func placeholderBeforeLibedit() {
        erasePlaceholder()
        guard let hint = placeholder else { return }
        switch hint.source {
        case .text:
            if derivedView.text.isEmpty { regionDirty = true }
        case .example:
            let reaches = field.spec.mayReachExample(field.state.symbols)
            quickEchoPromptColumns = reaches ? nil : hint.quickEchoPromptColumns
            if reaches { regionDirty = true }
        }
    }

    /// Blank the hint's cells, the cursor staying where it is (the hint's first cell); before anything else draws
    /// the field.
    func erasePlaceholder() {
        guard var hint = placeholder, hint.shownColumns > 0 else { return }
        erase(&hint)
        placeholder = hint
    }

    private func erase(_ hint: inout PlaceholderHint) {
        guard hint.shownColumns > 0 else { return }
        let n = hint.shownColumns
        let back = movesCursor ? "\u{1B}[\(n)D" : String(repeating: "\u{8}", count: n)
        TerminalWrites.write(tty, String(repeating: " ", count: n) + back)
        flg_set_blank_after_cursor(0)
        hint.shownColumns = 0
        hint.shownText = nil
    }
}
