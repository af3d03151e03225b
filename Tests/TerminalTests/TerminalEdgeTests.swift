import Foundation
import Testing
@testable import TestSupport

/// What the screen shows around the field: after resizes, under a prompt that wraps, on the accepted line, and on
/// a dumb terminal.
@Suite struct TerminalEdgeTests: TypesAskCommands {
    /// Narrowing the window rewraps the field's row (counter included); widening joins it again. After both, the
    /// line is on the screen once and editing goes on.
    @Test func resizesLeaveOneCopyOfTheLine() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        t.run(Self.ask("text --limit 40"))
        try await t.waitRow(">", "0/40")
        t.type("hello world")
        try await t.waitRow("> hello world", "11/40")
        for width in ["30", "100", "25", "80"] {
            try t.tmux("resize-window", "-t", "s", "-x", width)
            try await Task.sleep(nanoseconds: 300_000_000)
            let rows = t.screen()
            #expect(rows.filter { $0.contains("hello world") }.count == 1, "width \(width)\n\(t.dump())")
            #expect(rows.filter { $0.contains("11/40") }.count <= 1, "width \(width)\n\(t.dump())")
        }
        t.type("!")
        let rows = try await t.waitRow("> hello world!", "12/40")
        #expect(rows.filter { $0.contains("hello world") }.count == 1, "\(t.dump())")
        t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[hello world!]", "\(t.dump())")
    }

    /// A prompt longer than the row: Enter's message stays under the field, on the status line, with the counter in
    /// front of it (libedit shows no right prompt on a wrapped line).
    @Test func theMessageStaysVisibleUnderAWrappedPrompt() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        let prompt = String(repeating: "P", count: 100) + ": "
        t.run(Self.ask("phone-cn --prompt '\(prompt)'"))
        try await t.wait { $0.contains { $0.hasPrefix("PPPPPPPPPP") } }
        t.type("1381234")
        try await t.wait { $0.contains { $0.contains("138-1234") } }
        t.press("Enter")
        let rows = try await t.wait { $0.contains("7/11 !  too short for CN") }
        try await Task.sleep(nanoseconds: 300_000_000)
        let after = t.screen()
        #expect(rows.contains("7/11 !  too short for CN"), "\(t.dump())")
        #expect(after.contains("7/11 !  too short for CN"), "the message was erased\n\(t.dump())")
        // The field stays where it was, once, right above the status line, and editing goes on there.
        let message = after.lastIndex(of: "7/11 !  too short for CN") ?? 0
        #expect(message > 0 && after[message - 1].hasSuffix(": 138-1234"), "\(t.dump())")
        #expect(after.filter { $0.hasSuffix(": 138-1234") }.count == 1, "\(t.dump())")
        t.type("5678")
        let typed = try await t.wait { $0.contains { $0.contains("138-1234-5678") } && $0.contains("11/11") }
        #expect(typed.contains("11/11"), "the counter is not shown while libedit hides it\n\(t.dump())")
        t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[13812345678]", "\(t.dump())")
    }

    /// The accepted line shows the final display and counter: no ` !` left from a refused key before Enter.
    @Test func theAcceptedLineHasNoStaleRefusalMark() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        t.run(Self.ask("text --limit 20"))
        try await t.waitRow(">", "0/20")
        t.type("ab")
        try await t.waitRow("> ab", "2/20")
        t.press("F5")
        try await t.waitRow("> ab", "2/20 !")
        t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[ab]", "\(t.dump())")
        let rows = t.screen()
        #expect(rows.contains { TmuxTerminal.isRow($0, "> ab", "2/20") }, "\(t.dump())")
        #expect(!rows.contains { $0.hasSuffix("!") }, "\(t.dump())")
    }

    /// On a dumb terminal the message is followed directly by the prompt drawn again, with no blank line between.
    @Test func aDumbTerminalShowsNoBlankLineBeforeTheRedrawnPrompt() async throws {
        let t = try await TmuxTerminal(term: "dumb"); defer { t.close() }
        t.run(Self.ask("phone-cn --prompt 'M: '"))
        try await t.wait { $0.contains { $0.hasPrefix("M:") } }
        t.type("1381234")
        try await t.wait { $0.contains { $0.hasPrefix("M: 138-1234") } }
        t.press("Enter")
        let rows = try await t.wait { $0.contains("too short for CN") }
        try await Task.sleep(nanoseconds: 300_000_000)
        let after = t.screen()
        let message = try #require(after.lastIndex(of: "too short for CN"), "\(t.dump())")
        #expect(rows.count > message + 1 && after[message + 1].hasPrefix("M:"), "\(t.dump())")
        t.type("5678")
        try await t.wait { $0.contains { $0.hasPrefix("M: 138-1234-5678") } }
        t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[13812345678]", "\(t.dump())")
    }
}
