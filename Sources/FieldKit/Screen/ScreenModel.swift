/// The screen as the painter left it, and the bytes that take it to a new view: the one place that knows which rows
/// are whose (the record block's, the field's, the status line's and the candidates'), where the cursor is, and
/// how wide the terminal is. Pure: it writes into a byte buffer, the caller sends the bytes.
///
/// Every row fact is counted from the top of the block (its first row is row 0); the cursor's row is where the
/// next draw starts from. A view is drawn, in order of cost: a key appended at the end of the line with a few
/// bytes (quick echo); otherwise everything from the first line that changed, down, with the rows below erased
/// first and the cursor put back. Text is written so that the terminal wraps it (never a line break inside a
/// logical line), so a terminal that rewraps on resize keeps each logical line whole (see `resized`).
public struct ScreenModel {
    /// The terminal's width in columns.
    public private(set) var width: Int
    /// Whether the terminal moves the cursor (not `dumb`): without, nothing above the cursor's row is ever redrawn.
    public let movesCursor: Bool
    /// Whether the status line is red, the current candidate reversed and a hint dim.
    public var colour: Bool
    /// Whether a key appended at the end may be drawn with its few bytes (`FIELDLINE_QUICK_ECHO=0` turns it off).
    public var quickEcho: Bool

    /// What is on the screen (nil: nothing of the current prompt; `block` still counts). Its field is `drawnField`.
    var drawn: ScreenView?
    /// The field's line as drawn, apart from `drawn` so that a typed key's echo updates it in place.
    var drawnField = FieldView(text: [], cursor: 0, counter: CounterCells())
    /// Whether nothing but the field's line is drawn around it now: no status line, hint or candidates (the block
    /// and the lines under the field stay until the next view differs).
    private var plainSurroundings = false
    /// Lines drawn right under the field's line (a record's later fields).
    private var followingCount = 0
    /// The block's lines as drawn. They change only when a view's block does (never for a typed key), so the rows
    /// they take are summed then, not on every key.
    var block: [DrawnLine] = [] {
        didSet { fieldTop = block.reduce(0) { $0 + $1.rows } }
    }
    /// The first row of the field's line: the rows the block takes.
    private(set) var fieldTop = 0
    /// The cursor's row, from the block's first row.
    public internal(set) var cursorRow = 0
    /// The cursor's column.
    public private(set) var cursorColumn = 0
    /// Rows the field's line takes (0 when none is drawn).
    public private(set) var fieldRows = 0
    /// Rows drawn under the field's line (status line and the lines below it).
    public private(set) var regionRows = 0
    /// Columns of the hint drawn after the cursor (0 for none): a signal's exit blanks them.
    public private(set) var hintColumns = 0
    /// Whether the status line starts with the counter (the line is too long for it on the field's row).
    private var counterOnStatus = false
    /// The columns written on the field's line, counter included (see `DrawnLine.columns`).
    var fieldColumns = 0
    /// The next draw starts from the block's first row whatever it holds (after a resize, a clear, a stop).
    private var redrawAll = false
    /// Rows of the block a resize pushed above the screen's top (see `resized`).
    var rowsLostAbove = 0
    /// The block's first lines, which a resize pushed whole above the screen's top into the terminal's history: left
    /// there as they are, never drawn again while the views start with them (see `resized`).
    var linesInHistory: [String] = []
    /// Whether this terminal rewraps its rows on resize, once a resize has shown it (nil: not known yet).
    var rewraps: Bool?
    /// The next draw clears the screen first and draws at its top (a resize whose effect could not be told).
    var clearFirst = false
    /// The view being drawn is a prompt's last (`finish`).
    private var finishing = false
    /// The prompt's width when it is plain ASCII (quick echo measures by bytes), else nil.
    private var asciiPromptColumns: Int?

    /// A block line as drawn: its text, its rows at the width it was drawn at, and whether more was drawn on it
    /// than the text (a field's counter or hint, kept when the prompt ended): then no new line equals it.
    struct DrawnLine {
        let text: String
        let rows: Int
        let decorated: Bool
        /// The columns written on it, counter included: what a terminal that rewraps on resize rewraps.
        let columns: Int
    }

    /// A model of an empty screen, the cursor at a row's start.
    public init(width: Int, movesCursor: Bool, colour: Bool = false, quickEcho: Bool = true) {
        self.width = max(width, 1)
        self.movesCursor = movesCursor
        self.colour = colour
        self.quickEcho = quickEcho
    }

    /// Whether a field's line is on the screen (the prompt has been drawn).
    public var showsField: Bool { drawn?.showsField ?? false }

    /// Rows of the field's line below the cursor (where a signal's exit moves down to before leaving).
    public var fieldRowsBelowCursor: Int { max(0, fieldTop + fieldRows - 1 - cursorRow) }


    // MARK: - Drawing

    /// The bytes that take the screen to `view`, in `out` (emptied first).
    public mutating func draw(_ view: ScreenView, into out: inout [UInt8]) {
        out.removeAll(keepingCapacity: true)
        guard movesCursor else { return drawWithoutMoving(view, into: &out) }
        if !linesInHistory.isEmpty {
            if view.block.starts(with: linesInHistory) {
                var view = view
                view.block.removeFirst(linesInHistory.count)
                return drawOnScreen(view, into: &out)
            }
            // A line in the history changed: it can only be drawn again, with everything, at the screen's top.
            linesInHistory = []
            redrawAll = true
            clearFirst = true
        }
        drawOnScreen(view, into: &out)
    }

    /// `draw` for a view whose block holds only the lines on the screen.
    private mutating func drawOnScreen(_ view: ScreenView, into out: inout [UInt8]) {
        if quickEcho, echo(view, into: &out) { return }
        out.removeAll(keepingCapacity: true)
        redraw(view, into: &out)
    }

    /// Everything from the first block line that differs (or the field's line) down, then the cursor put back.
    private mutating func redraw(_ view: ScreenView, into out: inout [UInt8]) {
        var first = 0
        if !redrawAll {
            while first < block.count, first < view.block.count, !block[first].decorated, block[first].text == view.block[first] {
                first += 1
            }
        }
        var row = block[..<first].reduce(0) { $0 + $1.rows }
        if clearFirst {
            appendCSI("H", into: &out)
            appendCSI(2, "J", into: &out)
            clearFirst = false
        } else {
            out.append(0x0D)
            moveUp(cursorRow - row, into: &out)
            eraseFromHere(into: &out)
        }
        block.removeSubrange(first...)
        for line in view.block[first...] {
            let text = ControlCharacters.escaped(line)
            append(text, into: &out)
            out.append(0x0D); out.append(0x0A)
            let rows = ScreenPlacement.rows(of: text, width: width)
            block.append(DrawnLine(text: line, rows: rows, decorated: false, columns: DisplayWidth.columns(of: text)))
            row += rows
        }
        redrawAll = false
        guard view.showsField else {
            drawn = view
            plainSurroundings = false
            hintColumns = 0
            fieldRows = 0
            regionRows = 0
            counterOnStatus = false
            cursorRow = row
            cursorColumn = 0
            return
        }
        let top = row
        append(view.prompt, into: &out)
        out.append(contentsOf: view.field.text)
        let placed = ScreenPlacement.field(prompt: view.prompt, text: view.field.text, cursor: view.field.cursor, width: width)
        var column = placed.end.column
        var lastRow = placed.end.row
        if column == width {
            // A row filled to its last cell: a space takes the cursor to the next row's start on every terminal
            // (some wrap at once, some on the next character), so the row it is on is known.
            out.append(0x20); out.append(0x0D)
            lastRow += 1
            column = 0
        }
        let atEnd = placed.cursor == placed.end.nextCell
        let counterColumns = view.field.counter.withBytes { DisplayWidth.columns(of: String(decoding: $0, as: UTF8.self)) }
        let counterShown = lastRow == 0 && QuickEcho.shows(end: column, counter: counterColumns, columns: width)
        hintColumns = 0
        if let hint = view.hint, atEnd {
            let room = (counterShown ? width - 1 - counterColumns - 1 : width - 1) - column - 1
            if room >= 2 {
                let text = RegionText.fit(hint, columns: room)
                append(colour ? "\u{1B}[2m" + text + "\u{1B}[22m" : text, into: &out)
                hintColumns = DisplayWidth.columns(of: text)
                column += hintColumns
            }
        }
        fieldColumns = lastRow * width + column
        if counterShown {
            fieldColumns = width - 1
            let start = width - 1 - counterColumns
            if start > column { appendCSI(start - column, "C", into: &out) }
            view.field.counter.withBytes { out.append(contentsOf: $0) }
        }
        var lines: [(text: String, style: ScreenLine.Style?)] = view.following.map { (RegionText.fit($0, columns: width - 1), .plain) }
        // An ended line keeps no status line: a counter that does not fit on its row is left out.
        counterOnStatus = !counterShown && counterColumns > 0 && !finishing
        if let status = statusLine(view, counter: counterOnStatus) { lines.append(status) }
        for line in view.below { lines.append((RegionText.fit(line.text, columns: width - 1), line.style)) }
        for line in lines {
            out.append(0x0D); out.append(0x0A)
            switch line.style {
            case nil where colour: append("\u{1B}[31m" + line.text + "\u{1B}[0m", into: &out)
            case .current? where colour: append("\u{1B}[7m" + line.text + "\u{1B}[0m", into: &out)
            default: append(line.text, into: &out)
            }
        }
        // Back to the cursor: relative moves stay right when drawing scrolled the rows above.
        moveUp(lastRow + lines.count - placed.cursor.row, into: &out)
        out.append(0x0D)
        if placed.cursor.column > 0 { appendCSI(placed.cursor.column, "C", into: &out) }
        drawnField = view.field.drawnCopy()
        var shown = view
        shown.field = FieldView(text: [], cursor: 0, counter: CounterCells())
        drawn = shown
        plainSurroundings = view.status == nil && view.hint == nil && view.below.isEmpty
        followingCount = view.following.count
        fieldRows = lastRow + 1
        regionRows = lines.count
        cursorRow = top + placed.cursor.row
        cursorColumn = placed.cursor.column
        asciiPromptColumns = view.prompt.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } ? view.prompt.utf8.count : nil
    }

    /// The status line's text (the counter first when it is not on the field's row), or nil for no status line.
    /// The status text is marked by a nil style (coloured red); the counter in front stays plain.
    private func statusLine(_ view: ScreenView, counter: Bool) -> (text: String, style: ScreenLine.Style?)? {
        guard counter || view.status != nil else { return nil }
        var room = width - 1
        var line = ""
        if counter {
            line = RegionText.fit(view.field.counter.withBytes { String(decoding: $0, as: UTF8.self) }, columns: room)
            room -= DisplayWidth.columns(of: line)
        }
        guard let status = view.status, room > 2 else { return (line, .plain) }
        let text = RegionText.fit(RegionText.oneLine(status), columns: room - (line.isEmpty ? 0 : 2))
        if line.isEmpty { return (text, nil) }
        return (line + "  " + (colour ? "\u{1B}[31m" + text + "\u{1B}[0m" : text), .plain)
    }

    /// A key that appended printable ASCII at the end of a line whose surroundings did not change: the new
    /// characters and the counter cells that changed (`QuickEcho`), and the status line's counter when it is
    /// there. False when the view needs more.
    private mutating func echo(_ view: ScreenView, into out: inout [UInt8]) -> Bool {
        guard !redrawAll, !finishing, let promptColumns = asciiPromptColumns, let drawn,
              Self.sameSurroundings(drawn, view), view.block.count == block.count else { return false }
        for (k, line) in block.enumerated() where line.decorated || line.text != view.block[k] { return false }
        return view.field.text.withUnsafeBufferPointer {
            echoField($0, cursor: view.field.cursor, counter: view.field.counter, status: view.status,
                      following: view.following.count, below: view.below.count, promptColumns: promptColumns, into: &out)
        }
    }

    /// The typed key's first path, for a painter that knows nothing but the field's line changed since the last
    /// draw (no status line, hint or candidates now or then, the same block, prompt and lines under the field):
    /// the line's new text, cursor and counter are echoed over the drawn line when they only append printable ASCII
    /// at its end. False, with nothing drawn, when the key needs `draw`; no view is assembled or compared.
    public mutating func echoAppended(_ text: UnsafeBufferPointer<UInt8>, cursor: Int, counter: borrowing CounterCells,
                                      into out: inout [UInt8]) -> Bool {
        out.removeAll(keepingCapacity: true)
        guard quickEcho, movesCursor, !redrawAll, !finishing, plainSurroundings, fieldRows > 0,
              let promptColumns = asciiPromptColumns else { return false }
        return echoField(text, cursor: cursor, counter: counter, status: nil, following: followingCount, below: 0,
                         promptColumns: promptColumns, into: &out)
    }

    /// The quick echo of a new line (`text`, `cursor`, `counter`) over the drawn one (`drawnField`, updated in place
    /// when echoed), whose surroundings (a status line, `following` lines under the field and `below` lines under
    /// the status line) stay as drawn.
    private mutating func echoField(_ text: UnsafeBufferPointer<UInt8>, cursor: Int, counter: borrowing CounterCells,
                                    status: String?, following: Int, below: Int, promptColumns: Int,
                                    into out: inout [UInt8]) -> Bool {
        guard QuickEcho.plan(from: drawnField, to: text, cursor: cursor, counter: counter, promptColumns: promptColumns,
                             columns: width, into: &out) else { return false }
        let oldCount = drawnField.text.count
        let oldEnd = promptColumns + oldCount, newEnd = promptColumns + text.count
        let counterColumns = counter.count
        let newCounterOnStatus = counterColumns > 0 && (newEnd >= width || !QuickEcho.shows(end: newEnd, counter: counterColumns, columns: width))
        let statusRows = newCounterOnStatus || status != nil ? 1 : 0
        let newRow = newEnd / width
        let wrapped = newRow != oldEnd / width
        if newCounterOnStatus && status == nil && following == 0 && below == 0
            && (regionRows == 0 || regionRows == 1 && counterOnStatus && wrapped) {
            // The counter's status line, alone under the line, comes as the text pushes the counter off the row, or
            // moves a row down as the text wraps onto the row it was on.
            guard drawCounterLine(counter, under: newEnd, clearingRow: wrapped, into: &out) else { return false }
            regionRows = 1
        } else if regionRows > 0 && wrapped || following + statusRows + below != regionRows {
            // Otherwise the region stays where it is only when the line keeps its rows and the status line stays or
            // goes alike.
            return false
        } else if newCounterOnStatus {
            // The status line's counter, down and back with the cursor saved: no walk back up.
            out.append(0x1B); out.append(0x37)
            appendCSI(following + 1, "B", into: &out)
            out.append(0x0D)
            if !appendPlainCounter(counter, status: status, into: &out), var shown = drawn {
                shown.field.counter = copy counter
                shown.status = status
                if let status = statusLine(shown, counter: true) {
                    append(status.style == nil && colour ? "\u{1B}[31m" + status.text + "\u{1B}[0m" : status.text, into: &out)
                }
            }
            appendCSI("K", into: &out)
            out.append(0x1B); out.append(0x38)
        }
        QuickEcho.appendBytes(UnsafeBufferPointer(rebasing: text[oldCount...]), to: &drawnField.text)
        drawnField.cursor = cursor
        drawnField.counter = copy counter
        counterOnStatus = newCounterOnStatus
        fieldRows = newRow + 1
        fieldColumns = newRow == 0 && counterColumns > 0 && !newCounterOnStatus ? width - 1 : newEnd
        cursorRow = fieldTop + newRow
        cursorColumn = newEnd % width
        return true
    }

    /// The counter drawn as a status line of its own on the row under the cursor's, and the cursor put back at column
    /// `end` of its row; the cursor's row is first cleared from the cursor on when it held the old status line
    /// (`clearingRow`). Relative moves: the new row may scroll the screen, which a saved cursor would not follow.
    /// False, with `out` unusable, when the counter is not plain text that fits.
    private func drawCounterLine(_ counter: borrowing CounterCells, under end: Int, clearingRow: Bool,
                                 into out: inout [UInt8]) -> Bool {
        if clearingRow { appendCSI("K", into: &out) }
        out.append(0x0D); out.append(0x0A)
        guard appendPlainCounter(counter, status: nil, into: &out) else { return false }
        appendCSI("K", into: &out)
        appendCSI("A", into: &out)
        out.append(0x0D)
        if end % width > 0 { appendCSI(end % width, "C", into: &out) }
        return true
    }

    /// Whether the field's line and what stands around it are the same but for the field's text, cursor and counter.
    private static func sameSurroundings(_ old: borrowing ScreenView, _ view: borrowing ScreenView) -> Bool {
        old.showsField && view.showsField && old.hint == nil && view.hint == nil && view.status == old.status
            && view.below == old.below && view.following == old.following && view.prompt == old.prompt
    }

    /// The status line when it is the counter alone, in printable ASCII that fits: its bytes as they are, the line
    /// `statusLine` would make with no String built. False, with nothing written, for any other status line.
    private func appendPlainCounter(_ counter: borrowing CounterCells, status: String?, into out: inout [UInt8]) -> Bool {
        guard status == nil else { return false }
        return counter.withBytes { cells in
            guard cells.count <= width - 1, cells.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return false }
            QuickEcho.appendBytes(cells, to: &out)
            return true
        }
    }

    /// A terminal that cannot move the cursor (`dumb`): the line rewritten on its row with carriage return,
    /// spaces and backspaces; a status text on lines of its own with the field drawn again under it; block lines
    /// printed once, as they come.
    private mutating func drawWithoutMoving(_ view: ScreenView, into out: inout [UInt8]) {
        var fresh = drawn == nil
        var first = 0
        while first < block.count, first < view.block.count, block[first].text == view.block[first] { first += 1 }
        if first < view.block.count {
            if !fresh { out.append(0x0D); out.append(0x0A) }
            block.removeSubrange(first...)
            for line in view.block[first...] {
                append(ControlCharacters.escaped(line) + "\r\n", into: &out)
                block.append(DrawnLine(text: line, rows: 1, decorated: false, columns: 0))
            }
            fresh = true
        }
        if let status = view.status, status != drawn?.status {
            if !fresh { out.append(0x0D); out.append(0x0A) }
            let lines = ControlCharacters.escaped(status).split(separator: "\n", omittingEmptySubsequences: false)
            append(lines.joined(separator: "\r\n") + "\r\n", into: &out)
            fresh = true
        }
        guard view.showsField else { drawn = view; return }
        let text = String(decoding: view.field.text, as: UTF8.self)
        let columns = DisplayWidth.columns(of: text)
        let oldColumns = fresh ? 0 : DisplayWidth.columns(of: String(decoding: drawnField.text, as: UTF8.self))
        out.append(0x0D)
        append(view.prompt + text, into: &out)
        if oldColumns > columns {
            out.append(contentsOf: [UInt8](repeating: 0x20, count: oldColumns - columns))
            out.append(contentsOf: [UInt8](repeating: 0x08, count: oldColumns - columns))
        }
        let before = DisplayWidth.columns(of: String(text.prefix(max(view.field.cursor, 0))))
        out.append(contentsOf: [UInt8](repeating: 0x08, count: max(0, columns - before)))
        drawnField = view.field.drawnCopy()
        drawn = view
        fieldRows = 1
    }

    // MARK: - Ends and breaks

    /// The prompt ends: `view` drawn once more with no status line and nothing below, and the cursor put at the
    /// start of the row under the field's line; that line then counts as the block's last (a form's next field
    /// draws its own line for it when it differs). With `keepField` false the field's line is erased instead and
    /// the cursor goes to its first row (a record's key line).
    public mutating func finish(_ view: ScreenView, keepField: Bool = true, into out: inout [UInt8]) {
        out.removeAll(keepingCapacity: true)
        guard movesCursor else {
            out.append(0x0D); out.append(0x0A)
            block = []
            drawn = nil
            fieldRows = 0
            regionRows = 0
            cursorRow = 0
            return
        }
        var last = view
        last.status = nil
        last.following = []
        last.below = []
        if !keepField { last.showsField = false }
        if keepField {
            var body: [UInt8] = []
            finishing = true
            draw(last, into: &body)
            finishing = false
            out += body
            let top = fieldTop
            moveDown(top + fieldRows - 1 - cursorRow, into: &out)
            out.append(0x0D); out.append(0x0A)
            let decorated = last.field.counter.count > 0 || last.hint != nil
            block.append(DrawnLine(text: last.prompt + String(decoding: last.field.text, as: UTF8.self),
                                   rows: fieldRows, decorated: decorated, columns: fieldColumns))
            cursorRow = top + fieldRows
        } else {
            let top = fieldTop
            out.append(0x0D)
            moveUp(cursorRow - top, into: &out)
            eraseFromHere(into: &out)
            cursorRow = top
        }
        cursorColumn = 0
        drawn = nil
        plainSurroundings = false
        hintColumns = 0
        fieldRows = 0
        regionRows = 0
        counterOnStatus = false
    }

    /// What is drawn becomes the screen's history: it is never redrawn, and the next draw starts on the cursor's
    /// row (a fresh row after `finish`).
    public mutating func commit() {
        rowsLostAbove = 0
        linesInHistory = []
        plainSurroundings = false
        block = []
        drawn = nil
        cursorRow = 0
        cursorColumn = 0
        fieldRows = 0
        regionRows = 0
        counterOnStatus = false
        redrawAll = false
    }

    /// Ctrl-L: the next draw clears the screen and draws everything at its top.
    public mutating func clear() {
        guard movesCursor else { return }
        cursorRow = 0
        cursorColumn = 0
        linesInHistory = []
        redrawAll = true
        clearFirst = true
    }

    /// The terminal is `width` wide and the cursor at this row (from the block's first) and column: the next draw
    /// goes up from there and draws everything.
    mutating func markResized(width: Int, cursorRow: Int, cursorColumn: Int) {
        self.width = max(width, 1)
        self.cursorRow = cursorRow
        self.cursorColumn = cursorColumn
        redrawAll = true
    }

    /// The process was stopped and continued: the shell wrote below, and the cursor is on a fresh row. The next
    /// draw draws everything there.
    public mutating func continued() {
        linesInHistory = []
        cursorRow = 0
        cursorColumn = 0
        redrawAll = true
    }

    // MARK: - Bytes

    /// Everything from the cursor's row (at its start) down erased: the row with `EL`, the rows below from the next
    /// one with `ED`, the cursor kept. Not `ED` from here: from the screen's first cell it would be a whole-screen
    /// clear, which some terminals (tmux's scroll-on-clear) answer by pushing the rows into their history, to come
    /// back as a stale copy when the window is widened. Erased from a row's start, a row also loses the length its
    /// old text gave it, which a terminal that rewraps on resize would otherwise keep (tmux), wrapping a short line
    /// as if it were long.
    private func eraseFromHere(into out: inout [UInt8]) {
        appendCSI("K", into: &out)
        out.append(0x1B); out.append(0x37)
        appendCSI("B", into: &out)
        appendCSI("J", into: &out)
        out.append(0x1B); out.append(0x38)
    }

    /// `count` rows up (nothing for none).
    private func moveUp(_ count: Int, into out: inout [UInt8]) {
        if count > 0 { appendCSI(count, "A", into: &out) }
    }

    /// `count` rows down over rows already drawn (nothing for none).
    private func moveDown(_ count: Int, into out: inout [UInt8]) {
        if count > 0 { appendCSI(count, "B", into: &out) }
    }

    // The final byte as a scalar, not a Character: a Character's ASCII value is worked out at run time, each call.
    private func appendCSI(_ final: Unicode.Scalar, into out: inout [UInt8]) {
        out.append(0x1B); out.append(0x5B); out.append(UInt8(ascii: final))
    }

    private func appendCSI(_ count: Int, _ final: Unicode.Scalar, into out: inout [UInt8]) {
        out.append(0x1B); out.append(0x5B)
        QuickEcho.appendDecimal(count, to: &out)
        out.append(UInt8(ascii: final))
    }

    private func append(_ text: String, into out: inout [UInt8]) {
        out.append(contentsOf: text.utf8)
    }
}
