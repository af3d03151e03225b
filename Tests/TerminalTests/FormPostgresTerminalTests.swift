import Foundation
import Testing
@testable import TestSupport

/// `fieldline form` into PostgreSQL at a real terminal when the server goes away: the save is refused with the
/// reason, the record stays on screen (Up still goes back into it), and Enter saves it once the server is back.
@Suite struct FormPostgresTerminalTests {
    @Test func aLostConnectionKeepsTheRecordUntilItIsSaved() async throws {
        let pg = try ScratchPostgres()
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run("fieldline form '\(FormTerminalTests.visitor)' --out '\(pg.url)'; echo rc=$?")
        // The URL is longer than the rest of the row: the start line breaks before it.
        try await t.wait("start") { $0.contains { $0.hasPrefix("visitor: 0 records in") } && $0.contains { $0.hasPrefix("postgresql:") } }

        func enter(_ mobile: String, _ idcard: String, _ name: String) async throws {
            try await t.waitLastRow("Mobile:", "0/11")
            try t.type(mobile); try t.press("Enter")
            try await t.waitLastRow("ID card:", "0/18")
            try t.type(idcard); try t.press("Enter")
            try await t.waitLastRow("Name:", "0/20")
            try t.type(name); try t.press("Enter")
            try await t.wait("the visit date", FormTerminalTests.dateRow)
            try t.press("Enter")
            try await t.wait("the key line") { $0.contains { $0.hasPrefix("Enter saves, Shift-Tab goes back, Esc discards:") } }
            #expect(try t.screen().contains { $0.hasPrefix("Name: \(name)") }, "\(t.dump())")
        }
        try await enter("13812345678", "11010519491231002X", "First")
        try t.press("Enter")
        try await t.wait("1 saved") { $0.contains { $0.hasPrefix("1 saved to postgresql:") } }

        try await enter("13912345678", "440524199001010018", "Second")
        pg.stop()
        try t.press("Enter")
        try await t.wait("not saved") { $0.contains { $0.hasPrefix("not saved: lost the connection to postgresql:") } }
        // The key line again under the same block (drawn once), the failure on its status line.
        try await t.wait("confirm again") { $0.contains { $0.hasPrefix("Enter saves, Shift-Tab goes back, Esc discards:") } }
        #expect(try t.screen().filter { $0.hasPrefix("Name: Second") }.count == 1, "\(t.dump())")
        try t.press("Up")                                   // the record is still there, field by field
        try await t.wait("the visit date", FormTerminalTests.dateRow)
        try t.press("BTab")                                 // Shift-Tab (Up would step the date)
        try await t.waitRow("Name: Second", "6/20")   // in its own line, the visit date kept under it
        try t.press("Enter"); try await t.wait("the visit date", FormTerminalTests.dateRow)
        try t.press("Enter"); try await t.wait("the key line again") { $0.contains { $0.hasPrefix("Enter saves,") } }
        try pg.start()
        try t.press("Enter")                                // tried again: saved now
        try await t.wait("2 saved") { $0.contains { $0.hasPrefix("2 saved to postgresql:") } }
        try await t.waitLastRow("Mobile:", "0/11")
        try t.press("C-d")
        #expect(try await t.result() == "rc=0", "\(t.dump())")
        #expect(try pg.psql("SELECT name FROM visitor ORDER BY saved_at, name") == ["First", "Second"])
    }
}
