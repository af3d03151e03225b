import Foundation
import Testing
@testable import TestSupport

/// Placeholders at a real terminal: `--placeholder` drawn dim in the empty field, gone at the first key and back
/// when the field is emptied, never counted and never in the value; plain under NO_COLOR; a phone field's region
/// example as its placeholder, switching to a calling code's region after `+44`.
@Suite struct PlaceholderTerminalTests: TypesAskCommands {
    static let esc = "\u{1B}"

    /// The last row that starts with `prefix`, as tmux gives it with its SGR sequences.
    static func styledRow(_ t: TmuxTerminal, _ prefix: String) throws -> String? {
        try t.styledScreen().last { TmuxTerminal.plainRow($0[...], blankingDim: false).hasPrefix(prefix) }
    }

    /// The last row that starts with `prefix` (the field's, not the command line's), placeholder included.
    static func row(_ t: TmuxTerminal, _ prefix: String) throws -> String {
        try t.screen(placeholders: true).last { $0.hasPrefix(prefix) } ?? ""
    }

    @Test func aPlaceholderIsDimUncountedAndGoneAtTheFirstKey() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(Self.ask("text --limit 20 --prompt 'Name: ' --placeholder 'e.g. Zhang San'"))
        // Dim, after the prompt, with the cursor before it; the counter counts nothing.
        try await t.wait("the dim placeholder") { _ in try Self.styledRow(t, "Name: ")?.contains("Name: \(Self.esc)[2me.g. Zhang San") == true }
        try await t.waitLastRow("Name:", "0/20")
        #expect(try t.cursor().x == 6, "\(t.dump())")
        try t.type("L")
        try await t.wait("the typed key alone") { _ in
            try t.screen(placeholders: true).contains { TmuxTerminal.isRow($0, "Name: L", "1/20") }
        }
        #expect(try !Self.row(t, "Name:").contains("Zhang"), "\(t.dump())")
        #expect(try t.cursor().x == 7)
        // Emptied again: the placeholder comes back.
        try t.press("BSpace")
        try await t.wait("the placeholder again") { _ in try Self.styledRow(t, "Name: ")?.contains("[2me.g. Zhang San") == true }
        try t.type("Li")
        try await t.wait("Li") { _ in try t.screen(placeholders: true).contains { TmuxTerminal.isRow($0, "Name: Li", "2/20") } }
        try t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[Li]", "\(t.dump())")
    }

    /// Enter on the empty field takes the empty value, not the placeholder; the line left behind does not show it.
    @Test func thePlaceholderIsNeverTheValue() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(Self.ask("text --prompt 'Note: ' --placeholder 'anything'"))
        try await t.wait("the placeholder") { _ in try Self.styledRow(t, "Note: ")?.contains("[2manything") == true }
        try t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[]", "\(t.dump())")
        #expect(try Self.row(t, "Note:") == "Note:", "\(t.dump())")
    }

    /// Esc (and a timeout) leave the prompt's line without the placeholder.
    @Test func escLeavesNoPlaceholderBehind() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(Self.ask("text --prompt 'Note: ' --placeholder 'anything'"))
        try await t.wait("the placeholder") { _ in try Self.styledRow(t, "Note: ")?.contains("[2manything") == true }
        try t.press("Escape")
        #expect(try await t.result() == "rc=1 x=[]", "\(t.dump())")
        #expect(try Self.row(t, "Note:") == "Note:", "\(t.dump())")
        // Long enough that a loaded machine still sees the placeholder before the timeout ends the prompt; the wait for
        // that end is the prompt's 20 s and the usual patience.
        try t.run("clear; " + Self.ask("text --prompt 'Wait: ' --placeholder 'waiting' --timeout 20"))
        try await t.wait("the placeholder") { _ in try Self.styledRow(t, "Wait: ")?.contains("[2mwaiting") == true }
        try await t.wait("the timeout", timeout: 20 + Waiting.patience) { rows in rows.contains { $0.hasPrefix("rc=124") } }
        #expect(try Self.row(t, "Wait:") == "Wait:", "\(t.dump())")
    }

    /// Ctrl-C ends the process by its signal; the line left behind holds no placeholder either.
    @Test func ctrlCLeavesNoPlaceholderBehind() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run("fieldline ask text --prompt 'Stop: ' --placeholder 'anything'")
        try await t.wait("the placeholder") { _ in try Self.styledRow(t, "Stop: ")?.contains("[2manything") == true }
        try t.press("C-c")
        // Ctrl-C ends the whole command line (a script stops too): the shell's prompt comes back.
        try await t.freshPrompt()
        #expect(try Self.row(t, "Stop:") == "Stop:", "\(t.dump())")
        try t.run("echo rc=$?")
        try await t.wait("the exit status") { rows in rows.contains { $0 == "rc=130" } }
    }

    /// Without colour the placeholder is plain text, still never typed: the first key replaces it.
    @Test func noColorDrawsItPlain() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(#"x=$(NO_COLOR=1 fieldline ask text --limit 9 --prompt 'Code: ' --placeholder 'type here'); echo "rc=$? x=[$x]""#)
        try await t.wait("the plain placeholder") { _ in
            try t.screen(placeholders: true).contains { TmuxTerminal.isRow($0, "Code: type here", "0/9") }
        }
        #expect(try Self.styledRow(t, "Code: ")?.contains("\(Self.esc)[2m") == false, "\(t.styledDump())")
        try t.type("x")
        try await t.wait("x alone") { _ in try t.screen(placeholders: true).contains { TmuxTerminal.isRow($0, "Code: x", "1/9") } }
        try t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[x]", "\(t.dump())")
    }

    /// A placeholder's control characters are named, never sent: no colour or cursor movement reaches the terminal.
    @Test func controlCharactersInAPlaceholderAreShownNotSent() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(#"x=$(fieldline ask text --prompt 'T: ' --placeholder "$(printf 'a\033[31mb\tc')"); echo "rc=$? x=[$x]""#)
        try await t.wait("the escaped placeholder") { _ in try Self.row(t, "T: ") == "T: aU+1B[31mb c" }
        #expect(try Self.styledRow(t, "T: ")?.contains("\(Self.esc)[31m") == false, "\(t.styledDump())")
        try t.press("Escape")
        #expect(try await t.result() == "rc=1 x=[]", "\(t.dump())")
    }

    /// A phone field with no placeholder shows its region's example, laid out as the field lays out what is typed:
    /// phone-cn by its template, a British mobile field by libphonenumber's national format. `--placeholder ''`
    /// shows none.
    @Test(arguments: [
        ("phone-cn --prompt 'M: '", "M: ", "131-2345-6789", "0/11"),
        ("phone --assume GB --kinds mobile --prompt 'M: '", "M: ", "07400 123456", "🇬🇧 GB 0/10"),
    ])
    func aPhoneFieldShowsItsRegionsExample(arguments: String, prompt: String, example: String, counter: String) async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(Self.ask(arguments))
        try await t.wait("the example") { _ in try Self.styledRow(t, prompt)?.contains(prompt + "\(Self.esc)[2m" + example) == true }
        try await t.waitLastRow(prompt.trimmingCharacters(in: .whitespaces), counter)
        try t.press("Escape")
        #expect(try await t.result() == "rc=1 x=[]", "\(t.dump())")
        try t.run(Self.ask(arguments + " --placeholder ''"))
        try await t.waitLastRow(prompt.trimmingCharacters(in: .whitespaces), counter)
        #expect(try !(Self.styledRow(t, prompt)?.contains("[2m") ?? true), "\(t.styledDump())")
        try t.press("Escape")
        #expect(try await t.result() == "rc=1 x=[]", "\(t.dump())")
    }

    /// Typing `+44` into a phone field assumed Chinese switches the example to the British one, its rest dim after
    /// the cursor; the next digit removes it, and deleting back to `+44` brings it back.
    @Test func thePhoneExampleSwitchesWithACallingCode() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(Self.ask("phone --assume CN --prompt 'Phone: '"))
        try await t.wait("the Chinese example") { _ in try Self.styledRow(t, "Phone: ")?.contains("Phone: \(Self.esc)[2m131 2345 6789") == true }
        try t.type("+4")
        try await t.wait("no example for +4") { _ in
            try Self.styledRow(t, "Phone: ").map { $0.contains("Phone: +4") && !$0.contains("[2m") } == true
        }
        try t.type("4")
        try await t.wait("the British example's rest") { _ in try Self.styledRow(t, "Phone: ")?.contains("Phone: +44\(Self.esc)[2m 7400 123456") == true }
        try await t.waitLastRow("Phone: +44", "🇬🇧 GB 0/10")
        #expect(try t.cursor().x == 10, "\(t.dump())")
        try t.type("7")
        try await t.wait("the digit alone") { _ in try t.screen(placeholders: true).contains { TmuxTerminal.isRow($0, "Phone: +44 7", "🇬🇧 GB 1/10") } }
        try t.press("BSpace")
        try await t.wait("the example's rest again") { _ in try Self.styledRow(t, "Phone: ")?.contains("Phone: +44\(Self.esc)[2m 7400 123456") == true }
        try t.type("7400123456")
        try await t.wait("the whole number") { _ in try t.screen(placeholders: true).contains { TmuxTerminal.isRow($0, "Phone: +44 7400 123456", "🇬🇧 GB 10/10") } }
        try t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[+447400123456]", "\(t.dump())")
    }

    /// A keymap's `placeholder:` in the locale's language, inherited from the keymap it extends.
    @Test(arguments: [("zh_CN.UTF-8", "例如 张三"), ("C.UTF-8", "e.g. Zhang San")])
    func aKeymapsPlaceholderSpeaksTheLocalesLanguage(locale: String, text: String) async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try "extends: text\nplaceholder: {en: e.g. Zhang San, zh: 例如 张三}\n".write(toFile: t.home + "/who.yaml", atomically: true, encoding: .utf8)
        try "extends: who\nlength: {max: 20}\n".write(toFile: t.home + "/name.yaml", atomically: true, encoding: .utf8)
        try t.run("export LANG=\(locale) FIELDLINE_KEYMAPS=\(t.home); " + Self.ask("name --prompt 'N: '"))
        try await t.wait("the placeholder in the language") { _ in try Self.styledRow(t, "N: ")?.contains("N: \(Self.esc)[2m" + text) == true }
        try await t.waitLastRow("N:", "0/20")
        try t.type("x")
        try await t.wait("x alone") { _ in try t.screen(placeholders: true).contains { TmuxTerminal.isRow($0, "N: x", "1/20") } }
        try t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[x]", "\(t.dump())")
    }

    /// A form field's `placeholder:` (one text per language) is drawn in the form's field.
    @Test func aFormFieldsPlaceholder() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        let form = t.home + "/guest.yaml"
        try """
            name: guest
            fields:
              - name: name
                keymap: text
                prompt: "Name: "
                placeholder: {en: "as on the ID card", zh: "与身份证一致"}
            """.write(toFile: form, atomically: true, encoding: .utf8)
        try t.run("fieldline form '\(form)' --out '\(t.home)/guest.jsonl'; echo rc=$?")
        try await t.wait("the placeholder") { _ in try Self.styledRow(t, "Name: ")?.contains("Name: \(Self.esc)[2mas on the ID card") == true }
        try t.type("Li Lei")
        try await t.wait("the name alone") { _ in try Self.row(t, "Name: ") == "Name: Li Lei" }
        try t.press("Enter")
        try await t.wait("the summary") { rows in rows.joined().contains("Enter saves") }
        try t.press("Enter")
        // The next record's empty field shows it again; the saved value is what was typed.
        try await t.wait("the next record's placeholder") { rows in
            try rows.contains { $0.hasPrefix("1 saved") } && t.styledScreen().last { $0.hasPrefix("Name: ") }?.contains("\(Self.esc)[2mas on the ID card") == true
        }
        try t.press("C-d")
        try await t.wait("the end") { rows in rows.contains { $0.hasPrefix("rc=0") } }
        let saved = try String(contentsOfFile: t.home + "/guest.jsonl", encoding: .utf8)
        #expect(saved.contains(#""name":"Li Lei""#) && !saved.contains("ID card"), "\(saved)")
    }
}
