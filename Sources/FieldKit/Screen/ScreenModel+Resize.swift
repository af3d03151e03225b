/// After the window changed size. Terminals differ: most rewrap their rows to the new width (VTE, kitty, iTerm2,
/// Windows Terminal, Alacritty, tmux), keeping the cursor after the same character; others (xterm, the Linux
/// console) keep each row as it was, cut at the new width. The model works out where the cursor is for each, the
/// painter asks the terminal (a cursor position report), and the column it reports says which one happened.
extension ScreenModel {
    /// Where the cursor is now, as rows from the block's first row and a column: if the terminal rewrapped its
    /// rows to `newWidth`, and if it kept them.
    public func cursorAfterResize(to newWidth: Int) -> (rewrapped: (row: Int, column: Int), kept: (row: Int, column: Int)) {
        let width = max(newWidth, 1)
        let kept = (row: cursorRow, column: min(cursorColumn, width - 1))
        // Each logical line above the cursor's rewraps alone: its columns as written (a counter out at the old
        // right edge included) over the new width.
        var row = 0
        var above = 0
        for line in block {
            if above + line.rows > cursorRow { break }
            above += line.rows
            row += max(1, (line.columns + width - 1) / width)
        }
        guard let drawn, drawn.showsField, cursorRow >= fieldTop else {
            return ((row, 0), (kept.row, 0))
        }
        let placed = ScreenPlacement.field(prompt: drawn.prompt, text: drawnField.text, cursor: drawnField.cursor, width: width)
        return ((row + placed.cursor.row, placed.cursor.column), kept)
    }

    /// The window is `newWidth` columns wide now; `reportedColumn` and `reportedRow` are where the terminal said the
    /// cursor is (from 0), nil when it did not answer. The next draw goes up to where the block starts, erases everything
    /// below and draws it all at the new width: one copy of every line, however the terminal treated the old rows.
    public mutating func resized(to newWidth: Int, reportedColumn: Int?, reportedRow: Int? = nil) {
        let widening = newWidth > width
        decideResize(to: newWidth, reportedColumn: reportedColumn)
        // Rows of the block above the screen's top: a terminal that keeps the rows under the cursor when its rows
        // rewrap (tmux) has pushed them into its history. The block starts at the top row now.
        if let reportedRow, cursorRow > reportedRow {
            // Whole lines up there stay in the history as the terminal left them (drawn again at the top, they
            // would be a second copy); only a line cut by the screen's top is drawn again.
            var lost = cursorRow - reportedRow
            while let line = block.first, case let rows = rowsAfterResize(of: line), rows <= lost {
                linesInHistory.append(line.text)
                block.removeFirst()
                cursorRow -= rows
                lost -= rows
            }
            if lost > 0 {
                rowsLostAbove += lost
                cursorRow = reportedRow
            }
        } else if widening && rowsLostAbove > 0 {
            // Widening brings rows back from that history, the block's old rows among them, right above it: the
            // screen is cleared and everything drawn at its top rather than leave that copy.
            rowsLostAbove = 0
            clearFirst = true
        }
    }

    /// The rows a drawn block line takes now that the width has changed: rewrapped, unless the terminal is known to
    /// keep its rows.
    private func rowsAfterResize(of line: DrawnLine) -> Int {
        rewraps == false ? line.rows : max(1, (line.columns + width - 1) / width)
    }

    /// Where the cursor is after a resize, from the reported column (see `resized`).
    private mutating func decideResize(to newWidth: Int, reportedColumn: Int?) {
        let at = cursorAfterResize(to: newWidth)
        guard at.rewrapped.row != at.kept.row else {
            return markResized(width: newWidth, cursorRow: at.rewrapped.row, cursorColumn: reportedColumn ?? at.rewrapped.column)
        }
        switch reportedColumn {
        case at.rewrapped.column? where at.kept.column != at.rewrapped.column:
            rewraps = true
            markResized(width: newWidth, cursorRow: at.rewrapped.row, cursorColumn: at.rewrapped.column)
        case at.kept.column? where at.kept.column != at.rewrapped.column:
            rewraps = false
            markResized(width: newWidth, cursorRow: at.kept.row, cursorColumn: at.kept.column)
        default:
            // The report cannot tell (no answer, or the same column either way) and the two disagree on the rows:
            // what an earlier resize showed of this terminal decides; with nothing learned yet, the screen is
            // cleared and everything drawn at its top, as Ctrl-L does, rather than risk a second copy.
            if let rewraps {
                markResized(width: newWidth, cursorRow: rewraps ? at.rewrapped.row : at.kept.row,
                            cursorColumn: rewraps ? at.rewrapped.column : at.kept.column)
            } else {
                markResized(width: newWidth, cursorRow: 0, cursorColumn: 0)
                clearFirst = true
            }
        }
    }
}
