import CTerminalGuard
import FieldKit

/// The region under the field, which the painter owns and redraws in place: at most one status line (the reason
/// of the last refusal or failed Enter, with the counter in front when libedit hides its right prompt), then a
/// choice field's candidates. Never a second copy of the field.
extension PromptSession {
    /// Draw the region again if something in it changed, and put the cursor back where libedit left it. Runs when
    /// the reader is about to wait for the next key, so libedit has drawn the line already; rows of a longer
    /// earlier region are cleared.
    func drawRegionIfNeeded() {
        guard regionDirty else { return }
        regionDirty = false
        guard movesCursor else { return }
        let width = max(columns, 1)
        var lines: [String] = []
        if let status = statusLine(width: width) { lines.append(status) }
        var current: Int?
        if hasChoices && !options.secret {
            let frame = self.frame
            current = frame.candidateIndex.map { $0 + lines.count }
            for (i, label) in frame.candidates.enumerated() {
                lines.append((i == frame.candidateIndex ? "> " : "  ") + RegionText.fit(label, columns: width - 3))
            }
        }
        guard !lines.isEmpty || regionRows > 0 else { return }
        let (_, rowsBelow) = layout()
        var out = String(repeating: "\r\n", count: rowsBelow)
        for (i, line) in lines.enumerated() {
            // The status line is coloured inside (the counter in front stays plain); the current candidate reversed.
            out += "\r\n\u{1B}[K" + (i == current && options.colour ? "\u{1B}[7m" + line + "\u{1B}[0m" : line)
        }
        out += "\r\n\u{1B}[J"
        // Back up to the cursor's row and column: relative moves stay right when the rows above scrolled.
        out += "\u{1B}[\(rowsBelow + lines.count + 1)A\r"
        let column = cursorColumnOnRow(width: width)
        if column > 0 { out += "\u{1B}[\(column)C" }
        TerminalWrites.write(tty, out)
        regionRows = lines.count
        // A signal's exit goes below the field and clears what is drawn under it.
        flg_set_clear_below(regionRows > 0 ? 1 : 0)
    }

    /// The status line: the counter when libedit does not show it (the line wrapped, or prompt, text and counter
    /// do not fit the row), then the status text; nil when there is neither.
    func statusLine(width: Int) -> String? {
        let counter = counterCells().withBytes { String(decoding: $0, as: UTF8.self) }
        let showCounter = !counter.isEmpty && counterHidden(counterWidth: DisplayWidth.columns(of: counter), width: width)
        guard showCounter || status != nil else { return nil }
        var room = width - 1
        var line = ""
        if showCounter {
            line = RegionText.fit(counter, columns: room)
            room -= DisplayWidth.columns(of: line)
        }
        if let status, room > 2 {
            if !line.isEmpty { line += "  "; room -= 2 }
            let text = RegionText.fit(status.split(separator: "\n").joined(separator: " "), columns: room)
            line += options.colour ? "\u{1B}[31m" + text + "\u{1B}[0m" : text
        }
        return line
    }

    /// Whether libedit leaves the right prompt out (`QuickEcho.shows`' rule): the text runs past the first row, or
    /// the prompt, the text, a gap and the counter do not fit on it.
    func counterHidden(counterWidth: Int, width: Int) -> Bool {
        let (shown, _) = shownLine()
        let lineColumns = options.secret ? shown.count : DisplayWidth.columns(of: String(decoding: shown, as: UTF8.self))
        let end = promptColumns + lineColumns
        return end >= width || !QuickEcho.shows(end: end, counter: counterWidth, columns: width)
    }

    /// Whether the region may need drawing after this paint: something is drawn or to be drawn there, or the line
    /// is long enough that libedit may hide the counter. A cheap test (bytes are at least columns): typing a
    /// short line with nothing below costs nothing.
    func regionMayChange(lineBytes: Int, counterBytes: Int) -> Bool {
        status != nil || regionRows > 0 || hasChoices || promptColumns + lineBytes + counterBytes + 2 > columns
    }

    /// The cursor's column on its row.
    private func cursorColumnOnRow(width: Int) -> Int {
        let columnInLine = options.secret ? field.state.cursor : frame.cursorColumn
        return (promptColumns + columnInLine) % width
    }
}

/// Fitting text into one terminal row.
enum RegionText {
    /// `text` cut to `columns` terminal columns (with `…` when cut), controls escaped.
    static func fit(_ text: String, columns: Int) -> String {
        let text = ControlCharacters.escaped(text)
        guard DisplayWidth.columns(of: text) > columns else { return text }
        var out = ""
        var used = 0
        for c in text {
            let w = DisplayWidth.columns(of: String(c))
            if used + w > columns - 1 { break }
            out.append(c)
            used += w
        }
        return out + "…"
    }
}
