import Foundation
import Testing
@testable import TestSupport

/// `records FORM --from postgres://…` against a PostgreSQL server started for the test: the saved records come
/// back value for value in saved order, and reading makes no table, upgrades none and takes no lock.
@Suite(.serialized) struct RecordsPostgresTests {
    @Test func roundTripAndFind() throws {
        let pg = try ScratchPostgres()
        let expected = try RecordsTests.imported(into: pg.url)
        let all = try fieldline(["records", RecordsTests.visitor, "--from", pg.url])
        #expect(all.status == 0, "\(all.err)")
        RecordsTests.expectSame(try RecordsTests.parse(all.out), expected)
        let two = try fieldline(["records", RecordsTests.visitor, "--from", pg.url, "--find", "visit_date=2026-03-02",
                                 "--find", "idcard=110105199003071239"])
        #expect(two.status == 0)
        RecordsTests.expectSame(try RecordsTests.parse(two.out), [expected[2]])
        let none = try fieldline(["records", RecordsTests.visitor, "--from", pg.url, "--find", "name=nobody"])
        #expect(none.status == 1 && none.out == "" && none.err == "")
        let csv = try fieldline(["records", RecordsTests.visitor, "--from", pg.url, "--format", "csv", "--find", "name==1+1"])
        #expect(csv.out.hasPrefix(RecordsTests.columns.joined(separator: ",") + "\r\n13912345678,440524199001010018,"), "\(csv.out)")
    }

    /// More records than one cursor fetch: all of them, in saved order.
    @Test func manyRecordsStreamInSavedOrder() throws {
        let pg = try ScratchPostgres()
        _ = try RecordsTests.imported(into: pg.url, [])
        _ = try pg.psql("""
            INSERT INTO visitor (mobile, idcard, birth_date, sex, name, visit_date, saved_at, operator)
            SELECT '13812345678', (100000000000000000 + i)::text, '1990-01-01', 'male', 'n' || i, '2026-03-01', '2026-03-01T09:00:00Z', 'alice'
            FROM generate_series(0, 2499) AS i
            """)
        let run = try fieldline(["records", RecordsTests.visitor, "--from", pg.url])
        #expect(run.status == 0, "\(run.err)")
        let names = try RecordsTests.parse(run.out).map { Dictionary($0, uniquingKeysWith: { a, _ in a })["name"] ?? "" }
        #expect(names == (0..<2500).map { "n\($0)" })
    }

    /// A 0.6.0 table (the fields, saved_at, operator; no fieldline_id) is read in saved_at order with empty
    /// correction columns, and not upgraded; a missing table is 66 and not made.
    @Test func aVersion1TableIsReadAndAMissingOneIsNotMade() throws {
        let pg = try ScratchPostgres()
        let missing = try fieldline(["records", RecordsTests.visitor, "--from", pg.url])
        #expect(missing.status == 66)
        #expect(missing.err.hasSuffix(" has no table visitor\n"), "\(missing.err)")
        let definitions = RecordsTests.columns.prefix(8).map { "\"\($0)\" text NOT NULL" }.joined(separator: ", ")
        _ = try pg.psql("""
            CREATE TABLE visitor (\(definitions));
            INSERT INTO visitor VALUES ('13912345678','440524199001010018','1990-01-01','male','Li Si','2026-03-02','2026-03-02T10:00:00Z','bob');
            INSERT INTO visitor VALUES ('13812345678','11010519491231002X','1949-12-31','female','张三','2026-03-01','2026-03-01T09:00:00Z','alice');
            """)
        let run = try fieldline(["records", RecordsTests.visitor, "--from", pg.url, "--find", "edited_by="])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out == """
            {"mobile":"13812345678","idcard":"11010519491231002X","birth_date":"1949-12-31","sex":"female","name":"张三","visit_date":"2026-03-01","saved_at":"2026-03-01T09:00:00Z","operator":"alice","edited_at":"","edited_by":"","record_id":""}
            {"mobile":"13912345678","idcard":"440524199001010018","birth_date":"1990-01-01","sex":"male","name":"Li Si","visit_date":"2026-03-02","saved_at":"2026-03-02T10:00:00Z","operator":"bob","edited_at":"","edited_by":"","record_id":""}

            """)
        #expect(try pg.psql("SELECT string_agg(column_name, ',' ORDER BY ordinal_position) FROM information_schema.columns WHERE table_name = 'visitor'")
                == [RecordsTests.columns.prefix(8).joined(separator: ",")])
        #expect(try pg.psql("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'") == ["1"])
    }

    @Test func anUnreachableServerIs66() throws {
        let listener = try SilentListener()
        let url = "postgresql://nobody@127.0.0.1:\(listener.port)/db?connect_timeout=1"
        let run = try fieldline(["records", RecordsTests.visitor, "--from", url])
        #expect(run.status == 66)
        #expect(run.err.hasPrefix("fieldline: cannot connect to "), "\(run.err)")
    }
}
