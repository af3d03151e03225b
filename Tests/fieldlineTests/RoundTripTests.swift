import Foundation
import Testing
@testable import TestSupport

/// What `records` writes goes back in with `form --input`: without `--keep-saved` refused once, naming the option;
/// with it, the same records, corrected ones with their history, through SQLite and PostgreSQL and through JSON
/// Lines and CSV as `records` writes them.
@Suite struct RoundTripTests {
    static let visitor = FormImportTests.visitor
    static let now = ["FIELDLINE_NOW": "1795365541"]

    /// Two visitors saved into `db`, the second corrected twice (its history two versions).
    static func corrected(_ db: String) throws {
        let input = RecordsTests.input.prefix(2).joined(separator: "\n") + "\n"
        #expect(try fieldline(["form", visitor, "--input", "-", "--out", db], stdin: input).status == 0)
        for name in ["Li Si", "Li Si Jr"] {
            let fixed = try fieldline(["form", visitor, "--input", "-", "--out", db, "--update-by", "idcard"],
                                      stdin: #"{"idcard":"440524199001010018","name":""# + name + "\"}\n")
            #expect(fixed.status == 0, "\(fixed.err)")
        }
    }

    @Test(arguments: [("en", ": record 1 holds saved_at, a column fieldline writes, not a field of this form: --keep-saved keeps it; the import stops here"),
                      ("zh", "：第 1 条记录含有 saved_at，这是 fieldline 写入的列，不是此表单的字段：--keep-saved 会保留它；导入到此停止")])
    func recordsReadBackWithoutKeepSavedAreRefusedOnce(_ language: String, _ message: String) throws {
        let s = try ScratchFolder()
        try Self.corrected(s.path("a.db"))
        let records = try fieldline(["records", Self.visitor, "--from", s.path("a.db")]).out
        try records.write(toFile: s.path("out.jsonl"), atomically: true, encoding: .utf8)
        let run = try fieldline(["form", Self.visitor, "--input", s.path("out.jsonl"), "--out", s.path("b.db"), "--lang", language])
        #expect(run.status == 65)
        #expect(run.err == "fieldline: \(s.path("out.jsonl"))\(message)\n")
        #expect(try sqliteShell(s.path("b.db"), "SELECT count(*) FROM visitor") == ["0"])
    }

    /// JSON Lines → SQLite → PostgreSQL → CSV → SQLite: `records --history` reads back byte for byte at every step,
    /// and each database's history table holds the same versions, replaced when and by whom they were.
    @Test func aRoundTripKeepsCorrectionsAndTheirHistory() throws {
        let s = try ScratchFolder()
        let pg = try ScratchPostgres()
        try Self.corrected(s.path("a.db"))
        let original = try fieldline(["records", Self.visitor, "--from", s.path("a.db"), "--history"])
        #expect(original.status == 0)
        #expect(original.out.split(separator: "\n").count == 4, "\(original.out)")
        let history = "SELECT name, edited_at, edited_by, changed_at, changed_by, record_id FROM visitor_history ORDER BY rowid"
        let versions = try sqliteShell(s.path("a.db"), history)
        #expect(versions.count == 2)
        var given = original.out
        for (target, format) in [(s.path("b.db"), "jsonl"), (pg.url, "jsonl"), (s.path("c.db"), "csv")] {
            let copy = try fieldline(["form", Self.visitor, "--keep-saved", "--input", "-", "--input-format", format, "--out", target], stdin: given)
            #expect(copy.status == 0, "\(target): \(copy.err)")
            let back = try fieldline(["records", Self.visitor, "--from", target, "--history"])
            #expect(back.out == original.out, "\(target)")
            given = try fieldline(["records", Self.visitor, "--from", target, "--history", "--format", format == "jsonl" && target == pg.url ? "csv" : "jsonl"]).out
        }
        #expect(try sqliteShell(s.path("c.db"), history) == versions)
        #expect(try pg.psql("SELECT name || '|' || edited_at || '|' || edited_by || '|' || changed_at || '|' || changed_by || '|' || record_id FROM visitor_history ORDER BY changed_at, ctid") == versions)
    }

    @Test func historyDoesNotGoWithFind() throws {
        let run = try fieldline(["records", Self.visitor, "--from", "x.db", "--history", "--find", "name=x"])
        #expect(run.status == 64)
    }
}
