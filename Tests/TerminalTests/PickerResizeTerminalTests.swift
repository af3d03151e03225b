import FieldKit
import Foundation
import Testing
@testable import TestSupport

/// The pickers asked under a whole record's block (a warning's reason, `form --verify`'s "which is right?") under
/// a resize, 80 → 40 → 80 columns: one copy of every line in the whole pane history (also when the screen is too
/// low for all of it), the picker's line and its status line each on one row of their own, as a field's are.
@Suite struct PickerResizeTerminalTests {
    static let forms = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("forms").path

    /// Every row tmux holds for the pane, its history and the screen, trailing blanks trimmed.
    static func history(_ t: TmuxTerminal) throws -> [String] {
        try t.tmux("capture-pane", "-p", "-J", "-t", "s", "-S", "-").split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    /// An 80-column terminal `rows` high: 7 is lower than the record's block and the picker, which then scroll
    /// into the history, where a resize must leave them as they are.
    static func terminal(rows: Int) async throws -> TmuxTerminal {
        let t = try await TmuxTerminal()
        _ = try t.tmux("resize-window", "-t", "s", "-y", "\(rows)")
        return t
    }

    static func resize(_ t: TmuxTerminal, to width: Int) throws {
        _ = try t.tmux("resize-window", "-t", "s", "-x", "\(width)")
    }

    /// How many rows of `rows` start with `prefix`.
    static func count(_ prefix: String, _ rows: [String]) -> Int { rows.filter { $0.hasPrefix(prefix) }.count }

    /// After each resize: the pane's whole history holds one copy of each of `once`, and `fits` holds for the screen.
    static func resizeTwice(_ t: TmuxTerminal, once: [String], fits: @escaping (Int, [String]) -> Bool) async throws {
        for width in [40, 80] {
            try resize(t, to: width)
            try await t.wait("one copy of each line at \(width) columns") { rows in
                let all = (try? history(t)) ?? []
                return once.allSatisfy { count($0, all) == 1 } && fits(width, rows)
            }
            try await t.holds("one copy of each line at \(width) columns", for: 1) { rows in
                let all = (try? history(t)) ?? []
                return once.allSatisfy { count($0, all) == 1 } && fits(width, rows)
            }
        }
    }

    /// Delivery, 60 parcels: the reason's picker at 80 columns, narrowed to 40 and widened back. Its line keeps the
    /// counter on its row and its status line starts with the warning, at each width.
    @Test(arguments: [16, 7]) func theWarningReasonPickerUnderAResize(rows: Int) async throws {
        let t = try await Self.terminal(rows: rows); defer { t.close() }
        try t.run("fieldline form '\(Self.forms)/delivery.yaml' --out '\(t.home)/d.db'; echo rc=$?")
        try await t.waitRow("Purpose:", "0/2")
        try t.type("del"); try t.press("Enter")
        try await t.waitRow("Mobile:", "0/11")
        try t.type("13812345678"); try t.press("Enter")
        try await t.waitRow("Courier company:", "0/40")
        try t.type("ACME"); try t.press("Enter")
        try await t.waitRow("Parcels:", "0/3")
        try t.type("60"); try t.press("Enter")
        try await t.wait("the date") { $0.contains { $0.hasPrefix("Date: ") } }
        try t.press("Enter")
        try await t.wait("the reason asked") { $0.contains { $0.hasPrefix("Reason to save over the warning on parcels:") } }
        let once = ["Purpose: delivery", "Mobile: 138-1234-5678", "Courier company: ACME", "Parcels: 60", "Date: ", "Reason to save", "more than 50 parcels"]
        try await Self.resizeTwice(t, once: once) { width, rows in
            guard let at = rows.firstIndex(where: { $0.hasPrefix("Reason to save") }), at + 1 < rows.count else { return false }
            // The picker's row ends with its counter; the next row is the status line, the warning first.
            return rows[at].hasSuffix(" 0/2") && DisplayWidth.columns(of: rows[at]) <= width && rows[at + 1].hasPrefix("more than 50 parcels")
        }
        try t.press("C-c")
    }

    /// `form --verify` in Chinese, a mobile keyed differently: the choice at 80 columns, narrowed to 40 and widened
    /// back; the keyed mobile's line and the choice's line once each in the whole history.
    @Test(arguments: [16, 7]) func theVerifyChoiceUnderAResizeInChinese(rows: Int) async throws {
        let t = try await Self.terminal(rows: rows); defer { t.close() }
        let db = t.home + "/v.db"
        let record = #"{"mobile":"13812345678","idcard":"11010519491231002X","name":"张三","visit_date":"2026-11-20"}"# + "\n"
        let imported = try Spawn.run([fieldlineURL.path, "form", "\(Self.forms)/visitor.yaml", "--out", db], stdin: Data(record.utf8))
        #expect(imported.status == 0, "import: \(imported.err)")
        try t.run("LANG=zh_CN.UTF-8 fieldline form '\(Self.forms)/visitor.yaml' --verify --out '\(db)' --lang zh; echo rc=$?")
        try await t.wait("the mobile asked") { $0.contains { $0.hasPrefix("手机号：") } }
        try t.type("13812345679"); try t.press("Enter")
        try await t.wait("the choice") { $0.contains { $0.hasPrefix("哪个正确？") } }
        let once = ["手机号：138-1234-5679", "哪个正确？", "手机号 不一致", "  已保存：13812345678"]
        try await Self.resizeTwice(t, once: once) { width, rows in
            guard let at = rows.firstIndex(where: { $0.hasPrefix("哪个正确？") }), at + 1 < rows.count else { return false }
            return rows[at].hasSuffix(" 0/3") && DisplayWidth.columns(of: rows[at]) <= width && rows[at + 1].hasPrefix("手机号 不一致")
        }
        try t.press("C-c")
    }
}
