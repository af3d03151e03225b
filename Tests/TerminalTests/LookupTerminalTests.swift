import Foundation
import Testing
@testable import TestSupport

/// Choices from list files at a real terminal (issue 48): the shipped room-booking form, whose rooms are narrowed to
/// the site chosen (`filter`) and whose city and seats are filled from the chosen rows (`from`), in Chinese.
@Suite struct LookupTerminalTests {
    static let form = FormRulesTerminalTests.forms + "/room-booking.yaml"

    /// Site, then a room of it; back to the site and another one: the room no longer fits, so it is cleared and the
    /// status line says so (once), the filled lines follow, a room of the new site is chosen and saved to SQLite.
    @Test func changingTheSiteClearsARoomThatNoLongerFits() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        let out = t.home + "/b.db"
        try t.run("export LANG=zh_CN.UTF-8 FIELDLINE_NOW=1795365541; fieldline form '\(Self.form)' --out '\(out)'; echo rc=$?")
        try await t.waitRow("校区：", "0/2")
        try t.type("北"); try t.press("Enter")                       // 北校区 (N), found by its Chinese label
        try await t.waitRow("房间：", "0/2")                      // only the north site's two rooms
        #expect(try t.screen().contains("城市：Beijing"), "\(t.dump())")
        try t.type("会议"); try t.press("Enter")                     // 会议室 (N-201)
        try await t.waitRow("日期：2026-11-22", "周日")
        #expect(try t.screen().contains("座位：12") && t.screen().contains("房间：会议室"), "\(t.dump())")
        try t.press("BTab"); try t.press("BTab")                    // back to the site
        try await t.wait("the site asked again") { rows in rows.contains { $0.hasPrefix("校区：北校区") } && rows.contains("座位：12") }
        try t.type("南"); try t.press("Enter")   // 南校区 (S), typed over the label: N-201 is none of its rooms
        let cleared = "房间 已清空：'会议室' 不在这个 校区 的选项中"   // named by their prompts
        try await t.waitRow("房间：", "0/2")
        try await t.wait("the status line") { $0.contains(cleared) }
        let screen = try t.screen()
        #expect(screen.filter { $0.contains("已清空") }.count == 1, "one status line: \(t.dump())")
        #expect(screen.contains("城市：Shanghai") && !screen.contains { $0.hasPrefix("座位：12") }, "\(t.dump())")
        try t.type("录音"); try t.press("Enter")                     // 录音室 (S-102)
        try await t.waitRow("日期：2026-11-22", "周日")
        #expect(try t.screen().contains("座位：4") && !t.screen().contains { $0.contains(cleared) }, "\(t.dump())")
        try t.press("Enter")
        try await t.wait("the key line") { $0.contains { $0.hasPrefix("Enter") } }
        try t.press("Enter")
        try await t.wait("saved") { $0.contains { $0.hasPrefix("已保存 1 条") } }
        try await t.waitRow("校区：", "0/2")
        try t.press("C-d")
        #expect(try await t.result() == "rc=0", "\(t.dump())")
        #expect(try sqliteShell(out, "SELECT site, city, room, seats, day FROM room_booking") == ["S|Shanghai|S-102|4|2026-11-22"])
    }

    /// Back to a chosen room: its label shown whole among all the site's rooms (the chosen one current), a typed
    /// query takes the label's place (no need to erase it), through a resize; Up/Down and Enter as ever; saved as
    /// changed.
    @Test func aChoiceGoneBackToIsReplacedByTyping() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        let out = t.home + "/b.jsonl"
        try t.run("export FIELDLINE_NOW=1795365541; fieldline form '\(Self.form)' --out '\(out)'; echo rc=$?")
        try await t.waitRow("Site:", "0/2")
        try t.type("s"); try t.press("Enter")
        try await t.waitRow("Room:", "0/2")
        try t.type("rec"); try t.press("Enter")
        try await t.waitRow("Day: 2026-11-22", "Sun")
        try t.press("BTab")
        try await t.waitRow("Room: Recording studio", "2/2")
        #expect(try t.screen().contains("> Recording studio") && t.screen().contains("  Seminar room"), "\(t.dump())")
        _ = try t.tmux("resize-window", "-t", "s", "-x", "70")
        try await t.waitRow("Room: Recording studio", "2/2")
        try t.type("sem")
        try await t.waitRow("Room: sem  > Seminar room", "1/1")
        #expect(try t.screen().filter { $0.hasPrefix("Room:") }.count == 1, "one copy of the field: \(t.dump())")
        try t.press("Enter")
        try await t.waitRow("Day: 2026-11-22", "Sun")
        #expect(try t.screen().contains("Seats: 8"), "\(t.dump())")
        try t.press("Enter")
        try await t.wait("the key line") { $0.contains { $0.hasPrefix("Enter saves") } }
        try t.press("Enter")
        try await t.waitRow("Site:", "0/2")
        try t.press("C-d")
        #expect(try await t.result() == "rc=0", "\(t.dump())")
        let saved = try String(contentsOfFile: out, encoding: .utf8)
        #expect(saved.contains(#""room":"S-101""#) && saved.contains(#""seats":"8""#), "\(saved)")
    }
}
