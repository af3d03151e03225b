import Foundation
import Testing
@testable import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `form --update-by FIELD`: corrections replace saved records in SQLite, each replaced version kept whole in
/// `FORM_history`; refused where records cannot be corrected; never an update without its history.
@Suite struct FormUpdateTests {
    static let visitor = FormImportTests.visitor

    static let saved = [
        #"{"mobile":"13812345678","idcard":"11010519491231002X","name":"Zhang","visit_date":"2026-03-01"}"#,
        #"{"mobile":"13912345678","idcard":"440524199001010018","name":"Li Si","visit_date":"2026-03-02"}"#,
    ]
    /// The visitor table's columns, in order.
    static let columns = "mobile, idcard, birth_date, sex, name, visit_date, saved_at, operator, edited_at, edited_by"

    /// A scratch folder with a visitor database holding `saved`; its rows as the sqlite3 shell prints them.
    static func database() throws -> (ScratchFolder, String, [String]) {
        let s = try ScratchFolder()
        let db = s.path("v.db")
        let run = try fieldline(["form", visitor, "--input", "-", "--out", db], stdin: saved.joined(separator: "\n") + "\n")
        #expect(run.status == 0, "\(run.err)")
        return (s, db, try sqliteShell(db, "SELECT \(columns) FROM visitor ORDER BY rowid"))
    }

    @Test func aCorrectionReplacesItsRecordAndKeepsTheOldOneInHistory() throws {
        let (scratch, db, before) = try Self.database()
        defer { withExtendedLifetime(scratch) {} }
        let corrections = [
            // Every field given (lower-case x as typed; the key is found by its stored form).
            #"{"mobile":"13812345678","idcard":"11010519491231002x","name":"Zhang San","visit_date":"2026-03-01"}"#,
            // Only what changes: the rest stays as saved (the visit date is not replaced by today).
            #"{"idcard":"440524199001010018","name":"Li Si Jr"}"#,
            // No saved record has this ID card: refused, the others still applied.
            #"{"mobile":"13712345678","idcard":"110101199003070011","name":"Nobody"}"#,
            // Checked exactly as a new record: an invalid mobile is refused.
            #"{"mobile":"12812345678","idcard":"11010519491231002X","name":"bad"}"#,
            // Only the key and a change, for a key no record holds: said as such (not the fields it leaves out).
            #"{"idcard":"110105198001010016","name":"Ghost"}"#,
        ]
        let run = try fieldline(["form", Self.visitor, "--input", "-", "--out", db, "--update-by", "idcard"],
                                stdin: corrections.joined(separator: "\n") + "\n")
        #expect(run.status == 65)
        #expect(withoutSummary(run.err) == """
            3:idcard: no saved record with idcard 110101199003070011
            4:mobile: not a mobile number (CN mobile numbers start 13 to 19)
            5:idcard: no saved record with idcard 110105198001010016

            """)
        let after = try sqliteShell(db, "SELECT \(Self.columns) FROM visitor ORDER BY rowid")
        #expect(after.count == 2)
        for (old, new) in zip(before, after) {
            let o = old.split(separator: "|", omittingEmptySubsequences: false), n = new.split(separator: "|", omittingEmptySubsequences: false)
            // saved_at and operator kept; edited_at a UTC time, edited_by the operator running the correction.
            #expect(n[6] == o[6] && n[7] == o[7])
            #expect(String(n[8]).range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$"#, options: .regularExpression) != nil)
            #expect(!n[9].isEmpty && o[8].isEmpty && o[9].isEmpty)
        }
        #expect(after[0].hasPrefix("13812345678|11010519491231002X|1949-12-31|female|Zhang San|2026-03-01|"))
        #expect(after[1].hasPrefix("13912345678|440524199001010018|1990-01-01|male|Li Si Jr|2026-03-02|"))
        // History: each replaced version whole, column by column, with its row's id and when and by whom.
        let history = try sqliteShell(db, "SELECT \(Self.columns), fieldline_id, changed_at, changed_by FROM visitor_history ORDER BY rowid")
        #expect(history.count == 2)
        for (i, row) in history.enumerated() {
            let h = row.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            let n = after[i].split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            #expect(h.prefix(10).joined(separator: "|") == before[i])
            #expect(h[10] == String(i + 1))
            #expect(h[11] == n[8] && h[12] == n[9])
        }
        // The same corrections again change nothing: no new history rows.
        let again = try fieldline(["form", Self.visitor, "--input", "-", "--out", db, "--update-by", "idcard"],
                                  stdin: corrections.prefix(2).joined(separator: "\n") + "\n")
        #expect(again.status == 0, "\(again.err)")
        #expect(try sqliteShell(db, "SELECT count(*) FROM visitor_history") == ["2"])
    }

    /// What `records` writes besides the fields (saved_at, operator, edited_at, edited_by) is read and left to
    /// the sink, so a record read back, edited and fed in again is a correction.
    @Test func bookkeepingColumnsInTheInputAreTheSinks() throws {
        let (scratch, db, before) = try Self.database()
        defer { withExtendedLifetime(scratch) {} }
        let line = #"{"mobile":"13812345678","idcard":"11010519491231002X","birth_date":"1949-12-31","sex":"female","name":"Z","visit_date":"2026-03-01","saved_at":"1999-01-01T00:00:00Z","operator":"mallory","edited_at":"x","edited_by":"y"}"#
        let run = try fieldline(["form", Self.visitor, "--input", "-", "--out", db, "--update-by", "idcard"], stdin: line + "\n")
        #expect(run.status == 0, "\(run.err)")
        let row = try sqliteShell(db, "SELECT name, saved_at, operator, edited_at <> 'x', edited_by <> 'y' FROM visitor WHERE rowid = 1")
        let old = before[0].split(separator: "|", omittingEmptySubsequences: false)
        #expect(row == ["Z|\(old[6])|\(old[7])|1|1"])
    }

    @Test func updatesAreRefusedWhereTheyCannotBeMade() throws {
        let s = try ScratchFolder()
        for out in [s.path("v.jsonl"), s.path("v.csv"), "-"] {
            let run = try fieldline(["form", Self.visitor, "--input", "-", "--out", out, "--update-by", "idcard"], stdin: "")
            #expect(run.status == 64)
            #expect(run.err.contains("JSON Lines and CSV files are append-only logs; give --out FILE.db, FILE.sqlite, sqlite:PATH or postgres://…"), "\(run.err)")
        }
        #expect(!FileManager.default.fileExists(atPath: s.path("v.jsonl")))
        let notUnique = try fieldline(["form", Self.visitor, "--input", "-", "--out", s.path("v.db"), "--update-by", "name"], stdin: "")
        #expect(notUnique.status == 64)
        #expect(notUnique.err.contains("--update-by takes a unique field of visitor: idcard, not 'name'"))
        let unknown = try fieldline(["form", Self.visitor, "--input", "-", "--out", s.path("v.db"), "--update-by", "colour"], stdin: "")
        #expect(unknown.status == 64)
    }

    /// A table made by fieldline 0.6.0 (the form's columns, saved_at, operator, its unique index) is upgraded in
    /// place on first use: columns added, history made, version recorded, every row as it was.
    @Test func aVersion1TableIsUpgradedWithItsRowsIntact() throws {
        let s = try ScratchFolder()
        let db = s.path("old.db")
        let rows = [
            "('13812345678','11010519491231002X','1949-12-31','female','Zhang','2026-03-01','2026-01-01T00:00:00Z','old')",
            "('13912345678','440524199001010018','1990-01-01','male','Li','2026-03-02','2026-01-01T00:00:01Z','old')",
        ]
        _ = try sqliteShell(db, """
            CREATE TABLE visitor ("mobile" TEXT NOT NULL, "idcard" TEXT NOT NULL, "birth_date" TEXT NOT NULL, "sex" TEXT NOT NULL,
            "name" TEXT NOT NULL, "visit_date" TEXT NOT NULL, "saved_at" TEXT NOT NULL, "operator" TEXT NOT NULL);
            CREATE UNIQUE INDEX "fl_unique_x" ON visitor("idcard") WHERE "idcard" <> '';
            INSERT INTO visitor VALUES \(rows.joined(separator: ","));
            """)
        let old = try sqliteShell(db, "SELECT rowid, * FROM visitor")
        let run = try fieldline(["form", Self.visitor, "--input", "-", "--out", db, "--update-by", "idcard"],
                                stdin: #"{"idcard":"440524199001010018","name":"Li Si"}"# + "\n")
        #expect(run.status == 0, "\(run.err)")
        #expect(try sqliteShell(db, "SELECT name FROM pragma_table_info('visitor')").suffix(3) == ["edited_at", "edited_by", "record_id"])
        // Every row has an id of its own.
        #expect(try sqliteShell(db, "SELECT count(DISTINCT record_id), min(length(record_id)) FROM visitor") == ["2|36"])
        #expect(try sqliteShell(db, "SELECT rowid, mobile, idcard, birth_date, sex, name, visit_date, saved_at, operator FROM visitor WHERE rowid = 1") == [old[0]])
        #expect(try sqliteShell(db, "SELECT name, edited_by <> '' FROM visitor WHERE rowid = 2") == ["Li Si|1"])
        #expect(try sqliteShell(db, "SELECT form, version FROM fieldline_schema") == ["visitor|3"])
        #expect(try sqliteShell(db, "SELECT h.name, h.fieldline_id, h.record_id = v.record_id FROM visitor_history h JOIN visitor v ON v.rowid = 2") == ["Li|2|1"])
    }

    /// An upgrade that fails (the history table's name is taken by a table of other columns) leaves the database
    /// as it was: no column added, no version recorded.
    @Test func aFailedUpgradeLeavesTheTableAsItWas() throws {
        let s = try ScratchFolder()
        let db = s.path("old.db")
        _ = try sqliteShell(db, """
            CREATE TABLE visitor ("mobile" TEXT NOT NULL, "idcard" TEXT NOT NULL, "birth_date" TEXT NOT NULL, "sex" TEXT NOT NULL,
            "name" TEXT NOT NULL, "visit_date" TEXT NOT NULL, "saved_at" TEXT NOT NULL, "operator" TEXT NOT NULL);
            INSERT INTO visitor VALUES ('13812345678','11010519491231002X','1949-12-31','female','Zhang','2026-03-01','t','o');
            CREATE TABLE visitor_history (x TEXT);
            """)
        let schema = try sqliteShell(db, ".schema")
        let run = try fieldline(["form", Self.visitor, "--input", "-", "--out", db], stdin: #"{"idcard":"440524199001010018","mobile":"13912345678","name":"Li"}"# + "\n")
        #expect(run.status == 65)
        #expect(run.err.contains("table visitor_history has the columns x, the form mobile,idcard,birth_date,sex,name,visit_date,saved_at,operator,edited_at,edited_by,fieldline_id,changed_at,changed_by"), "\(run.err)")
        #expect(try sqliteShell(db, ".schema") == schema)
        #expect(try sqliteShell(db, "SELECT count(*) FROM visitor") == ["1"])
    }

    /// SIGKILL at random moments of a run of 3,000 corrections: every row is either as it was or corrected, and
    /// exactly the corrected ones have a history row holding their old version; a rerun completes the rest.
    @Test func aKilledRunLeavesNoUpdateWithoutItsHistory() throws {
        let s = try ScratchFolder()
        try "name: entry\nfields:\n  - {name: code, keymap: digits, unique: true}\n  - {name: name, keymap: text}\n"
            .write(toFile: s.path("entry.yaml"), atomically: true, encoding: .utf8)
        let db = s.path("e.db")
        let codes = (0..<3000).map { String(100_000 + $0) }
        try codes.map { #"{"code":"\#($0)","name":"old\#($0)"}"# }.joined(separator: "\n").write(toFile: s.path("in.jsonl"), atomically: true, encoding: .utf8)
        try codes.map { #"{"code":"\#($0)","name":"new\#($0)"}"# }.joined(separator: "\n").write(toFile: s.path("fix.jsonl"), atomically: true, encoding: .utf8)
        #expect(try fieldline(["form", s.path("entry.yaml"), "--input", s.path("in.jsonl"), "--out", db]).status == 0)
        let args = ["form", s.path("entry.yaml"), "--input", s.path("fix.jsonl"), "--out", db, "--update-by", "code"]
        let window = try fieldlineRunTime(args)
        // The timing run corrected everything: start again from the old values.
        _ = try sqliteShell(db, "UPDATE entry SET name = 'old' || code, edited_at = '', edited_by = ''; DELETE FROM entry_history")
        for _ in 0..<8 {
            try fieldline(args, killedWithin: window)
            let rows = try sqliteShell(db, """
                SELECT e.name = 'new' || e.code, (SELECT count(*) FROM entry_history h WHERE h.fieldline_id = e.rowid),
                (SELECT count(*) FROM entry_history h WHERE h.fieldline_id = e.rowid AND h.name = 'old' || e.code AND h.edited_at = ''),
                e.edited_at <> '' FROM entry e
                """)
            #expect(rows.count == 3000)
            // Old: no history, not edited. New: one history row with the old version, edited.
            #expect(rows.allSatisfy { $0 == "0|0|0|0" || $0 == "1|1|1|1" }, "\(Set(rows))")
        }
        #expect(try fieldline(args).status == 0)
        #expect(try sqliteShell(db, "SELECT count(*) FROM entry WHERE name = 'new' || code") == ["3000"])
        #expect(try sqliteShell(db, "SELECT count(*), count(DISTINCT fieldline_id) FROM entry_history") == ["3000|3000"])
    }
}
