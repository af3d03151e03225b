import Foundation
import Testing
import FieldKit
@testable import TestSupport

/// Help and required marks at a real terminal: F1 (and `?` on an empty field that would refuse `?`) shows the
/// field's `help:` on the status line, one row cut to the width, kept through a resize and gone at the next edit; a
/// form with optional fields marks its required ones `*`.
@Suite struct FieldHelpTerminalTests: TypesAskCommands {
    /// Rows that hold the field (they start with its prompt).
    static func fieldRows(_ rows: [String], _ prompt: String) -> [Int] {
        rows.indices.filter { rows[$0].hasPrefix(prompt) }
    }

    /// The non-empty rows under the field's one row; nil when the field is not on the screen exactly once.
    static func rowsUnder(_ rows: [String], _ prompt: String) -> [String]? {
        let field = fieldRows(rows, prompt)
        guard field.count == 1, let row = field.first else { return nil }
        return rows[(row + 1)...].filter { !$0.isEmpty }
    }

    /// Whether the screen shows the field once and, under it, one status row: the start of `help` (cut to `width`
    /// columns, so at least its first `shown` characters), no wider than the terminal.
    static func showsHelp(_ help: String, shown: Int, width: Int, prompt: String) -> ([String]) -> Bool {
        { rows in
            guard let under = rowsUnder(rows, prompt), under.count == 1, let status = under.first else { return false }
            let text = status.hasSuffix("…") ? String(status.dropLast()) : status
            return help.hasPrefix(text) && text.count >= shown && DisplayWidth.columns(of: status) <= width
        }
    }

    func resize(_ t: TmuxTerminal, to width: Int) throws {
        _ = try t.tmux("resize-window", "-t", "s", "-x", "\(width)")
    }

    static let phoneHelp = "11 digits starting with 1 (13812345678); +86, 0086 or spaces may be typed or pasted, the value is the 11 digits"

    /// F1 in the shipped phone-cn field: its help, longer than the terminal, on one status row cut to the width, at
    /// 80 columns, at 40 and at 80 again; the next key typed takes it away.
    @Test func f1ShowsTheKeymapsHelpOnOneStatusRowThroughAResize() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(Self.ask("phone-cn --prompt 'Mobile: '"))
        try await t.waitRow("Mobile:", "0/11")
        try t.press("F1")
        try await t.wait("the help at 80 columns", Self.showsHelp(Self.phoneHelp, shown: 60, width: 80, prompt: "Mobile:"))
        try resize(t, to: 40)
        try await t.wait("the help at 40 columns", Self.showsHelp(Self.phoneHelp, shown: 20, width: 40, prompt: "Mobile:"))
        try await t.holds("the help at 40 columns", for: 1, Self.showsHelp(Self.phoneHelp, shown: 20, width: 40, prompt: "Mobile:"))
        try resize(t, to: 80)
        try await t.wait("the help at 80 columns again", Self.showsHelp(Self.phoneHelp, shown: 60, width: 80, prompt: "Mobile:"))
        try t.type("1")
        try await t.wait("the help gone at the next key") { rows in
            rows.contains { TmuxTerminal.isRow($0, "Mobile: 1", "1/11") } && !rows.contains { $0.hasPrefix("11 digits") }
        }
        try t.press("Escape")
        #expect(try await t.result() == "rc=1 x=[]", "\(t.dump())")
    }

    /// `?` on the empty ID card field (which takes digits and X) shows the help in Chinese, cut by columns at 40 and
    /// whole again at 80; on a field holding text `?` is refused as any other character, with no help.
    @Test func questionMarkOnAnEmptyFieldShowsTheHelpInChinese() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        let help = "18 位：6 位地区码、出生日期 yyyymmdd、3 位顺序码、校验码（0-9 或 X）"
        try t.run(Self.ask("idcard-cn --lang zh --prompt 'ID: '"))
        try await t.waitRow("ID:", "0/18")
        try t.type("?")
        try await t.wait("the Chinese help", Self.showsHelp(help, shown: help.count, width: 80, prompt: "ID:"))
        try resize(t, to: 40)
        try await t.wait("the Chinese help at 40 columns", Self.showsHelp(help, shown: 10, width: 40, prompt: "ID:"))
        try resize(t, to: 80)
        try await t.wait("the Chinese help whole again", Self.showsHelp(help, shown: help.count, width: 80, prompt: "ID:"))
        try t.type("1")
        try await t.wait("the help gone") { rows in Self.rowsUnder(rows, "ID:") == [] }
        try t.type("?")
        try await t.wait("? refused, with no help") { rows in
            guard let under = Self.rowsUnder(rows, "ID:"), under.count == 1 else { return false }
            return !under[0].contains("地区码") && rows.contains { $0.hasPrefix("ID: 1") && $0.hasSuffix("1/18 !") }
        }
        try t.press("Escape")
        #expect(try await t.result() == "rc=1 x=[]", "\(t.dump())")
    }

    /// A field that takes `?` gets it as text; F1 still shows its help (a keymap file's own `help:`).
    @Test func aFieldThatTakesQuestionMarksTypesThem() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        let keymap = t.home + "/question.yaml"
        try "extends: text\nhelp: {en: \"a question, ending in ?\", zh: \"一个问题\"}\n".write(toFile: keymap, atomically: true, encoding: .utf8)
        try t.run(Self.ask("--prompt 'Q: ' --limit 20 --keymap-file '\(keymap)'"))
        try await t.waitRow("Q:", "0/20")
        try t.type("?")
        try await t.waitRow("Q: ?", "1/20")
        try t.press("F1")
        try await t.wait("the help") { rows in Self.rowsUnder(rows, "Q:") == ["a question, ending in ?"] }
        try t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[?]", "\(t.dump())")
    }

    static let contact = """
        name: contact
        fields:
          - name: name
            keymap: text
            prompt: {en: "Name: ", zh: "姓名："}
          - name: note
            keymap: text
            prompt: {en: "Note: ", zh: "备注："}
            required: false
        """

    /// A form with an optional field marks its required ones `*` in front of the prompt, as asked and in the record's
    /// block, in either language; the optional field has no mark.
    @Test func requiredFieldsAreMarkedWhereAFormHasOptionalOnes() async throws {
        for (language, name, note) in [("en", "Name: ", "Note: "), ("zh", "姓名：", "备注：")] {
            let t = try await TmuxTerminal(); defer { t.close() }
            let form = t.home + "/contact.yaml", out = t.home + "/c.jsonl"
            try Self.contact.write(toFile: form, atomically: true, encoding: .utf8)
            try t.run("fieldline form '\(form)' --lang \(language) --out '\(out)'; echo rc=$?")
            // Rows come without their trailing blanks.
            let shownName = "*" + name.trimmingCharacters(in: .whitespaces)
            try await t.wait("the marked required field (\(language))") { rows in rows.contains { $0.hasPrefix(shownName) } }
            try t.type("Li"); try t.press("Enter")
            try await t.wait("the optional field, unmarked, under the marked line") { rows in
                guard let at = rows.lastIndex(where: { $0.hasPrefix(note.trimmingCharacters(in: .whitespaces)) }), at > 0 else { return false }
                return rows[at - 1].hasPrefix("*" + name + "Li")
            }
            try t.press("Enter")
            try t.press("Enter")
            try await t.wait("the record saved") { _ in
                (try? String(contentsOfFile: out, encoding: .utf8))?.contains("\"name\":\"Li\"") == true
            }
            try t.press("C-d")
            #expect(try await t.result() == "rc=0", "\(t.dump())")
        }
    }

    /// A form whose fields are all required (the visitor form) marks none; F1 on its mobile shows the form field's
    /// own help, which wins over the keymap's, in Chinese.
    @Test func aFormOfRequiredFieldsIsUnmarkedAndF1ShowsTheFieldsOwnHelp() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        let visitor = FormTerminalTests.visitor, out = t.home + "/v.jsonl"
        try t.run("fieldline form '\(visitor)' --lang zh --out '\(out)'; echo rc=$?")
        try await t.waitLastRow("手机号：", "0/11")
        try t.press("F1")
        try await t.wait("the field's own help") { rows in rows.contains { $0.hasPrefix("访客的手机号，11 位数字") } }
        #expect(try !t.screen().contains { $0.hasPrefix("*") }, "\(t.dump())")
        try t.press("C-d")
        #expect(try await t.result() == "rc=0", "\(t.dump())")
    }
}
