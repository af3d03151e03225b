import Foundation
import Testing
@testable import TestSupport

/// The form's record as one block on a real terminal: going back edits a field in its own line with the later
/// fields kept under it (never a second copy), Esc asks before it discards typed work, Ctrl-D ends only an empty
/// record, and Up/Down belong to the date field.
@Suite struct FormRecordBlockTerminalTests {
    /// The rows that start with each field's prompt, in screen order.
    static func fieldRows(_ rows: [String]) -> [String] {
        rows.filter { row in ["Mobile:", "ID card:", "Name:", "Visit date:"].contains { row.hasPrefix($0) } }
    }

    static func start(_ t: TmuxTerminal) async throws -> String {
        let out = t.home + "/v.jsonl"
        try t.run(FormTerminalTests.form(out))
        try await t.waitLastRow("Mobile:", "0/11")
        return out
    }

    @Test func goingBackTwiceEditsInPlaceAndForwardReturns() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        _ = try await Self.start(t)
        try t.type("13812345678"); try t.press("Enter")
        try await t.waitLastRow("ID card:", "0/18")
        try t.type("11010519491231002X"); try t.press("Enter")
        try await t.waitLastRow("Name:", "0/20")
        try t.type("Zhang"); try t.press("Enter")
        try await t.wait("the visit date", FormTerminalTests.dateRow)
        try t.press("BTab"); try t.press("BTab")                // back twice: the ID card, the name and the date kept under it
        try await t.wait("the ID card with the name under it") { rows in
            let fields = Self.fieldRows(rows)
            return fields.count == 4 && fields[1].hasPrefix("ID card: 110105 19491231 002X") && fields[2].hasPrefix("Name: Zhang")
                && fields[3].hasPrefix("Visit date: ")
        }
        #expect(try t.cursor().y == t.screen().firstIndex { $0.hasPrefix("ID card:") }, "\(t.dump())")
        try t.press("BSpace"); try t.type("x"); try t.press("Enter") // edit there, then forward
        try await t.waitRow("Name: Zhang", "5/20")
        try t.type(" San"); try t.press("Enter")
        try await t.wait("the visit date", FormTerminalTests.dateRow)
        try t.press("Enter")
        try await t.wait("the key line") { $0.contains { $0.hasPrefix("Enter saves,") } }
        let fields = try Self.fieldRows(t.screen())
        #expect(fields.count == 4, "one line per field: \(t.dump())")
        #expect(fields[2].hasPrefix("Name: Zhang San"), "\(t.dump())")
        try t.press("Enter")
        // The next record's first field is drawn just after the saved line: wait for it before counting.
        try await t.wait("saved, and the next record") { rows in rows.contains { $0.hasPrefix("1 saved to ") } && Self.fieldRows(rows).count >= 5 }
        #expect(try Self.fieldRows(t.screen()).count == 5, "the block stays above, the next record below: \(t.dump())")
    }

    @Test func escAsksOnlyWhenSomethingIsTypedAndCtrlDEndsOnlyAnEmptyRecord() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        let out = try await Self.start(t)
        try t.press("Escape")                               // an empty record: a hint, nothing ends
        try await t.wait("the hint") { $0.contains { $0.contains("nothing to discard: Ctrl-D ends the session") } }
        try t.type("138"); try t.press("Escape")
        try await t.wait("the question") { $0.contains { $0.contains("discard this record? y/N") } }
        try t.type("n")                                     // any key but y: back, everything in place
        try await t.waitLastRow("Mobile: 138", "3/11")
        #expect(try !t.screen().contains { $0.contains("discard this record?") }, "\(t.dump())")
        try t.type("12345678"); try t.press("Enter")
        try await t.waitLastRow("ID card:", "0/18")
        try t.press("C-d")                                  // not the first field: refused, with why
        try await t.wait("the Ctrl-D hint") { $0.contains { $0.contains("Ctrl-D ends the session only on the first field of an empty record") } }
        try t.press("Escape")                               // the mobile is typed: asks
        try await t.wait("the question") { $0.contains { $0.contains("discard this record? y/N") } }
        try t.type("y")
        try await t.wait("discarded") { $0.contains("record discarded") }
        try await t.waitLastRow("Mobile:", "0/11")
        try t.press("C-d")
        #expect(try await t.result() == "rc=0", "\(t.dump())")
        #expect(try t.screen().contains("0 records saved to \(out)"), "\(t.dump())")
    }

    @Test func upAndDownStepTheDateInAForm() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        _ = try await Self.start(t)
        try t.type("13812345678"); try t.press("Enter")
        try await t.waitLastRow("ID card:", "0/18")
        try t.type("11010519491231002X"); try t.press("Enter")
        try await t.waitLastRow("Name:", "0/20")
        try t.type("Zhang"); try t.press("Enter")
        try await t.wait("the visit date", FormTerminalTests.dateRow)
        try t.press("C-u"); try t.type("20260301")
        try await t.waitLastRow("Visit date: 2026-03-01", "Sun")
        try t.press("Up")
        try await t.waitLastRow("Visit date: 2026-03-02", "Mon")
        try t.press("Down"); try t.press("Down")
        try await t.waitLastRow("Visit date: 2026-02-28", "Sat")
        #expect(try Self.fieldRows(t.screen()).count == 4, "\(t.dump())")
    }
}

/// Derived fields shown filled in the block, a broken rule sending the record back to its field, and `repeat`
/// fields pre-filled from the record before: at a real terminal.
@Suite struct FormRulesTerminalTests {
    static let forms = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("forms").path

    @Test func derivedLinesAreShownAndABrokenRuleReturnsToItsField() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        let out = t.home + "/v.jsonl"
        try t.run(FormTerminalTests.form(out))
        try await t.waitLastRow("Mobile:", "0/11")
        try t.type("13812345678"); try t.press("Enter")
        try await t.waitLastRow("ID card:", "0/18")
        try t.type("11010519491231002X"); try t.press("Enter")
        // Birth date and sex come from the ID card: shown filled, never asked.
        try await t.waitLastRow("Name:", "0/20")
        #expect(try t.screen().contains("Birth date: 1949-12-31") && t.screen().contains("Sex: female"), "\(t.dump())")
        try t.type("Zhang"); try t.press("Enter")
        try await t.wait("the visit date", FormTerminalTests.dateRow)
        try t.press("C-u"); try t.type("19400101"); try t.press("Enter")
        try await t.wait("the rule's message") { $0.contains("the visit date is before the visitor's birth date") }
        try await t.waitRow("Visit date: 1940-01-01", "Mon")
        #expect(try t.screen().filter { $0.hasPrefix("Visit date:") }.count == 1, "\(t.dump())")
        try t.press("C-u"); try t.type("20260101"); try t.press("Enter")
        try await t.wait("the key line") { $0.contains { $0.hasPrefix("Enter saves,") } }
        #expect(try !t.screen().contains("the visit date is before the visitor's birth date"), "\(t.dump())")
        try t.press("Enter")
        try await t.wait("saved") { $0.contains { $0.hasPrefix("1 saved to ") } }
        let saved = try FormTerminalTests.saved(out)
        #expect(saved.first?["birth_date"] == "1949-12-31" && saved.first?["sex"] == "female"
                && saved.first?["visit_date"] == "2026-01-01", "\(saved)")
    }

    @Test func repeatFieldsStartWithTheRecordBefore() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        let out = t.home + "/d.jsonl"
        try t.run("fieldline form '\(Self.forms)/delivery.yaml' --out '\(out)'; echo rc=$?")
        try await t.waitRow("Purpose:", "0/2")
        try t.type("deliv"); try t.press("Enter")
        try await t.waitRow("Mobile:", "0/11")
        try t.type("13812345678"); try t.press("Enter")
        try await t.waitRow("Courier company:", "0/40")
        try t.type("SF Express"); try t.press("Enter")
        try await t.waitRow("Parcels:", "0/3")
        try t.type("2"); try t.press("Enter")
        try await t.wait("the date") { $0.contains { $0.hasPrefix("Date: ") } }
        try t.press("Enter")
        try await t.wait("the key line") { $0.contains { $0.hasPrefix("Enter saves,") } }
        try t.press("Enter")
        try await t.wait("saved") { $0.contains { $0.hasPrefix("1 saved to ") } }
        // The next record starts with the purpose and the company of the one before, editable.
        try await t.wait("the purpose repeated") { $0.contains { $0.hasPrefix("Purpose: delivery") } }
        try t.press("Enter")
        try await t.waitRow("Mobile:", "0/11")
        try t.type("13912345678"); try t.press("Enter")
        try await t.waitRow("Courier company: SF Express", "10/40")
        try t.press("C-c")
        let saved = try FormTerminalTests.saved(out)
        #expect(saved.count == 1 && saved.first?["company"] == "SF Express" && saved.first?["mobile_e164"] == "+8613812345678",
                "\(saved)")
    }
}
