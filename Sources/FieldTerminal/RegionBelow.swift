internal import CTerminalGuard
import FieldKit

/// The region under the field, which the painter owns and redraws in place: at most one status line (the reason
/// of the last refusal or failed Enter, with the counter in front when libedit hides its right prompt), then a
/// choice field's candidates. Never a second copy of the field.
extension PromptSession {
    /// Draw the region again if something in it changed, and put the cursor back where libedit left it. Runs when
    /// the reader is about to wait for the next key, so libedit has drawn the line already; rows of a longer
    /// earlier region are cleared.
    @inline(__always)
    func drawRegionIfNeeded() {
        if regionDirty {
            drawRegion()
            // The placeholder last, on the field's row: the cursor is back where the field has it.
            if placeholder != nil { drawPlaceholder() }
        }
    }

    /// `drawRegionIfNeeded`'s work, out of line: the reader checks the flag before every key.
    private func drawRegion() {
        regionDirty = false
        guard movesCursor else { return }
        let width = max(columns, 1)
        let geometry = lineGeometry()
        if redrawCounterAlone(geometry: geometry, width: width) { return }
        // The record's later fields (a form), then the status line, then a choice field's candidates.
        var lines = linesBelow(width: width)
        if let status = statusLine(width: width, lineColumns: geometry.line) { lines.append(status) }
        var current: Int?
        if hasChoices && !options.secret {
            let frame = self.frame
            current = frame.candidateIndex.map { $0 + lines.count }
            for (i, label) in frame.candidates.enumerated() {
                // A multi-select field's marks, `✓`, after the current one's `>` (plain text: no colour needed).
                let mark = frame.candidateMarks.isEmpty ? "" : frame.candidateMarks[i] ? "✓ " : "  "
                lines.append((i == frame.candidateIndex ? "> " : "  ") + mark + RegionText.fit(label, columns: width - 3 - mark.count))
            }
        }
        guard !lines.isEmpty || regionRows > 0 else { return }
        let cursorRow = (promptColumns + geometry.cursor) / width
        let lastRow = (promptColumns + geometry.line) / width
        let rowsBelow = lastRow - cursorRow
        var out: [UInt8] = []
        // A line that grew into rows the region held, typed up to its end (quick echo writes only the characters):
        // the rest of the row the cursor ends on still shows the region's old text.
        if regionRows > 0 && lastRow + 1 > regionFieldRows && rowsBelow == 0 && geometry.cursor == geometry.line {
            out += [0x1B, 0x5B, 0x4B]
        }
        for _ in 0..<rowsBelow { out += [0x0D, 0x0A] }
        for (i, line) in lines.enumerated() {
            // The status line is coloured inside (the counter in front stays plain); the current candidate reversed.
            out += [0x0D, 0x0A, 0x1B, 0x5B, 0x4B]
            out += Array((i == current && options.colour ? "\u{1B}[7m" + line + "\u{1B}[0m" : line).utf8)
        }
        out += [0x0D, 0x0A, 0x1B, 0x5B, 0x4A]
        // Back up to the cursor's row and column: relative moves stay right when the rows above scrolled.
        out += [0x1B, 0x5B] + Array(String(rowsBelow + lines.count + 1).utf8) + [0x41, 0x0D]
        let column = (promptColumns + geometry.cursor) % width
        if column > 0 { out += [0x1B, 0x5B] + Array(String(column).utf8) + [0x43] }
        TerminalWrites.write(tty, out)
        regionRows = lines.count
        regionFieldRows = lastRow + 1
        // A signal's exit goes below the field and clears what is drawn under it.
        flg_set_clear_below(regionRows > 0 ? 1 : 0)
    }

    /// The common redraw while typing a wrapped line: the status line holds the counter alone, in the same place
    /// (the field's rows unchanged), and the counter is still hidden by libedit. Only its cells are written, down
    /// and back with the cursor saved (DECSC/DECRC, as quick echo does), from a buffer kept from key to key: no
    /// string, no walk back up. False when anything else must be drawn.
    private func redrawCounterAlone(geometry: (line: Int, cursor: Int), width: Int) -> Bool {
        regionBytes.removeAll(keepingCapacity: true)
        guard appendCounterAlone(to: &regionBytes, geometry: geometry, counter: view.counter,
                                 width: width) else { return false }
        TerminalWrites.write(tty, regionBytes)
        return true
    }

    /// The bytes of `redrawCounterAlone` appended to `out` (a quick echo's own buffer, so a typed key and its
    /// counter go out in one write); false, with `out` as it was, when the region needs more than the counter.
    func appendCounterAlone(to out: inout [UInt8], geometry: (line: Int, cursor: Int), counter: CounterCells,
                            width: Int) -> Bool {
        let lastRow = (promptColumns + geometry.line) / width
        guard status == nil, !hasChoices, regionRows == 1, options.linesBelow.isEmpty, regionFieldRows == lastRow + 1 else { return false }
        let rowsBelow = lastRow - (promptColumns + geometry.cursor) / width
        let end = promptColumns + geometry.line
        return counter.withBytes { cells -> Bool in
            guard !cells.isEmpty, cells.count < width, end >= width || !QuickEcho.shows(end: end, counter: cells.count, columns: width)
            else { return false }
            for byte in cells where byte < 0x20 || byte >= 0x7F { return false }  // printable ASCII: bytes are columns
            out.append(0x1B); out.append(0x37)                  // DECSC
            out.append(0x1B); out.append(0x5B)                  // CUD to the status line
            QuickEcho.appendDecimal(rowsBelow + 1, to: &out)
            out.append(0x42); out.append(0x0D)
            QuickEcho.appendBytes(cells, to: &out)
            out.append(0x1B); out.append(0x5B); out.append(0x4B)  // EL
            out.append(0x1B); out.append(0x38)                  // DECRC
            return true
        }
    }

    /// The record's later lines fitted to the row: fitted once per width, as the region is redrawn on every key.
    private func linesBelow(width: Int) -> [String] {
        if options.linesBelow.isEmpty { return [] }
        if let fitted = fittedLinesBelow, fitted.width == width { return fitted.lines }
        let lines = options.linesBelow.map { RegionText.fit($0, columns: width - 1) }
        fittedLinesBelow = (width, lines)
        return lines
    }

    /// The status line: the counter when libedit does not show it (the line wrapped, or prompt, text and counter
    /// do not fit the row), then the status text; nil when there is neither.
    func statusLine(width: Int, lineColumns: Int) -> String? {
        let counter = view.counter.withBytes { String(decoding: $0, as: UTF8.self) }
        let end = promptColumns + lineColumns
        // `QuickEcho.shows`' rule: libedit leaves the right prompt out once the text leaves the first row, or when
        // the prompt, the text, a gap and the counter do not fit on it.
        let showCounter = !counter.isEmpty
            && (end >= width || !QuickEcho.shows(end: end, counter: DisplayWidth.columns(of: counter), columns: width))
        guard showCounter || status != nil else { return nil }
        var room = width - 1
        var line = ""
        if showCounter {
            line = RegionText.fit(counter, columns: room)
            room -= DisplayWidth.columns(of: line)
        }
        if let status, room > 2 {
            if !line.isEmpty { line += "  "; room -= 2 }
            let text = RegionText.fit(RegionText.oneLine(status), columns: room)
            line += options.colour ? "\u{1B}[31m" + text + "\u{1B}[0m" : text
        }
        return line
    }

    /// Whether the region may need drawing after this paint: something is drawn or to be drawn there, or the line
    /// is long enough that libedit may hide the counter. A cheap test (bytes are at least columns): typing a
    /// short line with nothing below costs nothing.
    @inline(__always)
    func regionMayChange(lineBytes: Int, counterBytes: Int) -> Bool {
        promptColumns + lineBytes + counterBytes + 2 > columns || regionRows > 0 || hasChoices || status != nil
    }
}
