import Foundation
import Testing
@testable import TestSupport

/// `choices: {table: FORM, value: FIELD, label: FIELD}` (issue 48): a visit's company is one of the companies saved
/// in the same output, narrowed by the city answered before it (`filter:`), its name filled from the chosen record
/// (`from:`); only current records count (a corrected company offers its new values). A table, field or output
/// that cannot give the list is a form problem placed at `choices:` (78).
@Suite(.serialized) struct TableChoicesTests {
    static let company = """
        name: company
        fields:
          - {name: code, keymap: text, unique: true}
          - {name: title, keymap: text}
          - {name: city, keymap: text}
          - {name: phone, keymap: digits}

        """
    static func visit(value: String = "code", from: String = "company.title") -> String {
        """
        name: visit
        fields:
          - name: city
            choices: [Shenzhen, Beijing, Shanghai]
          - name: company
            choices: {table: company, value: \(value), label: [title, phone]}
            filter: "city == $city"
          - {name: company_title, keymap: text, from: \(from)}

        """
    }

    /// The forms in a scratch folder, and three companies saved in `out`, one of them (JD) then moved to Shenzhen
    /// by a correction.
    static func prepare(_ out: String, _ s: ScratchFolder) throws {
        _ = try s.write("company.yaml", company)
        _ = try s.write("visit.yaml", visit())
        let saved = try fieldline(["form", s.path("company.yaml"), "--input", "-", "--out", out], stdin: """
            {"code":"SF","title":"SF Express","city":"Shenzhen","phone":"95338"}
            {"code":"JD","title":"JD Logistics","city":"Beijing","phone":"950616"}
            {"code":"ZT","title":"ZTO","city":"Shanghai","phone":"95311"}

            """)
        try #require(saved.status == 0, "\(saved.err)")
        let corrected = try fieldline(["form", s.path("company.yaml"), "--input", "-", "--out", out, "--update-by", "code"],
                                      stdin: #"{"code":"JD","title":"JD Express","city":"Shenzhen","phone":"950616"}"# + "\n")
        try #require(corrected.status == 0, "\(corrected.err)")
    }

    /// An import: a company of the visit's city is saved with its title filled in, one of another city refused,
    /// the corrected JD offered in its new city under its new title (the old version is history).
    static func checkImport(_ out: String, rows: () throws -> [String]) throws {
        let s = try ScratchFolder()
        try prepare(out, s)
        let run = try fieldline(["form", s.path("visit.yaml"), "--input", "-", "--out", out], stdin: """
            {"city":"Shenzhen","company":"SF"}
            {"city":"Beijing","company":"SF"}
            {"city":"Shenzhen","company":"JD"}
            {"city":"Beijing","company":"JD"}

            """)
        #expect(run.status == 65, "\(run.err)")
        #expect(withoutSummary(run.err) == """
            2:company: 'SF' is not one of the choices for city 'Beijing' (filter: city == $city)
            4:company: 'JD' is not one of the choices for city 'Beijing' (filter: city == $city)

            """, "\(run.err)")
        #expect(try rows() == ["Shenzhen|SF|SF Express", "Shenzhen|JD|JD Express"])
    }

    @Test func sqliteChoicesComeFromTheCompanyTable() throws {
        let s = try ScratchFolder()
        let db = s.path("records.db")
        try Self.checkImport(db) { try sqliteShell(db, "SELECT city, company, company_title FROM visit ORDER BY rowid") }
    }

    @Test func postgresChoicesComeFromTheCompanyTable() throws {
        let pg = try ScratchPostgres()
        try Self.checkImport(pg.url) {
            try pg.psql("SELECT city || '|' || company || '|' || company_title FROM visit ORDER BY fieldline_id")
        }
    }

    /// An answers file (a run replayed with nobody there) is judged against the same list.
    static func checkAnswers(_ out: String) throws {
        let s = try ScratchFolder()
        try prepare(out, s)
        let good = try s.write("good.yaml", "- {city: Shanghai, company: ZT}\n")
        let saved = try fieldline(["form", s.path("visit.yaml"), "--answers", good, "--out", out])
        #expect(saved.status == 0, "\(saved.err)")
        let bad = try s.write("bad.yaml", "- {city: Shanghai, company: SF}\n")
        let refused = try fieldline(["form", s.path("visit.yaml"), "--answers", bad, "--out", out])
        #expect(refused.status == 65, "\(refused.err)")
        #expect(refused.err.contains("company: 'SF' is not one of the choices for city 'Shanghai'"), "\(refused.err)")
    }

    @Test func sqliteAnswersAreJudgedAgainstTheTable() throws {
        let s = try ScratchFolder()
        let db = s.path("records.db")
        try Self.checkAnswers(db)
        #expect(try sqliteShell(db, "SELECT company, company_title FROM visit") == ["ZT|ZTO"])
    }

    @Test func postgresAnswersAreJudgedAgainstTheTable() throws {
        let pg = try ScratchPostgres()
        try Self.checkAnswers(pg.url)
        #expect(try pg.psql("SELECT company || '|' || company_title FROM visit") == ["ZT|ZTO"])
    }

    /// A run of `visit` against `out` (after `prepare` when `prepared`), with `form` as its form file.
    static func run(_ form: String, out: (ScratchFolder) -> String, prepared: Bool = true) throws -> Run {
        let s = try ScratchFolder()
        let target = out(s)
        if prepared { try prepare(target, s) }
        _ = try s.write("visit.yaml", form)
        return try fieldline(["form", s.path("visit.yaml"), "--input", "-", "--out", target], stdin: #"{"city":"Shenzhen","company":"SF"}"# + "\n")
    }

    @Test func aMissingTableIsAFormProblem() throws {
        let run = try Self.run(Self.visit(), out: { $0.path("empty.db") }, prepared: false)
        #expect(run.status == 78, "\(run.err)")
        #expect(run.err.contains("/visit.yaml:6:14: choices: the output holds no table 'company'"), "\(run.err)")
        let s = try ScratchFolder()
        let zh = try fieldline(["form", try s.write("visit.yaml", Self.visit()), "--input", "-", "--out", s.path("e.db"), "--lang", "zh"], stdin: "")
        #expect(zh.status == 78, "\(zh.err)")
        #expect(zh.err.contains("/visit.yaml:6:14: choices：输出中没有表 'company'"), "\(zh.err)")
    }

    @Test func postgresMissingTableIsAFormProblem() throws {
        let pg = try ScratchPostgres()
        let run = try Self.run(Self.visit(), out: { _ in pg.url }, prepared: false)
        #expect(run.status == 78, "\(run.err)")
        #expect(run.err.contains("/visit.yaml:6:14: choices: the output holds no table 'company'"), "\(run.err)")
    }

    @Test func aFieldNotInTheTableIsAFormProblem() throws {
        let run = try Self.run(Self.visit(value: "vat"), out: { $0.path("r.db") })
        #expect(run.status == 78, "\(run.err)")
        #expect(run.err.contains("/visit.yaml:6:14: value: table company has no field 'vat' (its fields: code, title, city, phone)"), "\(run.err)")
        let from = try Self.run(Self.visit(from: "company.street"), out: { $0.path("r.db") })
        #expect(from.status == 78, "\(from.err)")
        #expect(from.err.contains("/visit.yaml:6:14: from of company_title: table company has no field 'street'"), "\(from.err)")
    }

    @Test func postgresFieldNotInTheTableIsAFormProblem() throws {
        let pg = try ScratchPostgres()
        let run = try Self.run(Self.visit(value: "vat"), out: { _ in pg.url })
        #expect(run.status == 78, "\(run.err)")
        #expect(run.err.contains("/visit.yaml:6:14: value: table company has no field 'vat'"), "\(run.err)")
    }

    /// A JSON Lines or CSV output holds no tables: refused before anything is written.
    @Test func aFileOutputIsAFormProblem() throws {
        for name in ["v.jsonl", "v.csv"] {
            let s = try ScratchFolder()
            let run = try Self.run(Self.visit(), out: { _ in s.path(name) }, prepared: false)
            #expect(run.status == 78, "\(run.err)")
            #expect(run.err.contains("/visit.yaml:6:14: choices: table company is read from the output, so the output must be a SQLite or PostgreSQL database"), "\(run.err)")
            #expect(!FileManager.default.fileExists(atPath: s.path(name)))
        }
    }

    /// A saved value holding a control character is named escaped, never sent to the terminal raw.
    @Test func aControlCharacterInTheTableIsEscaped() throws {
        let s = try ScratchFolder()
        let db = s.path("r.db")
        try Self.prepare(db, s)
        _ = try sqliteShell(db, "UPDATE company SET title = 'SF' || char(27) || '[2J' WHERE code = 'SF'")
        let run = try fieldline(["form", s.path("visit.yaml"), "--input", "-", "--out", db], stdin: "")
        #expect(run.status == 78, "\(run.err)")
        #expect(!run.err.contains("\u{1b}"), "\(run.err)")
        #expect(run.err.contains("/visit.yaml:6:14: choices: table company, record 1: a cell holds a control character: SFU+1B[2J"), "\(run.err)")
    }

    /// The names are checked when the form is loaded: each is a table's or column's name.
    @Test func aNameThatIsNoIdentifierIsRefusedAtLoad() throws {
        let s = try ScratchFolder()
        let form = try s.write("visit.yaml", "name: visit\nfields:\n  - name: company\n    choices: {table: \"company; drop\", value: code, label: title}\n")
        let run = try fieldline(["form", form, "--lint"])
        #expect(run.status == 78, "\(run.err)")
        #expect(run.err.contains("/visit.yaml:4:22: table: a form name is letters, digits and _"), "\(run.err)")
        let empty = try s.write("empty.yaml", "name: visit\nfields:\n  - name: company\n    choices: {table: company, value: code, label: []}\n")
        let refused = try fieldline(["form", empty, "--lint"])
        #expect(refused.status == 78, "\(refused.err)")
        #expect(refused.err.contains("/empty.yaml:4:51: label names no field"), "\(refused.err)")
    }

    /// `check` and `replay` test one field: a keymap file whose list is a table reads it from `--lookups`.
    static func checkAndReplay(_ out: String) throws {
        let s = try ScratchFolder()
        try prepare(out, s)
        let keymap = try s.write("pick.yaml", "choices: {table: company, value: code, label: title}\n")
        let checked = try fieldline(["check", "--keymap-file", keymap, "--lookups", out], stdin: "SF\nEMS\nJD Express\n")
        #expect(checked.status == 65, "\(checked.err)")
        #expect(checked.out == "SF\n\nJD\n", "\(checked.out)")
        let replayed = try fieldline(["replay", "--keymap-file", keymap, "--lookups", out, "--output", "value", "ZTO<CR>"])
        #expect(replayed.status == 0, "\(replayed.err)")
        #expect(replayed.out == "ZT\n", "\(replayed.out)")
    }

    @Test func sqliteCheckAndReplayReadTheListFromLookups() throws {
        let s = try ScratchFolder()
        try Self.checkAndReplay(s.path("records.db"))
    }

    @Test func postgresCheckAndReplayReadTheListFromLookups() throws {
        let pg = try ScratchPostgres()
        try Self.checkAndReplay(pg.url)
    }

    /// Without `--lookups` the list is nowhere (64); a JSON Lines file holds no table (78); `--lookups` for a field
    /// whose list is not a table's is a usage error, and so is such a field in `ask`, which reads no output.
    @Test func lookupsIsNeededAndMustBeADatabase() throws {
        let s = try ScratchFolder()
        let keymap = try s.write("pick.yaml", "choices: {table: company, value: code, label: title}\n")
        let missing = try fieldline(["check", "--keymap-file", keymap], stdin: "SF\n")
        #expect(missing.status == 64, "\(missing.err)")
        #expect(missing.err.contains("are read from table company: give --lookups"), "\(missing.err)")
        let replay = try fieldline(["replay", "--keymap-file", keymap, "SF<CR>"])
        #expect(replay.status == 64, "\(replay.err)")
        _ = try s.write("c.jsonl", "")
        let log = try fieldline(["check", "--keymap-file", keymap, "--lookups", s.path("c.jsonl")], stdin: "SF\n")
        #expect(log.status == 78, "\(log.err)")
        #expect(log.err.contains("/pick.yaml:1:10: choices: table company is read from --lookups, which must be a SQLite or PostgreSQL database"), "\(log.err)")
        let plain = try fieldline(["check", "digits", "--lookups", s.path("c.db")], stdin: "1\n")
        #expect(plain.status == 64, "\(plain.err)")
        let ask = try fieldline(["ask", "--keymap-file", keymap, "--non-interactive"])
        #expect(ask.status == 64, "\(ask.err)")
        #expect(ask.err.contains("are read from table company of a form's output: ask it in a form"), "\(ask.err)")
    }

    /// Another session holds the company table locked: the list is given up after the form's `lookup_timeout`
    /// with a message placed at `choices:` (74), nothing saved.
    @Test func postgresLockedTableTimesOut() throws {
        let pg = try ScratchPostgres()
        let s = try ScratchFolder()
        try Self.prepare(pg.url, s)
        let form = try s.write("visit.yaml", "lookup_timeout: 0.5\n" + Self.visit())
        let locker = try Spawn.start(["psql", "-X", "-d", pg.url, "-c", "BEGIN; LOCK TABLE company IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep(60)"])
        defer { locker.send(SIGKILL) }
        var waited = 0
        while try pg.psql("SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation WHERE c.relname = 'company' AND l.mode = 'AccessExclusiveLock' AND l.granted") != ["1"] {
            waited += 1
            try #require(waited < 500, "the lock was never taken")
            usleep(10_000)
        }
        let run = try fieldline(["form", form, "--input", "-", "--out", pg.url], stdin: #"{"city":"Shenzhen","company":"SF"}"# + "\n")
        #expect(run.status == 74, "\(run.err)")
        #expect(run.err.contains("/visit.yaml:7:14: choices: could not read table company within 0.5 s (lookup_timeout)"), "\(run.err)")
        #expect(try pg.psql("SELECT count(*) FROM visit") == ["0"])
    }
}
