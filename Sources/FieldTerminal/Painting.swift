internal import CEditLineShims
internal import CLibEdit
internal import CTerminalGuard
import FieldKit
#if canImport(Glibc)
import Glibc
#endif

extension PromptSession {
    /// Draw the engine's frame: a plain append at the end of the line with `QuickEcho`'s few bytes, anything else by
    /// writing the frame into libedit's line (`setLibeditLine`) and letting libedit repaint.
    @discardableResult
    func paint(refused: Bool = false) -> LibeditNext {
        // The view is read in place (its counter) or borrowed once (its text): a copy of it costs more than the key.
        deriveViewIfNeeded()
        let shown = derivedView.text, cursor = derivedView.cursor
        defer { noteLayout() }
        let regionMayChange = self.regionMayChange(lineBytes: shown.count, counterBytes: derivedView.counter.count)
        if !refused, var line = drawn.take(), let promptColumns = quickEchoPromptColumns,
           shown.withUnsafeBufferPointer({
               QuickEcho.plan(from: line, to: $0, cursor: cursor, counter: derivedView.counter, promptColumns: promptColumns,
                              columns: columns, into: &echo)
           }) {
            // The key is on the screen; libedit's line and its model of the screen are left behind until it must
            // draw again (`syncLibeditLine`, and the full redraw below): a key at the end costs no walk of the line.
            // What is drawn grows in place (taken out of `drawn`, so its bytes are not shared).
            shown.withUnsafeBufferPointer {
                QuickEcho.appendBytes(UnsafeBufferPointer(rebasing: $0[line.text.count...]), to: &line.text)
            }
            line.cursor = cursor
            line.counter = derivedView.counter
            drawn = line
            // A wrapped line's counter on the status line goes out in the same write, when it is all that changed.
            if regionMayChange && !appendCounterAlone(to: &echo, geometry: lineGeometry(), counter: derivedView.counter,
                                                      width: max(columns, 1)) {
                regionDirty = true
            }
            TerminalWrites.write(tty, echo)
            // A quick echo never leaves the cursor in a terminal's pending wrap, so its row is exact.
            libeditLag = .lineAndScreen(row: (promptColumns + shown.count) / max(columns, 1))
            return .nothing
        }
        if regionMayChange { regionDirty = true }
        // libedit never knew of a placeholder's cells: blank them before it draws (and draw it again after).
        if placeholder != nil { placeholderBeforeLibedit() }
        drawn = derivedView.drawnCopy()
        setLibeditLine(String(decoding: shown, as: UTF8.self), cursor: cursor)
        let bell = refused && options.bell
        // libedit's incremental repaint assumes the rows it did not draw are blank: a line that grows into rows the
        // region holds would leave the region's text after its end. Draw it from the prompt's first row instead.
        if regionRows > 0, libeditLag == .none, (promptColumns + lineGeometry().line) / max(columns, 1) >= regionFieldRows {
            libeditLag = .screen(row: cursorRowShown)
        }
        if let quickEchoRow = libeditLag.screenRow {
            // libedit's incremental repaint diffs against its model, which stopped before the quick echoes: draw the
            // line again from the prompt's first row instead (up from the row the last quick echo left the cursor
            // on), which also brings the model up to date. One full line on the first key after typing, not a
            // repaint per key.
            let up = quickEchoRow > 0 ? "\u{1B}[\(quickEchoRow)A" : ""
            TerminalWrites.write(tty, (bell ? "\u{7}" : "") + "\r" + up + "\u{1B}[J")
            drawAgainHere()
            return .nothing
        }
        return bell ? .redrawRinging : .redraw
    }

    /// Whether the screen, drawn by quick echoes since libedit last drew, holds the view exactly (a quick echo
    /// leaves the cursor after the text; any other paint draws through libedit).
    func showsViewAfterQuickEcho() -> Bool {
        guard libeditLag != .none, !hasChoices, let drawn else { return false }
        return drawn == view
    }

    /// Replace libedit's line with the field's text and place its cursor. libedit positions count wide characters
    /// (Unicode scalars), the frame counts Characters: convert.
    func setLibeditLine(_ text: String, cursor: Int) {
        libeditLag = libeditLag.lineWritten
        if let info = el_wline(el)?.pointee {
            let length = info.lastchar - info.buffer
            let at = info.cursor - info.buffer
            el_cursor(el, Int32(length - at))
            el_deletestr(el, Int32(length))
        }
        var wide: [wchar_t] = []
        wide.reserveCapacity(text.utf8.count + 1)
        for scalar in text.unicodeScalars { wide.append(wchar_t(bitPattern: scalar.value)) }
        let total = wide.count
        if total > 0 {
            wide.append(0)
            el_winsertstr(el, wide)
        }
        // The cursor after the last symbol is the end of the display (the formatter writes no trailing literal);
        // a choice field's display goes on after the query with the candidate's label.
        var before = total
        if field.state.cursor < field.state.symbols.count || hasChoices {
            let index = text.index(text.startIndex, offsetBy: cursor, limitedBy: text.endIndex) ?? text.endIndex
            before = text.unicodeScalars.distance(from: text.startIndex, to: index)
        }
        el_cursor(el, Int32(before - total))
    }

    /// Bring libedit's line up to date after quick echoes, before anything that makes libedit draw or read it.
    func syncLibeditLine() {
        guard case .lineAndScreen = libeditLag else { return }
        setLibeditLine(String(decoding: view.text, as: UTF8.self), cursor: view.cursor)
    }

    /// Where the field sits on the screen: the cursor's row and the rows below it, counted from the prompt's first
    /// row at the terminal's current width (libedit wraps the prompt and the text; the counter stays on row one).
    func layout() -> (cursorRow: Int, rowsBelow: Int) {
        let width = max(columns, 1)
        // A character is never wider than its UTF-8 bytes, so a line whose bytes fit on the row is one row: no
        // width to measure (this runs on every key, for the signal guard).
        guard let geometry = lineGeometry(unlessBytesFit: width - promptColumns) else { return (0, 0) }
        let cursorRow = (promptColumns + geometry.cursor) / width
        return (cursorRow, (promptColumns + geometry.line) / width - cursorRow)
    }

    /// The line's width and the cursor's column within it (after the prompt), or nil, unmeasured, when the line's
    /// UTF-8 is shorter than `fit` bytes. With the cursor after the last symbol (typing) the kept display gives
    /// both with no frame and no walk of the line.
    func lineGeometry(unlessBytesFit fit: Int) -> (line: Int, cursor: Int)? {
        if options.secret {
            return field.state.symbols.count < fit ? nil : (field.state.symbols.count, field.state.cursor)
        }
        let atEnd = field.state.cursor == field.state.symbols.count && !hasChoices
        deriveViewIfNeeded()
        if atEnd, let columns = derivedView.keptColumns {
            return derivedView.text.count < fit ? nil : (columns, columns)
        }
        let frame = self.frame
        if frame.display.utf8.count < fit { return nil }
        return (atEnd ? frame.cursorColumn : DisplayWidth.columns(of: frame.display), frame.cursorColumn)
    }

    /// Remember where the painted field leaves the cursor (the next paint starts from there) and tell the signal
    /// guard how many of its rows are below the cursor.
    func noteLayout() {
        let layout = self.layout()
        cursorRowShown = layout.cursorRow
        flg_set_rows_below(Int32(layout.rowsBelow))
    }

    /// `lineGeometry(unlessBytesFit:)` always measured.
    func lineGeometry() -> (line: Int, cursor: Int) { lineGeometry(unlessBytesFit: 0) ?? (0, 0) }

    /// A terminal that cannot move the cursor (`dumb`) has no status line: why Enter or a paste was refused goes
    /// on its own lines under the field, and the field is drawn again below them.
    func showMessage(_ message: String) -> LibeditNext {
        erasePlaceholder()
        // A refused Enter changed no text: libedit's line is the frame's already; the field is drawn again below.
        let styled = options.colour ? "\u{1B}[31m" + message + "\u{1B}[0m" : message
        let body = styled.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
        let below = String(repeating: "\n", count: layout().rowsBelow)
        TerminalWrites.write(tty, (options.bell ? "\u{7}" : "") + below + "\r\n" + body + "\r\n")
        return drawAgainHere()
    }

    /// Draw the whole field again: after a resize (the terminal has rewrapped the old rows), after the process was
    /// continued (the shell has printed below the field), or on Ctrl-L.
    func redraw(_ reason: RedrawReason) -> LibeditNext {
        erasePlaceholder()
        if reason != .requested {
            el_resize(el)
            columns = TerminalWrites.columns(tty)
        }
        guard movesCursor else {
            TerminalWrites.write(tty, "\r\n")
            return drawAgainHere()
        }
        // After a stop the cursor is on a fresh line under the shell's messages: draw there. Otherwise go back to the
        // prompt's first row (terminals that rewrap on resize keep the cursor after the same character, so the
        // row count at the new width is right) and erase everything below, so no stale copy of the line remains.
        var move = "\r"
        if reason != .continued {
            let up = layout().cursorRow
            if up > 0 { move += "\u{1B}[\(up)A" }
        }
        TerminalWrites.write(tty, move + "\u{1B}[J")
        return drawAgainHere()
    }

    /// The cursor is where the prompt's first row should start: make libedit forget what it had drawn (so its next
    /// repaint does not move up to clear rows that now hold other text) and draw everything from here.
    @discardableResult
    private func drawAgainHere() -> LibeditNext {
        syncLibeditLine()
        fl_refresh(el)
        libeditLag = .none
        cursorRowShown = layout().cursorRow
        regionDirty = true
        drawn = view.drawnCopy()
        return .nothing
    }

    /// Put libedit's cursor at the end of the line (before Enter is accepted, so the screen ends there).
    func moveToEnd() {
        syncLibeditLine()
        if let info = el_wline(el)?.pointee { el_cursor(el, Int32(info.lastchar - info.cursor)) }
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

/// Raw writes to the terminal, outside libedit's own output.
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
