import Foundation
import Testing

/// `fieldline form` at a real terminal: field after field, back with Up, a summary with Enter/Esc, the record saved
/// before the next starts, Ctrl-D to end and Ctrl-C to stop with every saved record kept.
@Suite struct FormTerminalTests {
    static let visitor = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("forms/visitor.yaml").path

    static func form(_ out: String) -> String { "fieldline form '\(visitor)' --out '\(out)'; echo rc=$?" }

    /// The JSON objects in a JSON Lines file, without the time and operator columns.
    static func saved(_ path: String) throws -> [[String: String]] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return try text.split(separator: "\n").map { line in
            var object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String])
            object["saved_at"] = nil
            object["operator"] = nil
            return object
        }
    }

    @Test func recordsAreEnteredFixedDiscardedAndSaved() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        let out = t.home + "/v.jsonl"
        t.run(Self.form(out))
        try await t.waitRow("Mobile:", "0/11")
        t.type("13812345678"); t.press("Enter")
        try await t.waitRow("ID card:", "0/18")
        t.type("11010519491231002x"); t.press("Enter")
        try await t.waitRow("Name:", "0/20")
        t.type("Zhang"); t.press("Enter")
        try await t.waitRow("Visit date: 2026", "8/8")  // today, the default, already in place
        t.press("Up")                                   // back to the name, with its value, editable
        try await t.waitRow("Name: Zhang", "5/20")
        t.type(" San"); t.press("Enter")
        try await t.waitRow("Visit date: 2026", "8/8")
        t.press("Enter")
        try await t.wait { $0.contains("    name        Zhang San") }
        t.press("Enter")                                // saves
        try await t.wait { $0.contains("1 saved to \(out)") }
        #expect(try Self.saved(out).map { $0["name"] } == ["Zhang San"], "\(t.dump())")

        // A second record, discarded at the summary: nothing more is saved.
        try await t.waitRow("Mobile:", "0/11")
        t.type("13912345678"); t.press("Enter")
        try await t.waitRow("ID card:", "0/18")
        t.type("440524199001010018"); t.press("Enter")
        try await t.waitRow("Name:", "0/20")
        t.type("Li"); t.press("Enter")
        try await t.waitRow("Visit date: 2026", "8/8")
        t.press("Enter")
        try await t.wait { $0.contains("    name        Li") }
        t.press("Escape")
        try await t.wait { $0.contains("record discarded") }
        try await t.waitRow("Mobile:", "0/11")
        t.press("C-d")                                  // the first field of an empty record: the end
        #expect(try await t.result() == "rc=0", "\(t.dump())")
        #expect(t.screen().contains("1 record saved to \(out)"))
        let records = try Self.saved(out)
        #expect(records.count == 1)
        #expect(records.first?["mobile"] == "13812345678" && records.first?["idcard"] == "11010519491231002X")
    }

    /// A unique value already saved is refused at once, naming the record; Ctrl-C mid-record ends with 130 and
    /// keeps what was saved (and the terminal as it was).
    @Test func aRepeatedIDIsRefusedAndCtrlCKeepsSavedRecords() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        let out = t.home + "/v.jsonl"
        let line = #"{"mobile":"13812345678","idcard":"11010519491231002X","name":"First","visit_date":"2026-01-02","saved_at":"2026-01-02T00:00:00Z","operator":"x"}"#
        try (line + "\n").write(toFile: out, atomically: true, encoding: .utf8)
        t.run("s1=$(stty -g); fieldline form '\(Self.visitor)' --out '\(out)'")
        try await t.wait { $0.contains { $0.hasPrefix("visitor: 4 fields, 1 record in ") } }
        try await t.waitRow("Mobile:", "0/11")
        t.type("13912345678"); t.press("Enter")
        try await t.waitRow("ID card:", "0/18")
        t.type("11010519491231002X"); t.press("Enter")
        try await t.wait { $0.contains("idcard: '11010519491231002X' is already in record 1 of \(out)") }
        try await t.waitRow("ID card: 110105 19491231 002X", "18/18")  // still there to fix
        t.press("C-c")
        #expect(try await t.freshPrompt(), "\(t.dump())")
        t.run(#"echo "rc=$?"; [ "$s1" = "$(stty -g)" ] && echo stty-same"#)
        #expect(try await t.result() == "rc=130", "\(t.dump())")
        let rows = try await t.wait { $0.contains("stty-same") }
        #expect(rows.contains("stty-same"), "\(t.dump())")
        #expect(try Self.saved(out).map { $0["name"] } == ["First"])
    }
}
