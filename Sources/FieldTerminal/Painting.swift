internal import CTerminalGuard
import FieldKit
#if canImport(Glibc)
import Glibc
#endif

extension PromptSession {
    /// Draw the field as it is now, and what stands around it, through the screen model: a key appended at the end
    /// with a few bytes, anything else from the first row that changed. libedit draws nothing: its line stays empty.
    @discardableResult
    func paint(refused: Bool = false) -> LibeditNext {
        deriveViewIfNeeded()
        // A typed key with nothing around the line to draw: the model echoes it from the line alone, no view built.
        if !refused, status == nil, !hasChoices, placeholder == nil, echoDerivedView() {
            TerminalWrites.write(tty, bytes)
            Self.noteRowsForSignals(&screen)
            return .nothing
        }
        screenView.status = status
        if hasChoices || placeholder != nil || !options.linesBelow.isEmpty { fillSurroundings() }
        drawDerivedView()
        if refused && options.bell { bytes.insert(0x07, at: 0) }
        TerminalWrites.write(tty, bytes)
        Self.noteRowsForSignals(&screen)
        return .nothing
    }

    /// A signal's exit goes below the field and clears what is drawn under it. The model is read in place: through
    /// the class's property it would be copied whole.
    private static func noteRowsForSignals(_ screen: inout ScreenModel) {
        flg_set_rows_below(Int32(screen.fieldRowsBelowCursor))
        flg_set_clear_below(screen.regionRows > 0 ? 1 : 0)
        flg_set_blank_after_cursor(Int32(screen.hintColumns))
    }

    /// The lines under the field (the record's later fields, a choice field's candidates) and the placeholder.
    private func fillSurroundings() {
        screenView.following = options.linesBelow
        var below: [ScreenLine] = []
        if hasChoices && !options.secret {
            let frame = self.frame
            for (i, label) in frame.candidates.enumerated() {
                // A multi-select field's marks, `✓`, after the current one's `>` (plain text: no colour needed).
                let mark = frame.candidateMarks.isEmpty ? "" : frame.candidateMarks[i] ? "✓ " : "  "
                let current = i == frame.candidateIndex
                below.append(ScreenLine((current ? "> " : "  ") + mark + label, style: current ? .current : .plain))
            }
        }
        screenView.below = below
        screenView.hint = placeholder.flatMap(wantedHint)
    }

    /// Draw everything again: after a resize (the terminal has rewrapped the old rows, or kept them cut: the
    /// terminal is asked where the cursor is, and the model works out which), after the process was continued
    /// (the shell has printed below the field), or on Ctrl-L (the screen cleared, the prompt at its top).
    func redraw(_ reason: RedrawReason) -> LibeditNext {
        switch reason {
        case .requested:
            screen.clear()
        case .continued:
            screen.continued()
        case .resized:
            shell?.resize()
            var width = TerminalWrites.columns(tty)
            var report: (row: Int, column: Int)?
            if screen.movesCursor {
                // A window dragged wider or narrower sends several resizes: one that comes while the answer is
                // awaited makes the answer (and the width read before it) stale, so the terminal is asked again
                // at the width it has now, a few times at most.
                for _ in 0..<InputReader.reportRounds {
                    TerminalWrites.write(tty, "\u{1B}[6n")
                    report = input.cursorReport(fd: tty, waitMilliseconds: InputReader.reportWait)
                    _ = flg_take_resized()
                    let now = TerminalWrites.columns(tty)
                    if now == width { break }
                    width = now
                    report = nil
                }
            }
            screen.resized(to: width, reportedColumn: report.map { $0.column - 1 }, reportedRow: report.map { $0.row - 1 })
            screenView.prompt = Self.shownPrompt(options, width: screen.width)
        }
        return paint()
    }

    /// The prompt as drawn `width` columns wide: whole, or with `promptFitsRow` cut to leave the field's first row
    /// `roomAfterPrompt` columns (a few typed characters, the counter), its trailing space kept.
    static func shownPrompt(_ options: PromptOptions, width: Int) -> String {
        let prompt = ControlCharacters.escaped(options.prompt)
        let room = width - roomAfterPrompt
        guard options.promptFitsRow, DisplayWidth.columns(of: prompt) > room else { return prompt }
        return RegionText.fit(prompt, columns: max(room - 1, 2)) + " "
    }

    /// Columns a fitted prompt leaves on the field's first row.
    static let roomAfterPrompt = 16

    /// The prompt ends: the field's line drawn once more as it ends (no refusal mark; a choice field's chosen label
    /// rather than its query; nothing under it), or erased when the prompt keeps no line; the cursor on a fresh row.
    func finishScreen(accepted value: String?) {
        ended = true
        status = nil
        forgetView()
        deriveViewIfNeeded()
        var last = screenView
        last.field = derivedView
        last.status = nil
        last.following = []
        last.below = []
        last.hint = nil
        if let value, hasChoices, let list = field.spec.choices, let index = list.index(ofValue: value) {
            last.field = FieldView(text: list.path(to: index), cursor: 0, counter: "")
        }
        screen.finish(last, keepField: options.keepsLineAtEnd, into: &bytes)
        TerminalWrites.write(tty, bytes)
        flg_set_rows_below(0)
        flg_set_clear_below(0)
        flg_set_blank_after_cursor(0)
    }
}

/// Why the whole field is drawn again.
enum RedrawReason {
    /// The window changed size.
    case resized
    /// The process was stopped and continued.
    case continued
    /// Ctrl-L.
    case requested
}

/// Raw writes to the terminal.
enum TerminalWrites {
    static func write(_ fd: Int32, _ text: String) { write(fd, Array(text.utf8)) }

    /// Write all of `bytes`, retrying after signals.
    static func write(_ fd: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 { if errno == EINTR { continue }; return }
            offset += n
        }
    }

    /// The terminal's width in columns (80 when it will not say).
    static func columns(_ fd: Int32) -> Int {
        var size = winsize()
        if ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }

    /// Turn xterm bracketed paste on or off, so a paste arrives marked and becomes one engine paste.
    static func bracketedPaste(_ fd: Int32, on: Bool) {
        write(fd, on ? "\u{1B}[?2004h" : "\u{1B}[?2004l")
    }
}
