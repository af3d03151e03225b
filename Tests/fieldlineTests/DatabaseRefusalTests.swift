import Foundation
import Testing
@testable import TestSupport

/// What the database says back: a trigger's refusal is one record's (reported, skipped), and a statement the server
/// does not finish is given up after `statement_timeout` (PostgreSQL) or the busy timeout (SQLite), ending the
/// import with 74 and a message that names the wait.
@Suite(.serialized) struct DatabaseRefusalTests {

    /// PostgreSQL: a trigger raising `P0001` (plain `RAISE EXCEPTION`) for the name `bad`, on insert and update.
    static let postgresTrigger = """
        CREATE FUNCTION dba_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.name = 'bad' THEN RAISE EXCEPTION 'dba refuses %', NEW.name; END IF;
          RETURN NEW;
        END $$;
        CREATE TRIGGER dba_refuse BEFORE INSERT OR UPDATE ON entry FOR EACH ROW EXECUTE FUNCTION dba_refuse()
        """

    /// SQLite: the same rule, as a trigger's `RAISE(ABORT, …)`.
    static let sqliteTrigger = """
        CREATE TRIGGER dba_refuse_insert BEFORE INSERT ON entry WHEN NEW.name = 'bad' BEGIN SELECT RAISE(ABORT, 'dba refuses bad'); END;
        CREATE TRIGGER dba_refuse_update BEFORE UPDATE ON entry WHEN NEW.name = 'bad' BEGIN SELECT RAISE(ABORT, 'dba refuses bad'); END;
        """

    /// A trigger's refusal of one record, in an import (PostgreSQL: the rows streamed into a COPY when no field is
    /// unique, the batch saved at its end when one is) and in a correction (`--update-by`): that record is reported
    /// `N:-: not saved: …` and skipped, the others are saved, exit 65. (Before, PostgreSQL's P0001 ended the import
    /// with 74.)
    @Test(arguments: [("postgres", false), ("postgres", true), ("sqlite", false), ("sqlite", true)])
    func aTriggersRefusalIsThatRecordsOnly(_ kind: String, _ unique: Bool) throws {
        let pg = kind == "postgres" ? try ScratchPostgres() : nil
        let s = try ScratchFolder()
        let target = pg?.url ?? s.path("x.db")
        func sql(_ text: String) throws -> [String] {
            if let pg { return try pg.psql(text) }
            return try sqliteShell(target, text)
        }
        let form = try DatabaseSetUpTests.entryForm(in: s, unique: unique)
        #expect(try fieldline(["form", form, "--input", "-", "--out", target], stdin: "").status == 0)
        _ = try sql(pg != nil ? Self.postgresTrigger : Self.sqliteTrigger)
        let message = pg != nil ? "ERROR:  dba refuses bad" : "dba refuses bad"
        let input = [("1", "one"), ("2", "bad"), ("3", "three")].map { #"{"code":"\#($0)","name":"\#($1)"}"# }
        try (input.joined(separator: "\n") + "\n").write(toFile: s.path("in.jsonl"), atomically: true, encoding: .utf8)
        let imported = try fieldline(["form", form, "--input", s.path("in.jsonl"), "--out", target])
        #expect(imported.status == 65)
        #expect(imported.err.hasPrefix("2:-: not saved: \(message)") && withoutSummary(imported.err).split(separator: "\n").count == 1, "\(imported.err)")
        #expect(try sql("SELECT code || '=' || name FROM entry ORDER BY code") == ["1=one", "3=three"])

        let corrections = [("1", "bad"), ("3", "Three")].map { #"{"code":"\#($0)","name":"\#($1)"}"# }.joined(separator: "\n") + "\n"
        let corrected = try fieldline(["form", try DatabaseSetUpTests.entryForm(in: s, unique: true), "--input", "-", "--out", target,
                                       "--update-by", "code"], stdin: corrections)
        #expect(corrected.status == 65)
        #expect(corrected.err.hasPrefix("1:-: not saved: \(message)") && withoutSummary(corrected.err).split(separator: "\n").count == 1, "\(corrected.err)")
        #expect(try sql("SELECT code || '=' || name FROM entry ORDER BY code") == ["1=one", "3=Three"])
    }

    /// A trigger that sleeps 5 s for one record, under a statement_timeout of 1 s set in the URL: the import ends
    /// with 74 after about a second, saying which wait it gave up (before: the server's bare `canceling statement
    /// due to statement timeout`; without a timeout in the URL it waited for ever).
    @Test func aStalledStatementEndsTheImportAtTheStatementTimeout() throws {
        let pg = try ScratchPostgres()
        let s = try ScratchFolder()
        let form = try DatabaseSetUpTests.entryForm(in: s, unique: false)
        #expect(try fieldline(["form", form, "--input", "-", "--out", pg.url], stdin: "").status == 0)
        _ = try pg.psql("""
            CREATE FUNCTION dba_stall() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              IF NEW.name = 'slow' THEN PERFORM pg_sleep(5); END IF;
              RETURN NEW;
            END $$;
            CREATE TRIGGER dba_stall BEFORE INSERT ON entry FOR EACH ROW EXECUTE FUNCTION dba_stall()
            """)
        try (#"{"code":"1","name":"slow"}"# + "\n").write(toFile: s.path("in.jsonl"), atomically: true, encoding: .utf8)
        let url = pg.url + "&options=-c%20statement_timeout%3D1000"
        let result = try #require(try fieldline(["form", form, "--input", s.path("in.jsonl"), "--out", url], killedAfter: 30))
        #expect(result.run.status == 74)
        #expect(result.run.err.contains("statement_timeout (1s)"), "\(result.run.err)")
        #expect(result.elapsed < 4.5)
        #expect(try pg.psql("SELECT count(*) FROM entry") == ["0"])
    }

    /// A correction whose record another session holds locked (`SELECT … FOR UPDATE` in an open transaction) is
    /// given up at the statement_timeout too, with 74 and the same message.
    @Test func aLockHeldMidCorrectionEndsItAtTheStatementTimeout() throws {
        let pg = try ScratchPostgres()
        let s = try ScratchFolder()
        let form = try DatabaseSetUpTests.entryForm(in: s, unique: true)
        #expect(try fieldline(["form", form, "--input", "-", "--out", pg.url], stdin: #"{"code":"1","name":"one"}"# + "\n").status == 0)
        try (#"{"code":"1","name":"One"}"# + "\n").write(toFile: s.path("fix.jsonl"), atomically: true, encoding: .utf8)
        let holder = try HeldSession(url: pg.url, sql: "BEGIN; SELECT code FROM entry WHERE code = '1' FOR UPDATE;")
        let url = pg.url + "&options=-c%20statement_timeout%3D1000"
        let result = try #require(try fieldline(["form", form, "--input", s.path("fix.jsonl"), "--out", url, "--update-by", "code"], killedAfter: 30))
        withExtendedLifetime(holder) {}
        #expect(result.run.status == 74)
        #expect(result.run.err.contains("statement_timeout (1s)"), "\(result.run.err)")
        #expect(result.elapsed < 8)
    }

    /// The statement_timeout each session gets, as a trigger sees it: 30 s when nothing chose one, the URL's when it
    /// sets one (0 there: wait for ever, as asked), the role's when a DBA set one.
    @Test func theStatementTimeoutIsThirtySecondsUnlessSomethingChoseOne() throws {
        let pg = try ScratchPostgres()
        let s = try ScratchFolder()
        let form = try DatabaseSetUpTests.entryForm(in: s, unique: false)
        #expect(try fieldline(["form", form, "--input", "-", "--out", pg.url], stdin: "").status == 0)
        _ = try pg.psql("""
            CREATE FUNCTION dba_note() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN NEW.name := current_setting('statement_timeout'); RETURN NEW; END $$;
            CREATE TRIGGER dba_note BEFORE INSERT ON entry FOR EACH ROW EXECUTE FUNCTION dba_note()
            """)
        func seen(_ url: String) throws -> String {
            _ = try pg.psql("DELETE FROM entry")
            let run = try fieldline(["form", form, "--input", "-", "--out", url], stdin: #"{"code":"1","name":"x"}"# + "\n")
            #expect(run.status == 0, "\(run.err)")
            return try pg.psql("SELECT name FROM entry").joined()
        }
        #expect(try seen(pg.url) == "30s")
        #expect(try seen(pg.url + "&options=-c%20statement_timeout%3D0") == "0")
        #expect(try seen(pg.url + "&options=-c%20statement_timeout%3D2500") == "2500ms")
        _ = try pg.psql("ALTER ROLE postgres SET statement_timeout = '7s'")
        #expect(try seen(pg.url) == "7s")
    }

    /// SQLite: a database another writer holds locked (an open `BEGIN IMMEDIATE`) is waited for at most the busy
    /// timeout, 10 s; the import then ends with 74 and `database is locked`.
    @Test func aLockedSQLiteDatabaseIsWaitedForAtMostTenSeconds() throws {
        let s = try ScratchFolder()
        let db = s.path("x.db")
        let form = try DatabaseSetUpTests.entryForm(in: s, unique: false)
        #expect(try fieldline(["form", form, "--input", "-", "--out", db], stdin: "").status == 0)
        try (#"{"code":"1","name":"one"}"# + "\n").write(toFile: s.path("in.jsonl"), atomically: true, encoding: .utf8)
        let holder = try HeldSession(sqlite: db, sql: "BEGIN IMMEDIATE;")
        let result = try #require(try fieldline(["form", form, "--input", s.path("in.jsonl"), "--out", db], killedAfter: 40))
        withExtendedLifetime(holder) {}
        #expect(result.run.status == 74)
        #expect(result.run.err.contains("database is locked"), "\(result.run.err)")
        #expect(result.elapsed > 9 && result.elapsed < 25)
    }
}
