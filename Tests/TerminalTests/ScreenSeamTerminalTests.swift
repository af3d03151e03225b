import Foundation
import Testing
@testable import TestSupport

/// The screen where features meet, in a real terminal (tmux rewraps its rows on resize, as most terminals do):
/// resizes never leave a second copy, going back in a record keeps what was typed, picker lines show the choice,
/// derived lines follow their source, and a discarded record leaves one line.
@Suite struct ScreenSeamTerminalTests {
    static let forms = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("forms").path

    /// The visitor form started, a mobile and an ID card entered: the name is asked.
    static func startAtName(_ t: TmuxTerminal) async throws {
        _ = try await FormRecordBlockTerminalTests.start(t)
        try t.type("13812345678"); try t.press("Enter")
        try await t.waitLastRow("ID card:", "0/18")
        try t.type("11010519491231002X"); try t.press("Enter")
        try await t.waitLastRow("Name:", "0/20")
    }

    func resize(_ t: TmuxTerminal, to width: Int) throws {
        _ = try t.tmux("resize-window", "-t", "s", "-x", "\(width)")
    }

    /// The case: a wrapped `ask` line, narrowed to 30 columns and widened to 80 three times: after each
    /// resize the field's line is on the screen once, and stays so.
    @Test func resizingAWrappedAskLeavesOneCopyOfTheField() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run("fieldline ask text --limit 200 --prompt 'Your full name, please: '; echo rc=$?")
        try await t.waitRow("Your full name, please:", "0/200")
        try t.type("abcdefghij")
        try await t.waitRow("Your full name, please: abcdefghij", "10/200")
        func oneCopy(at width: Int) -> ([String]) -> Bool {
            { rows in
                width == 30
                    ? rows.filter { $0.hasPrefix("Your full name, please: a") }.count == 1
                        && rows.filter { $0 == "ghij" }.count == 1 && rows.filter { $0 == "10/200" }.count == 1
                    : rows.filter { $0.hasPrefix("Your full name, please: abcdefghij") }.count == 1
                        && !rows.contains { $0.hasPrefix("ghij") || $0 == "Your full name, please: abcdef" }
            }
        }
        for _ in 0..<3 {
            for width in [30, 80] {
                try resize(t, to: width)
                // The terminal's own rewrap shows one copy at once; the redraw after the resize must not add one.
                try await t.wait("one copy at \(width) columns", oneCopy(at: width))
                try await t.holds("one copy at \(width) columns", for: 1, oneCopy(at: width))
            }
        }
        try t.type("k")
        try await t.waitRow("Your full name, please: abcdefghijk", "11/200")
        try t.press("Enter")
        #expect(try await t.result() == "rc=0", "\(t.dump())")
    }

    /// A form at 60 columns with four lines above the field, narrowed to 40, Shift-Tab twice, widened to 80: one
    /// copy of every line of the record (the issue saw `Mobile: 138-1234-5678` twice).
    @Test func resizingAFormLeavesOneCopyOfEachLine() async throws {
        let t = try await TmuxTerminal(columns: 60); defer { t.close() }
        try await Self.startAtName(t)
        try t.type("Zh")
        try await t.waitLastRow("Name: Zh", "2/20")
        let lines = ["Mobile: 138-1234-5678", "ID card: 110105 19491231 002X", "Birth date: 1949-12-31", "Sex: female"]
        // Derived lines are blank while the ID card is edited, so only their prompts are counted.
        func once(_ rows: [String]) -> Bool {
            (lines.prefix(2) + ["Birth date:", "Sex:", "Name: Zh"]).allSatisfy { line in rows.filter { $0.hasPrefix(line) }.count == 1 }
        }
        try resize(t, to: 40)
        try t.press("BTab")
        try await t.wait("the ID card asked again at 40 columns") { rows in
            once(rows) && rows.contains { $0.hasPrefix("ID card: 110105 19491231 002X") && $0.hasSuffix("18/18") }
        }
        try t.press("BTab")
        try await t.wait("the mobile asked again") { rows in
            once(rows) && rows.contains { $0.hasPrefix("Mobile: 138-1234-5678") && $0.hasSuffix("11/11") }
        }
        try resize(t, to: 80)
        try t.press("Enter")
        try await t.wait("the ID card again at 80 columns") { rows in
            once(rows) && rows.contains { $0.hasPrefix("ID card: 110105 19491231 002X") && $0.hasSuffix("18/18") }
        }
        try t.press("C-c")
    }

    /// Up from a field holding typed text: the text stays in its line under the field asked again, and comes back
    /// when the field is reached again (the issue's `Nm` in Name).
    @Test func goingBackKeepsTheTextTypedInTheFieldLeft() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try await Self.startAtName(t)
        try t.type("Nm")
        try t.press("Up")
        try await t.wait("the ID card asked, Name: Nm under it") { rows in
            rows.contains { $0.hasPrefix("ID card: 110105 19491231 002X") && $0.hasSuffix("18/18") } && rows.contains("Name: Nm")
        }
        try t.press("Enter")
        try await t.waitLastRow("Name: Nm", "2/20")
        try t.type("x")
        try await t.waitLastRow("Name: Nmx", "3/20")
        try t.press("C-c")
    }

    /// Delivery: Parcels 4, Enter; Shift-Tab back to it, changed to 7; Shift-Tab again; Enter: Parcels holds 7 (the
    /// issue saw 4). The purpose's line shows the choice, never the query typed to find it.
    @Test func anEditLeftWithShiftTabIsKeptAndPickerLinesShowTheChoice() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        let out = t.home + "/d.jsonl"
        try t.run("fieldline form '\(Self.forms)/delivery.yaml' --out '\(out)'; echo rc=$?")
        try await t.waitRow("Purpose:", "0/2")
        try t.type("d"); try t.press("Enter")
        try await t.waitRow("Mobile:", "0/11")
        #expect(try t.screen().contains("Purpose: delivery"), "\(t.dump())")
        try t.type("13812345678"); try t.press("Enter")
        try await t.waitRow("Courier company:", "0/40")
        try t.type("SF"); try t.press("Enter")
        try await t.waitRow("Parcels:", "0/3")
        try t.type("4"); try t.press("Enter")
        try await t.wait("the date") { $0.contains { $0.hasPrefix("Date: ") } }
        try t.press("BTab")
        try await t.waitRow("Parcels: 4", "1/3")
        try t.press("BSpace"); try t.type("7")
        try await t.waitRow("Parcels: 7", "1/3")
        try t.press("BTab")
        try await t.wait("the company asked, Parcels: 7 under it") { rows in
            rows.contains { $0.hasPrefix("Courier company: SF") } && rows.contains("Parcels: 7")
        }
        try t.press("Enter")
        try await t.waitRow("Parcels: 7", "1/3")
        try t.press("Enter")
        try await t.wait("the date") { $0.contains { $0.hasPrefix("Date: ") } }
        try t.press("Enter")
        try await t.wait("the key line") { $0.contains { $0.hasPrefix("Enter saves,") } }
        try t.press("Enter")
        try await t.wait("saved") { $0.contains { $0.hasPrefix("1 saved to ") } }
        #expect(try FormTerminalTests.saved(out).first?["parcels"] == "7")
        let record = try t.screen().prefix { !$0.hasPrefix("1 saved to ") }
        #expect(record.contains("Purpose: delivery") && !record.contains { $0.contains("> delivery") }, "\(t.dump())")
        try t.press("C-c")
    }

    /// Retyping an ID card: its derived lines are blank while it is edited and show the new card's after Enter.
    @Test func derivedLinesFollowTheIDCardAsItIsRetyped() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try await Self.startAtName(t)
        try t.press("BTab")
        try await t.wait("the derived lines blank") { rows in
            rows.contains("Birth date:") && rows.contains("Sex:") && !rows.contains { $0.contains("1949-12-31") && $0.hasPrefix("Birth") }
        }
        try t.press("C-u")
        try t.type("110105198001010016"); try t.press("Enter")
        try await t.waitLastRow("Name:", "0/20")
        #expect(try t.screen().contains("Birth date: 1980-01-01"), "\(t.dump())")
        #expect(try t.screen().contains("Sex: male"), "\(t.dump())")
        try t.press("C-c")
    }

    /// Esc, y: the record's block gives way to one line.
    @Test func aDiscardedRecordLeavesOneLine() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        _ = try await FormRecordBlockTerminalTests.start(t)
        try t.type("13812345678"); try t.press("Enter")
        try await t.waitLastRow("ID card:", "0/18")
        try t.type("1101"); try t.press("Escape")
        try await t.wait("the question") { $0.contains { $0.contains("discard this record? y/N") } }
        try t.type("y")
        try await t.wait("one line, then the next record") { rows in
            rows.contains("record discarded") && rows.last { !$0.isEmpty }?.hasPrefix("Mobile:") == true
        }
        #expect(try !t.screen().contains { $0.hasPrefix("Mobile: 138") || $0.hasPrefix("ID card:") }, "\(t.dump())")
        try t.press("C-c")
    }

    /// The wide-character case: 40 columns, a Chinese prompt, 28 CJK characters (the line wraps, and the
    /// 17th character does not fit in the first row's last column), Left three times, then `好`: the cursor stands
    /// on the character after the one typed, drawn where the terminal drew it.
    @Test func theCursorStaysOnItsCharacterAfterWideCharactersOnAWrappedLine() async throws {
        let t = try await TmuxTerminal(columns: 40); defer { t.close() }
        try t.run("fieldline ask text --prompt '备注：'; echo rc=$?")
        try await t.wait("the prompt") { $0.contains { $0.hasPrefix("备注：") } }
        try t.paste(String(repeating: "一二三四", count: 7))
        try await t.wait("the line") { rows in rows.contains { $0.hasSuffix("二三四") && !$0.hasPrefix("备注") } }
        try t.press("Left", "Left", "Left")
        try t.type("好")
        let rows = try await t.wait("the typed character") { $0.joined().contains("一好二三四") }
        // Rows of the line: the first holds the prompt (3 cells wide, 6 columns) and 16 characters (32 columns):
        // 38, and the 17th goes whole to the next row. The cursor is on `二`, after `好`.
        let cursor = try t.cursor()
        let row = rows[cursor.y]
        var column = 0
        var under: Character?
        for c in row {
            if column == cursor.x { under = c; break }
            column += c.unicodeScalars.first!.value >= 0x2E80 ? 2 : 1
        }
        #expect(under == "二", "cursor at \(cursor) on \(String(describing: under)): \(t.dump())")
        try t.press("Enter")
        #expect(try await t.result() == "rc=0", "\(t.dump())")
    }

    /// Ctrl-L in a form: the screen cleared and the record's block drawn at its top, one copy of each line.
    @Test func ctrlLDrawsTheRecordAtTheTop() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        _ = try await FormRecordBlockTerminalTests.start(t)
        try t.type("13812345678"); try t.press("Enter")
        try await t.waitLastRow("ID card:", "0/18")
        try t.type("1101")
        try t.press("C-l")
        try await t.wait("the block at the top") { rows in
            rows.first == "Mobile: 138-1234-5678" && rows.count > 1 && rows[1].hasPrefix("ID card: 1101")
                && rows.filter { $0.hasPrefix("Mobile:") }.count == 1
        }
        try t.press("C-c")
    }
}
