import Foundation
import Testing
@testable import TestSupport

/// `form --input` saves records in batches (one transaction, or one `fsync`, per batch): a record the database
/// refuses inside a batch costs only itself, and a kill at any moment leaves whole records that `--resume`
/// completes exactly, into every sink.
@Suite(.serialized) struct BatchImportTests {

    /// `count` records `{"mobile": …, "name": "nNNNNN"}`, JSON Lines, and the names in order.
    static func input(_ count: Int, in s: ScratchFolder, name: String = "in.jsonl") throws -> [String] {
        let names = (0..<count).map { i in "n" + String(100_000 + i).dropFirst() }
        try names.map { #"{"mobile":"13800000000","name":"\#($0)"}"# }.joined(separator: "\n")
            .write(toFile: s.path(name), atomically: true, encoding: .utf8)
        return names
    }

    /// The counter form; `unique` makes its name field unique.
    static func form(in s: ScratchFolder, unique: Bool = false) throws -> String {
        let path = s.path(unique ? "unique.yaml" : "entry.yaml")
        try (FormPostgresTests.counterForm.replacingOccurrences(of: "keymap: text}", with: unique ? "keymap: text, unique: true}" : "keymap: text}"))
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A unique index a DBA added (the form does not say the field is unique, so no look-up finds the repeat before
    /// the commit): the repeat in the middle of the batch is refused and named, the batch's other records saved.
    @Test func aUniqueViolationInTheMiddleOfABatchCostsOnlyThatRecordInSQLite() throws {
        let s = try ScratchFolder()
        let names = try Self.input(2000, in: s)
        let db = s.path("e.db")
        let form = try Self.form(in: s)
        #expect(try fieldline(["form", form, "--input", "-", "--out", db], stdin: "").status == 0)
        _ = try sqliteShell(db, "CREATE UNIQUE INDEX dba_name ON entry(name); INSERT INTO entry (mobile, name, saved_at, operator) VALUES ('x', 'n01000', 't', 'dba')")
        let run = try fieldline(["form", form, "--input", s.path("in.jsonl"), "--out", db])
        #expect(run.status == 65)
        #expect(withoutSummary(run.err) == "1001:-: not saved: UNIQUE constraint failed: entry.name\n")
        #expect(try sqliteShell(db, "SELECT count(*), count(DISTINCT name) FROM entry") == ["2000|2000"])
        #expect(try sqliteShell(db, "SELECT name FROM entry WHERE operator <> 'dba' ORDER BY rowid") == names.filter { $0 != "n01000" })
    }

    @Test func aUniqueViolationInTheMiddleOfABatchCostsOnlyThatRecordInPostgres() throws {
        let pg = try ScratchPostgres()
        let s = try ScratchFolder()
        let names = try Self.input(2000, in: s)
        let form = try Self.form(in: s)
        #expect(try fieldline(["form", form, "--input", "-", "--out", pg.url], stdin: "").status == 0)
        _ = try pg.psql("CREATE UNIQUE INDEX dba_name ON entry(name)")
        _ = try pg.psql("INSERT INTO entry (mobile, name, saved_at, operator) VALUES ('x', 'n01000', 't', 'dba'), ('x', 'n01999', 't', 'dba')")
        let run = try fieldline(["form", form, "--input", s.path("in.jsonl"), "--out", pg.url])
        #expect(run.status == 65)
        let lines = withoutSummary(run.err).split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(run.err)")
        #expect(lines.first?.hasPrefix("1001:-: not saved: ERROR:  duplicate key value violates unique constraint \"dba_name\"") == true, "\(run.err)")
        #expect(lines.last?.hasPrefix("2000:-: not saved: ERROR:  duplicate key value violates unique constraint \"dba_name\"") == true, "\(run.err)")
        #expect(try pg.psql("SELECT count(*), count(DISTINCT name) FROM entry") == ["2000|2000"])
        #expect(try pg.psql("SELECT name FROM entry WHERE operator <> 'dba' ORDER BY fieldline_id") == names.filter { $0 != "n01000" && $0 != "n01999" })
    }

    /// A CHECK the DBA adds with ALTER TABLE refuses records spread through the batches: each is reported in input
    /// order, the import goes on, every other record is saved.
    @Test func aCheckAddedToThePostgresTableRefusesItsRecordsAndTheImportGoesOn() throws {
        let pg = try ScratchPostgres()
        let s = try ScratchFolder()
        let names = try Self.input(3000, in: s)
        let form = try Self.form(in: s)
        #expect(try fieldline(["form", form, "--input", "-", "--out", pg.url], stdin: "").status == 0)
        _ = try pg.psql("ALTER TABLE entry ADD CHECK (name NOT LIKE '%77')")
        let run = try fieldline(["form", form, "--input", s.path("in.jsonl"), "--out", pg.url])
        #expect(run.status == 65)
        let refused = names.indices.filter { names[$0].hasSuffix("77") }
        let lines = withoutSummary(run.err).split(separator: "\n").map(String.init)
        #expect(lines.map { $0.prefix { $0 != ":" } } == refused.map { Substring(String($0 + 1)) }, "\(run.err)")
        #expect(lines.allSatisfy { $0.contains(":-: not saved: ERROR:  new row for relation \"entry\" violates check constraint") }, "\(run.err)")
        #expect(try pg.psql("SELECT name FROM entry ORDER BY fieldline_id") == names.filter { !$0.hasSuffix("77") })
    }

    /// A refusal whose error names no line of the COPY: an AFTER ROW trigger fires once the rows are all in, after
    /// PostgreSQL's COPY context is gone, so its error says nothing of where the row was. The batch is halved until
    /// the refused record stands alone: it is named, in input order, and every other record is saved.
    @Test func aRefusalThatNamesNoLineIsFoundByHalvingTheBatchInPostgres() throws {
        let pg = try ScratchPostgres()
        let s = try ScratchFolder()
        let names = try Self.input(3000, in: s)
        let form = try Self.form(in: s)
        #expect(try fieldline(["form", form, "--input", "-", "--out", pg.url], stdin: "").status == 0)
        _ = try pg.psql("""
            CREATE FUNCTION dba_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              IF NEW.name IN ('n01234', 'n02999') THEN
                RAISE EXCEPTION 'dba refuses %', NEW.name USING ERRCODE = 'check_violation';
              END IF;
              RETURN NULL;
            END $$;
            CREATE TRIGGER dba_refuse AFTER INSERT ON entry FOR EACH ROW EXECUTE FUNCTION dba_refuse()
            """)
        let run = try fieldline(["form", form, "--input", s.path("in.jsonl"), "--out", pg.url])
        #expect(run.status == 65)
        let lines = withoutSummary(run.err).split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(run.err)")
        #expect(lines.first?.hasPrefix("1235:-: not saved: ERROR:  dba refuses n01234") == true, "\(run.err)")
        #expect(lines.last?.hasPrefix("3000:-: not saved: ERROR:  dba refuses n02999") == true, "\(run.err)")
        #expect(try pg.psql("SELECT name FROM entry ORDER BY fieldline_id") == names.filter { $0 != "n01234" && $0 != "n02999" })
    }

    /// Records from a pipe that then goes quiet are saved once their batch's time (250 ms) is up, not when the
    /// next record or the end comes: nothing waits unsaved (nor, into PostgreSQL, a transaction open) while the
    /// input is quiet. The input's end then adds the rest, each record once.
    @Test(arguments: ["sqlite", "postgres"])
    func recordsFromAQuietPipeAreSavedWhenTheirBatchIsDue(_ kind: String) throws {
        let pg = kind == "postgres" ? try ScratchPostgres() : nil
        let s = try ScratchFolder()
        let form = try Self.form(in: s)
        let target = pg?.url ?? s.path("quiet.db")
        func stored() throws -> [String] {
            if let pg { return try pg.psql("SELECT name FROM entry ORDER BY fieldline_id") }
            return try sqliteShell(target, "SELECT name FROM entry ORDER BY rowid")
        }
        #expect(try fieldline(["form", form, "--input", "-", "--out", target], stdin: "").status == 0)
        let process = try Spawn.start([fieldlineURL.path, "form", form, "--input", "-", "--out", target], stdin: .pipe)
        func send(_ names: [String]) {
            process.write(names.map { #"{"mobile":"13800000000","name":"\#($0)"}"# + "\n" }.joined())
        }
        send(["q1", "q2", "q3"])
        // Saved by the batch's clock while the process waits for more.
        try waitUntil("three records saved") { try stored().count >= 3 }
        #expect(try stored() == ["q1", "q2", "q3"])
        #expect(process.isRunning)
        send(["q4"])
        process.closeInput()
        #expect(process.wait() == 0)
        #expect(try stored() == ["q1", "q2", "q3", "q4"])
    }

    /// A batch from a quiet pipe that cannot be saved (its table renamed away meanwhile) ends the import at once,
    /// exit 74 with the server's words, without waiting for the input to end.
    @Test func aQuietPipesFailedSaveEndsTheImportWithoutWaitingForMoreInput() throws {
        let pg = try ScratchPostgres()
        let s = try ScratchFolder()
        let form = try Self.form(in: s)
        #expect(try fieldline(["form", form, "--input", "-", "--out", pg.url], stdin: "").status == 0)
        let process = try Spawn.start([fieldlineURL.path, "form", form, "--input", "-", "--out", pg.url], stdin: .pipe, stderr: .pipe)
        func send(_ names: [String]) {
            process.write(names.map { #"{"mobile":"13800000000","name":"\#($0)"}"# + "\n" }.joined())
        }
        // SIGKILL: a child of the test runner may inherit SIGTERM blocked.
        defer { if process.isRunning { process.send(SIGKILL) } }
        send(["a1", "a2"])
        try waitUntil("two records saved") { try pg.psql("SELECT count(*) FROM entry") == ["2"] }
        #expect(try pg.psql("SELECT name FROM entry ORDER BY fieldline_id") == ["a1", "a2"])
        _ = try pg.psql("ALTER TABLE entry RENAME TO entry_moved")
        send(["a3"])
        // The pipe stays open: the import ends by itself once the batch's save fails.
        try waitUntil("the import to end by itself") { !process.isRunning }
        #expect(process.wait() == 74)
        let err = process.readToEnd(process.errors)
        #expect(err.contains("relation \"entry\" does not exist"), "\(err)")
        process.closeInput()
        #expect(try pg.psql("SELECT name FROM entry_moved ORDER BY fieldline_id") == ["a1", "a2"])
    }

    /// SQLite's CHECK (it has no ALTER TABLE … ADD CHECK: the table is made with it) in the middle of batches.
    @Test func aCheckInTheSQLiteTableRefusesItsRecordsAndTheImportGoesOn() throws {
        let s = try ScratchFolder()
        let names = try Self.input(3000, in: s)
        let db = s.path("e.db")
        _ = try sqliteShell(db, "CREATE TABLE entry (mobile TEXT NOT NULL, name TEXT NOT NULL, saved_at TEXT NOT NULL, operator TEXT NOT NULL, CHECK (name NOT LIKE '%77'))")
        let run = try fieldline(["form", try Self.form(in: s), "--input", s.path("in.jsonl"), "--out", db])
        #expect(run.status == 65)
        let lines = withoutSummary(run.err).split(separator: "\n").map(String.init)
        #expect(lines == names.indices.filter { names[$0].hasSuffix("77") }.map { "\($0 + 1):-: not saved: CHECK constraint failed: name NOT LIKE '%77'" })
        #expect(try sqliteShell(db, "SELECT name FROM entry ORDER BY rowid") == names.filter { !$0.hasSuffix("77") })
    }

    /// Killed at a random moment of a batched import, then `--resume`d: exactly the input's records, each once,
    /// whole, in order. Into a database the import's own record of where it stopped decides (no unique field).
    @Test(arguments: ["sqlite", "postgres"])
    func killedThenResumedIntoADatabaseHoldsEachRecordOnce(_ kind: String) throws {
        let pg = kind == "postgres" ? try ScratchPostgres() : nil
        let s = try ScratchFolder()
        // Several batches (10,000 records into SQLite, 25,000 into PostgreSQL, or 250 ms): a kill finds some
        // committed and some not.
        let names = try Self.input(40_000, in: s)
        let form = try Self.form(in: s)
        var partial = 0
        func target(_ n: Int) -> String { pg.map { $0.url.replacingOccurrences(of: "/postgres?", with: "/db\(n)?") } ?? s.path("k\(n).db") }
        func stored(_ n: Int) throws -> [String] {
            if pg != nil {
                let r = try Spawn.run(["psql", "-X", "-A", "-t", "-d", target(n), "-c", "SELECT name FROM entry ORDER BY fieldline_id"])
                // Killed before the table was made: nothing stored.
                if r.status != 0 && r.err.contains("relation \"entry\" does not exist") { return [] }
                #expect(r.status == 0, "\(r.err)")
                return r.out.split(separator: "\n").map(String.init)
            }
            if (try sqliteShell(target(n), "SELECT count(*) FROM sqlite_master WHERE name = 'entry'")) == ["0"] { return [] }
            return try sqliteShell(target(n), "SELECT name FROM entry ORDER BY rowid")
        }
        if let pg { for n in 0..<6 { _ = try pg.psql("CREATE DATABASE db\(n)") } }
        let window = try fieldlineRunTime(["form", form, "--input", s.path("in.jsonl"), "--out", target(0)])
        for n in 1..<6 {
            let args = ["form", form, "--input", s.path("in.jsonl"), "--out", target(n)]
            if n == 1 {
                // Once at a moment known to be mid-import: as soon as the first batch is seen committed.
                try Self.killOnceStored(args) {
                    // Polled by the shells, their failures (the database not made yet, busy) read as nothing stored.
                    let query = pg != nil ? ["psql", "-X", "-A", "-t", "-d", target(n), "-c", "SELECT count(*) FROM entry"]
                                          : ["sqlite3", "-batch", target(n), "SELECT count(*) FROM entry"]
                    let r = try Spawn.run(query)
                    guard r.status == 0 else { return false }
                    return (Int(r.out.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 0
                }
            } else {
                try fieldline(args, killedWithin: window)
            }
            let before = try stored(n)
            // Whole records, the input's first ones in order: batches commit whole or not at all.
            #expect(before == Array(names.prefix(before.count)))
            if !before.isEmpty && before.count < names.count { partial += 1 }
            // --resume wants an output that exists: a kill before the file was made leaves none to resume.
            let resume = pg != nil || FileManager.default.fileExists(atPath: target(n)) ? ["--resume"] : []
            let run = try fieldline(["form", form, "--input", s.path("in.jsonl"), "--out", target(n)] + resume)
            #expect(run.status == 0, "\(run.err)")
            #expect(try stored(n) == names)
        }
        // Batches commit every 250 ms in a run of a second or more: most kills land between two of them.
        #expect(partial > 0, "no kill landed while the import was under way")
    }

    /// Starts `fieldline ARGS` and kills it with SIGKILL as soon as `stored` says a batch is there (checked every
    /// 10 ms, so the kill lands mid-import), or lets it end when it ends first.
    static func killOnceStored(_ args: [String], _ stored: () throws -> Bool) throws {
        let process = try Spawn.start([fieldlineURL.path] + args)
        defer { process.send(SIGKILL); process.wait() }
        try waitUntil("a batch stored, or the run's end", every: 0.01) { try !process.isRunning || stored() }
    }

    /// JSON Lines and CSV files keep no progress: the unique field decides, a record saved whole by the run that was
    /// killed is taken as saved. Exactly the input's records, each once, whole.
    @Test(arguments: ["out.jsonl", "out.csv"])
    func killedThenResumedIntoAFileHoldsEachRecordOnce(_ file: String) throws {
        let s = try ScratchFolder()
        let names = try Self.input(40_000, in: s)
        let form = try Self.form(in: s, unique: true)
        let window = try fieldlineRunTime(["form", form, "--input", s.path("in.jsonl"), "--out", s.path("timed-" + file)])
        let header = file.hasSuffix(".csv") ? 1 : 0
        var partial = 0
        for n in 1..<6 {
            let out = s.path("\(n)-" + file)
            func lines() throws -> Int {
                guard FileManager.default.fileExists(atPath: out) else { return 0 }
                return try Data(contentsOf: URL(fileURLWithPath: out)).reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
            }
            let args = ["form", form, "--input", s.path("in.jsonl"), "--out", out]
            if n == 1 {
                try Self.killOnceStored(args) { try lines() > header }
            } else {
                try fieldline(args, killedWithin: window)
            }
            // Whole records only (a batch is one write; a torn one is cut at the next open), the input's first ones.
            if try lines() > header && lines() - header < names.count { partial += 1 }
            let resume = FileManager.default.fileExists(atPath: out) ? ["--resume"] : []
            let run = try fieldline(["form", form, "--input", s.path("in.jsonl"), "--out", out] + resume)
            #expect(run.status == 0, "\(run.err)")
            let back = try fieldline(["records", form, "--from", out, "--format", "jsonl"])
            #expect(back.status == 0, "\(back.err)")
            #expect(try FormImportTests.objects(back.out).map { $0["name"] ?? "" } == names)
        }
        #expect(partial > 0, "no kill landed while the import was under way")
    }

    /// Without --resume a record already saved under its unique value is still reported (the resume rule is
    /// --resume's only).
    @Test func withoutResumeARepeatIsStillReported() throws {
        let s = try ScratchFolder()
        _ = try Self.input(3, in: s)
        let form = try Self.form(in: s, unique: true)
        #expect(try fieldline(["form", form, "--input", s.path("in.jsonl"), "--out", s.path("o.jsonl")]).status == 0)
        let again = try fieldline(["form", form, "--input", s.path("in.jsonl"), "--out", s.path("o.jsonl")])
        #expect(again.status == 65)
        #expect(withoutSummary(again.err).split(separator: "\n").count == 3, "\(again.err)")
        let resumed = try fieldline(["form", form, "--input", s.path("in.jsonl"), "--out", s.path("o.jsonl"), "--resume"])
        #expect(resumed.status == 0 && withoutSummary(resumed.err).isEmpty, "\(resumed.err)")
    }
}
