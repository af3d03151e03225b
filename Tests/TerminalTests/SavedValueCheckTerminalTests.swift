import Foundation
import Testing
@testable import TestSupport

/// `exists:` at a terminal: a value no saved company has is refused on Enter and stays typed; a look-up held up
/// by another session's lock shows `checking…`, then gives up after the form's `lookup_timeout`, the value kept.
@Suite struct SavedValueCheckTerminalTests {
    static let delivery = """
        name: delivery
        lookup_timeout: 1.5
        fields:
          - {name: company, keymap: text, exists: {table: company, field: code}}
          - {name: parcels, keymap: digits}

        """

    /// The delivery form and the company form in `home`, `SF` saved as a company in `out`.
    static func prepare(_ out: String, home: String) throws -> String {
        let form = home + "/delivery.yaml"
        try delivery.write(toFile: form, atomically: true, encoding: .utf8)
        let company = "name: company\nfields:\n  - {name: code, keymap: text, unique: true}\n"
        try company.write(toFile: home + "/company.yaml", atomically: true, encoding: .utf8)
        let saved = try fieldline(["form", home + "/company.yaml", "--input", "-", "--out", out], stdin: #"{"code":"SF"}"# + "\n")
        try #require(saved.status == 0, "\(saved.err)")
        return form
    }

    /// Types `EMS` (refused, kept) then `SF` in its place, and saves the delivery.
    static func refusedThenSaved(_ t: TmuxTerminal, form: String, out: String) async throws {
        try t.run("fieldline form '\(form)' --out '\(out)'; echo rc=$?")
        try await t.wait("the company field") { $0.contains { $0.hasPrefix("company:") } }
        try t.type("EMS"); try t.press("Enter")
        try await t.wait("the refusal") { $0.contains { $0.contains("company: 'EMS' is not a code saved in company") } }
        #expect(try t.screen().contains { $0.hasPrefix("company: EMS") }, "\(t.dump())")
        try t.press("C-u"); try t.type("SF"); try t.press("Enter")
        try await t.wait("the parcels field") { $0.contains { $0.hasPrefix("parcels:") } }
        try t.type("2"); try t.press("Enter")
        try await t.wait("the key line") { $0.contains { $0.hasPrefix("Enter saves") } }
        try t.press("Enter")
        try await t.wait("1 saved") { $0.contains { $0.hasPrefix("1 saved to") } }
        try t.press("C-d")
        #expect(try await t.result() == "rc=0", "\(t.dump())")
    }

    @Test func sqliteRefusesAValueNoSavedRecordHas() async throws {
        let t = try await TmuxTerminal(columns: 200); defer { t.close() }
        let out = t.home + "/d.db"
        try await Self.refusedThenSaved(t, form: try Self.prepare(out, home: t.home), out: out)
    }

    @Test func postgresRefusesAValueNoSavedRecordHas() async throws {
        let pg = try ScratchPostgres()
        let t = try await TmuxTerminal(columns: 200); defer { t.close() }
        try await Self.refusedThenSaved(t, form: try Self.prepare(pg.url, home: t.home), out: pg.url)
    }

    /// Another session holds the company table locked: the look-up says `checking…`, gives up after 1.5 s with the
    /// value still typed, and goes through once the lock is gone.
    @Test func aLockedTableShowsCheckingThenTimesOut() async throws {
        let pg = try ScratchPostgres()
        let t = try await TmuxTerminal(columns: 200); defer { t.close() }
        let form = try Self.prepare(pg.url, home: t.home)
        try t.run("fieldline form '\(form)' --out '\(pg.url)'; echo rc=$?")
        try await t.wait("the company field") { $0.contains { $0.hasPrefix("company:") } }

        let locker = try Spawn.start(["psql", "-X", "-d", pg.url, "-c", "BEGIN; LOCK TABLE company IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep(60)"])
        defer { locker.send(SIGKILL) }
        var waited = 0
        while try pg.psql("SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation WHERE c.relname = 'company' AND l.mode = 'AccessExclusiveLock' AND l.granted") != ["1"] {
            waited += 1
            try #require(waited < 500, "the lock was never taken")
            usleep(10_000)
        }
        // Everything the pane receives is kept: `checking…` stands for about a second, which a loaded machine's
        // looks at the screen may miss.
        let log = t.home + "/pane.log"
        try t.tmux("pipe-pane", "-t", "s", "cat > '\(log)'")
        try t.type("SF"); try t.press("Enter")
        try await t.wait("the timeout") { $0.contains { $0.contains("company: could not check company within 1.5 s (lookup_timeout): the value is kept; press Enter to try again") } }
        try await waitUntil("the pane's log to hold the timeout") { try String(contentsOfFile: log, encoding: .utf8).contains("lookup_timeout") }
        let drawn = try String(contentsOfFile: log, encoding: .utf8)
        let checking = try #require(drawn.range(of: "checking…"), "\(drawn.suffix(2000))")
        #expect(checking.upperBound <= drawn.range(of: "lookup_timeout")!.lowerBound, "checking… comes before the timeout")
        #expect(try t.screen().contains { $0.hasPrefix("company: SF") }, "\(t.dump())")

        _ = try pg.psql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE '%pg_sleep(60)%' AND pid <> pg_backend_pid()")
        try t.press("Enter")
        try await t.wait("the parcels field") { $0.contains { $0.hasPrefix("parcels:") } }
        try t.press("C-c")
    }
}
