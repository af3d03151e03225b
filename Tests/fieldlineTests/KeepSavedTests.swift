import Foundation
import Testing
@testable import TestSupport

/// `form --input --keep-saved`: what `records` writes goes back in as the same records (ids, who saved them and when,
/// who corrected them and when), into SQLite, PostgreSQL and files, from JSON Lines and CSV; columns that cannot be
/// kept are refused with the record named, never changed.
@Suite struct KeepSavedTests {
    static let visitor = FormImportTests.visitor
    static let input = RecordsTests.input.prefix(2).joined(separator: "\n") + "\n"

    /// Two visitors saved into `from`, the second corrected: the records `records` writes of it.
    static func source(_ from: String) throws -> String {
        #expect(try fieldline(["form", visitor, "--input", "-", "--out", from], stdin: input).status == 0)
        let fixed = try fieldline(["form", visitor, "--input", "-", "--out", from, "--update-by", "idcard"],
                                  stdin: #"{"idcard":"440524199001010018","name":"Li Si"}"# + "\n")
        #expect(fixed.status == 0, "\(fixed.err)")
        let read = try fieldline(["records", visitor, "--from", from])
        #expect(read.status == 0 && read.out.contains(#""edited_by":"#), "\(read.err)")
        return read.out
    }

    @Test func recordsCopiedBetweenDatabasesStayTheSameRecords() throws {
        let s = try ScratchFolder()
        let pg = try ScratchPostgres()
        let records = try Self.source(s.path("a.db"))
        for (target, format) in [(s.path("b.db"), "jsonl"), (pg.url, "jsonl"), (s.path("c.db"), "csv")] {
            let given = format == "csv" ? try fieldline(["records", Self.visitor, "--from", s.path("a.db"), "--format", "csv"]).out : records
            let copy = try fieldline(["form", Self.visitor, "--keep-saved", "--input", "-", "--input-format", format, "--out", target], stdin: given)
            #expect(copy.status == 0, "\(target): \(copy.err)")
            let back = try fieldline(["records", Self.visitor, "--from", target])
            #expect(back.out == records, "\(target)")
        }
        // Without --keep-saved the copy is a new record: a new id, this run's time and operator.
        let fresh = try fieldline(["form", Self.visitor, "--input", "-", "--out", s.path("d.db")], stdin: Self.input)
        #expect(fresh.status == 0)
        let ids = { (text: String) in text.matches(of: /"record_id":"([^"]*)"/).map { String($0.output.1) } }
        #expect(Set(ids(try fieldline(["records", Self.visitor, "--from", s.path("d.db")]).out)).isDisjoint(with: ids(records)))
    }

    /// A JSON Lines or CSV file keeps no corrections: the corrected record is refused (not saved without its editor),
    /// the other copied whole.
    @Test(arguments: ["e.jsonl", "e.csv"])
    func aFileTakesTheUncorrectedRecordsAndRefusesTheCorrectedOne(_ name: String) throws {
        let s = try ScratchFolder()
        let records = try Self.source(s.path("a.db"))
        let copy = try fieldline(["form", Self.visitor, "--keep-saved", "--input", "-", "--out", s.path(name)], stdin: records)
        #expect(copy.status == 65)
        #expect(withoutSummary(copy.err) == "2:edited_at: a corrected record keeps who corrected it only in a database (SQLite or PostgreSQL), not in \(s.path(name))\n")
        let back = try fieldline(["records", Self.visitor, "--from", s.path(name)])
        #expect(back.out == String(records.split(separator: "\n")[0]) + "\n")
    }

    /// Columns that are not what fieldline writes are refused, the record named; a record id already saved is a
    /// repeat the database refuses.
    @Test func badColumnsAndARepeatedIDAreRefused() throws {
        let s = try ScratchFolder()
        let db = s.path("a.db")
        let base = #""mobile":"13812345678","idcard":"11010519491231002X","name":"Zhang""#
        let lines = [
            "{\(base),\"record_id\":\"X\"}",
            "{\(base),\"saved_at\":\"yesterday\"}",
            "{\(base),\"edited_at\":\"2026-01-02T00:00:00Z\"}",
            "{\(base),\"record_id\":\"019ac0de-0000-7000-8000-000000000001\",\"saved_at\":\"2026-01-01T00:00:00Z\",\"operator\":\"ann\"}",
            #"{"mobile":"13912345678","idcard":"440524199001010018","name":"Li","record_id":"019ac0de-0000-7000-8000-000000000001"}"#,
        ]
        let run = try fieldline(["form", Self.visitor, "--keep-saved", "--input", "-", "--out", db], stdin: lines.joined(separator: "\n") + "\n")
        #expect(run.status == 65)
        let reports = withoutSummary(run.err).split(separator: "\n").map(String.init)
        #expect(reports.count == 4, "\(run.err)")
        #expect(reports.first == "1:record_id: not a record id (a UUID in lowercase: 8-4-4-4-12 hexadecimal digits)")
        #expect(reports.dropFirst().first == "2:saved_at: not a time as fieldline writes it (2026-11-22T16:39:01Z)")
        #expect(reports.dropFirst(2).first == "3:edited_by: edited_at and edited_by are given together or not at all")
        #expect(reports.last?.hasPrefix("5:-: not saved: ") == true && reports.last?.contains("record_id") == true, "\(run.err)")
        #expect(try sqliteShell(db, "SELECT record_id, saved_at, operator FROM visitor")
                == ["019ac0de-0000-7000-8000-000000000001|2026-01-01T00:00:00Z|ann"])
        let usage = try fieldline(["form", Self.visitor, "--keep-saved", "--update-by", "idcard", "--input", "-", "--out", db], stdin: "")
        #expect(usage.status == 64)
    }
}
