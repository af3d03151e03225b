import Foundation
import Testing
@testable import TestSupport

/// `ask` at a real terminal in each language: the reason Enter was refused is shown under the field in the
/// locale's language, a date picker names the weekday in it, and the value printed is the same either way.
@Suite struct LanguageTerminalTests: TypesAskCommands {
    @Test(arguments: [("zh_CN.UTF-8", "校验码应为 X"), ("C.UTF-8", "check character should be X")])
    func enterSaysWhyInTheLocalesLanguage(locale: String, message: String) async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run("export LANG=\(locale); " + Self.ask("idcard-cn --prompt 'ID: '"))
        try await t.waitLastRow("ID:", "0/18")
        try t.type("110105194912310021")
        try await t.waitLastRow("ID: 110105 19491231 0021", "18/18")
        try t.press("Enter")
        try await t.wait("the message '\(message)' under the field") { rows in rows.contains { $0 == message } }
        // The field is drawn again under the message; Backspace and the right check character fix it.
        try t.press("BSpace")
        try t.type("X")
        try await t.waitLastRow("ID: 110105 19491231 002X", "18/18")
        try t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[11010519491231002X]", "\(t.dump())")
    }

    @Test(arguments: [("zh_CN.UTF-8", "周五"), ("C.UTF-8", "Fri")])
    func aDatePickerNamesTheWeekdayInTheLanguage(locale: String, weekday: String) async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run("export LANG=\(locale); " + Self.ask("date --prompt 'D: '"))
        try await t.wait("the date field") { rows in rows.contains { $0.hasPrefix("D:") } }
        try t.type("20261127")
        try await t.waitLastRow("D: 2026-11-27", weekday)
        try t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[2026-11-27]", "\(t.dump())")
    }

    /// Each validator's main failure, typed and entered: the message under the field is the locale's.
    static let failures: [(keymap: String, typed: String, english: String, chinese: String)] = [
        ("phone", "+4420", "too short for GB", "对 GB 来说太短"),
        ("date", "2026", "needs 8 digits, has 4", "需要 8 位数字，现有 4"),  // impossible dates are refused as typed
        ("card", "4111111111111112", "check digit should be 1", "校验位应为 1"),
        ("ipv4", "256.1.1.1", "256 is more than 255", "256 大于 255"),
        ("email", "a@b", "the domain needs a dot, e.g. example.com", "域名需要有点，如 example.com"),
        ("semver", "1.2.x", "MAJOR, MINOR and PATCH are numbers", "MAJOR、MINOR 和 PATCH 都必须是数字"),
        ("port", "70000", "must be from 1 to 65535, not 70000", "必须在 1 到 65535 之间，不是 70000"),
        ("text --min 3", "ab", "needs 3 characters, has 2", "需要 3 个字符，现有 2"),
    ]

    @Test(arguments: failures.indices, [true, false])
    func eachValidatorsFailureIsShownInTheLanguage(index: Int, chinese: Bool) async throws {
        let (keymap, typed, english, chineseMessage) = Self.failures[index]
        let message = chinese ? chineseMessage : english
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run("export LANG=\(chinese ? "zh_CN.UTF-8" : "C.UTF-8"); " + Self.ask("\(keymap) --prompt 'V: '"))
        try await t.wait("the field") { rows in rows.contains { $0.hasPrefix("V:") } }
        try t.type(typed)
        try t.press("Enter")
        try await t.wait("'\(message)' under the field") { rows in rows.contains { $0 == message } }
        try t.press("Escape")
        #expect(try await t.result() == "rc=1 x=[]", "\(t.dump())")
    }

    /// The form REPL in Chinese: its start line, the form file's Chinese prompts, the key line under the record and the
    /// save line; the record saved is the one English entry saves.
    @Test func aFormSpeaksTheOperatorsLanguage() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        let out = t.home + "/v.csv"
        try t.run("export LANG=zh_CN.UTF-8; " + FormTerminalTests.form(out))
        try await t.wait("the start line") { $0.contains { $0.hasPrefix("visitor：") && $0.contains("中已有 0 条记录 · Enter 下一项") } }
        try await t.waitLastRow("手机号：", "0/11")
        try t.type("13812345678"); try t.press("Enter")
        try await t.waitLastRow("身份证号：", "0/18")
        try t.type("110105194912310021"); try t.press("Enter")
        try await t.wait("the refusal") { $0.contains("校验码应为 X") }
        try t.press("BSpace"); try t.type("X"); try t.press("Enter")
        try await t.waitLastRow("姓名：", "0/20")
        try t.type("Zhang"); try t.press("Enter")
        try await t.wait("the visit date") { rows in rows.contains { $0.hasPrefix("来访日期：") && $0.range(of: "周[一二三四五六日]$", options: .regularExpression) != nil } }
        try t.press("Enter")
        try await t.wait("the key line") { $0.contains { $0.hasPrefix("Enter 保存，Shift-Tab 返回，Esc 放弃：") } }
        try t.press("Enter")
        try await t.wait("the save line") { $0.contains("已保存 1 条到 \(out)") }
        try t.press("C-d")
        try await t.wait("the end") { $0.contains("已保存 1 条记录到 \(out)") }
        #expect(try FormTerminalTests.saved(out).map { [$0["mobile"], $0["idcard"], $0["name"]] } == [["13812345678", "11010519491231002X", "Zhang"]], "\(t.dump())")
    }
}
