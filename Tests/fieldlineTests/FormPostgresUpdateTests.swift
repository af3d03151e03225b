import Foundation
import Testing
@testable import TestSupport

/// `form --update-by` on a shared PostgreSQL database: corrections with their history, a 0.6.0 table upgraded in
/// place, and two correctors of one record at once losing neither correction.
@Suite(.serialized) struct FormPostgresUpdateTests {
    static let entryForm = "name: entry\nfields:\n  - {name: code, keymap: digits, unique: true}\n  - {name: name, keymap: text}\n"
    static let columns = "code, name, saved_at, operator, edited_at, edited_by"

    static func scratch() throws -> ScratchFolder {
        let s = try ScratchFolder()
        try entryForm.write(toFile: s.path("entry.yaml"), atomically: true, encoding: .utf8)
        return s
    }

    @Test func correctionsKeepTheReplacedVersionsInHistory() throws {
        let pg = try ScratchPostgres()
        let s = try Self.scratch()
        let saved = try fieldline(["form", s.path("entry.yaml"), "--input", "-", "--out", pg.url],
                                  stdin: #"{"code":"1","name":"one"}"# + "\n" + #"{"code":"2","name":"two"}"# + "\n")
        #expect(saved.status == 0, "\(saved.err)")
        let before = try pg.psql("SELECT \(Self.columns) FROM entry ORDER BY fieldline_id")
        let run = try fieldline(["form", s.path("entry.yaml"), "--input", "-", "--out", pg.url, "--update-by", "code"],
                                stdin: #"{"code":"2","name":"Two"}"# + "\n" + #"{"code":"3","name":"three"}"# + "\n")
        #expect(run.status == 65)
        #expect(withoutSummary(run.err) == "2:code: no saved record with code 3\n")
        let after = try pg.psql("SELECT \(Self.columns) FROM entry ORDER BY fieldline_id")
        #expect(after[0] == before[0])
        let old = before[1].split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        let new = after[1].split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        #expect(new[0...3] == ["2", "Two", old[2], old[3]])
        #expect(!new[4].isEmpty && !new[5].isEmpty)
        let history = try pg.psql("SELECT \(Self.columns), fieldline_id, changed_at, changed_by FROM entry_history")
        #expect(history == [before[1] + "|2|\(new[4])|\(new[5])"])
    }

    /// A table made by fieldline 0.6.0 is upgraded in place: its rows as they were, numbered in their order.
    @Test func aVersion1TableIsUpgradedWithItsRowsIntact() throws {
        let pg = try ScratchPostgres()
        let s = try Self.scratch()
        _ = try pg.psql("""
            CREATE TABLE entry ("code" text NOT NULL, "name" text NOT NULL, "saved_at" text NOT NULL, "operator" text NOT NULL);
            CREATE UNIQUE INDEX fl_unique_old ON entry ("code") WHERE "code" <> '';
            INSERT INTO entry VALUES ('1', 'one', '2026-01-01T00:00:00Z', 'old'), ('2', 'two', '2026-01-01T00:00:01Z', 'old')
            """)
        let run = try fieldline(["form", s.path("entry.yaml"), "--input", "-", "--out", pg.url], stdin: #"{"code":"3","name":"three"}"# + "\n")
        #expect(run.status == 0, "\(run.err)")
        #expect(try pg.psql("SELECT fieldline_id, code, name, saved_at, operator, edited_at FROM entry ORDER BY fieldline_id").prefix(2)
                == ["1|1|one|2026-01-01T00:00:00Z|old|", "2|2|two|2026-01-01T00:00:01Z|old|"])
        #expect(try pg.psql("SELECT form, version FROM fieldline_schema") == ["entry|3"])
        // Every row has an id of its own.
        #expect(try pg.psql("SELECT count(DISTINCT record_id), min(length(record_id)) FROM entry") == ["3|36"])
        #expect(try pg.psql("SELECT count(*) FROM entry_history") == ["0"])
    }

    /// An upgrade that fails (the history table's name is taken by a table of other columns) leaves the tables as
    /// they were: no column added, no version recorded.
    @Test func aFailedUpgradeLeavesTheTableAsItWas() throws {
        let pg = try ScratchPostgres()
        let s = try Self.scratch()
        _ = try pg.psql("""
            CREATE TABLE entry ("code" text NOT NULL, "name" text NOT NULL, "saved_at" text NOT NULL, "operator" text NOT NULL);
            INSERT INTO entry VALUES ('1', 'one', '2026-01-01T00:00:00Z', 'old');
            CREATE TABLE entry_history (x text)
            """)
        let run = try fieldline(["form", s.path("entry.yaml"), "--input", "-", "--out", pg.url], stdin: #"{"code":"3","name":"three"}"# + "\n")
        #expect(run.status == 65)
        #expect(run.err.hasSuffix("table entry_history has the columns x, the form code,name,saved_at,operator,edited_at,edited_by,fieldline_id,changed_at,changed_by,record_id\n"), "\(run.err)")
        #expect(try pg.psql("SELECT column_name FROM information_schema.columns WHERE table_name = 'entry' ORDER BY ordinal_position")
                == ["code", "name", "saved_at", "operator"])
        #expect(try pg.psql("SELECT * FROM entry") == ["1|one|2026-01-01T00:00:00Z|old"])
        #expect(try pg.psql("SELECT count(*) FROM pg_tables WHERE tablename = 'fieldline_schema'") == ["0"])
    }

    /// Two processes correct one record at the same time, 40 corrections each: the database serialises them, so
    /// every version but the last is in history exactly once and the row holds the last.
    @Test func twoCorrectorsAtOnceLoseNothing() async throws {
        let pg = try ScratchPostgres()
        let s = try Self.scratch()
        #expect(try fieldline(["form", s.path("entry.yaml"), "--input", "-", "--out", pg.url], stdin: #"{"code":"7","name":"original"}"# + "\n").status == 0)
        for who in ["a", "b"] {
            try (0..<40).map { #"{"code":"7","name":"\#(who)\#($0)"}"# }.joined(separator: "\n")
                .write(toFile: s.path("\(who).jsonl"), atomically: true, encoding: .utf8)
        }
        let url = pg.url, folder = s.folder
        let statuses: [Int32] = try await withThrowingTaskGroup(of: Int32.self) { group in
            for who in ["a", "b"] {
                group.addTask {
                    let run = try fieldline(["form", folder + "/entry.yaml", "--input", folder + "/\(who).jsonl", "--out", url, "--update-by", "code"])
                    #expect(withoutSummary(run.err).isEmpty, "\(run.err)")
                    return run.status
                }
            }
            var all: [Int32] = []
            for try await status in group { all.append(status) }
            return all
        }
        #expect(statuses == [0, 0])
        let replaced = try pg.psql("SELECT name FROM entry_history")
        let last = try pg.psql("SELECT name FROM entry")
        #expect(replaced.count == 80 && Set(replaced).count == 80)
        let every = Set(["original"] + (0..<40).flatMap { ["a\($0)", "b\($0)"] })
        #expect(Set(replaced + last) == every)
        // The row holds the last correction one of them made.
        #expect(last == ["a39"] || last == ["b39"])
    }
}
