import Foundation
import Testing
@testable import TestSupport

/// `fieldline form`'s start line at an 80-column terminal: at most two rows, broken between its parts (never inside
/// a word), naming Ctrl-R only for an output that can find a saved record to correct (a database, not a JSON Lines
/// log), in English and Chinese.
@Suite struct FormStartLineTerminalTests {
    @Test(arguments: [("v.jsonl", "en"), ("v.db", "en"), ("v.jsonl", "zh"), ("v.db", "zh")])
    func theStartLineFitsAndNamesTheKeysThatWork(_ name: String, _ language: String) async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        let out = t.home + "/" + name
        let finds = name.hasSuffix(".db")
        try t.run((language == "zh" ? "export LANG=zh_CN.UTF-8; " : "") + "clear; " + FormTerminalTests.form(out))
        let rows = try await t.waitLastRow(language == "zh" ? "手机号：" : "Mobile:", "0/11")
        let first = try #require(rows.firstIndex { $0.hasPrefix("visitor") }, "\(t.dump())")
        let field = try #require(rows.lastIndex { !$0.isEmpty })
        let start = rows[first..<field]
        #expect(start.count <= 2, "\(t.dump())")
        let line = language == "zh"
            ? ["visitor：\(out) 中已有 0 条记录", "Enter 下一项", "Shift-Tab 返回", "Esc 放弃"] + (finds ? ["Ctrl-R 查找"] : []) + ["Ctrl-D 结束"]
            : ["visitor: 0 records in \(out)", "Enter next", "Shift-Tab back", "Esc discard"] + (finds ? ["Ctrl-R find"] : []) + ["Ctrl-D end"]
        // The rows break where the parts meet: joined again with the separator, they are the whole line.
        #expect(start.joined(separator: " · ") == line.joined(separator: " · "), "\(t.dump())")
        #expect(start.joined().contains("Ctrl-R") == finds, "\(t.dump())")
        try t.press("C-d")
        #expect(try await t.result() == "rc=0", "\(t.dump())")
    }
}
