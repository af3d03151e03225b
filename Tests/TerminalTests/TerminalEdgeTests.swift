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
        try t.run(Self.ask("text --limit 40"))
        try await t.waitRow(">", "0/40")
        try t.type("hello world")
        try await t.waitRow("> hello world", "11/40")
        for width in [30, 100, 25, 80] {
            try t.tmux("resize-window", "-t", "s", "-x", "\(width)")
            // Drawn again for the new width: the counter at its right edge.
            try await t.wait("the line drawn again \(width) wide") {
                $0.contains { TmuxTerminal.isRow($0, "> hello world", "11/40") && $0.count == width - 1 }
            }
            try await t.holds("one copy of the line \(width) wide") { rows in
                rows.filter { $0.contains("hello world") }.count == 1 && rows.filter { $0.contains("11/40") }.count <= 1
            }
        }
        try t.type("!")
        let rows = try await t.waitRow("> hello world!", "12/40")
        #expect(rows.filter { $0.contains("hello world") }.count == 1, "\(t.dump())")
        try t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[hello world!]", "\(t.dump())")
    }

    /// A prompt longer than the row: Enter's message stays under the field, on the status line, with the counter in
    /// front of it (libedit shows no right prompt on a wrapped line).
    @Test func theMessageStaysVisibleUnderAWrappedPrompt() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        let prompt = String(repeating: "P", count: 100) + ": "
        try t.run(Self.ask("phone-cn --prompt '\(prompt)'"))
        try await t.wait { $0.contains { $0.hasPrefix("PPPPPPPPPP") } }
        try t.type("1381234")
        try await t.wait { $0.contains { $0.contains("138-1234") } }
        try t.press("Enter")
        try await t.wait("the message") { $0.contains("7/11 !  too short for CN") }
        // The message is not erased; the field stays where it was, once, right above the status line.
        try await t.holds("the message under the field, once") { after in
            guard let message = after.lastIndex(of: "7/11 !  too short for CN") else { return false }
            return message > 0 && after[message - 1].hasSuffix(": 138-1234") && after.filter { $0.hasSuffix(": 138-1234") }.count == 1
        }
        try t.type("5678")
        let typed = try await t.wait { $0.contains { $0.contains("138-1234-5678") } && $0.contains("11/11") }
        #expect(typed.contains("11/11"), "the counter is not shown while libedit hides it\n\(t.dump())")
        try t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[13812345678]", "\(t.dump())")
    }

    /// The accepted line shows the final display and counter: no ` !` left from a refused key before Enter.
    @Test func theAcceptedLineHasNoStaleRefusalMark() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(Self.ask("text --limit 20"))
        try await t.waitRow(">", "0/20")
        try t.type("ab")
        try await t.waitRow("> ab", "2/20")
        try t.press("F5")
        try await t.waitRow("> ab", "2/20 !")
        try t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[ab]", "\(t.dump())")
        let rows = try t.screen()
        #expect(rows.contains { TmuxTerminal.isRow($0, "> ab", "2/20") }, "\(t.dump())")
        #expect(!rows.contains { $0.hasSuffix("!") }, "\(t.dump())")
    }

    /// On a dumb terminal the message is followed directly by the prompt drawn again, with no blank line between
    /// (the full-screen prompt, kept by `FIELDLINE_ACCESSIBLE=0`: a dumb terminal is otherwise accessible mode).
    @Test func aDumbTerminalShowsNoBlankLineBeforeTheRedrawnPrompt() async throws {
        let t = try await TmuxTerminal(term: "dumb"); defer { t.close() }
        try t.run("export FIELDLINE_ACCESSIBLE=0")
        try t.run(Self.ask("phone-cn --prompt 'M: '"))
        try await t.wait { $0.contains { $0.hasPrefix("M:") } }
        try t.type("1381234")
        try await t.wait { $0.contains { $0.hasPrefix("M: 138-1234") } }
        try t.press("Enter")
        try await t.wait("the message, the prompt drawn again on the next row") { rows in
            guard let message = rows.lastIndex(of: "too short for CN") else { return false }
            return rows.count > message + 1 && rows[message + 1].hasPrefix("M:")
        }
        try t.type("5678")
        try await t.wait { $0.contains { $0.hasPrefix("M: 138-1234-5678") } }
        try t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[13812345678]", "\(t.dump())")
    }
}
