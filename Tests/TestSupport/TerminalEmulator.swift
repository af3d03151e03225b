/// A small VT100-style terminal for in-process screen tests: a grid of cells, a cursor with xterm's pending wrap,
/// the control bytes and CSI sequences fieldline writes, and a resize that either rewraps rows (VTE, kitty, tmux)
/// or keeps them cut (xterm). Not a general emulator: a sequence it does not know fails the test through
/// `unknown`.
public struct TerminalEmulator {
    /// One cell: a character, the right half of a wide one, or empty.
    enum Cell: Equatable {
        case empty
        case character(Character)
        case wideTail
    }

    public private(set) var columns: Int
    public let rows: Int
    private var grid: [[Cell]]
    /// Whether a row's text goes on in the next row (written past its end), as rewrapping terminals track it.
    private var wrapped: [Bool]
    /// Rows above the screen (scrolled off, or pushed there by a resize that keeps the bottom), oldest first.
    private var history: [[Cell]] = []
    /// Columns of each row ever written since it was last cleared from its start: as tmux does, a rewrap keeps a
    /// row as long as that, blanks included.
    private var used: [Int]
    private var historyWrapped: [Bool] = []
    public private(set) var row = 0
    public private(set) var column = 0
    private var pendingWrap = false
    private var saved = (row: 0, column: 0)
    private let cellWidth: (Character) -> Int
    private var bytes: [UInt8] = []
    /// Sequences the emulator did not understand, for the test to fail on.
    public private(set) var unknown: [String] = []
    /// Cursor position requests (`ESC [ 6 n`) written.
    public private(set) var positionRequests = 0
    /// `ED` sequences that cleared the whole screen (`ESC[2J`, or `ESC[J` from its first cell): tmux, with its
    /// scroll-on-clear, pushes the rows into its history first, to come back as a stale copy on a wider window.
    public private(set) var wholeScreenClears = 0
    /// Rows scrolled off the top.
    public private(set) var scrolled = 0

    /// An empty terminal; `cellWidth` gives a character's columns (the project's `DisplayWidth`).
    public init(columns: Int, rows: Int = 60, cellWidth: @escaping (Character) -> Int) {
        self.columns = columns
        self.rows = rows
        self.cellWidth = cellWidth
        grid = Array(repeating: Array(repeating: .empty, count: columns), count: rows)
        wrapped = Array(repeating: false, count: rows)
        used = Array(repeating: 0, count: rows)
    }

    /// The screen's rows as text, trailing blanks dropped, trailing empty rows dropped.
    public var lines: [String] {
        var out = grid.map(Self.text(of:))
        while out.last == "" { out.removeLast() }
        return out
    }

    /// The rows scrolled into the history, oldest first, as `lines` gives the screen's (trailing blanks dropped).
    public var historyLines: [String] { history.map(Self.text(of:)) }

    /// A row's text, trailing blanks dropped.
    private static func text(of cells: [Cell]) -> String {
        var line = ""
        for cell in cells {
            switch cell {
            case .empty: line.append(" ")
            case .character(let c): line.append(c)
            case .wideTail: break
            }
        }
        while line.last == " " { line.removeLast() }
        return line
    }

    /// Write bytes as a program would.
    public mutating func feed(_ data: [UInt8]) {
        bytes += data
        var i = 0
        let all = bytes
        bytes = []
        while i < all.count {
            let b = all[i]
            if b == 0x1B {
                guard i + 1 < all.count else { bytes = Array(all[i...]); return }
                let next = all[i + 1]
                if next == 0x37 { saved = (row, column); i += 2; continue }
                if next == 0x38 { (row, column) = saved; pendingWrap = false; i += 2; continue }
                if next == 0x5B {
                    var j = i + 2
                    while j < all.count, !(0x40...0x7E).contains(all[j]) { j += 1 }
                    guard j < all.count else { bytes = Array(all[i...]); return }
                    csi(String(decoding: all[(i + 2)..<j], as: UTF8.self), all[j])
                    i = j + 1
                    continue
                }
                unknown.append("ESC \(next)")
                i += 2
                continue
            }
            if b < 0x20 {
                control(b)
                i += 1
                continue
            }
            // One UTF-8 character (grapheme clusters are what the program counted; scalars are joined below).
            var j = i + 1
            while j < all.count, all[j] & 0xC0 == 0x80 { j += 1 }
            if j == all.count, b >= 0x80, !UTF8Complete(Array(all[i..<j])) { bytes = Array(all[i...]); return }
            let scalar = String(decoding: all[i..<j], as: UTF8.self)
            put(scalar)
            i = j
        }
    }

    private func UTF8Complete(_ bytes: [UInt8]) -> Bool {
        guard let lead = bytes.first else { return true }
        let need = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        return bytes.count >= need
    }

    private mutating func control(_ b: UInt8) {
        switch b {
        case 0x0D: column = 0; pendingWrap = false
        case 0x0A: lineFeed(); pendingWrap = false
        case 0x08: if column > 0 { column -= 1 }; pendingWrap = false
        case 0x07: break
        default: unknown.append("control \(b)")
        }
    }

    private mutating func lineFeed() {
        if row == rows - 1 {
            history.append(Array(grid[0].prefix(max(used[0], lastText(grid[0]))))); historyWrapped.append(wrapped[0])
            grid.removeFirst(); wrapped.removeFirst(); used.removeFirst()
            grid.append(Array(repeating: .empty, count: columns)); wrapped.append(false); used.append(0)
            scrolled += 1
        } else {
            row += 1
        }
    }

    private mutating func put(_ text: String) {
        guard let character = text.first else { return }
        let w = cellWidth(character)
        if w == 0 {
            // Joins the character before it.
            var c = column - (pendingWrap ? 0 : 1)
            if c >= 0, case .wideTail = grid[row][c] { c -= 1 }
            if c >= 0, case .character(let before) = grid[row][c] {
                grid[row][c] = .character(Character(String(before) + text))
            }
            return
        }
        if pendingWrap || column + w > columns {
            wrapped[row] = true
            lineFeed()
            column = 0
            pendingWrap = false
        }
        grid[row][column] = .character(character)
        if w == 2, column + 1 < columns { grid[row][column + 1] = .wideTail }
        column += w
        used[row] = max(used[row], min(column, columns))
        if column >= columns { column = columns - 1; pendingWrap = true }
    }

    private mutating func csi(_ params: String, _ final: UInt8) {
        let numbers = params.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        let n = max(numbers.first ?? 1, 1)
        pendingWrap = false
        switch final {
        case UInt8(ascii: "A"): row = max(0, row - n)
        case UInt8(ascii: "B"): row = min(rows - 1, row + n)
        case UInt8(ascii: "C"): column = min(columns - 1, column + n)
        case UInt8(ascii: "D"): column = max(0, column - n)
        case UInt8(ascii: "G"): column = min(columns - 1, n - 1)
        case UInt8(ascii: "H"):
            row = min(rows - 1, max(numbers.first ?? 1, 1) - 1)
            column = min(columns - 1, max(numbers.count > 1 ? numbers[1] : 1, 1) - 1)
        case UInt8(ascii: "J"):
            if params == "2" || (row == 0 && column == 0) { wholeScreenClears += 1 }
            if params == "2" {
                for r in 0..<rows { clear(row: r, from: 0) }
            } else {
                clear(row: row, from: column)
                for r in (row + 1)..<rows { clear(row: r, from: 0) }
            }
        case UInt8(ascii: "K"): clear(row: row, from: column)
        case UInt8(ascii: "m"), UInt8(ascii: "h"), UInt8(ascii: "l"): break
        case UInt8(ascii: "n"): if params == "6" { positionRequests += 1 }
        default: unknown.append("CSI \(params) \(Character(Unicode.Scalar(final)))")
        }
    }

    /// Cells from `c` to the row's end blanked. As tmux does, a row whose text went on into the next keeps that
    /// mark unless it is cleared whole: a rewrap then still joins the two.
    private mutating func clear(row r: Int, from c: Int) {
        for k in c..<columns { grid[r][k] = .empty }
        if c == 0 { wrapped[r] = false; used[r] = 0 }
    }

    /// The window changes to `newColumns`: rows rewrapped (their logical lines joined and split again, the cursor
    /// kept after the same cell) or kept (cut, the cursor's column clamped). With `keepsBottom`, as tmux does, the
    /// history is rewrapped too and the screen shows the last rows, the empty ones under the text counted: rows
    /// the text grows by go into the history, and rows it shrinks by come back from it.
    public mutating func resize(to newColumns: Int, rewrap: Bool, keepsBottom: Bool = false) {
        defer { columns = newColumns; pendingWrap = false }
        guard rewrap else {
            grid = grid.map { cells in
                var cut = Array(cells.prefix(newColumns))
                if cut.count < newColumns { cut += Array(repeating: .empty, count: newColumns - cut.count) }
                if case .wideTail? = cut.first { cut[0] = .empty }
                return cut
            }
            column = min(column, newColumns - 1)
            used = used.map { min($0, newColumns) }
            return
        }
        // Logical lines: rows joined while `wrapped`; the cursor's place as an offset in its line.
        var logical: [[Cell]] = []
        var cursorLine = 0, cursorOffset = 0
        var current: [Cell] = []
        let screenRows = grid.indices.map { r in wrapped[r] ? grid[r] : Array(grid[r].prefix(max(used[r], lastText(grid[r])))) }
        let allRows = keepsBottom ? history + screenRows : screenRows
        let allWrapped = keepsBottom ? historyWrapped + wrapped : wrapped
        let cursorIndex = (keepsBottom ? history.count : 0) + row
        for r in 0..<allRows.count {
            if r == cursorIndex { cursorLine = logical.count; cursorOffset = current.count + column + (pendingWrap ? 1 : 0) }
            current += allRows[r]
            if !allWrapped[r] {
                logical.append(current)
                current = []
            }
        }
        if !keepsBottom {
            while logical.count > cursorLine + 1, logical.last?.isEmpty == true { logical.removeLast() }
        }
        var newGrid: [[Cell]] = []
        var newWrapped: [Bool] = []
        var newRow = 0, newColumn = 0
        for (index, line) in logical.enumerated() {
            var rowCells: [Cell] = []
            var offset = 0
            func flush(wraps: Bool) {
                newGrid.append(rowCells + Array(repeating: .empty, count: newColumns - rowCells.count))
                newWrapped.append(wraps)
                rowCells = []
            }
            if index == cursorLine && cursorOffset == 0 { newRow = newGrid.count; newColumn = 0 }
            for cell in line {
                if cell == .wideTail { rowCells.append(cell); offset += 1; continue }
                let w: Int
                if case .character(let c) = cell { w = cellWidth(c) } else { w = 1 }
                if rowCells.count + w > newColumns { flush(wraps: true) }
                if index == cursorLine && offset == cursorOffset { newRow = newGrid.count; newColumn = rowCells.count }
                rowCells.append(cell)
                offset += 1
            }
            if index == cursorLine && cursorOffset >= offset {
                if rowCells.count + (cursorOffset - offset) >= newColumns { flush(wraps: true) }
                newRow = newGrid.count; newColumn = rowCells.count + max(0, cursorOffset - offset)
            }
            flush(wraps: false)
        }
        // The screen keeps its height: rows past the bottom scroll off the top (into the history).
        if keepsBottom {
            history = []; historyWrapped = []
        }
        while newGrid.count > rows {
            history.append(newGrid.removeFirst()); historyWrapped.append(newWrapped.removeFirst())
            newRow -= 1; scrolled += 1
        }
        while newGrid.count < rows { newGrid.append(Array(repeating: .empty, count: newColumns)); newWrapped.append(false) }
        grid = newGrid
        wrapped = newWrapped
        used = newGrid.map { lastText($0) }
        row = max(0, newRow)
        column = min(newColumn, newColumns - 1)
    }

    /// Columns up to a row's last non-empty cell.
    private func lastText(_ cells: [Cell]) -> Int {
        (cells.lastIndex { $0 != .empty }).map { $0 + 1 } ?? 0
    }
}
