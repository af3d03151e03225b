import Foundation
import Testing
@testable import TestSupport

/// `form --verify` at a real terminal (issue 47 item 2): two saved records keyed again without their values shown;
/// one mismatch resolved for the saved value, one for the keyed value; then the records, the history of the one
/// corrected and the verification rows read back, and `stats`' error rate, from SQLite and from PostgreSQL.
@Suite struct DoubleEntryTerminalTests {
    static let form = """
        name: checked
        fields:
          - {name: code, keymap: digits, prompt: "Code: "}
          - {name: name, keymap: text, prompt: "Name: "}

        """

    static let records = """
        {"code":"12","name":"Ann"}
        {"code":"34","name":"Bob"}

        """

    enum Store: String, CaseIterable { case sqlite, postgres }

    /// Picks the choice `row`, the `downs`th in the list (none is current until Down is pressed), then Enter.
    static func pick(_ row: String, downs: Int, on t: TmuxTerminal) async throws {
        try await t.wait("the choice offered") { $0.contains { $0.hasPrefix("  " + row) } }
        for _ in 0..<downs { try t.press("Down") }
        try await t.wait("\(row) current") { $0.contains { $0.hasPrefix("> " + row) } }
        try t.press("Enter")
    }

    @Test(arguments: Store.allCases)
    func twoMismatchesResolvedBothWays(store: Store) async throws {
        let t = try await TmuxTerminal(columns: 100); defer { t.close() }
        let pg = store == .postgres ? try ScratchPostgres() : nil
        let out = pg?.url ?? t.home + "/c.db"
        let formPath = t.home + "/checked.yaml"
        try Self.form.write(toFile: formPath, atomically: true, encoding: .utf8)
        let imported = try Spawn.run([fieldlineURL.path, "form", formPath, "--input", "-", "--out", out], stdin: Data(Self.records.utf8))
        #expect(imported.status == 0, "import: \(imported.err)")
        func query(_ sql: String) throws -> [String] { try pg?.psql(sql) ?? sqliteShell(out, sql) }
        let order = store == .postgres ? "fieldline_id" : "rowid"

        try t.run("FIELDLINE_NOW=1795365541 fieldline form '\(formPath)' --verify --out '\(out)'; echo rc=$?")
        try await t.wait("the first record") { $0.contains { $0.hasPrefix("verifying record 1 of 2") } }
        // Nothing of the saved record is shown: the field starts empty.
        try await t.wait("an empty code") { $0.contains { $0.hasPrefix("Code:") } }
        #expect(try !t.screen().contains { $0.hasPrefix("Code: 12") || $0.contains("Ann") }, "\(t.dump())")
        try t.type("12"); try t.press("Enter")
        try await t.wait("the name") { $0.contains { $0.hasPrefix("Name:") } }
        try t.type("Anne"); try t.press("Enter")
        try await t.wait("both values on the status line") { $0.contains { $0.contains("Name differs: saved Ann, keyed Anne") } }
        // Esc at the choice goes back to the field, the keyed text kept; Enter asks again.
        try t.press("Escape")
        try await t.wait("back at the name") { $0.contains { $0.hasPrefix("Name: Anne") } && !$0.contains { $0.hasPrefix("Which is right?") } }
        try t.press("Enter")
        try await Self.pick("saved: Ann", downs: 1, on: t)
        try await t.wait("record 1 verified") { $0.contains { $0.hasPrefix("verified: 1 of 2 fields differed") } }
        try await t.wait("the second record") { $0.contains { $0.hasPrefix("verifying record 2 of 2") } }
        try t.type("35"); try t.press("Enter")
        try await t.wait("the codes on the status line") { $0.contains { $0.contains("Code differs: saved 34, keyed 35") } }
        try await Self.pick("keyed: 35", downs: 2, on: t)
        try await t.wait("the name of record 2") { $0.filter { $0.hasPrefix("Name:") }.count == 2 }
        try t.type("Bob"); try t.press("Enter")
        try await t.wait("the pass ended") { $0.contains { $0.hasPrefix("2 of 2 records verified") } && $0.contains("rc=0") }

        let records = try query("SELECT code, name, edited_by <> '', operator FROM checked ORDER BY \(order)")
        let login = try #require(records.first?.split(separator: "|").last.map(String.init))
        let yes = store == .postgres ? "t" : "1", no = store == .postgres ? "f" : "0"
        #expect(records == ["12|Ann|\(no)|\(login)", "35|Bob|\(yes)|\(login)"])
        #expect(try query("SELECT code, name, changed_by FROM checked_history") == ["34|Bob|\(login)"])
        let rows = try query("SELECT field, saved, keyed, chosen, entered_by, verified_by, verified_at FROM checked_verify ORDER BY record_id = (SELECT record_id FROM checked WHERE code = '35'), field")
        #expect(rows == ["code|12|12|12", "name|Ann|Anne|Ann", "code|34|35|35", "name|Bob|Bob|Bob"]
            .map { $0 + "|\(login)|\(login)|2026-11-22T16:39:01Z" }, "\(rows)")
        // stats: one of the four fields verified was wrong at first entry (code 34), by the importing login.
        let stats = try Spawn.run([fieldlineURL.path, "stats", formPath, "--from", out, "--output", "json"])
        #expect(stats.status == 0, "stats: \(stats.err)")
        #expect(stats.out == #"{"entered_by":"\#(login)","verified_fields":4,"verification_errors":1,"errors_per_10000":2500.0}"# + "\n")
        _ = pg
    }

    /// "type it again" after a mismatch, then the saved value typed: the record is verified as saved, and its row
    /// keeps what the verifier keyed first (the slip), so a discrepancy is still counted as one.
    @Test func aValueTypedAgainKeepsTheFirstKeying() async throws {
        let t = try await TmuxTerminal(columns: 100); defer { t.close() }
        let out = t.home + "/c.db"
        let formPath = t.home + "/checked.yaml"
        try Self.form.write(toFile: formPath, atomically: true, encoding: .utf8)
        let imported = try Spawn.run([fieldlineURL.path, "form", formPath, "--input", "-", "--out", out],
                                     stdin: Data(#"{"code":"12","name":"Ann"}"#.utf8 + [10]))
        #expect(imported.status == 0, "import: \(imported.err)")
        try t.run("FIELDLINE_NOW=1795365541 fieldline form '\(formPath)' --verify --out '\(out)'; echo rc=$?")
        try await t.wait("an empty code") { $0.contains { $0.hasPrefix("Code:") } }
        try t.type("12"); try t.press("Enter")
        try await t.wait("the name") { $0.contains { $0.hasPrefix("Name:") } }
        try t.type("Anne"); try t.press("Enter")
        try await t.wait("both values, the field named by its prompt") { $0.contains { $0.contains("Name differs: saved Ann, keyed Anne") } }
        try await Self.pick("type it again", downs: 3, on: t)
        try await t.wait("the name asked empty") { $0.contains { $0 == "Name:" || $0.hasPrefix("Name: ") && !$0.contains("Anne") } && !$0.contains { $0.hasPrefix("Which is right?") } }
        try t.type("Ann"); try t.press("Enter")
        try await t.wait("the pass ended") { $0.contains { $0.hasPrefix("1 of 1 records verified") } && $0.contains("rc=0") }
        #expect(try sqliteShell(out, "SELECT field, saved, keyed, chosen FROM checked_verify ORDER BY field") == ["code|12|12|12", "name|Ann|Anne|Ann"])
        #expect(try sqliteShell(out, "SELECT code, name, edited_by FROM checked") == ["12|Ann|"])
    }
}
