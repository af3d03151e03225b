import Testing
import FieldKit

/// The quick-echo planner: exact bytes for plain appends, nil for everything libedit must repaint itself.
@Suite struct QuickEchoTests {
    typealias Case = (old: FieldView, new: FieldView, prompt: Int, columns: Int, bytes: String?)

    static func line(_ text: String, _ counter: String, cursor: Int? = nil) -> FieldView {
        FieldView(text: text, cursor: cursor ?? text.count, counter: counter)
    }

    static let cases: [Case] = [
        // Counter "0/20" ends at column 78 (one before the edge): it starts at 75; the cursor is at 3 after "> a".
        (line("", "0/20"), line("a", "1/20"), 2, 80, "a\u{1B}7\u{1B}[72C1\u{1B}8"),
        // The counter grows a digit to the left: only the two changed cells are written.
        (line("abcdefghi", "9/20"), line("abcdefghij", "10/20"), 2, 80, "j\u{1B}7\u{1B}[62C10\u{1B}8"),
        // Only the cells that differ are rewritten: 11 → 12 changes one digit.
        (line("abcdefghijk", "11/99"), line("abcdefghijkl", "12/99"), 2, 80, "l\u{1B}7\u{1B}[61C2\u{1B}8"),
        // A formatter that adds a separator with the digit: both are echoed.
        (line("138", "3/11"), line("138-1", "4/11"), 8, 80, "-1\u{1B}7\u{1B}[62C4\u{1B}8"),
        // The refused mark disappears: its cells are blanked.
        (line("138", "3/11 !"), line("138-8", "4/11"), 8, 80, "-8\u{1B}7\u{1B}[60C  4/11\u{1B}8"),
        // No counter at all: just the echo, like libedit's own fast path.
        (line("ab", ""), line("abc", ""), 2, 80, "c"),
        // A masked secret appends a mask character.
        (line("***", "3/8"), line("****", "4/8"), 10, 80, "*\u{1B}7\u{1B}[62C4\u{1B}8"),
        // Unchanged counter (no limit shown the same way): just the echo.
        (line("ab", "x"), line("abc", "x"), 2, 80, "c"),
        // Not plain appends: libedit repaints.
        (line("ac", "2/9"), line("abc", "3/9", cursor: 2), 2, 80, nil),
        (line("ab", "2/9", cursor: 1), line("abc", "3/9"), 2, 80, nil),
        (line("1381", "4/11"), line("138-1", "4/11"), 2, 80, nil),
        (line("abc", "3/9"), line("ab", "2/9"), 2, 80, nil),
        (line("ab", "2/9"), line("ab", "2/9 !"), 2, 80, nil),
        (line("ab", "2/9"), line("ab中", "3/9"), 2, 80, nil),
        (line("中", "1/9"), line("中a", "2/9"), 2, 80, nil),
        (line("ab", "2/9"), line("ab\u{7}", "3/9"), 2, 80, nil),
        // Near the edge, libedit's rule exactly (a gap of at least one column before the counter, which ends one
        // column before the edge): 81 columns, "> " + 72 characters, a 1-column gap and "72/99" still show it.
        (line(String(repeating: "a", count: 70), "70/99"), line(String(repeating: "a", count: 71), "71/99"), 2, 81,
         "a\u{1B}7\u{1B}[3C1\u{1B}8"),
        (line(String(repeating: "a", count: 71), "71/99"), line(String(repeating: "a", count: 72), "72/99"), 2, 81,
         "a\u{1B}7\u{1B}[2C2\u{1B}8"),
        // Without a counter the line may reach the last cell; the key written into it takes the cursor to the next
        // row's start (a space forces the wrap on every terminal, a carriage return goes back over it).
        (line(String(repeating: "a", count: 76), ""), line(String(repeating: "a", count: 77), ""), 2, 80, "a"),
        (line(String(repeating: "a", count: 77), ""), line(String(repeating: "a", count: 78), ""), 2, 80, "a \r"),
        (line(String(repeating: "a", count: 77), "77/200"), line(String(repeating: "a", count: 78), "78/200"), 2, 80, "a \r"),
        // A counter still shown, then text to the row's end in one go: libedit draws.
        (line(String(repeating: "a", count: 60), "60/99"), line(String(repeating: "a", count: 78), "78/99"), 2, 80, nil),
        // A wrapped line: libedit shows no counter past the first row, so an append on the cursor's row is its
        // characters alone, whatever the counter says...
        (line(String(repeating: "a", count: 80), "80/200"), line(String(repeating: "a", count: 81), "81/200"), 2, 80, "a"),
        (line(String(repeating: "a", count: 78), "78/200"), line(String(repeating: "a", count: 80), "80/200"), 2, 80, "aa"),
        // ...into the last cell with the wrap forced, but never across to the next row.
        (line(String(repeating: "a", count: 157), ""), line(String(repeating: "a", count: 158), ""), 2, 80, "a \r"),
        (line(String(repeating: "a", count: 157), ""), line(String(repeating: "a", count: 159), ""), 2, 80, nil),
        (line(String(repeating: "a", count: 158), ""), line(String(repeating: "a", count: 159), ""), 2, 80, "a"),
        // Text that has run into the counter's place on the first row: libedit shows no counter before or after,
        // so the append is its characters alone ("> " + 72 + "72/200" reach the 80th column)...
        (line(String(repeating: "a", count: 72), "72/200"), line(String(repeating: "a", count: 73), "73/200"), 2, 80, "a"),
        // ...the key that pushes the counter off: its characters, then the rest of the row erased...
        (line(String(repeating: "a", count: 70), "70/200"), line(String(repeating: "a", count: 71), "71/200"), 2, 80,
         "a\u{1B}[K"),
        // ...and the last key that keeps it, a column from the text: the counter's changed cells.
        (line(String(repeating: "a", count: 69), "69/200"), line(String(repeating: "a", count: 70), "70/200"), 2, 80,
         "a\u{1B}7\u{1B}[1C70\u{1B}8"),
        // A counter that comes back (the refused mark goes and it fits again): libedit draws.
        (line(String(repeating: "a", count: 69), "69/200 !"), line(String(repeating: "a", count: 70), "70/200"), 2, 80, nil),
        // The first row to the second: libedit draws it (the counter goes).
        (line(String(repeating: "a", count: 74), "74/200"), line(String(repeating: "a", count: 79), "79/200"), 2, 80, nil),
        // Not an append on a wrapped line.
        (line(String(repeating: "a", count: 90), ""), line(String(repeating: "a", count: 89) + "b", ""), 2, 80, nil),
    ]

    @Test(arguments: cases)
    func plan(_ c: Case) {
        let bytes = QuickEcho.bytes(from: c.old, to: c.new, promptColumns: c.prompt, columns: c.columns)
        #expect(bytes.map { String(decoding: $0, as: UTF8.self) } == c.bytes)
    }

    @Test func aCounterTooLongToHoldIsCutAtACharacterAndNeverDrawnOver() {
        // 63 bytes, then a 3-byte character that would end at byte 66: cut before it, not inside it.
        let long = String(repeating: "a", count: 63) + "中"
        let cells = CounterCells(long)
        #expect(!cells.isComplete && cells.count == 63)
        #expect(CounterCells(String(repeating: "a", count: 64)).isComplete)
        var marked = CounterCells("7/11")
        marked.append(" !")
        #expect(marked == CounterCells("7/11 !") && marked != CounterCells("7/11"))
        // A counter not known whole: libedit draws, whatever else the key did.
        let old = FieldView(text: "ab", cursor: 2, counter: "x")
        let new = FieldView(text: Array("abc".utf8), cursor: 3, counter: cells)
        #expect(QuickEcho.bytes(from: old, to: new, promptColumns: 2, columns: 200) == nil)
    }

    @Test(arguments: [
        ("xterm-256color", true), ("screen", true), ("tmux-256color", true), ("linux", true), ("vt100", true),
        ("dumb", false), ("", false), ("unknown", false), ("emacs", false),
    ])
    func terminals(_ term: String, _ supported: Bool) {
        #expect(QuickEcho.supports(term: term) == supported)
    }

    @Test func noTermVariableMeansNoQuickEcho() {
        #expect(!QuickEcho.supports(term: nil))
    }
}
