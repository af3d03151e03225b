import Foundation
import Testing
@testable import TestSupport

/// Type it twice (issue 46 item 8): `ask --verify` and a form field's `verify: true` ask the value again, masked,
/// and take it only when both entries are the same value; a mismatch says so on the status line and the field
/// starts again, empty.
@Suite struct VerifyTerminalTests: TypesAskCommands {
    /// The second entry is masked: its row shows one `*` per symbol, never the digits.
    @Test func theSecondEntryIsMaskedAndAMatchIsTaken() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(Self.ask("phone-cn --verify --prompt 'Mobile: ' --output display"))
        try await t.waitLastRow("Mobile:", "0/11")
        try t.type("13812345678"); try t.press("Enter")
        try await t.waitLastRow("Mobile (again):", "0/11")
        try t.type("138")
        try await t.wait("masked") { rows in rows.contains { TmuxTerminal.isRow($0, "Mobile (again): ***", "3/11") } }
        #expect(try !t.screen().contains { $0.hasPrefix("Mobile (again): 138") }, "\(t.dump())")
        try t.type("12345678"); try t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[138-1234-5678]", "\(t.dump())")
    }

    /// Two different entries: the status line says so, the field starts again empty; then a match is taken.
    @Test func aMismatchSaysSoAndStartsTheFieldAgain() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(Self.ask("digits --limit 6 --verify --prompt 'PIN: '"))
        try await t.waitLastRow("PIN:", "0/6")
        try t.type("123456\r")
        try await t.waitLastRow("PIN (again):", "0/6")
        try t.type("123465\r")
        try await t.wait("the mismatch") { rows in
            rows.contains { $0.contains("the two entries differ: type it again") } && rows.contains { TmuxTerminal.isRow($0, "PIN:", "0/6") }
        }
        try t.type("654321\r")
        try await t.waitLastRow("PIN (again):", "0/6")
        try t.type("654321\r")
        #expect(try await t.result() == "rc=0 x=[654321]", "\(t.dump())")
        // Escape in the second entry cancels as in the first (exit 1, nothing out).
        try t.run("clear; " + Self.ask("digits --limit 6 --verify --prompt 'PIN: '"))
        try await t.waitLastRow("PIN:", "0/6")
        try t.type("12\r")
        try await t.waitLastRow("PIN (again):", "0/6")
        try t.press("Escape")
        #expect(try await t.result() == "rc=1 x=[]", "\(t.dump())")
    }

    /// A resize while the second entry is asked redraws it (one copy, still masked), and the match is taken.
    @Test func aResizeDuringTheSecondEntry() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(Self.ask("text --limit 40 --verify --prompt 'Account name: '"))
        try await t.waitLastRow("Account name:", "0/40")
        try t.type("fieldline_admin\r")
        try await t.waitLastRow("Account name (again):", "0/40")
        try t.type("fieldline")
        try await t.waitLastRow("Account name (again): *********", "9/40")
        _ = try t.tmux("resize-window", "-t", "s", "-x", "30")
        try await t.wait("one masked copy at 30 columns") { rows in
            rows.filter { $0.hasPrefix("Account name (again): ") }.count == 1 && !rows.contains { $0.contains("fieldline_") && $0.contains("again") }
        }
        _ = try t.tmux("resize-window", "-t", "s", "-x", "80")
        try await t.waitLastRow("Account name (again): *********", "9/40")
        try t.type("_admin\r")
        #expect(try await t.result() == "rc=0 x=[fieldline_admin]", "\(t.dump())")
    }

    /// In Chinese: the second prompt and the mismatch in Chinese, and the same value typed as 中文 text.
    @Test func inChinese() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run("export FIELDLINE_LANG=zh; " + Self.ask("text --limit 10 --verify --prompt '姓名：'"))
        try await t.waitLastRow("姓名：", "0/10")
        try t.type("张三\r")
        try await t.waitLastRow("姓名（再输一次）：", "0/10")
        try t.type("张四\r")
        try await t.wait("the mismatch in Chinese") { rows in rows.contains { $0.contains("两次输入不一致") } }
        try t.type("张三\r")
        try await t.waitLastRow("姓名（再输一次）：", "0/10")
        try t.type("张三\r")
        #expect(try await t.result() == "rc=0 x=[张三]", "\(t.dump())")
    }

    /// A form field with `verify: true`: asked again masked in its own line, a mismatch starts it again, and the
    /// record is saved with the value; the other fields are asked once.
    @Test func aFormFieldWithVerify() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        let form = t.home + "/account.yaml"
        try """
            name: account
            fields:
              - {name: user, keymap: text, prompt: "User: ", limit: 20}
              - {name: mobile, keymap: phone-cn, prompt: "Mobile: ", verify: true}
            """.write(toFile: form, atomically: true, encoding: .utf8)
        let out = t.home + "/a.jsonl"
        try t.run("fieldline form '\(form)' --out '\(out)'; echo rc=$?")
        try await t.waitLastRow("User:", "0/20")
        try t.type("li\r")
        try await t.waitLastRow("Mobile:", "0/11")
        try t.type("13812345678\r")
        try await t.waitLastRow("Mobile (again):", "0/11")
        try t.type("13812345679\r")
        try await t.wait("the mismatch") { rows in
            rows.contains { $0.contains("the two entries differ") } && rows.contains { TmuxTerminal.isRow($0, "Mobile:", "0/11") }
        }
        try t.type("13812345678\r")
        try await t.waitLastRow("Mobile (again):", "0/11")
        try t.type("13812345678\r")
        try await t.wait("the key line") { rows in rows.contains { $0.hasPrefix("Enter saves") } }
        try t.press("Enter")
        try await t.wait("saved") { $0.contains { $0.hasPrefix("1 saved to") } }
        try await t.waitLastRow("User:", "0/20")
        try t.press("C-d")
        #expect(try await t.result() == "rc=0", "\(t.dump())")
        let saved = try String(contentsOfFile: out, encoding: .utf8)
        #expect(saved.contains(#""user":"li","mobile":"13812345678""#), "\(saved)")
    }
}
