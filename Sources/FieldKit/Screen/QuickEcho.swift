#if canImport(Glibc)
import Glibc
#endif

/// The few bytes that update the screen when a key only appended printable ASCII at the end of a one-row line.
///
/// libedit echoes such a key with one byte, but it turns that fast path off whenever a right prompt is set and
/// instead repaints from the cursor, many bytes per key with the counter. This planner does what the fast
/// path would do with the counter kept: echo the new characters, then rewrite only the counter cells that
/// changed, between a cursor save and restore (DECSC/DECRC, which every VT100 descendant has).
///
/// It places the counter where libedit places a right prompt: ending one column before the right edge, and only
/// while the prompt, the text, a gap of at least one column and the counter fit on the row. Anything else (edits in
/// the middle, reformatting that touches earlier cells, non-ASCII, a line near the edge) returns nil, and the screen
/// model draws the line whole. The model's first branch (`ScreenModel.echoAppended`).
public enum QuickEcho {
    /// The bytes from `old` to `new`, or nil when this is not a plain append the planner can draw exactly.
    ///
    /// `promptColumns` is the left prompt's width; `columns` the terminal's.
    public static func bytes(from old: FieldView, to new: FieldView, promptColumns: Int, columns: Int) -> [UInt8]? {
        var out: [UInt8] = []
        let planned = new.text.withUnsafeBufferPointer {
            plan(from: old, to: $0, cursor: new.cursor, counter: new.counter, promptColumns: promptColumns,
                 columns: columns, into: &out)
        }
        return planned ? out : nil
    }

    /// `bytes(from:to:…)` with the new line as the field shows it (no line of its own made for it), written into
    /// `out` (emptied first; a buffer kept from key to key allocates nothing). False, with `out` meaningless, when
    /// this is not a plain append the planner can draw exactly.
    public static func plan(from old: borrowing FieldView, to newText: UnsafeBufferPointer<UInt8>, cursor newCursor: Int,
                            counter newCounter: CounterCells, promptColumns: Int, columns: Int,
                            into out: inout [UInt8]) -> Bool {
        let oldBytes = old.text.count, newBytes = newText.count
        guard newBytes > oldBytes, old.cursor == oldBytes, newCursor == newBytes, promptColumns + 2 < columns else {
            return false
        }
        let oldEnd = promptColumns + oldBytes, newEnd = promptColumns + newBytes
        // A line that has wrapped: libedit shows no right prompt once the text leaves the first row, so an append
        // that stays on the cursor's row is just its characters, as libedit's own fast path writes them.
        if oldEnd >= columns {
            guard oldEnd / columns == (newEnd - 1) / columns, appended(old.text, newText, into: &out) else { return false }
            if newEnd % columns == 0 { forceWrap(&out) }
            return true
        }
        // A line longer than the row never qualifies: leave before comparing it.
        guard newEnd <= columns, old.counter.isComplete, newCounter.isComplete, appended(old.text, newText, into: &out) else {
            return false
        }
        guard old.counter.isPrintableASCII, newCounter.isPrintableASCII else { return false }
        return old.counter.withBytes { oldCells in
            newCounter.withBytes { newCells -> Bool in
                let oldShown = shows(end: oldEnd, counter: oldCells.count, columns: columns)
                let newShown = shows(end: newEnd, counter: newCells.count, columns: columns)
                // Text that has run into the counter's place: libedit shows no right prompt before the append or
                // after it, so the append is just its characters, as on a wrapped row.
                if !oldShown && !newShown {
                    if newEnd == columns { forceWrap(&out) }
                    return true
                }
                // The append that pushes the counter off the row: the line is drawn without it, so the
                // characters, then the rest of the row erased (only padding and the old counter were there).
                if oldShown && !newShown && newEnd < columns {
                    out.append(0x1B); out.append(0x5B); out.append(0x4B)  // EL: erase to the end of the row
                    return true
                }
                // A counter that comes back (a shorter one after a refused key's mark): the whole line is drawn.
                guard oldShown && newShown else { return false }
                // Both counters right-aligned in the same cells, blank where the shorter one has none.
                let width = max(oldCells.count, newCells.count)
                let changed = changedCells(oldCells, newCells, width: width)
                guard let (first, last) = changed else { return true }
                let counterStart = columns - 1 - width
                // Byte by byte: an array literal per sequence would allocate on every key.
                out.append(0x1B); out.append(0x37)                    // DECSC: save the cursor
                out.append(0x1B); out.append(0x5B)                    // CUF: libedit keeps a gap of at least one
                appendDecimal(counterStart + first - newEnd, to: &out) //   column, so the move is at least 1
                out.append(0x43)
                let blanks = width - newCells.count
                for k in first...last { out.append(k < blanks ? 0x20 : newCells[k - blanks]) }
                out.append(0x1B); out.append(0x38)                    // DECRC: back after the typed text
                return true
            }
        }
    }

    /// The first and last of `width` cells that differ between two counters right-aligned in them (blank where the
    /// shorter one has none), or nil when they show the same.
    private static func changedCells(_ old: UnsafeBufferPointer<UInt8>, _ new: UnsafeBufferPointer<UInt8>,
                                     width: Int) -> (Int, Int)? {
        var first = 0, last = width - 1
        if old.count == new.count {
            // The same length (a typed key's usual counter): the cells are the bytes.
            while first < width && old[first] == new[first] { first += 1 }
            guard first < width else { return nil }
            while old[last] == new[last] { last -= 1 }
            return (first, last)
        }
        func cell(_ cells: UnsafeBufferPointer<UInt8>, _ k: Int) -> UInt8 {
            k < width - cells.count ? 0x20 : cells[k - (width - cells.count)]
        }
        while first < width && cell(old, first) == cell(new, first) { first += 1 }
        guard first < width else { return nil }
        while cell(old, last) == cell(new, last) { last -= 1 }
        return (first, last)
    }

    /// After a character written into a row's last column: a space, which takes the cursor to the next row
    /// whether the terminal wraps at once or holds the wrap until the next character (xterm's `xn`), then a
    /// carriage return to that row's start, where libedit puts the cursor too. Nothing is left pending, so the
    /// cursor's row is known exactly afterwards.
    private static func forceWrap(_ out: inout [UInt8]) {
        out.append(0x20)
        out.append(0x0D)
    }

    /// Append a positive number's decimal digits.
    public static func appendDecimal(_ n: Int, to out: inout [UInt8]) {
        // A move across one row: one or two digits, the usual case, without the division loop.
        if n < 10 { out.append(UInt8(48 + n)); return }
        if n < 100 { out.append(UInt8(48 + n / 10)); out.append(UInt8(48 + n % 10)); return }
        var divisor = 1
        while divisor * 10 <= n { divisor *= 10 }
        while divisor > 0 {
            out.append(UInt8(48 + (n / divisor) % 10))
            divisor /= 10
        }
    }

    /// Whether libedit shows the right prompt for a line ending at column `end` (0-based, cursor after the text,
    /// on the first row): its rule in re_refresh is a gap of at least one column between the text and the right
    /// prompt, which ends one column before the row's end (`columns - end - width > 1`).
    public static func shows(end: Int, counter: Int, columns: Int) -> Bool {
        counter > 0 && columns - end - counter > 1
    }

    /// Terminals known to honour DECSC/DECRC and CUF, by `TERM` prefix; others are drawn without moving the cursor.
    public static func supports(term: String?) -> Bool {
        guard let term, !term.isEmpty else { return false }
        let known = ["xterm", "screen", "tmux", "rxvt", "vt100", "vt102", "vt220", "linux", "alacritty", "foot",
                     "kitty", "wezterm", "konsole", "gnome", "putty", "st-", "ghostty", "contour", "iterm"]
        return known.contains { term.hasPrefix($0) }
    }

    /// Append bytes: one by one for a typed key's few (the generic bulk append has a fixed cost per call, more
    /// than a few single appends), in bulk for more.
    public static func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>, to array: inout [UInt8]) {
        if bytes.count <= 8 {
            for byte in bytes { array.append(byte) }
        } else {
            array.append(contentsOf: bytes)
        }
    }

    private static func isPrintableASCII(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x7F }

    /// Put the bytes `new` adds after `old` into `out` (emptied first) when it only appends printable ASCII; false
    /// otherwise. Compares the two texts' storage in place: no copy of the line per key.
    public static func appended(_ old: [UInt8], _ after: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) -> Bool {
        old.withUnsafeBufferPointer { before in
            guard after.count > before.count,
                  memcmp(after.baseAddress!, before.baseAddress ?? after.baseAddress!, before.count) == 0 else { return false }
            let tail = UnsafeBufferPointer(rebasing: after[before.count...])
            guard tail.allSatisfy(isPrintableASCII) else { return false }
            if !out.isEmpty { out.removeAll(keepingCapacity: true) }
            appendBytes(tail, to: &out)
            return true
        }
    }
}
