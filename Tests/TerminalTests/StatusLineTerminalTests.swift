import Foundation
import Testing
@testable import TestSupport

/// A screen that holds still (issue 26): whatever arrives, one copy of the field and at most one status line under
/// it (the reason of the last refusal or failed Enter, the counter in front when libedit hides its right prompt);
/// when the prompt ends, one line and nothing under it.
@Suite struct StatusLineTerminalTests: TypesAskCommands {
    /// Rows that hold the field (they start with its prompt).
    static func fieldRows(_ rows: [String], _ prompt: String) -> [Int] {
        rows.indices.filter { rows[$0].hasPrefix(prompt) }
    }

    /// Non-empty rows under the field's last row, up to the end of the screen.
    static func rowsUnder(_ rows: [String], fieldRow: Int) -> [String] {
        rows[(fieldRow + 1)...].filter { !$0.isEmpty }
    }

    @Test func thirtyRefusedKeysLeaveOneFieldAndOneStatusLine() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(Self.ask("phone-cn --prompt 'Mobile: '"))
        try await t.waitRow("Mobile:", "0/11")
        try t.type("10")
        try await t.wait { $0.contains { $0.contains("not a mobile number") } }
        for _ in 0..<30 { try t.type("0") }                  // each refused: no mobile number starts 10
        try t.type("x")
        let still = "one field, its keys refused, at most one status line under it"
        func isStill(_ rows: [String]) -> Bool {
            let field = Self.fieldRows(rows, "Mobile:")
            guard field.count == 1, let row = field.first else { return false }
            return rows[row].hasPrefix("Mobile: 1 ") && rows[row].hasSuffix(" !") && Self.rowsUnder(rows, fieldRow: row).count <= 1
        }
        try await t.wait(still, isStill)
        try await t.holds(still, isStill)
        try t.press("Escape")
        #expect(try await t.result() == "rc=1 x=[]", "\(t.dump())")
        let end = try t.screen()
        #expect(Self.fieldRows(end, "Mobile:").count == 1, "\(t.dump())")
        #expect(!end.contains { $0.contains("not a mobile number") }, "the status line outlived the prompt\n\(t.dump())")
        // The line left behind is the final display: no refusal mark from the editing.
        #expect(end.first { $0.hasPrefix("Mobile:") }?.hasSuffix(" !") == false, "a stale refusal mark\n\(t.dump())")
    }

    @Test func threeFailedEntersLeaveOneFieldAndTheirMessage() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(Self.ask("idcard-cn --prompt 'ID: '"))
        try await t.waitRow("ID:", "0/18")
        try t.type("110105194912310021")                    // the check character should be X
        try await t.waitRow("ID: 110105 19491231 0021", "18/18")
        for _ in 0..<3 { try t.press("Enter") }
        try await t.wait("the message") { $0.contains { $0.contains("check character should be X") } }
        try await t.holds("one field and its message once, under it") { screen in
            let field = Self.fieldRows(screen, "ID:")
            return field.count == 1 && Self.rowsUnder(screen, fieldRow: field[0]) == ["check character should be X"]
        }
        try t.press("BSpace"); try t.type("X")
        try await t.waitRow("ID: 110105 19491231 002X", "18/18")
        try t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[11010519491231002X]", "\(t.dump())")
        let end = try t.screen()
        #expect(Self.fieldRows(end, "ID:").count == 1 && !end.contains { $0.contains("check character") }, "\(t.dump())")
    }

    /// A line that wraps (libedit hides its right prompt): the counter is at the start of the status line, and
    /// follows every key.
    @Test func theCounterStaysVisibleOnAWrappedLine() async throws {
        let t = try await TmuxTerminal(columns: 40); defer { t.close() }
        try t.run(Self.ask("text --limit 200 --prompt 'Note: '"))
        try await t.waitRow("Note:", "0/200")
        try t.type(String(repeating: "a", count: 50))
        try await t.wait("the counter under the wrapped line") { $0.contains("50/200") }
        try t.type("bc")
        try await t.wait("the counter following the keys") { $0.contains("52/200") && !$0.contains("50/200") }
        try t.press("Enter")
        #expect(try await t.result().hasPrefix("rc=0 x=[aaaa") == true, "\(t.dump())")
        #expect(try !t.screen().contains("52/200"), "the status line outlived the prompt\n\(t.dump())")
    }

    /// Resizing narrower and back, and Ctrl-L: the field once, the status line once, editing goes on.
    @Test func resizeAndCtrlLKeepOneCopy() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(Self.ask("phone-cn --prompt 'Mobile: '"))
        try await t.waitRow("Mobile:", "0/11")
        try t.type("1381234")
        try await t.waitRow("Mobile: 138-1234", "7/11")
        try t.press("Enter")
        try await t.wait("the message") { $0.contains("too short for CN") }
        for width in [30, 80] {
            try t.tmux("resize-window", "-t", "s", "-x", "\(width)")
            try await t.wait("the field drawn again \(width) wide") {
                $0.contains { TmuxTerminal.isRow($0, "Mobile: 138-1234", "7/11 !") && $0.count == width - 1 }
            }
        }
        try t.press("C-l")
        // Ctrl-L draws the same screen again: nothing to wait for, so it must hold still.
        try await t.holds("one field and at most one message") {
            Self.fieldRows($0, "Mobile:").count == 1 && $0.filter { $0.contains("too short for CN") }.count <= 1
        }
        try t.type("5678")
        try await t.waitRow("Mobile: 138-1234-5678", "11/11")
        try t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[13812345678]", "\(t.dump())")
        #expect(try Self.fieldRows(t.screen(), "Mobile:").count == 1, "\(t.dump())")
    }

    /// A picker whose candidates change with every key: one field row, the list under it, refusals on no row of
    /// their own; nothing under the line once a country is chosen.
    @Test func aPickerHoldsStillWhileItsCandidatesChange() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(Self.ask("country --prompt 'Country: '"))
        try await t.wait { $0.contains { $0.hasPrefix("Country:") } }
        // Each key's effect on the field's row (`q` is refused: the mark), then one field row while it holds still.
        for (key, typed, refused) in [("g", "g", false), ("e", "ge", false), ("q", "ge", true), ("r", "ger", false)] {
            try t.type(key)
            try await t.wait("the field after \(key)") {
                $0.contains { $0.hasPrefix("Country: \(typed) ") && $0.hasSuffix("!") == refused }
            }
            try await t.holds("one field row after \(key)", for: 0.25) { Self.fieldRows($0, "Country:").count == 1 }
        }
        // Whether the candidate `n` rows under the field is the chosen one (`>` in front).
        func chosen(_ n: Int, _ rows: [String]) -> Bool {
            guard let field = Self.fieldRows(rows, "Country:").first, field + n < rows.count else { return false }
            return rows[field + n].hasPrefix(">")
        }
        try t.press("Down")
        try await t.wait("the second candidate chosen") { chosen(2, $0) }
        try t.press("Up")
        try await t.wait("the first candidate chosen") { chosen(1, $0) }
        try await t.holds("one field row", for: 0.25) { Self.fieldRows($0, "Country:").count == 1 }
        try t.press("Enter")
        let result = try await t.result()
        #expect(result.hasPrefix("rc=0 x=["), "\(t.dump())")
        let end = try t.screen()
        if let row = Self.fieldRows(end, "Country:").first {
            #expect(end[row + 1].hasPrefix("rc=0"), "something was left under the field\n\(t.dump())")
        }
    }
}
