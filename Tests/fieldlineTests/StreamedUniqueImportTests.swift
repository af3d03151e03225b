import Foundation
import Testing
@testable import TestSupport

/// An import into PostgreSQL of a form with a unique field (the visitor form's ID card) sends its rows ahead as they
/// are checked, as a form without one does: the unique index decides, with no look-up of the batch's values when
/// nothing repeats; a batch whose COPY meets a repeat (of a saved record, or of a record earlier in the batch) is
/// loaded again with its repeats looked up, each refused naming the record it repeats, the others saved in order.
@Suite(.serialized) struct StreamedUniqueImportTests {
    /// Visitor record `i`: its own mobile, ID card (`idcard`: another record's, for a repeat) and name.
    static func record(_ i: Int, idcard: String? = nil) -> String {
        let birth = "198001" + String(format: "%02d", 1 + i / 1000)
        let id = idcard ?? withCheckCharacter("110105" + birth + String(format: "%03d", i % 1000))
        return #"{"mobile":"\#(13_800_000_000 + i)","idcard":"\#(id)","name":"N\#(i)","visit_date":"2026-03-01"}"#
    }

    /// Records enough that their rows are sent ahead (more than `ImportSaving.rowsSentAhead`) in one batch.
    static let count = 3000

    static func idcard(of i: Int) -> String {
        withCheckCharacter("110105" + "198001" + String(format: "%02d", 1 + i / 1000) + String(format: "%03d", i % 1000))
    }

    @Test func nothingIsLookedUpWhenNothingRepeats() throws {
        let pg = try ScratchPostgres()
        let input = (0..<Self.count).map { Self.record($0) }.joined(separator: "\n") + "\n"
        let log = try pg.statementLog {
            let run = try fieldline(["form", FormImportTests.visitor, "--input", "-", "--out", pg.url], stdin: input)
            #expect(run.status == 0, "\(run.err)")
        }
        #expect(try pg.psql("SELECT count(*) FROM visitor") == ["\(Self.count)"])
        let lookups = log.filter { $0.contains("= ANY(") }
        #expect(lookups.isEmpty, "\(lookups.count) look-ups: \(lookups.prefix(2))")
    }

    @Test func aBatchThatMeetsRepeatsIsLoadedAgainWithThemLookedUp() throws {
        let pg = try ScratchPostgres()
        let saved = Self.record(90_000, idcard: withCheckCharacter("11010519491231002"))
        #expect(try fieldline(["form", FormImportTests.visitor, "--input", "-", "--out", pg.url], stdin: saved + "\n").status == 0)
        // Record 1500 (input line 1501) repeats the saved record's ID card, record 2500 record 10's.
        var lines = (0..<Self.count).map { Self.record($0) }
        lines[1500] = Self.record(1500, idcard: withCheckCharacter("11010519491231002"))
        lines[2500] = Self.record(2500, idcard: Self.idcard(of: 10))
        let run = try fieldline(["form", FormImportTests.visitor, "--input", "-", "--out", pg.url], stdin: lines.joined(separator: "\n") + "\n")
        #expect(run.status == 65, "\(run.err)")
        let refusals = withoutSummary(run.err).split(separator: "\n").map(String.init)
        #expect(refusals.count == 2, "\(run.err)")
        let first = try pg.psql("SELECT saved_at || ' by ' || operator FROM visitor WHERE name = 'N90000'")
        #expect(refusals.first == "1501:idcard: '11010519491231002X' is already in the record saved \(first.first ?? "") of \(pg.url)", "\(refusals)")
        #expect(refusals.last?.hasPrefix("2501:idcard: '\(Self.idcard(of: 10))' is already in the record saved ") == true, "\(refusals)")
        let names = try pg.psql("SELECT name FROM visitor ORDER BY fieldline_id")
        #expect(names == ["N90000"] + (0..<Self.count).filter { $0 != 1500 && $0 != 2500 }.map { "N\($0)" })
    }
}
