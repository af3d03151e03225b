import Foundation
import Testing
@testable import TestSupport

/// `FIELDLINE_NOW` pins the time fieldline takes as now (today, a date field's default, `saved_at`, `edited_at`), so
/// a test sets its clock instead of depending on the day it runs; anything but whole seconds is refused (64).
struct WallClockTests {
    /// 2026-11-22T16:39:01Z.
    static let pinned = ["FIELDLINE_NOW": "1795365541"]

    @Test func aPinnedClockGivesTodayAndTheSaveTime() throws {
        let s = try ScratchFolder()
        let record = #"{"mobile":"13812345678","idcard":"11010519491231002X","name":"Ann"}"# + "\n"
        let saved = try fieldline(["form", FormImportTests.visitor, "--input", "-", "--out", s.path("v.jsonl")], stdin: record,
                                  environment: Self.pinned)
        #expect(saved.status == 0, "\(saved.err)")
        let line = try String(contentsOfFile: s.path("v.jsonl"), encoding: .utf8)
        #expect(line.contains(#""visit_date":"2026-11-22""#), "\(line)")
        #expect(line.contains(#""saved_at":"2026-11-22T16:39:01Z""#), "\(line)")
        // A correction's time too, and its history row's.
        let db = s.path("v.db")
        #expect(try fieldline(["form", FormImportTests.visitor, "--input", "-", "--out", db], stdin: record).status == 0)
        let fixed = try fieldline(["form", FormImportTests.visitor, "--input", "-", "--out", db, "--update-by", "idcard"],
                                  stdin: #"{"idcard":"11010519491231002X","name":"Bo"}"# + "\n", environment: Self.pinned)
        #expect(fixed.status == 0, "\(fixed.err)")
        #expect(try sqliteShell(db, "SELECT edited_at FROM visitor") == ["2026-11-22T16:39:01Z"])
        #expect(try sqliteShell(db, "SELECT changed_at FROM visitor_history") == ["2026-11-22T16:39:01Z"])
        // `check` reads dates against the same today.
        let future = try fieldline(["check", "date", "--max", "today"], stdin: "2026-11-23\n", environment: Self.pinned)
        #expect(future.status != 0, "\(future.out)")
        #expect(try fieldline(["check", "date", "--max", "today"], stdin: "2026-11-22\n", environment: Self.pinned).status == 0)
    }

    @Test(arguments: ["x", "-1", " 1795365541", "1795365541.5", "253402300800", "99999999999999"])
    func anythingButWholeSecondsIsRefused(_ value: String) throws {
        let run = try fieldline(["check", "digits"], stdin: "1\n", environment: ["FIELDLINE_NOW": value])
        #expect(run.status == 64)
        #expect(run.err == "fieldline: FIELDLINE_NOW takes whole seconds since 1970-01-01 UTC (as SOURCE_DATE_EPOCH), from 0 to 253402300799, not '\(value)'\n")
        #expect(run.out == "")
    }

    @Test func anEmptyValueIsTheSystemClock() throws {
        let run = try fieldline(["check", "digits"], stdin: "1\n", environment: ["FIELDLINE_NOW": ""])
        #expect(run.status == 0 && run.err == "", "\(run.err)")
    }
}
