import Foundation
import Testing
@testable import TestSupport

/// A unique field in an import whose batch holds a repeat of a saved record and repeats of its own records: each
/// repeat refused with its record number and the earlier record it repeats, the rest saved, in SQLite and
/// PostgreSQL alike; `--resume` passes over the records saved before without a word.
@Suite(.serialized) struct UniqueBatchImportTests {
    static let saved = #"{"mobile":"13812345678","idcard":"110105198001010016","name":"A","visit_date":"2026-03-01"}"#
    /// One batch: B, a repeat of the saved A, B again (another name), C, an invalid record, C again, D.
    static let batch = [
        #"{"mobile":"13912345678","idcard":"310104198512120023","name":"B","visit_date":"2026-03-01"}"#,
        saved,
        #"{"mobile":"13712345678","idcard":"310104198512120023","name":"B again","visit_date":"2026-03-01"}"#,
        #"{"mobile":"13612345678","idcard":"440305199006150036","name":"C","visit_date":"2026-03-01"}"#,
        #"{"mobile":"12812345678","idcard":"510107197503010043","name":"bad mobile","visit_date":"2026-03-01"}"#,
        #"{"mobile":"13612345678","idcard":"440305199006150036","name":"C","visit_date":"2026-03-01"}"#,
        #"{"mobile":"13512345678","idcard":"510107197503010043","name":"D","visit_date":"2026-03-01"}"#,
    ]
    static let extra = #"{"mobile":"13412345678","idcard":"11010519491231002X","name":"E","visit_date":"2026-03-01"}"#
    static let badMobile = "5:mobile: not a mobile number (CN mobile numbers start 13 to 19)"

    /// The refusals of `batch` imported after `saved`, `earlier(n)` naming the `n`th record saved.
    static func refusals(_ earlier: (Int) throws -> String) rethrows -> [String] {
        ["2:idcard: '110105198001010016' is already in \(try earlier(1))",
         "3:idcard: '310104198512120023' is already in \(try earlier(2))",
         badMobile,
         "6:idcard: '440305199006150036' is already in \(try earlier(3))"]
    }

    @Test func repeatsWithinABatchAndOfSavedRecordsInSQLite() throws {
        let s = try ScratchFolder()
        let db = s.path("v.db")
        #expect(try fieldline(["form", FormImportTests.visitor, "--input", "-", "--out", db], stdin: Self.saved + "\n").status == 0)
        let run = try fieldline(["form", FormImportTests.visitor, "--input", "-", "--out", db], stdin: Self.batch.joined(separator: "\n") + "\n")
        #expect(run.status == 65)
        #expect(withoutSummary(run.err).split(separator: "\n").map(String.init) == Self.refusals { "record \($0) of \(db)" }, "\(run.err)")
        #expect(try sqliteShell(db, "SELECT rowid, name FROM visitor ORDER BY rowid") == ["1|A", "2|B", "3|C", "4|D"])
        // Resumed: the records saved already pass without a word; B under another name is still a repeat.
        let resumed = try fieldline(["form", FormImportTests.visitor, "--input", "-", "--out", db, "--resume"],
                                    stdin: (Self.batch + [Self.extra]).joined(separator: "\n") + "\n")
        #expect(resumed.status == 65)
        #expect(withoutSummary(resumed.err).split(separator: "\n").map(String.init) == ["3:idcard: '310104198512120023' is already in record 2 of \(db)", Self.badMobile],
                "\(resumed.err)")
        #expect(try sqliteShell(db, "SELECT rowid, name FROM visitor ORDER BY rowid") == ["1|A", "2|B", "3|C", "4|D", "5|E"])
    }

    @Test func repeatsWithinABatchAndOfSavedRecordsInPostgres() throws {
        let pg = try ScratchPostgres()
        #expect(try fieldline(["form", FormImportTests.visitor, "--input", "-", "--out", pg.url], stdin: Self.saved + "\n").status == 0)
        let run = try fieldline(["form", FormImportTests.visitor, "--input", "-", "--out", pg.url], stdin: Self.batch.joined(separator: "\n") + "\n")
        #expect(run.status == 65)
        let saved = try pg.psql("SELECT saved_at || ' by ' || operator FROM visitor ORDER BY fieldline_id")
        #expect(try pg.psql("SELECT name FROM visitor ORDER BY fieldline_id") == ["A", "B", "C", "D"])
        #expect(withoutSummary(run.err).split(separator: "\n").map(String.init) == Self.refusals { "the record saved \(saved[$0 - 1]) of \(pg.url)" }, "\(run.err)")
        let resumed = try fieldline(["form", FormImportTests.visitor, "--input", "-", "--out", pg.url, "--resume"],
                                    stdin: (Self.batch + [Self.extra]).joined(separator: "\n") + "\n")
        #expect(resumed.status == 65)
        #expect(withoutSummary(resumed.err).split(separator: "\n").map(String.init) == ["3:idcard: '310104198512120023' is already in the record saved \(saved[1]) of \(pg.url)", Self.badMobile],
                "\(resumed.err)")
        #expect(try pg.psql("SELECT name FROM visitor ORDER BY fieldline_id") == ["A", "B", "C", "D", "E"])
    }

    /// The database refuses B for a rule of its own: B's repeat later in the batch repeats nothing saved, so it is
    /// saved (as it was when each record was looked up alone).
    static func refusedFirst(_ run: Run, _ earlierA: String) -> Bool {
        let lines = withoutSummary(run.err).split(separator: "\n").map(String.init)
        return run.status == 65 && lines.count == 4 && lines[0].hasPrefix("1:-: not saved: ")
            && lines[1] == "2:idcard: '110105198001010016' is already in \(earlierA)" && lines[2] == badMobile
            && lines[3].hasPrefix("6:idcard: '440305199006150036' is already in ")
    }

    @Test func aRepeatOfARecordTheDatabaseRefusedIsSavedInSQLite() throws {
        let s = try ScratchFolder()
        let db = s.path("v.db")
        #expect(try fieldline(["form", FormImportTests.visitor, "--input", "-", "--out", db], stdin: Self.saved + "\n").status == 0)
        _ = try sqliteShell(db, "CREATE TRIGGER no_b BEFORE INSERT ON visitor WHEN NEW.name = 'B' BEGIN SELECT RAISE(ABORT, 'no B'); END")
        let run = try fieldline(["form", FormImportTests.visitor, "--input", "-", "--out", db], stdin: Self.batch.joined(separator: "\n") + "\n")
        #expect(Self.refusedFirst(run, "record 1 of \(db)"), "\(run.err)")
        #expect(try sqliteShell(db, "SELECT name FROM visitor ORDER BY rowid") == ["A", "B again", "C", "D"])
    }

    @Test func aRepeatOfARecordTheDatabaseRefusedIsSavedInPostgres() throws {
        let pg = try ScratchPostgres()
        #expect(try fieldline(["form", FormImportTests.visitor, "--input", "-", "--out", pg.url], stdin: Self.saved + "\n").status == 0)
        _ = try pg.psql("ALTER TABLE visitor ADD CONSTRAINT no_b CHECK (name <> 'B')")
        let run = try fieldline(["form", FormImportTests.visitor, "--input", "-", "--out", pg.url], stdin: Self.batch.joined(separator: "\n") + "\n")
        let savedA = try pg.psql("SELECT saved_at || ' by ' || operator FROM visitor WHERE name = 'A'")
        #expect(Self.refusedFirst(run, "the record saved \(savedA.first ?? "") of \(pg.url)"), "\(run.err)")
        #expect(try pg.psql("SELECT name FROM visitor ORDER BY name") == ["A", "B again", "C", "D"])
    }
}
