#if canImport(Glibc)
import Glibc
#endif

/// What libedit last drew on the prompt's row: the field's text, the cursor (in Characters) and the right prompt.
struct DrawnLine: Equatable {
    /// The text's UTF-8: bytes of its own, which quick echo appends to in place (a `String` shared with the frame
    /// would also be the field's kept line, and the next key would copy it).
    var text: [UInt8]
    var cursor: Int
    var counter: String

    init(text: String, cursor: Int, counter: String) {
        self.text = Array(text.utf8)
        self.cursor = cursor
        self.counter = counter
    }
}

/// The few bytes that update the screen when a key only appended printable ASCII at the end of a one-row line.
///
/// libedit echoes such a key with one byte, but it turns that fast path off whenever a right prompt is set and
/// instead repaints from the cursor: about 26 bytes per key with the counter. This planner does what the fast
/// path would do with the counter kept: echo the new characters, then rewrite only the counter cells that
/// changed, between a cursor save and restore (DECSC/DECRC, which every VT100 descendant has).
///
/// It places the right prompt where libedit does: ending one column before the right edge, and only while the
/// prompt, the text, a gap of at least one column and the counter fit on the row. Anything else (edits in the
/// middle, reformatting that touches earlier cells, non-ASCII, a line near the edge) returns nil and libedit
/// repaints as usual.
enum QuickEcho {
    /// The bytes from `old` to `new`, or nil when this is not a plain append the planner can draw exactly.
    ///
    /// `promptColumns` is the left prompt's width; `columns` the terminal's.
    static func bytes(from old: DrawnLine, to new: DrawnLine, promptColumns: Int, columns: Int) -> [UInt8]? {
        bytes(from: old, to: String(decoding: new.text, as: UTF8.self), cursor: new.cursor, counter: new.counter,
              promptColumns: promptColumns, columns: columns)
    }

    /// `bytes(from:to:…)` with the new line as the frame has it (no bytes of its own made for it).
    static func bytes(from old: DrawnLine, to newText: String, cursor newCursor: Int, counter newCounter: String,
                      promptColumns: Int, columns: Int) -> [UInt8]? {
        let oldBytes = old.text.count, newBytes = newText.utf8.count
        guard newBytes > oldBytes, old.cursor == oldBytes, newCursor == newBytes, promptColumns + 2 < columns else {
            return nil
        }
        let oldEnd = promptColumns + oldBytes, newEnd = promptColumns + newBytes
        // A line that has wrapped: libedit shows no right prompt once the text leaves the first row, so an append
        // that stays on the cursor's row is just its characters, as libedit's own fast path writes them.
        if oldEnd >= columns {
            guard oldEnd / columns == (newEnd - 1) / columns, var added = appended(old.text, newText, reserving: 2) else { return nil }
            if newEnd % columns == 0 { forceWrap(&added) }
            return added
        }
        // A line longer than the row never qualifies: leave before copying it (utf8.count is constant time).
        // Room for the counter's update too: one allocation per key.
        guard newEnd <= columns, var out = appended(old.text, newText, reserving: 12 + newCounter.utf8.count) else { return nil }
        var oldCounter = old.counter, newCounter = newCounter
        return oldCounter.withUTF8 { oldCells in
            newCounter.withUTF8 { newCells -> [UInt8]? in
                guard oldCells.allSatisfy(isPrintableASCII), newCells.allSatisfy(isPrintableASCII) else { return nil }
                let oldShown = shows(end: oldEnd, counter: oldCells.count, columns: columns)
                let newShown = shows(end: newEnd, counter: newCells.count, columns: columns)
                // Text that has run into the counter's place: libedit shows no right prompt before the append or
                // after it, so the append is just its characters, as on a wrapped row.
                if !oldShown && !newShown {
                    if newEnd == columns { forceWrap(&out) }
                    return out
                }
                // The append that pushes the counter off the row: libedit draws the line without it, so the
                // characters, then the rest of the row erased (only padding and the old counter were there).
                if oldShown && !newShown && newEnd < columns {
                    out.append(0x1B); out.append(0x5B); out.append(0x4B)  // EL: erase to the end of the row
                    return out
                }
                // A counter that comes back (a shorter one after a refused key's mark): libedit draws.
                guard oldShown && newShown else { return nil }
                // Both counters right-aligned in the same cells, blank where the shorter one has none.
                let width = max(oldCells.count, newCells.count)
                func cell(_ cells: UnsafeBufferPointer<UInt8>, _ k: Int) -> UInt8 {
                    k < width - cells.count ? 0x20 : cells[k - (width - cells.count)]
                }
                var first = 0, last = width - 1
                while first < width && cell(oldCells, first) == cell(newCells, first) { first += 1 }
                guard first < width else { return out }
                while cell(oldCells, last) == cell(newCells, last) { last -= 1 }
                let counterStart = columns - 1 - width
                // Byte by byte: an array literal per sequence would allocate on every key.
                out.append(0x1B); out.append(0x37)                    // DECSC: save the cursor
                out.append(0x1B); out.append(0x5B)                    // CUF: libedit keeps a gap of at least one
                appendDecimal(counterStart + first - newEnd, to: &out) //   column, so the move is at least 1
                out.append(0x43)
                for k in first...last { out.append(cell(newCells, k)) }
                out.append(0x1B); out.append(0x38)                    // DECRC: back after the typed text
                return out
            }
        }
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
    private static func appendDecimal(_ n: Int, to out: inout [UInt8]) {
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
    static func shows(end: Int, counter: Int, columns: Int) -> Bool {
        counter > 0 && columns - end - counter > 1
    }

    /// Terminals known to honour DECSC/DECRC and CUF, by `TERM` prefix; others always get libedit's repaint.
    static func supports(term: String?) -> Bool {
        guard let term, !term.isEmpty else { return false }
        let known = ["xterm", "screen", "tmux", "rxvt", "vt100", "vt102", "vt220", "linux", "alacritty", "foot",
                     "kitty", "wezterm", "konsole", "gnome", "putty", "st-", "ghostty", "contour", "iterm"]
        return known.contains { term.hasPrefix($0) }
    }

    private static func isPrintableASCII(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x7F }

    /// The bytes `new` adds after `old` when it only appends printable ASCII, else nil. Compares the two texts'
    /// storage in place: no copy of the line per key.
    static func appended(_ old: [UInt8], _ new: String, reserving extra: Int = 0) -> [UInt8]? {
        var new = new
        return old.withUnsafeBufferPointer { before in
            new.withUTF8 { after -> [UInt8]? in
                guard after.count > before.count,
                      memcmp(after.baseAddress!, before.baseAddress ?? after.baseAddress!, before.count) == 0 else { return nil }
                let tail = UnsafeBufferPointer(rebasing: after[before.count...])
                guard tail.allSatisfy(isPrintableASCII) else { return nil }
                var out: [UInt8] = []
                out.reserveCapacity(tail.count + extra)
                out.append(contentsOf: tail)
                return out
            }
        }
    }
}
