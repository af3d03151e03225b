import Foundation
import Testing
@testable import TestSupport

/// `fieldline form` at a real terminal: field after field, back with Shift-Tab, the key line under the record with
/// Enter/Esc, the record saved before the next starts, Ctrl-D to end and Ctrl-C to stop with every saved record kept.
@Suite struct FormTerminalTests {
    static let visitor = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("forms/visitor.yaml").path

    /// Whether the screen's last row is the visit date field holding a whole date (today's, by default); rows of
    /// earlier records above do not count.
    static func dateRow(_ rows: [String]) -> Bool {
        rows.last { !$0.isEmpty }.map { $0.range(of: #"^Visit date: \d{4}-\d\d-\d\d +(Mon|Tue|Wed|Thu|Fri|Sat|Sun)$"#, options: .regularExpression) != nil } ?? false
    }

    static func form(_ out: String) -> String { "fieldline form '\(visitor)' --out '\(out)'; echo rc=$?" }

    /// The saved records of an output, each without its time and operator columns, read by a reader that is not
    /// fieldline's: Foundation's JSON parser, Python's csv module, the sqlite3 shell.
    static func saved(_ path: String) throws -> [[String: String]] {
        var objects: [[String: String]]
        if path.hasSuffix(".csv") {
            let script = "import csv,json,sys; r=list(csv.reader(open(sys.argv[1], newline='', encoding='utf-8'))); "
                + "print(json.dumps([dict(zip(r[0], row)) for row in r[1:]]))"
            let run = try Spawn.run(["python3", "-c", script, path])
            objects = try #require(JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [[String: String]], "\(run.err)")
        } else if path.hasSuffix(".db") {
            let run = try Spawn.run(["sqlite3", "-json", path, "SELECT * FROM visitor ORDER BY rowid"])
            objects = run.out.isEmpty ? [] : try #require(JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [[String: String]], "\(run.err)")
        } else {
            let text = FileManager.default.fileExists(atPath: path) ? try String(contentsOfFile: path, encoding: .utf8) : ""
            objects = try text.split(separator: "\n").map { line in
                try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String])
            }
        }
        for i in objects.indices {
            #expect(objects[i].removeValue(forKey: "saved_at")?.count == 20)
            #expect(objects[i].removeValue(forKey: "operator")?.isEmpty == false)
            // A record id (a line an older fieldline wrote, as one test puts in the file first, has none).
            if let id = objects[i].removeValue(forKey: "record_id") {
                #expect(id.wholeMatch(of: /[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/) != nil, "\(id)")
            }
            // A database's correction columns (schema 2): empty until a record is corrected.
            if path.hasSuffix(".db") {
                #expect(objects[i].removeValue(forKey: "edited_at") == "" && objects[i].removeValue(forKey: "edited_by") == "")
            }
        }
        return objects
    }

    /// Three records: the first fixed by going back a field, the second discarded at the summary, the third with a
    /// comma and quotes in its name; each output read back row by row.
    @Test(arguments: ["v.jsonl", "v.csv", "v.db"])
    func recordsAreEnteredFixedDiscardedAndSaved(_ name: String) async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        let out = t.home + "/" + name
        try t.run(Self.form(out))
        try await t.wait("the start line") { $0.contains { $0.hasPrefix("visitor: 0 records in ") } }
        try await t.waitLastRow("Mobile:", "0/11")
        try t.type("13812345678"); try t.press("Enter")
        try await t.waitLastRow("ID card:", "0/18")
        try t.type("11010519491231002x"); try t.press("Enter")
        try await t.waitLastRow("Name:", "0/20")
        try t.type("Zhang"); try t.press("Enter")
        try await t.wait("the visit date", Self.dateRow)  // today, the default, already in place
        try t.press("BTab")                                 // Shift-Tab: back to the name, with its value, editable
                                                        // (Up steps the date in a date field); the date's line stays
        try await t.waitRow("Name: Zhang", "5/20")
        try t.type(" San"); try t.press("Enter")
        try await t.wait("the visit date", Self.dateRow)
        try t.press("Enter")
        try await t.wait("the key line") { $0.contains { $0.hasPrefix("Enter saves, Shift-Tab goes back, Esc discards:") } }
        // The record is one block: a line per field, the name once, edited in its own line.
        #expect(try t.screen().filter { $0.hasPrefix("Name:") } == ["Name: Zhang San"], "\(t.dump())")
        try t.press("Enter")                                // saves
        try await t.wait("1 saved") { $0.contains("1 saved to \(out)") }
        #expect(try Self.saved(out).map { $0["name"] } == ["Zhang San"], "\(t.dump())")

        // A second record, discarded at the summary: nothing more is saved.
        try await t.waitLastRow("Mobile:", "0/11")
        try t.type("13912345678"); try t.press("Enter")
        try await t.waitLastRow("ID card:", "0/18")
        try t.type("440524199001010018"); try t.press("Enter")
        try await t.waitLastRow("Name:", "0/20")
        try t.type("Li"); try t.press("Enter")
        try await t.wait("the visit date", Self.dateRow)
        try t.press("Enter")
        try await t.wait("the key line") { $0.contains { $0.hasPrefix("Enter saves,") } }
        try t.press("Escape")                               // asks first; y discards
        try await t.wait("the question") { $0.contains("discard this record? y/N") }
        try t.type("y")
        try await t.wait("discarded") { $0.contains("record discarded") }

        // A third, saved: a comma and quotes in the name, the date typed over the default.
        try await t.waitLastRow("Mobile:", "0/11")
        try t.type("13712345678"); try t.press("Enter")
        try await t.waitLastRow("ID card:", "0/18")
        try t.type("440524199001010018"); try t.press("Enter")
        try await t.waitLastRow("Name:", "0/20")
        try t.type(#"Wang, "Wu""#); try t.press("Enter")
        try await t.wait("the visit date", Self.dateRow)
        try t.press("C-u"); try t.type("20260301"); try t.press("Enter")
        try await t.wait("the key line") { $0.contains { $0.hasPrefix("Enter saves,") } }
        #expect(try t.screen().contains { $0.hasPrefix(#"Name: Wang, "Wu""#) }, "\(t.dump())")
        try t.press("Enter")
        try await t.wait("2 saved") { $0.contains("2 saved to \(out)") }
        try await t.waitLastRow("Mobile:", "0/11")
        try t.press("C-d")                                  // the first field of an empty record: the end
        #expect(try await t.result() == "rc=0", "\(t.dump())")
        #expect(try t.screen().contains("2 records saved to \(out)"))
        let records = try Self.saved(out)
        #expect(records.count == 2)
        #expect(records.first?["mobile"] == "13812345678" && records.first?["idcard"] == "11010519491231002X")
        #expect(records.first?["visit_date"]?.hasPrefix("2026-") == true)
        // Birth date and sex are never asked: derived from the ID card.
        let third: [String: String] = ["mobile": "13712345678", "idcard": "440524199001010018", "birth_date": "1990-01-01",
                                       "sex": "male", "name": #"Wang, "Wu""#, "visit_date": "2026-03-01"]
        #expect(records.last == third)
    }

    /// While a form runs, between its prompts too (a record being saved, its lines drawn), the terminal neither
    /// echoes nor buffers lines: a key typed then never shows up where the next prompt is drawn. Seen with strace,
    /// since the moments between prompts are too short to hit by typing: every terminal setting made from the
    /// first prompt until the form ends has ECHO and ICANON off; the settings found at the start come back at the end.
    @Test func theTerminalStaysQuietBetweenTheFieldsOfARecord() async throws {
        let strace = "/usr/bin/strace"
        try #require(FileManager.default.isExecutableFile(atPath: strace), "strace is not installed (apt-get install strace)")
        let t = try await TmuxTerminal(); defer { t.close() }
        let out = t.home + "/v.jsonl", log = t.home + "/form.trace"
        try t.run("\(strace) -v -o '\(log)' -e trace=ioctl,write fieldline form '\(Self.visitor)' --out '\(out)'; echo rc=$?")
        try await Self.enterOneRecordTypedAheadAndEnd(t, out: out)
        let trace = try TerminalSettingsLog(path: log)
        let settings = trace.lines.filter(TerminalSettingsLog.isSetting)
        let first = try #require(trace.firstWrite(holding: "Mobile: "), "\(trace.lines)")
        let during = trace.lines[first...].filter(TerminalSettingsLog.isSetting).dropLast(2)
        #expect(during.count >= 6, "\(settings)")  // libedit's edit and end-of-line modes for each of the fields
        for line in during { #expect(TerminalSettingsLog.isQuiet(line), "\(line)") }
        // The last two: libedit's own restore when it ends, then fieldline's; both the settings found at the start.
        #expect(settings.suffix(2).allSatisfy { TerminalSettingsLog.localFlags($0).contains("ECHO") && TerminalSettingsLog.localFlags($0).contains("ICANON") },
                "\(settings)")
    }

    /// One whole visitor record typed in one write (every field's keys ahead of its prompt), saved, then Ctrl-D on
    /// the next record's first field: the form ends with exit 0.
    static func enterOneRecordTypedAheadAndEnd(_ t: TmuxTerminal, out: String) async throws {
        try await t.waitLastRow("Mobile:", "0/11")
        try t.type("13812345678\r11010519491231002x\rZhang San\r\u{15}20260301\r\r")
        try await t.wait("1 saved") { $0.contains("1 saved to \(out)") }
        try await t.waitLastRow("Mobile:", "0/11")
        try t.press("C-d")
        #expect(try await t.result() == "rc=0", "\(t.dump())")
    }

    /// Keys typed ahead of the next field (a fast operator, a barcode scanner sending a whole record at once) go
    /// to that field, not lost with the one that ended: the whole record in one write is saved as typed.
    @Test func keysTypedAheadReachTheNextField() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        let out = t.home + "/v.jsonl"
        try t.run(Self.form(out))
        try await Self.enterOneRecordTypedAheadAndEnd(t, out: out)
        let expected: [String: String] = ["mobile": "13812345678", "idcard": "11010519491231002X", "birth_date": "1949-12-31",
                                          "sex": "female", "name": "Zhang San", "visit_date": "2026-03-01"]
        #expect(try Self.saved(out) == [expected])
    }

    /// A unique value already saved is refused at once, naming the record; Ctrl-C mid-record ends with 130 and
    /// keeps what was saved (and the terminal as it was).
    @Test func aRepeatedIDIsRefusedAndCtrlCKeepsSavedRecords() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        let out = t.home + "/v.jsonl"
        let line = #"{"mobile":"13812345678","idcard":"11010519491231002X","birth_date":"1949-12-31","sex":"female","name":"First","visit_date":"2026-01-02","saved_at":"2026-01-02T00:00:00Z","operator":"x"}"#
        try (line + "\n").write(toFile: out, atomically: true, encoding: .utf8)
        try t.run("s1=$(stty -g); fieldline form '\(Self.visitor)' --out '\(out)'")
        try await t.wait("the start line") { $0.contains { $0.hasPrefix("visitor: 1 record in ") } }
        try await t.waitLastRow("Mobile:", "0/11")
        try t.type("13912345678"); try t.press("Enter")
        try await t.waitLastRow("ID card:", "0/18")
        try t.type("11010519491231002X"); try t.press("Enter")
        // On the field's status line (cut to the row's width), the field asked again in its own line.
        try await t.wait("the refusal") { $0.contains { $0.hasPrefix("idcard: '11010519491231002X' is already in record 1 of ") } }
        try await t.waitRow("ID card: 110105 19491231 002X", "18/18")  // still there to fix
        #expect(try t.screen().filter { $0.hasPrefix("ID card:") }.count == 1, "\(t.dump())")
        try t.press("C-c")
        try await t.freshPrompt()
        try t.run(#"echo "rc=$?"; [ "$s1" = "$(stty -g)" ] && echo stty-same"#)
        #expect(try await t.result() == "rc=130", "\(t.dump())")
        let rows = try await t.wait { $0.contains("stty-same") }
        #expect(rows.contains("stty-same"), "\(t.dump())")
        #expect(try Self.saved(out).map { $0["name"] } == ["First"])
    }
}
