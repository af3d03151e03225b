import FieldKit
import Testing
import TestSupport

/// The screen model against a small terminal emulator, in process: what the model writes must leave exactly the
/// rows the view asks for, with one copy of every line, whatever came before (typing, edits, going back in a record,
/// resizes on terminals that rewrap and on those that do not, wide characters, a prompt's end).
@Suite struct ScreenModelTests {
    /// A model and the terminal it draws on.
    struct Screen {
        var model: ScreenModel
        var terminal: TerminalEmulator
        var bytes: [UInt8] = []

        init(width: Int, quickEcho: Bool = true) {
            model = ScreenModel(width: width, movesCursor: true, quickEcho: quickEcho)
            terminal = TerminalEmulator(columns: width, cellWidth: { DisplayWidth.columns(of: $0) })
        }

        mutating func draw(_ view: ScreenView) {
            model.draw(view, into: &bytes)
            terminal.feed(bytes)
        }

        /// As the painter draws a key: the model's first path from the line alone when nothing around it is to
        /// be drawn, else the whole view.
        mutating func key(_ view: ScreenView) {
            let echoed = view.status == nil && view.hint == nil && view.below.isEmpty && view.field.text.withUnsafeBufferPointer {
                model.echoAppended($0, cursor: view.field.cursor, counter: view.field.counter, into: &bytes)
            }
            if !echoed { model.draw(view, into: &bytes) }
            terminal.feed(bytes)
        }

        mutating func finish(_ view: ScreenView, keepField: Bool = true) {
            model.finish(view, keepField: keepField, into: &bytes)
            terminal.feed(bytes)
        }

        /// The window resized; the model told where the terminal says the cursor is, then the view drawn again.
        mutating func resize(to width: Int, rewrap: Bool, keepsBottom: Bool = false, redraw view: ScreenView) {
            terminal.resize(to: width, rewrap: rewrap, keepsBottom: keepsBottom)
            model.resized(to: width, reportedColumn: terminal.column, reportedRow: terminal.row)
            draw(view)
        }

        var lines: [String] { terminal.lines }
    }

    static func field(_ text: String, cursor: Int? = nil, counter: String = "") -> FieldView {
        FieldView(text: text, cursor: cursor ?? text.count, counter: counter)
    }

    static func view(_ prompt: String, _ text: String, cursor: Int? = nil, counter: String = "", block: [String] = [],
                     following: [String] = [], status: String? = nil, below: [String] = []) -> ScreenView {
        ScreenView(block: block, prompt: prompt, field: field(text, cursor: cursor, counter: counter), following: following,
                   status: status, below: below.map { ScreenLine($0) })
    }

    @Test func typingDrawsTheLineAndTheCounterAtTheRightEdge() {
        var screen = Screen(width: 40)
        for n in 0...5 { screen.draw(Self.view("Name: ", String("abcde".prefix(n)), counter: "\(n)/20")) }
        #expect(screen.lines == ["Name: abcde" + String(repeating: " ", count: 40 - 11 - 5) + "5/20"])
        #expect(screen.terminal.column == 11)
        #expect(screen.terminal.unknown.isEmpty)
    }

    @Test func quickEchoLeavesTheScreenAFullRedrawLeaves() {
        // Typing, a wrapped line, a status line with the counter, an edit in the middle: after every step the two
        // paths show the same rows and cursor.
        var fast = Screen(width: 30), slow = Screen(width: 30, quickEcho: false), lean = Screen(width: 30)
        var text = ""
        var views: [ScreenView] = []
        for c in "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJ" {
            text.append(c)
            views.append(Self.view("Note: ", text, counter: "\(text.count)/200"))
        }
        views.append(Self.view("Note: ", text, cursor: 10, counter: "\(text.count)/200", status: "refused"))
        views.append(Self.view("Note: ", text + "K", counter: "\(text.count + 1)/200"))
        for view in views {
            fast.draw(view)
            slow.draw(view)
            lean.key(view)
            #expect(fast.lines == slow.lines && lean.lines == slow.lines)
            #expect(fast.terminal.row == slow.terminal.row && fast.terminal.column == slow.terminal.column)
            #expect(lean.terminal.row == slow.terminal.row && lean.terminal.column == slow.terminal.column)
        }
        #expect(fast.lines.first == "Note: abcdefghijklmnopqrstuvwx")
    }

    @Test(arguments: [60, 3]) func typingPastTheCountersPlaceAndTheRowsEndIsEchoedNotRedrawn(rows: Int) {
        // The counter leaves the row for a status line of its own, then the text wraps onto that line's row, twice:
        // every key after the first draw is echoed (the prompt is never written again) and leaves what a full
        // redraw leaves, also at the screen's bottom (3 rows), where each new row scrolls the screen.
        var fast = Screen(width: 30), slow = Screen(width: 30, quickEcho: false)
        fast.terminal = TerminalEmulator(columns: 30, rows: rows, cellWidth: { DisplayWidth.columns(of: $0) })
        slow.terminal = TerminalEmulator(columns: 30, rows: rows, cellWidth: { DisplayWidth.columns(of: $0) })
        fast.draw(Self.view("Note: ", "", counter: "0/200"))
        slow.draw(Self.view("Note: ", "", counter: "0/200"))
        var text = ""
        for c in "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ" {
            text.append(c)
            let view = Self.view("Note: ", text, counter: "\(text.count)/200")
            fast.key(view)
            slow.draw(view)
            #expect(!String(decoding: fast.bytes, as: UTF8.self).contains("Note"), "key \(text.count) drawn again")
            #expect(fast.lines == slow.lines, "key \(text.count)")
            #expect(fast.terminal.row == slow.terminal.row && fast.terminal.column == slow.terminal.column)
            #expect(fast.model.regionRows == slow.model.regionRows && fast.model.cursorRow == slow.model.cursorRow)
            #expect(fast.terminal.unknown.isEmpty)
        }
        #expect(fast.lines.suffix(1) == ["62/200"])
    }

    @Test func aStatusLineComesAndGoesUnderTheField() {
        var screen = Screen(width: 40)
        screen.draw(Self.view("ID: ", "1101", counter: "4/18"))
        screen.draw(Self.view("ID: ", "1101", counter: "4/18 !", status: "place 5 takes a digit"))
        #expect(screen.lines.count == 2 && screen.lines[1] == "place 5 takes a digit")
        #expect(screen.terminal.row == 0 && screen.terminal.column == 8)
        screen.draw(Self.view("ID: ", "11010", counter: "5/18"))
        #expect(screen.lines.count == 1)
    }

    /// Narrowing and widening any number of times, on a terminal that rewraps and on one that keeps its rows: one
    /// copy of the field, at its place (the issue's `ask text --prompt 'Your full name, please: '` case).
    @Test(arguments: [true, false]) func resizesLeaveOneCopyOfAWrappedField(rewrap: Bool) {
        var screen = Screen(width: 80)
        screen.terminal.feed(Array("$ fieldline ask text\r\n".utf8))
        let prompt = "Your full name, please: "
        var text = ""
        for c in "abcdefghij" {
            text.append(c)
            screen.draw(Self.view(prompt, text, counter: "\(text.count)/200"))
        }
        let view = Self.view(prompt, text, counter: "10/200")
        for _ in 0..<3 {
            screen.resize(to: 30, rewrap: rewrap, redraw: view)
            #expect(screen.lines == ["$ fieldline ask text", "Your full name, please: abcdef", "ghij", "10/200"])
            screen.resize(to: 80, rewrap: rewrap, redraw: view)
            #expect(screen.lines.filter { $0.contains("Your full name") }.count == 1)
            #expect(screen.lines.count == 2 && screen.lines[0] == "$ fieldline ask text")
            #expect(screen.lines[1] == prompt + text + String(repeating: " ", count: 80 - 1 - 6 - 34) + "10/200")
        }
        #expect(screen.terminal.unknown.isEmpty)
    }

    /// A record's block of four lines above the field: resizes keep one copy of each line.
    @Test(arguments: [true, false]) func resizesLeaveOneCopyOfARecordBlock(rewrap: Bool) {
        var screen = Screen(width: 60)
        let block = ["Mobile: 138-1234-5678", "ID card: 110105 19491231 002X", "Birth date: 1949-12-31", "Sex: female"]
        let view = Self.view("Name: ", "Zhang", counter: "5/20", block: block, below: ["Visit date: 2026-11-22"])
        screen.draw(view)
        for width in [40, 60, 25, 80, 40, 60] {
            screen.resize(to: width, rewrap: rewrap, redraw: view)
            for line in block + ["Visit date: 2026-11-22"] where line.count < width {
                #expect(screen.lines.filter { $0 == line }.count == 1, "\(line) at \(width): \(screen.lines)")
            }
            #expect(screen.lines.count == (width < 30 ? 7 : 6), "\(width): \(screen.lines)")
            #expect(screen.lines.filter { $0.hasPrefix("Name: Zhang") }.count == 1)
        }

    }

    /// Going back a field: the block loses its last line and the field is drawn in that line's place; going on
    /// adds it again. Never a second copy.
    @Test func goingBackAndForthInABlockDrawsEachLineOnce() {
        var screen = Screen(width: 60)
        let block = ["Mobile: 138-1234-5678", "Name: Nm"]
        screen.draw(Self.view("Mobile: ", "138-1234-5678", counter: "11/11"))
        screen.finish(Self.view("Mobile: ", "138-1234-5678", counter: "11/11"))
        screen.draw(Self.view("Name: ", "Nm", counter: "2/20", block: Array(block.prefix(1))))
        // Up: Name's typed text goes into its line under the field asked again.
        screen.finish(Self.view("Name: ", "Nm", counter: "2/20", block: Array(block.prefix(1))))
        screen.draw(Self.view("Mobile: ", "138-1234-5678", counter: "11/11", below: ["Name: Nm"]))
        #expect(screen.lines.count == 2 && screen.lines[0].hasPrefix("Mobile: 138-1234-5678") && screen.lines[1] == "Name: Nm")
        screen.finish(Self.view("Mobile: ", "138-1234-5678", counter: "11/11", below: ["Name: Nm"]))
        screen.draw(Self.view("Name: ", "Nm", counter: "2/20", block: Array(block.prefix(1))))
        #expect(screen.lines.count == 2 && screen.lines[0] == "Mobile: 138-1234-5678")
        #expect(screen.lines[1].hasPrefix("Name: Nm") && screen.lines[1].hasSuffix("2/20"))
    }

    /// The block starts at the screen's first row: going back redraws from there with a row erased at a time, never a
    /// whole-screen clear, which tmux would push into its history to come back as a stale copy on widening.
    @Test func redrawingFromTheScreensFirstRowNeverClearsTheWholeScreen() {
        var screen = Screen(width: 30)
        let view = Self.view("Your full name, please: ", "abcdefghij", counter: "10/200")
        screen.draw(view)
        screen.resize(to: 80, rewrap: true, redraw: view)
        screen.resize(to: 30, rewrap: true, redraw: view)
        screen.draw(Self.view("Your full name, please: ", "abcdefghi", cursor: 3, counter: "9/200", status: "why"))
        screen.finish(Self.view("Your full name, please: ", "abcdefghi", counter: "9/200"), keepField: false)
        #expect(screen.terminal.wholeScreenClears == 0)
        #expect(screen.lines.isEmpty)
    }

    @Test func aDiscardedRecordLeavesOneLine() {
        var screen = Screen(width: 60)
        screen.draw(Self.view("Name: ", "Zh", counter: "2/20", block: ["Mobile: 138-1234-5678", "ID card: 110105"]))
        screen.finish(Self.view("Name: ", "Zh", counter: "2/20", block: ["Mobile: 138-1234-5678", "ID card: 110105"]), keepField: false)
        screen.draw(ScreenView(block: ["record discarded"], prompt: "", field: Self.field(""), showsField: false))
        #expect(screen.lines == ["record discarded"])
        #expect(screen.terminal.row == 1 && screen.terminal.column == 0)
    }

    /// The wide-character case: 40 columns, a CJK prompt, 28 CJK characters, Left three times, then a
    /// character typed: the cursor stands where the character after it is drawn.
    @Test func theCursorStandsOnTheCharacterAfterItOnAWrappedLineOfWideCharacters() {
        var screen = Screen(width: 40)
        let text = String(repeating: "好", count: 28)
        screen.draw(Self.view("备注：", text, counter: "28/100"))
        screen.draw(Self.view("备注：", text, cursor: 25, counter: "28/100"))
        // 3 + 28 wide characters: 17 on the first row... the 17th does not fit in column 39, so row 2 starts with it.
        var place = (row: 0, column: 6)
        for _ in 0..<25 {
            if place.column + 2 > 40 { place = (place.row + 1, 0) }
            place.column += 2
        }
        if place.column + 2 > 40 { place = (place.row + 1, 0) }
        #expect(screen.terminal.row == place.row && screen.terminal.column == place.column)
    }

    @Test func anAcceptedLineEndsOnOneRowWithoutItsStatusLine() {
        var screen = Screen(width: 40)
        screen.draw(Self.view("Mobile: ", "138-1234-567", counter: "10/11", status: "not a mobile number"))
        screen.finish(Self.view("Mobile: ", "138-1234-5678", counter: "11/11"))
        #expect(screen.lines.count == 1 && screen.lines[0].hasPrefix("Mobile: 138-1234-5678"))
        #expect(screen.terminal.row == 1 && screen.terminal.column == 0)
    }

    /// A wrapped line shows its counter on the status line while it is edited; when the prompt ends, that row
    /// goes with the status line, and the next output starts right under the line.
    @Test func aWrappedLineEndsWithoutItsCounterRow() {
        var screen = Screen(width: 30)
        let text = String(repeating: "a", count: 40)
        screen.draw(Self.view("> ", text, counter: "40/200"))
        #expect(screen.lines == ["> " + String(repeating: "a", count: 28), String(repeating: "a", count: 12), "40/200"])
        screen.finish(Self.view("> ", text, counter: "40/200"))
        #expect(screen.lines == ["> " + String(repeating: "a", count: 28), String(repeating: "a", count: 12)])
        #expect(screen.terminal.row == 2 && screen.terminal.column == 0)
    }

    /// A terminal that keeps the rows under the cursor on resize (tmux: the rows the text grows by go into its
    /// history, and come back when it shrinks). The field right under the command line, as after `clear`: narrowing
    /// pushes the field's first row into the history, widening brings it back above the field. One copy of the
    /// field on the screen every time.
    @Test func aTerminalThatKeepsItsBottomRowsLeavesOneCopyOnTheScreen() {
        var screen = Screen(width: 80)
        screen.terminal = TerminalEmulator(columns: 80, rows: 16, cellWidth: { DisplayWidth.columns(of: $0) })
        screen.terminal.feed(Array("$ fieldline ask text --limit 200 --prompt 'Your full name, please: '; echo rc=$?\r\n".utf8))
        let view = Self.view("Your full name, please: ", "abcdefghij", counter: "10/200")
        screen.draw(view)
        for _ in 0..<3 {
            screen.resize(to: 30, rewrap: true, keepsBottom: true, redraw: view)
            #expect(screen.lines.filter { $0.hasPrefix("Your full name, please: abcdef") }.count == 1, "\(screen.lines)")
            #expect(screen.lines.filter { $0 == "ghij" }.count == 1, "\(screen.lines)")
            screen.resize(to: 80, rewrap: true, keepsBottom: true, redraw: view)
            #expect(screen.lines.filter { $0.hasPrefix("Your full name, please: abcdefghij") }.count == 1, "\(screen.lines)")
            #expect(!screen.lines.contains { $0.hasPrefix("ghij") || $0 == "Your full name, please: abcdef" }, "\(screen.lines)")
        }
    }

    /// A record's block and a picker under it, taller than the screen (its first lines scrolled into the history),
    /// narrowed to 40 columns and widened back on a terminal that keeps its bottom rows (tmux): the lines a resize
    /// pushes into the history stay there as they are, so the history and the screen hold one copy of each line,
    /// and the screen is never cleared (tmux would push a second copy into its history).
    @Test func aBlockTallerThanTheScreenLeavesOneCopyInTheHistory() {
        var screen = Screen(width: 80)
        screen.terminal = TerminalEmulator(columns: 80, rows: 7, cellWidth: { DisplayWidth.columns(of: $0) })
        screen.terminal.feed(Array("$ fieldline form forms/delivery.yaml --out d.db\r\n".utf8))
        let block = ["Purpose: delivery", "Mobile: 138-1234-5678", "Courier company: ACME", "Parcels: 60", "Date: 2026-11-28"]
        let picker = Self.view("Reason: ", "", counter: "0/2", block: block, status: "more than 50 parcels in one delivery",
                               below: ["  a removal: many boxes", "  counted again with the courier"])
        screen.draw(picker)
        for width in [40, 80] {
            screen.resize(to: width, rewrap: true, keepsBottom: true, redraw: picker)
            let all = screen.terminal.historyLines + screen.lines
            for line in block + ["Reason: ", "more than 50 parcels", "  a removal"] {
                #expect(all.filter { $0.hasPrefix(line) }.count == 1,
                        "\(line) at \(width): \(all)")
            }
            #expect(screen.terminal.wholeScreenClears == 0, "\(width): \(all)")
        }
    }

    /// The form case, through the prompts' own ends: each field's line is drawn with its counter at the
    /// right, ends, and is drawn again as a block line without it. At 60 columns, narrowed to 40 (Shift-Tab twice
    /// meanwhile) and widened to 80, on a terminal that rewraps keeping its bottom rows and keeps a row as long as
    /// its old text unless it is erased from its start (tmux): one copy of every line.
    @Test func aFormsBlockSurvivesResizesOnATerminalThatKeepsOldRowLengths() {
        var screen = Screen(width: 60)
        screen.terminal = TerminalEmulator(columns: 60, rows: 16, cellWidth: { DisplayWidth.columns(of: $0) })
        screen.terminal.feed(Array("$ fieldline form forms/visitor.yaml --out v.jsonl; echo rc=$?\r\n".utf8))
        screen.terminal.feed(Array("visitor: 0 records in v.jsonl · Enter next\r\nShift-Tab back · Esc discard · Ctrl-D end\r\n".utf8))
        screen.model.commit()
        let lines = ["Mobile: 138-1234-5678", "ID card: 110105 19491231 002X", "Birth date: 1949-12-31", "Sex: female"]
        let fields = [("Mobile: ", "138-1234-5678", "11/11"), ("ID card: ", "110105 19491231 002X", "18/18")]
        for (k, field) in fields.enumerated() {
            let view = Self.view(field.0, field.1, counter: field.2, block: Array(lines.prefix(k)))
            screen.draw(view)
            screen.finish(view)
        }
        let name = Self.view("Name: ", "Zh", counter: "2/20", block: lines)
        screen.draw(name)
        screen.resize(to: 40, rewrap: true, keepsBottom: true, redraw: name)
        screen.finish(name)
        let id = Self.view("ID card: ", "110105 19491231 002X", counter: "18/18", block: Array(lines.prefix(1)),
                           following: ["Birth date:", "Sex:", "Name: Zh"])
        screen.draw(id)
        screen.finish(id)
        let mobile = Self.view("Mobile: ", "138-1234-5678", counter: "11/11", following: Array(lines.dropFirst()) + ["Name: Zh"])
        screen.draw(mobile)
        for width in [40, 80, 30, 60] {
            if width != 40 { screen.resize(to: width, rewrap: true, keepsBottom: true, redraw: mobile) }
            for line in lines.dropFirst() + ["Name: Zh"] where line.count < width {
                #expect(screen.lines.filter { $0 == line }.count == 1, "\(line) at \(width): \(screen.lines)")
            }
            #expect(screen.lines.filter { $0.hasPrefix("Mobile: 138-1234-5678") }.count == 1, "\(width): \(screen.lines)")
        }
    }

    /// The same seams in Chinese: wide prompts and values in the block, a wrapped field of wide characters resized on
    /// both kinds of terminal, going back a field, and the discarded record's one line.
    @Test(arguments: [true, false]) func chineseBlocksAndWideLinesHoldStill(rewrap: Bool) {
        var screen = Screen(width: 60)
        let block = ["手机号：138-1234-5678", "身份证号：110105 19491231 002X", "出生日期：1949-12-31", "性别：女"]
        let note = String(repeating: "好", count: 30)
        let view = Self.view("备注：", note, counter: "30/100", block: block)
        screen.draw(view)
        for width in [40, 60, 33, 80] {
            screen.resize(to: width, rewrap: rewrap, redraw: view)
            for line in block where DisplayWidth.columns(of: line) < width {
                #expect(screen.lines.filter { $0 == line }.count == 1, "\(line) at \(width): \(screen.lines)")
            }
            #expect(screen.lines.filter { $0.hasPrefix("备注：好") }.count == 1, "\(width): \(screen.lines)")
            // The field's rows hold the 30 characters once, whatever the width.
            let drawn = screen.lines.drop { !$0.hasPrefix("备注：") }.prefix { !$0.hasPrefix("30/100") }.joined()
            #expect(drawn.filter { $0 == "好" }.count == 30, "\(width): \(screen.lines)")
        }
        screen.finish(view)
        screen.draw(Self.view("性别：", "女", counter: "", block: Array(block.prefix(3)), following: ["备注：" + note]))
        #expect(screen.lines.filter { $0.hasPrefix("性别：女") }.count == 1 && screen.lines.filter { $0.hasPrefix("备注：好") }.count == 1,
                "\(screen.lines)")
        screen.finish(Self.view("性别：", "女", counter: "", block: Array(block.prefix(3))), keepField: false)
        screen.draw(ScreenView(block: ["记录已放弃"], prompt: "", field: Self.field(""), showsField: false))
        #expect(screen.lines.last == "记录已放弃" && !screen.lines.contains { $0.hasPrefix("手机号") }, "\(screen.lines)")
    }
}
