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
        t.run(Self.ask("phone-cn --prompt 'Mobile: '"))
        try await t.waitRow("Mobile:", "0/11")
        t.type("10")
        try await t.wait { $0.contains { $0.contains("not a mobile number") } }
        for _ in 0..<30 { t.type("0") }                  // each refused: no mobile number starts 10
        t.type("x")
        try await Task.sleep(nanoseconds: 400_000_000)
        let rows = t.screen()
        let field = Self.fieldRows(rows, "Mobile:")
        #expect(field.count == 1, "\(t.dump())")
        guard let row = field.first else { return }
        #expect(rows[row].hasPrefix("Mobile: 1 ") && rows[row].hasSuffix(" !"), "\(t.dump())")
        #expect(Self.rowsUnder(rows, fieldRow: row).count <= 1, "\(t.dump())")
        t.press("Escape")
        #expect(try await t.result() == "rc=1 x=[]", "\(t.dump())")
        let end = t.screen()
        #expect(Self.fieldRows(end, "Mobile:").count == 1, "\(t.dump())")
        #expect(!end.contains { $0.contains("not a mobile number") }, "the status line outlived the prompt\n\(t.dump())")
        // The line left behind is the final display: no refusal mark from the editing.
        #expect(end.first { $0.hasPrefix("Mobile:") }?.hasSuffix(" !") == false, "a stale refusal mark\n\(t.dump())")
    }

    @Test func threeFailedEntersLeaveOneFieldAndTheirMessage() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        t.run(Self.ask("idcard-cn --prompt 'ID: '"))
        try await t.waitRow("ID:", "0/18")
        t.type("110105194912310021")                    // the check character should be X
        try await t.waitRow("ID: 110105 19491231 0021", "18/18")
        for _ in 0..<3 { t.press("Enter") }
        let rows = try await t.wait { $0.contains { $0.contains("check character should be X") } }
        try await Task.sleep(nanoseconds: 300_000_000)
        let screen = t.screen()
        let field = Self.fieldRows(screen, "ID:")
        #expect(field.count == 1, "\(t.dump())")
        #expect(screen.filter { $0.contains("check character should be X") }.count == 1, "\(rows)")
        if let row = field.first { #expect(Self.rowsUnder(screen, fieldRow: row) == ["check character should be X"], "\(t.dump())") }
        t.press("BSpace"); t.type("X")
        try await t.waitRow("ID: 110105 19491231 002X", "18/18")
        t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[11010519491231002X]", "\(t.dump())")
        let end = t.screen()
        #expect(Self.fieldRows(end, "ID:").count == 1 && !end.contains { $0.contains("check character") }, "\(t.dump())")
    }

    /// A line that wraps (libedit hides its right prompt): the counter is at the start of the status line, and
    /// follows every key.
    @Test func theCounterStaysVisibleOnAWrappedLine() async throws {
        let t = try await TmuxTerminal(columns: 40); defer { t.close() }
        t.run(Self.ask("text --limit 200 --prompt 'Note: '"))
        try await t.waitRow("Note:", "0/200")
        t.type(String(repeating: "a", count: 50))
        try await t.see("the counter under the wrapped line") { $0.contains("50/200") }
        t.type("bc")
        try await t.see("the counter following the keys") { $0.contains("52/200") && !$0.contains("50/200") }
        t.press("Enter")
        #expect(try await t.result()?.hasPrefix("rc=0 x=[aaaa") == true, "\(t.dump())")
        #expect(!t.screen().contains("52/200"), "the status line outlived the prompt\n\(t.dump())")
    }

    /// Resizing narrower and back, and Ctrl-L: the field once, the status line once, editing goes on.
    @Test func resizeAndCtrlLKeepOneCopy() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        t.run(Self.ask("phone-cn --prompt 'Mobile: '"))
        try await t.waitRow("Mobile:", "0/11")
        t.type("1381234")
        try await t.waitRow("Mobile: 138-1234", "7/11")
        t.press("Enter")
        try await t.see("the message") { $0.contains("too short for CN") }
        try t.tmux("resize-window", "-t", "s", "-x", "30")
        try await Task.sleep(nanoseconds: 500_000_000)
        try t.tmux("resize-window", "-t", "s", "-x", "80")
        try await Task.sleep(nanoseconds: 500_000_000)
        t.press("C-l")
        try await Task.sleep(nanoseconds: 400_000_000)
        let rows = t.screen()
        let field = Self.fieldRows(rows, "Mobile:")
        #expect(field.count == 1, "\(t.dump())")
        #expect(rows.filter { $0.contains("too short for CN") }.count <= 1, "\(t.dump())")
        t.type("5678")
        try await t.waitRow("Mobile: 138-1234-5678", "11/11")
        t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[13812345678]", "\(t.dump())")
        #expect(Self.fieldRows(t.screen(), "Mobile:").count == 1, "\(t.dump())")
    }

    /// A picker whose candidates change with every key: one field row, the list under it, refusals on no row of
    /// their own; nothing under the line once a country is chosen.
    @Test func aPickerHoldsStillWhileItsCandidatesChange() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        t.run(Self.ask("country --prompt 'Country: '"))
        try await t.wait { $0.contains { $0.hasPrefix("Country:") } }
        for key in ["g", "e", "q", "r"] {
            t.type(key)
            try await Task.sleep(nanoseconds: 250_000_000)
            #expect(Self.fieldRows(t.screen(), "Country:").count == 1, "after \(key)\n\(t.dump())")
        }
        t.press("Down"); t.press("Up")
        try await Task.sleep(nanoseconds: 250_000_000)
        #expect(Self.fieldRows(t.screen(), "Country:").count == 1, "\(t.dump())")
        t.press("Enter")
        let result = try #require(try await t.result(), "\(t.dump())")
        #expect(result.hasPrefix("rc=0 x=["), "\(t.dump())")
        let end = t.screen()
        if let row = Self.fieldRows(end, "Country:").first {
            #expect(end[row + 1].hasPrefix("rc=0"), "something was left under the field\n\(t.dump())")
        }
    }
}
