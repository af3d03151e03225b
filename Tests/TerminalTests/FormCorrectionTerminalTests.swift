import Foundation
import Testing
@testable import TestSupport

/// Ctrl-R at a real terminal: the search of saved records in the first field's place (one `Find:` line, the
/// candidates under it), Enter opens the record in the block at its summary, Shift-Tab goes back into a field to
/// correct it, Enter saves the correction with the old version in `visitor_history`; Esc leaves the search for an
/// empty record; an append-only output, or a database holding no records, refuses the search on the status line.
@Suite struct FormCorrectionTerminalTests {
    /// Two visitors, imported before the terminal session.
    static let visitors = """
        {"mobile":"13812345678","idcard":"11010519491231002X","name":"Zhang San","visit_date":"2026-11-20"}
        {"mobile":"13912345678","idcard":"110105198001010016","name":"Li Si","visit_date":"2026-11-21"}

        """

    /// A SQLite database in the terminal's home holding `visitors`, imported with `form --input -`.
    static func database(in t: TmuxTerminal) throws -> String {
        let db = t.home + "/visitors.db"
        let run = try Spawn.run([fieldlineURL.path, "form", FormTerminalTests.visitor, "--input", "-", "--out", db],
                                stdin: Data(visitors.utf8))
        #expect(run.status == 0, "import: \(run.err)")
        return db
    }

    /// `sqlite3 -json DB SQL`, the rows as column → text (NULL as empty).
    static func rows(_ db: String, _ sql: String) throws -> [[String: String]] {
        let run = try Spawn.run(["sqlite3", "-json", db, sql])
        #expect(run.status == 0, "sqlite3: \(run.err)")
        guard !run.out.isEmpty else { return [] }
        let objects = try #require(JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [[String: Any]])
        return objects.map { $0.mapValues { $0 is NSNull ? "" : "\($0)" } }
    }

    /// How many rows start with `prefix`.
    static func count(_ prefix: String, _ rows: [String]) -> Int { rows.filter { $0.hasPrefix(prefix) }.count }

    /// The record block's field rows are each on the screen once, under the start line (nothing drawn twice).
    static func blockOnce(_ rows: [String]) -> Bool {
        ["Mobile:", "ID card:", "Birth date:", "Sex:", "Name:", "Visit date:"].allSatisfy { count($0, rows) == 1 }
    }

    @Test func ctrlRFindsOpensCorrectsAndSavesWithHistory() async throws {
        let t = try await TmuxTerminal(columns: 100); defer { t.close() }
        let db = try Self.database(in: t)
        let before = try #require(try Self.rows(db, "SELECT * FROM visitor WHERE name = 'Zhang San'").first)
        try t.run(FormTerminalTests.form(db))
        try await t.wait("the start line") { $0.contains { $0.hasPrefix("visitor: 2 records in ") } }
        try await t.waitLastRow("Mobile:", "0/11")
        try t.press("C-r")
        // The search in the field's place: newest first, one record a line, no field line left behind.
        try await t.wait("the newest records") { rows in
            Self.count("Find:", rows) == 1 && Self.count("Mobile:", rows) == 0
                && rows.contains { $0.hasPrefix("  13912345678 · 110105198001010016 · 1980-01-01 · male · Li Si") }
                && rows.contains { $0.hasPrefix("  13812345678 · 11010519491231002X · 1949-12-31 · female · Zhang San") }
        }
        try t.type("san")                                   // letter case ignored, by the database too
        try await t.wait("the one candidate") { rows in
            Self.count("Find: san", rows) == 1 && Self.count("Find:", rows) == 1
                && rows.contains { $0.hasPrefix("> 13812345678 ·") && $0.contains("Zhang San") }
                && !rows.contains { $0.contains("Li Si") }
        }
        try t.press("Enter")
        try await t.wait("the record at its summary") { rows in
            rows.contains { $0.hasPrefix("Enter saves the correction") } && Self.blockOnce(rows)
                && rows.contains("Name: Zhang San") && rows.contains("ID card: 110105 19491231 002X")
        }
        #expect(try Self.count("Find:", t.screen()) == 0, "the search's line went: \(t.dump())")
        // Back through the visit date to the name, one field at a time: a key typed ahead while the form moves
        // between two fields' prompts is read in cooked mode (a known limit, noted on issue 28), which this test
        // is not about.
        try t.press("BTab")
        try await t.wait("the visit date being edited") { rows in
            !rows.contains { $0.hasPrefix("Enter saves the correction") } && rows.last { !$0.isEmpty }?.hasPrefix("Visit date:") == true
        }
        try t.press("BTab")
        try await t.wait("the name's line being edited") { $0.contains { TmuxTerminal.isRow($0, "Name: Zhang San", "9/20") } }
        #expect(try Self.blockOnce(t.screen()), "\(t.dump())")
        #expect(try t.cursor().y == t.screen().firstIndex { $0.hasPrefix("Name:") }, "\(t.dump())")
        try t.press("C-u"); try t.type("Zhang Sanfeng"); try t.press("Enter")
        try await t.wait("the visit date") { $0.contains { $0.hasPrefix("Visit date: 2026-11-20") } && $0.last { !$0.isEmpty }?.hasPrefix("Visit date:") == true }
        try t.press("Enter")
        try await t.wait("the summary again") { rows in
            rows.contains { $0.hasPrefix("Enter saves the correction") } && Self.blockOnce(rows)
                && rows.contains { $0.hasPrefix("Name: Zhang Sanfeng") }
        }
        try t.press("Enter")
        try await t.wait("the correction saved") { $0.contains { $0.hasPrefix("correction saved to ") } }
        try await t.waitLastRow("Mobile:", "0/11")
        try t.press("C-d")
        #expect(try await t.result() == "rc=0", "\(t.dump())")

        let after = try #require(try Self.rows(db, "SELECT * FROM visitor WHERE idcard = '11010519491231002X'").first)
        #expect(after["name"] == "Zhang Sanfeng", "\(after)")
        #expect(after["saved_at"] == before["saved_at"] && after["operator"] == before["operator"], "\(after)")
        #expect(after["edited_by"]?.isEmpty == false && after["edited_at"]?.count == 20, "\(after)")
        #expect(try Self.rows(db, "SELECT count(*) AS n FROM visitor").first?["n"] == "2")
        let history = try Self.rows(db, "SELECT * FROM visitor_history")
        #expect(history.count == 1, "\(history)")
        let old = try #require(history.first)
        for (column, value) in before { #expect(old[column] == value, "history \(column): \(old)") }
        #expect(old["changed_by"] == after["edited_by"] && old["changed_at"] == after["edited_at"], "\(old)")
    }

    /// A record opened with Ctrl-R and corrected meanwhile by another operator is not overwritten: Enter says who
    /// corrected it and when, the record stays at its key line (one copy of the block), the table keeps the other
    /// operator's values and no history row is written.
    @Test func aRecordChangedSinceItWasOpenedIsNotOverwritten() async throws {
        let t = try await TmuxTerminal(columns: 100); defer { t.close() }
        let db = try Self.database(in: t)
        try t.run(FormTerminalTests.form(db))
        try await t.waitLastRow("Mobile:", "0/11")
        try t.press("C-r")
        try await t.wait("the newest records") { $0.contains { $0.contains("Zhang San") } }
        try t.type("san")
        try await t.wait("the one candidate") { rows in
            rows.contains { $0.hasPrefix("> 13812345678 ·") } && !rows.contains { $0.contains("Li Si") }
        }
        try t.press("Enter")
        try await t.wait("the record at its summary") { $0.contains { $0.hasPrefix("Enter saves the correction") } }
        _ = try Self.rows(db, """
            UPDATE visitor SET name = 'Zhang Sanfeng', edited_at = '2026-11-28T10:00:00Z', edited_by = 'bob' WHERE name = 'Zhang San'
            """)
        try t.press("Enter")
        try await t.wait("the refusal under the record") { rows in
            rows.contains { $0.contains("the record was corrected 2026-11-28T10:00:00Z by bob since it was read") }
                && rows.contains { $0.hasPrefix("Enter saves the correction") } && Self.blockOnce(rows)
        }
        #expect(try Self.rows(db, "SELECT name FROM visitor WHERE idcard = '11010519491231002X'").first?["name"] == "Zhang Sanfeng")
        #expect(try Self.rows(db, "SELECT count(*) AS n FROM visitor_history").first?["n"] == "0")
    }

    @Test func escLeavesTheSearchOrTheCorrectionAndAnUnmatchedQuerySaysSo() async throws {
        let t = try await TmuxTerminal(columns: 100); defer { t.close() }
        let db = try Self.database(in: t)
        try t.run(FormTerminalTests.form(db))
        try await t.waitLastRow("Mobile:", "0/11")
        try t.press("C-r")
        try await t.wait("the search") { $0.contains { $0.hasPrefix("Find:") } }
        try t.type("nobody"); try t.press("Enter")
        try await t.wait("no match") { rows in rows.contains("no saved record matches") && Self.count("Find:", rows) == 1 }
        try t.press("Escape")
        try await t.waitLastRow("Mobile:", "0/11")
        let rows = try t.screen()
        #expect(Self.count("Find:", rows) == 0 && Self.count("Mobile:", rows) == 1, "\(t.dump())")
        #expect(!rows.contains { $0.contains("13812345678 ·") }, "the candidates went: \(t.dump())")
        // Not on a field holding typed text.
        try t.type("138"); try t.press("C-r")
        try await t.wait("the refusal") { $0.contains("Ctrl-R finds a saved record only on the first field of an empty record") }
        try t.press("Escape")
        try await t.wait("the question") { $0.contains { $0.contains("discard this record? y/N") } }
        try t.type("y")
        try await t.wait("discarded") { $0.contains("record discarded") }
        // Esc while correcting asks as discarding does, and writes nothing.
        try await t.waitLastRow("Mobile:", "0/11")
        try t.press("C-r"); try t.type("Li Si")
        try await t.wait("Li Si's candidate") { $0.contains { $0.hasPrefix("> 13912345678 ·") } }
        try t.press("Enter")
        try await t.wait("the record at its summary") { $0.contains { $0.hasPrefix("Enter saves the correction") } }
        try t.press("Escape")
        try await t.wait("the question") { $0.contains { $0.contains("discard this record? y/N") } }
        try t.type("y")
        try await t.wait("discarded, then the correction") { $0.filter { $0 == "record discarded" }.count == 1 && $0.contains("correction discarded; the saved record is unchanged") }
        try await t.waitLastRow("Mobile:", "0/11")
        try t.press("C-d")
        #expect(try await t.result() == "rc=0", "\(t.dump())")
        #expect(try Self.rows(db, "SELECT count(*) AS n FROM visitor_history").first?["n"] == "0")
        #expect(try Self.rows(db, "SELECT count(*) AS n FROM visitor WHERE coalesce(edited_at, '') <> ''").first?["n"] == "0")
    }

    /// An append-only log cannot be corrected; an empty database has nothing to correct: both say so.
    @Test(arguments: [("v.jsonl", "corrections need a SQLite or PostgreSQL database: --out FILE.db or postgres://"),
                      ("empty.db", "no saved records in ")])
    func anAppendOnlyOutputOrAnEmptyDatabaseRefusesTheSearch(_ name: String, _ reason: String) async throws {
        let t = try await TmuxTerminal(columns: 100); defer { t.close() }
        let out = t.home + "/" + name
        try t.run(FormTerminalTests.form(out))
        try await t.waitLastRow("Mobile:", "0/11")
        try t.press("C-r")
        try await t.wait("the refusal") { $0.contains { $0.hasPrefix(reason) } }
        let rows = try t.screen()
        #expect(Self.count("Find:", rows) == 0 && Self.count("Mobile:", rows) == 1, "\(t.dump())")
        // Nothing else changed: the field takes typing as before.
        try t.type("138")
        try await t.waitLastRow("Mobile: 138", "3/11")
        try t.press("Escape")
        try await t.wait("the question") { $0.contains { $0.contains("discard this record? y/N") } }
        try t.type("y")
        try await t.wait("discarded") { $0.contains("record discarded") }
        try t.press("C-d")
        #expect(try await t.result() == "rc=0", "\(t.dump())")
        if name.hasSuffix(".jsonl") {
            let written = FileManager.default.fileExists(atPath: out) ? try String(contentsOfFile: out, encoding: .utf8) : ""
            #expect(written.isEmpty, "nothing saved: \(written)")
        }
    }
}
