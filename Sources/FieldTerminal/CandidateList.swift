import FieldKit

extension PromptSession {
    /// Draw a choice field's candidates under the field, the current one marked, and put the cursor back. Runs when
    /// the reader is about to wait for the next key, so libedit has drawn the line already; rows below the list
    /// from a longer earlier list are cleared.
    func drawCandidatesIfNeeded() {
        guard candidatesDirty else { return }
        candidatesDirty = false
        guard hasChoices, !options.secret, movesCursor else { return }
        let frame = self.frame
        let width = max(columns, 1)
        let (_, rowsBelow) = layout()
        var out = String(repeating: "\r\n", count: rowsBelow)
        for (i, label) in frame.candidates.enumerated() {
            let current = i == frame.candidateIndex
            let text = CandidateList.fit(label, columns: width - 3)
            let row = (current ? "> " : "  ") + text
            out += "\r\n\u{1B}[K" + (current && options.colour ? "\u{1B}[7m" + row + "\u{1B}[0m" : row)
        }
        out += "\r\n\u{1B}[J"
        // Back up to the cursor's row and column: relative moves stay right when the rows above scrolled.
        let up = rowsBelow + frame.candidates.count + 1
        out += "\u{1B}[\(up)A\r"
        let column = (promptColumns + frame.cursorColumn) % width
        if column > 0 { out += "\u{1B}[\(column)C" }
        TerminalWrites.write(tty, out)
        listedRows = frame.candidates.count
    }
}

/// Fitting a candidate's label into one terminal row.
enum CandidateList {
    /// `label` cut to `columns` terminal columns (with `…` when cut), controls escaped.
    static func fit(_ label: String, columns: Int) -> String {
        let text = ControlCharacters.escaped(label)
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
