import Foundation
import Testing
@testable import TestSupport

/// The terminal tests' waits fail: a condition never met throws, naming what was awaited, how long, and the screen;
/// so does a condition that must hold and stops, and a key sent to a terminal that is gone.
@Suite struct TmuxWaitTests {
    @Test func aWaitForTextThatNeverAppearsThrowsWithTheScreen() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run("echo on-the-screen")
        try await t.wait("the echo") { $0.contains("on-the-screen") }
        let error = await #expect(throws: WaitProblem.self) {
            try await t.wait("text that never appears", timeout: 0.3) { $0.contains("never-shown") }
        }
        let message = error?.message ?? ""
        #expect(message.contains("waited 0.3 s for text that never appears"), "\(message)")
        #expect(message.contains("TmuxWaitTests.swift:"), "the caller's line: \(message)")
        #expect(message.contains("\non-the-screen"), "the screen: \(message)")
    }

    @Test func theRowAndResultWaitsThrowToo() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run("echo nothing-more")
        try await t.wait { $0.contains("nothing-more") }
        await #expect(throws: WaitProblem.self) { try await t.waitRow("> never", "0/1", timeout: 0.3) }
        await #expect(throws: WaitProblem.self) { try await t.result(timeout: 0.3) }
    }

    @Test func aConditionThatStopsHoldingThrows() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run("echo arrived")
        let error = await #expect(throws: WaitProblem.self) {
            try await t.holds("nothing arriving", for: Waiting.patience) { !$0.contains("arrived") }
        }
        #expect(error?.message.contains("nothing arriving") == true, "\(error?.message ?? "")")
    }

    @Test func keysToATerminalThatIsGoneThrow() async throws {
        let t = try await TmuxTerminal()
        t.close()
        #expect(throws: WaitProblem.self) { try t.type("x") }
        #expect(throws: WaitProblem.self) { try t.press("Enter") }
        #expect(throws: WaitProblem.self) { try t.screen() }
    }
}
