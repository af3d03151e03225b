import Foundation
import Testing

/// `ask` at a real terminal in each language: the reason Enter was refused is shown under the field in the
/// locale's language, a date picker names the weekday in it, and the value printed is the same either way.
@Suite struct LanguageTerminalTests {
    @Test(arguments: [("zh_CN.UTF-8", "校验码应为 X"), ("C.UTF-8", "check character should be X")])
    func enterSaysWhyInTheLocalesLanguage(locale: String, message: String) async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        t.run("export LANG=\(locale); " + AskTerminalTests.ask("idcard-cn --prompt 'ID: '"))
        try await t.seeRow("ID:", "0/18")
        t.type("110105194912310021")
        try await t.seeRow("ID: 110105 19491231 0021", "18/18")
        t.press("Enter")
        try await t.see("the message '\(message)' under the field") { rows in rows.contains { $0 == message } }
        // The field is drawn again under the message; Backspace and the right check character fix it.
        t.press("BSpace")
        t.type("X")
        try await t.seeRow("ID: 110105 19491231 002X", "18/18")
        t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[11010519491231002X]", "\(t.dump())")
    }

    @Test(arguments: [("zh_CN.UTF-8", "周五"), ("C.UTF-8", "Fri")])
    func aDatePickerNamesTheWeekdayInTheLanguage(locale: String, weekday: String) async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        t.run("export LANG=\(locale); " + AskTerminalTests.ask("date --prompt 'D: '"))
        try await t.see("the date field") { rows in rows.contains { $0.hasPrefix("D:") } }
        t.type("20261127")
        try await t.seeRow("D: 2026-11-27", weekday)
        t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[2026-11-27]", "\(t.dump())")
    }
}
