import Foundation
import Testing
@testable import TestSupport

/// `form --out postgres://…` against a real PostgreSQL server started for the test: the table, concurrent
/// importers, and unique values enforced by the server across processes.
@Suite(.serialized) struct FormPostgresTests {
    static let counterForm = "name: entry\nfields:\n  - {name: mobile, keymap: phone-cn}\n  - {name: name, keymap: text}\n"

    @Test func visitorRecordsLandInTheSharedTable() throws {
        let pg = try ScratchPostgres()
        let run = try fieldline(["form", FormImportTests.visitor, "--input", "-", "--out", pg.url],
                                stdin: FormImportTests.records.joined(separator: "\n") + "\n")
        #expect(run.status == 65)
        let refusal = run.err.split(separator: "\n").first { $0.hasPrefix("4:idcard:") } ?? ""
        #expect(refusal.hasPrefix("4:idcard: '11010519491231002X' is already in the record saved 20"), "\(run.err)")
        let rows = try pg.psql("SELECT mobile, idcard, name FROM visitor ORDER BY saved_at, mobile")
        #expect(rows == ["13812345678|11010519491231002X|张三, \"Zhang\"", "13912345678|440524199001010018|Li Si"])
        // A table with other columns is refused.
        _ = try pg.psql("CREATE TABLE other (a text)")
        let form = ScratchFolder.self
        let s = try form.init()
        try "name: other\nfields: [{name: b, keymap: digits}]\n".write(toFile: s.path("other.yaml"), atomically: true, encoding: .utf8)
        let mismatch = try fieldline(["form", s.path("other.yaml"), "--input", "-", "--out", pg.url], stdin: #"{"b":"1"}"# + "\n")
        #expect(mismatch.status == 65)
        #expect(mismatch.err.hasSuffix("table other has the columns a, the form b,saved_at,operator,edited_at,edited_by,fieldline_id,record_id\n"), "\(mismatch.err)")
    }

    /// Four imports at once, 250 records each: 1,000 rows.
    @Test func fourConcurrentImportsLandEveryRow() async throws {
        let pg = try ScratchPostgres()
        let s = try ScratchFolder()
        try Self.counterForm.write(toFile: s.path("entry.yaml"), atomically: true, encoding: .utf8)
        for k in 0..<4 {
            let lines = (0..<250).map { #"{"mobile":"13800000000","name":"p\#(k)-\#($0)"}"# }
            try lines.joined(separator: "\n").write(toFile: s.path("in\(k).jsonl"), atomically: true, encoding: .utf8)
        }
        let url = pg.url, folder = s.folder
        let statuses: [Int32] = try await withThrowingTaskGroup(of: Int32.self) { group in
            for k in 0..<4 {
                group.addTask {
                    try fieldline(["form", folder + "/entry.yaml", "--input", folder + "/in\(k).jsonl", "--out", url]).status
                }
            }
            var all: [Int32] = []
            for try await status in group { all.append(status) }
            return all
        }
        #expect(statuses == [0, 0, 0, 0])
        #expect(try pg.psql("SELECT count(*), count(DISTINCT name) FROM entry") == ["1000|1000"])
    }

    /// Two processes saving the same unique value at the same moment: one row, and the other is told.
    @Test func aConflictingUniqueValueFromTwoProcessesGivesOneRow() async throws {
        let pg = try ScratchPostgres()
        let record = FormImportTests.records[0] + "\n"
        let url = pg.url
        for round in 0..<3 {
            if round > 0 { _ = try pg.psql("DELETE FROM visitor") }
            let runs: [Run] = try await withThrowingTaskGroup(of: Run.self) { group in
                for _ in 0..<2 {
                    group.addTask { try fieldline(["form", FormImportTests.visitor, "--input", "-", "--out", url], stdin: record) }
                }
                var all: [Run] = []
                for try await r in group { all.append(r) }
                return all
            }
            #expect(runs.map(\.status).sorted() == [0, 65], "\(runs.map(\.err))")
            #expect(try pg.psql("SELECT count(*) FROM visitor") == ["1"])
        }
    }

    /// The connection is cut after an INSERT committed and before its answer arrived: the record is looked for
    /// before it is sent again, so it is stored once (a blind retry stored it twice).
    @Test func aLostAnswerDoesNotStoreARecordTwice() throws {
        let pg = try ScratchPostgres()
        let proxy = try AnswerDroppingProxy(socket: pg.socket)
        let s = try ScratchFolder()
        try Self.counterForm.write(toFile: s.path("entry.yaml"), atomically: true, encoding: .utf8)
        let url = "postgresql://postgres@127.0.0.1:\(proxy.port)/postgres?sslmode=disable&gssencmode=disable"
        let input = [#"{"mobile":"13800000001","name":"first"}"#, #"{"mobile":"13800000002","name":"second"}"#]
        let run = try fieldline(["form", s.path("entry.yaml"), "--input", "-", "--out", url], stdin: input.joined(separator: "\n") + "\n")
        #expect(run.status == 0, "\(run.err)")
        #expect(try pg.psql("SELECT name FROM entry ORDER BY name") == ["first", "second"])
    }

    /// Forms `a` (field `b_c`) and `a_b` (field `c`): joined by `_`, their index names would be the same
    /// (`a_b_c_unique`), leaving the second table unguarded. Each table is guarded.
    @Test func uniqueIndexesOfLikeNamedTablesDoNotCollide() async throws {
        let pg = try ScratchPostgres()
        let s = try ScratchFolder()
        let (a, ab, values) = try FormSQLiteTests.collidingForms(in: s)
        #expect(try fieldline(["form", a, "--input", "-", "--out", pg.url], stdin: #"{"b_c":"1"}"# + "\n").status == 0)
        let runs = try await FormSQLiteTests.concurrently(8, ["form", ab, "--input", values, "--out", pg.url])
        #expect(runs.allSatisfy { $0.status == 0 || $0.status == 65 }, "\(runs.map(\.err))")
        #expect(try pg.psql("SELECT count(*), count(DISTINCT c) FROM a_b") == ["200|200"])
        #expect(throws: ScratchPostgres.PostgresProblem.self) { try pg.psql("INSERT INTO a_b VALUES ('v1', 't', 'o')") }
    }

    /// Two field names alike in their first 61 bytes: PostgreSQL cuts identifiers at 63 bytes, so
    /// `t_<field>_unique` named one index for both and the second field went unguarded.
    @Test func longFieldNamesEachGetTheirIndex() throws {
        let pg = try ScratchPostgres()
        let s = try ScratchFolder()
        let stem = String(repeating: "f", count: 61)
        try "name: t\nfields:\n  - {name: \(stem)_1, keymap: text, unique: true}\n  - {name: \(stem)_2, keymap: text, unique: true}\n"
            .write(toFile: s.path("t.yaml"), atomically: true, encoding: .utf8)
        let run = try fieldline(["form", s.path("t.yaml"), "--input", "-", "--out", pg.url], stdin: #"{"\#(stem)_1":"a","\#(stem)_2":"b"}"# + "\n")
        #expect(run.status == 0, "\(run.err)")
        #expect(throws: ScratchPostgres.PostgresProblem.self) { try pg.psql("INSERT INTO t VALUES ('c', 'b', 't', 'o')") }
        #expect(throws: ScratchPostgres.PostgresProblem.self) { try pg.psql("INSERT INTO t VALUES ('a', 'd', 't', 'o')") }
    }

    /// Records the server refuses for rules of the table's own (a CHECK added by a DBA: SQLSTATE class 23; a
    /// column narrowed to varchar(5): class 22) are reported one by one; the others are saved; exit 65.
    @Test func recordsTheServerRefusesAreSkipped() throws {
        let pg = try ScratchPostgres()
        let s = try ScratchFolder()
        try Self.counterForm.write(toFile: s.path("entry.yaml"), atomically: true, encoding: .utf8)
        #expect(try fieldline(["form", s.path("entry.yaml"), "--input", "-", "--out", pg.url], stdin: "").status == 0)
        _ = try pg.psql("ALTER TABLE entry ADD CHECK (name <> 'x')")
        _ = try pg.psql("ALTER TABLE entry ALTER COLUMN name TYPE varchar(5)")
        let input = ["ok1", "x", "ok2", "toolong", "ok3"].map { #"{"mobile":"13800000000","name":"\#($0)"}"# }.joined(separator: "\n") + "\n"
        let run = try fieldline(["form", s.path("entry.yaml"), "--input", "-", "--out", pg.url], stdin: input)
        #expect(run.status == 65)
        let lines = withoutSummary(run.err).split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(run.err)")
        #expect(lines.first?.hasPrefix("2:-: not saved: ERROR:  new row for relation \"entry\" violates check constraint") == true, "\(run.err)")
        #expect(lines.last?.hasPrefix("4:-: not saved: ERROR:  value too long for type character varying(5)") == true, "\(run.err)")
        #expect(try pg.psql("SELECT name FROM entry ORDER BY name") == ["ok1", "ok2", "ok3"])
    }

    /// A server that accepts the connection and never answers: the import gives up after the URL's
    /// connect_timeout (2 s) with exit 74, and the password given in the URL is not shown.
    @Test func aSilentServerTimesOutWithoutShowingThePassword() throws {
        let listener = try SilentListener()
        let s = try ScratchFolder()
        try Self.counterForm.write(toFile: s.path("entry.yaml"), atomically: true, encoding: .utf8)
        try "".write(toFile: s.path("in.jsonl"), atomically: true, encoding: .utf8)
        let url = "postgresql://u@127.0.0.1:\(listener.port)/db?connect_timeout=2&password=secret"
        let result = try #require(try fieldline(["form", s.path("entry.yaml"), "--input", s.path("in.jsonl"), "--out", url], killedAfter: 20))
        #expect(result.run.status == 74)
        #expect(result.run.err.contains("timeout"), "\(result.run.err)")
        #expect(!result.run.err.contains("secret"), "\(result.run.err)")
        #expect(result.elapsed < 8)
    }

    /// Without connect_timeout in the URL, a silent server is given up after 10 s (before, the import hung forever).
    @Test func aSilentServerTimesOutByDefault() throws {
        let listener = try SilentListener()
        let s = try ScratchFolder()
        try Self.counterForm.write(toFile: s.path("entry.yaml"), atomically: true, encoding: .utf8)
        try "".write(toFile: s.path("in.jsonl"), atomically: true, encoding: .utf8)
        let url = "postgresql://u@127.0.0.1:\(listener.port)/db"
        let result = try #require(try fieldline(["form", s.path("entry.yaml"), "--input", s.path("in.jsonl"), "--out", url], killedAfter: 25))
        #expect(result.run.status == 74)
        #expect(result.run.err.contains("timeout expired"), "\(result.run.err)")
        #expect(result.elapsed > 9 && result.elapsed < 20)
    }

    /// A table locked by another session (a DBA's `LOCK TABLE … ACCESS EXCLUSIVE`): the import waits at most the
    /// default lock_timeout (10 s), then ends with 74 and says so (before, it waited for ever).
    @Test func aLockedTableIsWaitedForAtMostTenSeconds() throws {
        let pg = try ScratchPostgres()
        let s = try ScratchFolder()
        try Self.counterForm.write(toFile: s.path("entry.yaml"), atomically: true, encoding: .utf8)
        try #"{"mobile":"13800000000","name":"a"}"#.write(toFile: s.path("in.jsonl"), atomically: true, encoding: .utf8)
        #expect(try fieldline(["form", s.path("entry.yaml"), "--input", "-", "--out", pg.url], stdin: "").status == 0)
        let holder = try HeldSession(url: pg.url, sql: "BEGIN; LOCK TABLE entry IN ACCESS EXCLUSIVE MODE;")
        let result = try #require(try fieldline(["form", s.path("entry.yaml"), "--input", s.path("in.jsonl"), "--out", pg.url], killedAfter: 30))
        withExtendedLifetime(holder) {}
        #expect(result.run.status == 74)
        #expect(result.run.err.contains("another session holds a lock on table entry (waited 10s)"), "\(result.run.err)")
        #expect(result.elapsed > 9 && result.elapsed < 25)
    }

    /// The advisory lock taken while the table is set up is bounded too, here by a lock_timeout the URL sets
    /// (`options=-c lock_timeout=1000`), which the sink leaves as it is.
    @Test func theSetUpLockIsBoundedByTheURLsLockTimeout() throws {
        let pg = try ScratchPostgres()
        let s = try ScratchFolder()
        try Self.counterForm.write(toFile: s.path("entry.yaml"), atomically: true, encoding: .utf8)
        try "".write(toFile: s.path("in.jsonl"), atomically: true, encoding: .utf8)
        let holder = try HeldSession(url: pg.url, sql: "SELECT pg_advisory_lock(hashtext('fieldline:entry'));")
        let url = pg.url + "&options=-c%20lock_timeout%3D1000"
        let result = try #require(try fieldline(["form", s.path("entry.yaml"), "--input", s.path("in.jsonl"), "--out", url], killedAfter: 30))
        withExtendedLifetime(holder) {}
        #expect(result.run.status == 74)
        #expect(result.run.err.contains("another session holds a lock on table entry (waited 1s)"), "\(result.run.err)")
        #expect(result.elapsed < 8)
    }
}
