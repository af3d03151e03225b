import Foundation
import Testing
@testable import TestSupport

/// Bytes a terminal sends for keys the field does not type: no part of an escape sequence may ever become text,
/// and no pasted byte may run a command. Each test fails on the reader that let libedit see escape sequences.
@Suite struct EscapeSequenceTerminalTests: TypesAskCommands {
    /// Ctrl-Left is backward-word, so `34` lands before `12`, and no byte of its sequence (`ESC [1;5D`) is left
    /// behind as text.
    @Test func ctrlLeftMovesByWordAndLeavesNothingBehind() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(Self.ask("digits"))
        try await t.wait { $0.contains(">") }
        try t.type("12")
        try await t.wait { $0.contains { $0.hasPrefix("> 12") } }
        try t.press("C-Left")
        try t.type("34")
        try await t.wait { $0.contains { $0.hasPrefix("> 3412") } }
        try t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[3412]", "\(t.dump())")
    }

    /// Keys with no meaning in a text field are refused whole: no `~`, `2`, `3` or `5` from their sequences.
    @Test(arguments: ["PPage", "NPage", "IC", "F5", "F12", "S-Left", "S-Right", "S-Up", "C-Up", "M-Up"])
    func unknownKeysAreRefusedWhole(key: String) async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(Self.ask("text --limit 20"))
        try await t.waitRow(">", "0/20")
        try t.type("ab")
        try await t.waitRow("> ab", "2/20")
        try t.press(key)
        let rows = try await t.waitRow("> ab", "2/20 !")
        #expect(rows.contains { TmuxTerminal.isRow($0, "> ab", "2/20 !") }, "\(key)\n\(t.dump())")
        try t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[ab]", "\(key)\n\(t.dump())")
    }

    /// Raw sequences from other terminals: a stray paste end, rxvt and linux-console keys, an over-long CSI.
    static let rawSequences: [String: String] = [
        "stray paste end": "\u{1B}[201~",
        "rxvt Ctrl-Delete at the end": "\u{1B}[3^",
        "xterm Shift-F3": "\u{1B}[1;2R",
        "OSC string": "\u{1B}]0;title\u{7}",
        "kitty plain letter": "\u{1B}[97u",
        "over-long CSI": "\u{1B}[" + String(repeating: "1", count: 20_000) + "D",
    ]

    @Test(arguments: rawSequences.keys.sorted())
    func rawSequencesInsertNothing(name: String) async throws {
        let sequence = try #require(Self.rawSequences[name])
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(Self.ask("text --limit 30"))
        try await t.waitRow(">", "0/30")
        try t.type("ab")
        try await t.waitRow("> ab", "2/30")
        try t.send(bytes: Array(sequence.utf8))
        try await t.waitRow("> ab", "2/30 !")
        try t.type("c")
        try await t.waitRow("> abc", "3/30")
        try t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[abc]", "\(name)\n\(t.dump())")
    }

    /// Home, End and Delete as xterm, rxvt, the linux console and tmux send them.
    @Test func homeEndAndDeleteInEveryEncoding() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(Self.ask("digits"))
        try await t.wait { $0.contains(">") }
        try t.type("55")
        try await t.wait { $0.contains { $0.hasPrefix("> 55") } }
        var expected = "55"
        for (home, end) in [("\u{1B}[H", "\u{1B}[F"), ("\u{1B}OH", "\u{1B}OF"), ("\u{1B}[1~", "\u{1B}[4~"),
                            ("\u{1B}[7~", "\u{1B}[8~")] {
            try t.send(bytes: Array(home.utf8))
            try t.type("1")
            try t.send(bytes: Array(end.utf8))
            try t.type("2")
            expected = "1" + expected + "2"
            let want = expected
            try await t.wait { $0.contains { $0.hasPrefix("> " + want) } }
        }
        try t.send(bytes: Array("\u{1B}[H\u{1B}[3~".utf8))  // Home, Delete
        expected.removeFirst()
        try t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[\(expected)]", "\(t.dump())")
    }

    /// Word keys have their readline meaning: Alt-b/f, Ctrl-Left/Right move, Alt-Backspace and Ctrl-W kill back,
    /// Alt-d kills forward.
    @Test func wordKeysEditByWord() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(Self.ask("text --limit 30"))
        try await t.waitRow(">", "0/30")
        try t.type("one two three")
        try await t.waitRow("> one two three", "13/30")
        try t.press("M-BSpace")  // kills "three"
        try await t.waitRow("> one two", "8/30")
        try t.press("M-b", "M-b")  // to the start of "one"
        try t.press("M-d")  // kills "one", leaving " two "
        try await t.waitRow(">  two", "5/30")
        try t.press("C-Right")  // after "two"
        try t.type("!")
        try await t.waitRow(">  two!", "6/30")
        try t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[ two! ]", "\(t.dump())")
    }

    /// A paste that carries its own end marker and a carriage return never accepts, and since the terminal sent
    /// more than text, nothing of it goes in: the operator is told why.
    @Test func aPasteCannotSubmitTheField() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(Self.ask("text --limit 20"))
        try await t.waitRow(">", "0/20")
        try t.paste("safe\u{1B}[201~evil\r")
        let rows = try await t.waitRow(">", "0/20 !")
        #expect(rows.contains { $0.hasPrefix("paste refused: it held a control character or an escape sequence") }, "\(t.dump())")
        try await t.holds("no result: the paste did not accept the field") { !$0.contains(where: TmuxTerminal.isResult) }
        try t.press("Escape")
        #expect(try await t.result() == "rc=1 x=[]", "\(t.dump())")
    }

    /// A paste of exactly one read's size with a CR right behind it: whether tmux's writes put the CR in the same
    /// read (pasted text) or the next (a paste tail, `PasteTailTests`), it never accepts.
    @Test func aCarriageReturnRightBehindAPasteNeverAccepts() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(Self.ask("digits"))
        try await t.wait { $0.contains(">") }
        let body = "12" + String(repeating: "x", count: 4096 - 12 - 2)
        try t.send(bytes: Array(("\u{1B}[200~" + body + "\u{1B}[201~\r").utf8))
        // The x's make the paste refused as a whole (a value is never silently changed), which shows it arrived; a CR
        // that came in a read of its own is refused after it as a paste's tail, and its reason is the one shown.
        try await t.wait("the paste refused, or its tail after it") { rows in
            rows.contains { $0.hasPrefix("paste refused: unexpected 'x' at column 3") || $0.hasPrefix("keys that came with a paste cannot end the field") }
                && rows.contains { $0.hasPrefix(">") && $0.hasSuffix("!") && !$0.contains("x") }
        }
        try await t.holds("no result: the paste's tail did not accept the field") { !$0.contains(where: TmuxTerminal.isResult) }
        try t.type("12")
        try await t.wait { $0.contains { $0.hasPrefix("> 12") } }
        try t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[12]", "\(t.dump())")
    }

    /// A paste is never silently changed: a space inside an e-mail address refuses the whole paste with the reason
    /// under the field; a phone number's separators are formatting and go; the field then takes a clean paste.
    @Test func aPasteIsTakenWholeOrRefusedWithItsReason() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(Self.ask("email"))
        try await t.waitRow(">", "0/254")
        try t.paste("john doe@example.com")
        let rows = try await t.waitRow(">", "0/254 !")
        #expect(rows.contains { $0.hasPrefix("paste refused: unexpected ' ' at column 5") }, "\(t.dump())")
        try t.paste(" john@Example.COM\n")
        try await t.waitRow("> john@Example.COM", "16/254")
        try t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[john@example.com]", "\(t.dump())")

        let p = try await TmuxTerminal(); defer { p.close() }
        try p.run(Self.ask("phone-cn"))
        try await p.waitRow(">", "0/11")
        try p.paste("+86 (186) 7240-3197")
        try await p.waitRow("> 186-7240-3197", "11/11")
        try p.press("Enter")
        #expect(try await p.result() == "rc=0 x=[18672403197]", "\(p.dump())")
    }
}
