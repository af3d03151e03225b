import Foundation
import Testing

/// `ask phone` at a real terminal: a pasted international number (its formatting dropped, as a paste's is) is
/// accepted on Enter and printed as E.164; an invalid one keeps the field open with the reason.
@Suite struct PhoneTerminalTests {
    @Test func aPastedNumberIsPrintedAsE164() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        t.run(AskTerminalTests.ask("phone --prompt 'Phone: '"))
        try await t.seeRow("Phone:", "0/20")
        try t.paste("+44 20 7946 0958")
        try await t.seeRow("Phone: +442079460958", "13/20")
        t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[+442079460958]", "\(t.dump())")
    }

    @Test func anInvalidNumberIsExplainedOnEnter() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        t.run(AskTerminalTests.ask("phone --prompt 'Phone: '"))
        try await t.seeRow("Phone:", "0/20")
        t.type("14012345678")
        try await t.seeRow("Phone: 14012345678", "11/20")
        t.press("Enter")
        try await t.see("the reason") { $0.contains("not a valid number for +86 (CN)") }
        t.press("Escape")
        #expect(try await t.result() == "rc=1 x=[]", "\(t.dump())")
    }
}
