import Foundation
import Testing
@testable import TestSupport

/// How a database is set up for a form: which UNIQUE index counts as guarding a `unique` field, the names fieldline
/// makes (checked against PostgreSQL's 63-byte limit when the form is loaded, never cut), and many importers making
/// a new database's tables at once.
@Suite(.serialized) struct DatabaseSetUpTests {

    /// `entry` with `code` (unique or not) and `name`.
    static func entryForm(in s: ScratchFolder, unique: Bool) throws -> String {
        let path = s.path(unique ? "entry.yaml" : "entry-plain.yaml")
        try "name: entry\nfields:\n  - {name: code, keymap: text, unique: \(unique)}\n  - {name: name, keymap: text}\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A DBA's unique index for one value only (`WHERE code = 'x'`) does not guard the field: fieldline makes its own
    /// index, so the database refuses a repeat of any other value too. (Before, the partial index was taken as the
    /// field's guard and repeats of `1` were stored.)
    @Test(arguments: ["sqlite", "postgres"])
    func aPartialIndexForOneValueDoesNotGuardTheField(_ kind: String) throws {
        let pg = kind == "postgres" ? try ScratchPostgres() : nil
        let s = try ScratchFolder()
        let target = pg?.url ?? s.path("x.db")
        func sql(_ text: String) throws -> [String] {
            if let pg { return try pg.psql(text) }
            return try sqliteShell(target, text)
        }
        #expect(try fieldline(["form", try Self.entryForm(in: s, unique: false), "--input", "-", "--out", target], stdin: "").status == 0)
        _ = try sql("CREATE UNIQUE INDEX dba_only_x ON entry (code) WHERE code = 'x'")
        let saved = try fieldline(["form", try Self.entryForm(in: s, unique: true), "--input", "-", "--out", target],
                                  stdin: #"{"code":"1","name":"one"}"# + "\n")
        #expect(saved.status == 0, "\(saved.err)")
        let repeated = "INSERT INTO entry (code, name, saved_at, operator) VALUES ('1', 'again', 't', 'dba')"
        if pg != nil {
            #expect(throws: ScratchPostgres.PostgresProblem.self) { try sql(repeated) }
        } else {
            let r = try Spawn.run(["sqlite3", "-batch", target, repeated])
            #expect(r.status != 0 && r.err.contains("UNIQUE constraint failed"), "\(r.err)")
        }
        #expect(try sql("SELECT count(*) FROM entry WHERE code = '1'") == ["1"])
    }

    /// fieldline's own partial index (`WHERE code <> ''`: empty values aside) and a DBA's total one each guard the
    /// field: opening the table again makes no second index.
    @Test(arguments: ["sqlite", "postgres"])
    func fieldlinesOwnPartialIndexAndATotalOneGuardTheField(_ kind: String) throws {
        let pg = kind == "postgres" ? try ScratchPostgres() : nil
        let s = try ScratchFolder()
        let target = pg?.url ?? s.path("x.db")
        func indexes() throws -> [String] {
            if let pg { return try pg.psql("SELECT indexname FROM pg_indexes WHERE tablename = 'entry' AND indexdef LIKE '%(code)%' ORDER BY 1") }
            return try sqliteShell(target, "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'entry' AND sql LIKE '%code%' ORDER BY 1")
        }
        let form = try Self.entryForm(in: s, unique: true)
        for _ in 0..<2 { #expect(try fieldline(["form", form, "--input", "-", "--out", target], stdin: "").status == 0) }
        let own = try indexes()
        #expect(own.count == 1 && own[0].hasPrefix("fl_unique_"), "\(own)")
        // A DBA replaces it by a total index of their own: that one is enough.
        let drop = "DROP INDEX \(own[0])", total = "CREATE UNIQUE INDEX dba_code ON entry (code)"
        if let pg { _ = try pg.psql(drop); _ = try pg.psql(total) } else { _ = try sqliteShell(target, drop + "; " + total) }
        #expect(try fieldline(["form", form, "--input", "-", "--out", target], stdin: "").status == 0)
        #expect(try indexes() == ["dba_code"])
    }

    /// A form name longer than 55 characters is refused when the form is loaded (78, with its position in the file),
    /// whatever the output: its history table `NAME_history` would not fit PostgreSQL's 63 bytes. (Before, it was
    /// accepted for JSON Lines and refused only by a database sink, with 65.)
    @Test func aFormNameTooLongForItsHistoryTableIsRefusedAtLoad() throws {
        let s = try ScratchFolder()
        let long = String(repeating: "n", count: 56)
        try "fields:\n  - {name: code, keymap: text}\nname: \(long)\n".write(toFile: s.path("long.yaml"), atomically: true, encoding: .utf8)
        let run = try fieldline(["form", s.path("long.yaml"), "--input", "-"], stdin: #"{"code":"1"}"# + "\n")
        #expect(run.status == 78)
        #expect(run.err.hasPrefix(s.path("long.yaml") + ":3:7: "), "\(run.err)")
        #expect(run.err.contains("at most 55"), "\(run.err)")
        #expect(run.out.isEmpty)
        // 55 is taken.
        try "fields:\n  - {name: code, keymap: text}\nname: \(long.dropLast())\n".write(toFile: s.path("fits.yaml"), atomically: true, encoding: .utf8)
        #expect(try fieldline(["form", s.path("fits.yaml"), "--input", "-"], stdin: #"{"code":"1"}"# + "\n").status == 0)
        // The file's name, when there is no `name:`, follows the same rule.
        try "fields:\n  - {name: code, keymap: text}\n".write(toFile: s.path(long + ".yaml"), atomically: true, encoding: .utf8)
        let stem = try fieldline(["form", s.path(long + ".yaml"), "--input", "-"], stdin: #"{"code":"1"}"# + "\n")
        #expect(stem.status == 78)
        #expect(stem.err.contains("at most 55"), "\(stem.err)")
    }

    /// Two 55-character form names alike in their first 54: every name PostgreSQL holds for either table (the
    /// table, its history, its indexes and its identity sequence) is the one fieldline chose, whatever order the
    /// forms were first used in. (Before, the sequence's name was PostgreSQL's `TABLE_fieldline_id_seq` cut to 63
    /// bytes, which made the two alike: the second form's became `…_seq1`, a name depending on which came first.)
    @Test func longFormNamesAreNeverCut() throws {
        let pg = try ScratchPostgres()
        let s = try ScratchFolder()
        let stem = String(repeating: "f", count: 54)
        var forms: [String] = []
        for last in ["a", "b"] {
            let path = s.path("\(last).yaml")
            try "name: \(stem)\(last)\nfields:\n  - {name: code, keymap: text, unique: true}\n".write(toFile: path, atomically: true, encoding: .utf8)
            forms.append(path)
        }
        func names(_ database: String) throws -> [String] {
            try pg.psql("""
                SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname = 'public' AND c.relkind IN ('r', 'i', 'S') AND c.relname NOT LIKE 'fieldline%' ORDER BY 1
                """, database: database)
        }
        for (database, order) in [("one", forms), ("two", forms.reversed())] {
            _ = try pg.psql("CREATE DATABASE \(database)")
            let url = pg.url(database: database)
            for form in order {
                let run = try fieldline(["form", form, "--input", "-", "--out", url], stdin: #"{"code":"1"}"# + "\n")
                #expect(run.status == 0, "\(run.err)")
            }
        }
        let one = try names("one")
        #expect(one == (try names("two")))
        #expect(one.contains(stem + "a") && one.contains(stem + "b_history"), "\(one)")
        // A form each: table, history, paradata table (`_keying`) and its key, sequence, and the indexes of code,
        // fieldline_id and record_id.
        #expect(one.count == 16, "\(one)")
        #expect(one.contains(stem + "a_keying") && one.filter { $0.hasPrefix("fl_key_") }.count == 2, "\(one)")
        #expect(!one.contains { $0.hasSuffix("_seq1") }, "\(one)")
        for database in ["one", "two"] {
            #expect(try pg.psql("SELECT count(*) FROM \(stem)a", database: database) == ["1"])
            #expect(try pg.psql("SELECT count(*) FROM \(stem)b", database: database) == ["1"])
        }
    }

    /// Eight imports started at once into a new database, twenty times: each makes the tables it needs (the
    /// bookkeeping ones included) under the set-up's lock, so none fails. (Before, the table of import progress was
    /// made outside it, and about one round in four one import ended 74 with `duplicate key value violates unique
    /// constraint "pg_type_typname_nsp_index"`.)
    @Test func eightFirstImportsIntoANewDatabaseAllSucceed() throws {
        let pg = try ScratchPostgres()
        let s = try ScratchFolder()
        let form = try Self.entryForm(in: s, unique: false)
        for k in 0..<8 {
            try #"{"code":"c\#(k)","name":"n\#(k)"}"#.write(toFile: s.path("in\(k).jsonl"), atomically: true, encoding: .utf8)
        }
        for round in 0..<20 {
            _ = try pg.psql("CREATE DATABASE round\(round)")
            let url = pg.url(database: "round\(round)")
            let runs = try Self.startedTogether((0..<8).map { ["form", form, "--input", s.path("in\($0).jsonl"), "--out", url] }, in: s)
            #expect(runs.allSatisfy { $0.status == 0 }, "round \(round): \(runs.filter { $0.status != 0 }.map(\.err))")
            #expect(try pg.psql("SELECT count(*) FROM entry", database: "round\(round)") == ["8"])
        }
    }

    /// Runs `fieldline` with each of `argvs`, all started before any is waited for (a task group runs only as many
    /// at once as there are cores); their statuses and standard errors.
    static func startedTogether(_ argvs: [[String]], in s: ScratchFolder) throws -> [(status: Int32, err: String)] {
        let started = try argvs.enumerated().map { k, args in
            (try Spawn.start([fieldlineURL.path] + args, stderr: .file(s.path("err\(k).txt"))), "err\(k).txt")
        }
        return started.map { process, errors in (process.wait(), s.read(errors)) }
    }
}
