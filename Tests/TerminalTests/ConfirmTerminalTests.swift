import Foundation
import Testing
@testable import TestSupport

/// `fieldline confirm` at a real terminal (tmux): y and n answer at once, Enter takes the default or says what to
/// type, Esc cancels, a timeout gives up or takes the default; the exit code is the answer, stdout stays empty
/// unless asked; the prompt ends as one line.
@Suite struct ConfirmTerminalTests {
    static func confirm(_ arguments: String) -> String { #"x=$(fieldline confirm \#(arguments)); echo "rc=$? x=[$x]""# }

    /// Types `keys` (each a tmux key name or text) into `confirm ARGUMENTS` and returns the result line and the
    /// screen's rows that hold the question.
    static func answer(_ arguments: String, _ keys: [String], literal: Bool = true) async throws -> (String?, [String]) {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(confirm(arguments))
        try await t.wait("[") { $0.contains { $0.hasPrefix("Install? [") } }
        for key in keys { if literal { try t.type(key) } else { try t.press(key) } }
        let result = try await t.result()
        return (result, try t.screen().filter { $0.hasPrefix("Install?") })
    }

    @Test func yAndNAnswerAtOnce() async throws {
        let (yes, yesRows) = try await Self.answer("--prompt 'Install?'", ["y"])
        #expect(yes == "rc=0 x=[]")
        #expect(yesRows == ["Install? [y/n] y"], "\(yesRows)")
        let (no, noRows) = try await Self.answer("--prompt 'Install?' --output value", ["N"])
        #expect(no == "rc=1 x=[no]")
        #expect(noRows == ["Install? [y/n] N"], "\(noRows)")
        let (shi, _) = try await Self.answer("--prompt 'Install?' --output value", ["是"])
        #expect(shi == "rc=0 x=[yes]")
    }

    @Test func enterTakesTheDefaultOrSaysWhatToType() async throws {
        let (yes, yesRows) = try await Self.answer("--prompt 'Install?' --default yes", ["Enter"], literal: false)
        #expect(yes == "rc=0 x=[]")
        #expect(yesRows == ["Install? [Y/n] y"], "\(yesRows)")
        let (no, noRows) = try await Self.answer("--prompt 'Install?' --default no", ["Enter"], literal: false)
        #expect(no == "rc=1 x=[]")
        #expect(noRows == ["Install? [y/N] n"], "\(noRows)")
        // No default: Enter explains on the status line and the question stays; a refused key changes nothing.
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(Self.confirm("--prompt 'Install?'"))
        try await t.wait("[y/n]") { $0.contains { $0.hasPrefix("Install? [y/n]") } }
        try t.press("Enter")
        try await t.wait("answer y") { $0.contains("answer y (yes) or n (no)") }
        try t.type("x")
        try t.type("y")
        #expect(try await t.result() == "rc=0 x=[]")
        let rows = try t.screen()
        #expect(rows.filter { $0.hasPrefix("Install?") } == ["Install? [y/n] y"], "\(t.dump())")
        #expect(!rows.contains { $0.contains("answer y (yes)") }, "the status line outlived the prompt\n\(t.dump())")
    }

    /// Esc and Ctrl-D cancel with 255, as dialog and whiptail do: a script tells "no" (1) from nobody answering.
    @Test func escAndCtrlDCancelWith255() async throws {
        let (esc, _) = try await Self.answer("--prompt 'Install?' --default yes --output value", ["Escape"], literal: false)
        #expect(esc == "rc=255 x=[]")
        let (eof, _) = try await Self.answer("--prompt 'Install?' --default no --output value", ["C-d"], literal: false)
        #expect(eof == "rc=255 x=[]")
        let (no, _) = try await Self.answer("--prompt 'Install?' --default yes --output value", ["n"])
        #expect(no == "rc=1 x=[no]")
        let (yes, _) = try await Self.answer("--prompt 'Install?' --default no --output value", ["y"])
        #expect(yes == "rc=0 x=[yes]")
    }

    /// With nobody there (FIELDLINE_NONINTERACTIVE=1, or debconf's DEBIAN_FRONTEND=noninteractive) the terminal
    /// is not opened even when there is one: the default is the answer at once, and no default is 64.
    @Test func nonInteractiveNeverAsksAtTheTerminal() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run("export FIELDLINE_NONINTERACTIVE=1; " + Self.confirm("--prompt 'Install?' --default no --output value"))
        #expect(try await t.result() == "rc=1 x=[no]", "\(t.dump())")
        let d = try await TmuxTerminal(); defer { d.close() }
        try d.run("export DEBIAN_FRONTEND=noninteractive; " + Self.confirm("--prompt 'Install?'"))
        #expect(try await d.result() == "rc=64 x=[]", "\(d.dump())")
        #expect(!(try d.screen()).contains { $0.hasPrefix("Install?") }, "\(d.dump())")
    }

    @Test func aTimeoutGivesUpOrTakesTheDefault() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(Self.confirm("--prompt 'Install?' --timeout 0.5"))
        #expect(try await t.result() == "rc=124 x=[]", "\(t.dump())")
        let d = try await TmuxTerminal(); defer { d.close() }
        try d.run(Self.confirm("--prompt 'Install?' --timeout 0.5 --default no --on-timeout default --output value"))
        #expect(try await d.result() == "rc=1 x=[no]", "\(d.dump())")
    }
    /// `是` from a slow line: one byte at a time, 30 ms apart (the gaps are the input, not a wait).
    @Test func aCharacterSplitOverTwoReadsAnswers() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(Self.confirm("--prompt 'Install?' --output value"))
        try await t.wait("[y/n]") { $0.contains { $0.hasPrefix("Install? [y/n]") } }
        try SplitCharacterTerminalTests.sendOneByOne(t, Array("是".utf8))
        #expect(try await t.result() == "rc=0 x=[yes]", "\(t.dump())")
    }

    /// A lead byte nothing follows is refused with its reason once the wait runs out, and `confirm` still answers.
    @Test func anUnfinishedCharacterIsRefusedWithItsReason() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(Self.confirm("--prompt 'Install?' --output value"))
        try await t.wait("[y/n]") { $0.contains { $0.hasPrefix("Install? [y/n]") } }
        try t.send(bytes: [0xE6])
        try await t.wait("the reason") { $0.contains { $0.contains("a character's bytes stopped coming before it was whole") } }
        try t.type("n")
        #expect(try await t.result() == "rc=1 x=[no]", "\(t.dump())")
    }

    /// Ctrl-C ends `confirm` as it ends `ask`: exit 130, the terminal's settings as they were.
    @Test func ctrlCExits130AndRestoresTheTerminal() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run("s1=$(stty -g); fieldline confirm --prompt 'Install?'")
        try await t.wait("[y/n]") { $0.contains { $0.hasPrefix("Install? [y/n]") } }
        try t.press("C-c")
        try await t.freshPrompt()
        try t.run(#"echo "rc=$?"; [ "$s1" = "$(stty -g)" ] && echo stty-same"#)
        #expect(try await t.result() == "rc=130", "\(t.dump())")
        let rows = try await t.wait { $0.contains("stty-same") }
        #expect(rows.contains("stty-same"), "\(t.dump())")
    }
}

