import Foundation
import Testing
@testable import TestSupport

/// A rule of `level: warning` at a real terminal (issue 47): the warning's message on the status line and a reason
/// asked in the key line's place, typed or picked from the form's `reasons:`; Esc goes back to the field; the
/// reason is saved with the record; the screen keeps one reason line under the block, also after a resize and in
/// Chinese.
@Suite struct WarningTerminalTests {
    static let form = """
        name: parcels
        fields:
          - {name: company, keymap: text, prompt: {en: "Company: ", zh: "公司："}}
          - {name: parcels, keymap: digits, prompt: {en: "Parcels: ", zh: "件数："}}
        reasons:
          - {en: "a removal: many boxes", zh: "搬家：箱子多"}
          - {en: "checked with the courier", zh: "已与快递员核对"}
        rules:
          - require: parcels <= 50
            message: {en: "more than 50 parcels: check the count", zh: "超过 50 件：请核对件数"}
            field: parcels
            level: warning

        """

    static func count(_ prefix: String, _ rows: [String]) -> Int { rows.filter { $0.hasPrefix(prefix) }.count }

    @Test(arguments: [
        ("C.UTF-8", "Parcels: ", "Reason to save over the warning on parcels:", "more than 50 parcels: check the count", "a removal: many boxes"),
        ("zh_CN.UTF-8", "件数：", "保存（不顾 parcels 的警告）的理由：", "超过 50 件：请核对件数", "搬家：箱子多"),
    ])
    func aReasonTypedOrPickedAndEscBackToTheField(lang: String, parcels: String, reason: String, warning: String, picked: String) async throws {
        let t = try await TmuxTerminal(columns: 80); defer { t.close() }
        try Self.form.write(toFile: t.home + "/parcels.yaml", atomically: true, encoding: .utf8)
        let db = t.home + "/p.db"
        try t.run("export LANG=\(lang); fieldline form '\(t.home)/parcels.yaml' --out '\(db)'; echo rc=$?")
        // First record: 70 parcels, Esc at the reason goes back to the field; 60, a reason picked with Down.
        try t.type("SF"); try t.press("Enter")
        try t.type("70"); try t.press("Enter")
        try await t.wait("the reason asked, the warning under it") { rows in
            Self.count(reason, rows) == 1 && rows.contains { $0.hasPrefix(warning) } && Self.count(parcels, rows) == 1
        }
        try t.press("Escape")
        try await t.wait("back at the field") { rows in
            Self.count(reason, rows) == 0 && Self.count(parcels + "70", rows) == 1
        }
        try t.press("BSpace"); try t.press("BSpace")
        try t.type("60"); try t.press("Enter")
        try await t.wait("the reason asked again") { rows in Self.count(reason, rows) == 1 }
        // A resize keeps one reason line under the block.
        _ = try t.tmux("resize-window", "-t", "s", "-x", "60")
        try await t.wait("one reason line at 60 columns") { rows in Self.count(reason, rows) == 1 && Self.count(parcels, rows) == 1 }
        try t.press("Down")
        try await t.wait("the first reason picked") { rows in rows.contains { $0.hasPrefix("> " + picked) } }
        try t.press("Enter")
        try await t.wait("the summary") { rows in Self.count(reason, rows) == 0 && rows.contains { $0.contains("Enter") || $0.contains("回车") } }
        try t.press("Enter")
        // Second record: a reason typed.
        try t.type("ZTO"); try t.press("Enter")
        try t.type("99"); try t.press("Enter")
        try await t.wait("the reason asked for the second record") { rows in Self.count(reason, rows) == 1 }
        try t.type("big day")
        try t.press("Enter")
        try t.press("Enter")
        try await t.wait("two saved") { _ in (try? sqliteShell(db, "SELECT count(*) FROM parcels")) == ["2"] }
        #expect(try sqliteShell(db, "SELECT company, parcels, warnings FROM parcels ORDER BY rowid") == [
            #"SF|60|{"parcels":"\#(picked)"}"#, #"ZTO|99|{"parcels":"big day"}"#,
        ])
        try t.press("C-d")
        try await t.wait("the session ended") { $0.contains("rc=0") }
    }
}
