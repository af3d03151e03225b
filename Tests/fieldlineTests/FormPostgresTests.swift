import Foundation
import Testing

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
        let form = FormImportTests.Scratch.self
        let s = try form.init()
        try "name: other\nfields: [{name: b, keymap: digits}]\n".write(toFile: s.path("other.yaml"), atomically: true, encoding: .utf8)
        let mismatch = try fieldline(["form", s.path("other.yaml"), "--input", "-", "--out", pg.url], stdin: #"{"b":"1"}"# + "\n")
        #expect(mismatch.status == 65)
        #expect(mismatch.err.hasSuffix("table other has the columns a, the form b,saved_at,operator\n"), "\(mismatch.err)")
    }

    /// Four imports at once, 250 records each: 1,000 rows.
    @Test func fourConcurrentImportsLandEveryRow() async throws {
        let pg = try ScratchPostgres()
        let s = try FormImportTests.Scratch()
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
        let s = try FormImportTests.Scratch()
        try Self.counterForm.write(toFile: s.path("entry.yaml"), atomically: true, encoding: .utf8)
        let url = "postgresql://postgres@127.0.0.1:\(proxy.port)/postgres?sslmode=disable&gssencmode=disable"
        let input = [#"{"mobile":"13800000001","name":"first"}"#, #"{"mobile":"13800000002","name":"second"}"#]
        let run = try fieldline(["form", s.path("entry.yaml"), "--input", "-", "--out", url], stdin: input.joined(separator: "\n") + "\n")
        #expect(run.status == 0, "\(run.err)")
        #expect(try pg.psql("SELECT name FROM entry ORDER BY name") == ["first", "second"])
    }
}
