import Foundation
import Testing
@testable import TestSupport

/// `fieldline stats` (issue 47 item 3): the figures of a generated 100,000-record SQLite database, exactly as a SQL
/// query over the same tables computes them, grouped every way; the table and chart in English and Chinese, JSON
/// and CSV; imported records (no paradata) and paradata without its record left out.
@Suite struct StatsTests {
    static let form = """
        name: keyed
        fields:
          - {name: code, keymap: digits}
          - {name: name, keymap: text}
          - {name: note, keymap: text, required: false}
        rules:
          - {require: "code <= 900", message: "a big code", field: code, level: warning}
          - {require: "empty(note) or note != 'x'", message: "an x note", field: note, level: warning, name: xnote}

        """

    /// A database of `count` records made by `form` (so its tables are fieldline's) and filled by SQL: five
    /// operators, a record every 2 s, warnings on some; paradata for each field of each record but every 13th (an
    /// imported record), `note` only on even records, and one row whose record is not there.
    static func generated(_ count: Int, in s: ScratchFolder) throws -> (form: String, db: String) {
        let form = s.path("keyed.yaml"), db = s.path("k.db")
        try Self.form.write(toFile: form, atomically: true, encoding: .utf8)
        let made = try fieldline(["form", form, "--input", "-", "--out", db], stdin: "")
        #expect(made.status == 0, "\(made.err)")
        _ = try sqliteShell(db, """
            WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < \(count - 1))
            INSERT INTO keyed (code, name, note, warnings, saved_at, operator, edited_at, edited_by, record_id)
            SELECT i, 'n' || i, '', CASE WHEN i % 11 = 0 THEN '{"code":"big","xnote":"x ok"}' WHEN i % 7 = 0 THEN '{"code":"big"}' ELSE '' END,
            strftime('%Y-%m-%dT%H:%M:%SZ', 1795365541 + i * 2, 'unixepoch'), 'op' || (i * 7 % 5), '', '', 'id-' || i FROM n;
            WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < \(count - 1))
            INSERT INTO keyed_keying (record_id, field, milliseconds, keys, refused, deletions, returns)
            SELECT 'id-' || i, f.name, (i * 37 + f.o * 101) % 5003, (i * 7 + f.o) % 23, (i + f.o) % 3, i * f.o % 4, (i % 17 = 0) * f.o
            FROM n JOIN (SELECT 'code' AS name, 1 AS o UNION ALL SELECT 'name', 2 UNION ALL SELECT 'note', 3) f
            WHERE i % 13 <> 0 AND NOT (f.name = 'note' AND i % 2 = 1);
            INSERT INTO keyed_keying VALUES ('id-gone', 'code', 999999, 5, 5, 5, 5);
            """)
        return (form, db)
    }

    /// The JSON lines `stats --by GROUP --output json` should write, computed by SQLite from the tables: `group` the
    /// SQL expression of a paradata row's group (over `k` and `r`), `warned` whether a warning name counts for it.
    static func expected(_ db: String, group: String, key: String?, warned: String) throws -> [String] {
        let name = key.map { #""\#($0)":"%s","# } ?? ""
        let groupValue = key == nil ? "''" : "g"
        return try sqliteShell(db, """
            WITH p AS (SELECT k.*, \(group) AS g, r.warnings FROM keyed_keying k JOIN keyed r ON r.record_id = k.record_id),
            recs AS (SELECT DISTINCT g, record_id, warnings FROM p),
            w AS (SELECT g, count(*) AS records, sum((SELECT count(*) FROM json_each(CASE WHEN warnings = '' THEN '{}' ELSE warnings END)
                  WHERE \(warned))) AS warnings FROM recs GROUP BY g),
            s AS (SELECT g, count(*) AS fields, sum(keys) AS keys, sum(refused) AS refused, sum(deletions) AS deletions,
                  sum(returns) AS returns, sum(milliseconds) AS ms FROM p GROUP BY g),
            o AS (SELECT g, milliseconds, row_number() OVER (PARTITION BY g ORDER BY milliseconds) AS rn, count(*) OVER (PARTITION BY g) AS n FROM p),
            m AS (SELECT g, CASE WHEN max(n) % 2 = 1 THEN 2 * sum(CASE WHEN rn = n / 2 + 1 THEN milliseconds END)
                  ELSE sum(CASE WHEN rn IN (n / 2, n / 2 + 1) THEN milliseconds END) END AS half FROM o GROUP BY g),
            t AS (SELECT s.*, w.records, w.warnings, m.half, (w.records * 72000000 + ms) / (2 * ms) AS rph,
                  (keys * 72000000 + ms) / (2 * ms) AS kph, (refused * 2000 + keys) / (2 * keys) AS pm FROM s JOIN w USING (g) JOIN m USING (g))
            SELECT printf('{\(name)"records":%d,"fields":%d,"keys":%d,"refused":%d,"deletions":%d,"returns":%d,"seconds":%d.%03d,"warnings":%d,"records_per_hour":%d.%d,"keys_per_hour":%d.%d,"refused_percent":%d.%d,"median_seconds":%d.%04d}',
                \(key == nil ? "" : "\(groupValue),") records, fields, keys, refused, deletions, returns, ms / 1000, ms % 1000, warnings,
                rph / 10, rph % 10, kph / 10, kph % 10, pm / 10, pm % 10, half * 5 / 10000, half * 5 % 10000)
            FROM t ORDER BY g
            """)
    }

    @Test(arguments: [
        ([String](), "'all'", nil as String?, "1"),
        (["--by", "operator"], "r.operator", "operator", "1"),
        (["--by", "hour"], "substr(r.saved_at, 1, 13)", "hour", "1"),
        (["--by", "field"], "k.field", "field", "CASE key WHEN 'xnote' THEN 'note' ELSE key END = p_g"),
    ])
    func aHundredThousandRecordsGiveTheFiguresSQLComputes(by: [String], group: String, key: String?, warned: String) throws {
        let s = try ScratchFolder()
        let (form, db) = try Self.generated(100_000, in: s)
        // json_each's rows cannot see the group by name inside the subquery: the warning's field is compared with it there.
        let expected = try Self.expected(db, group: group, key: key, warned: warned.replacingOccurrences(of: "p_g", with: "recs.g"))
        #expect(expected.count > 0)
        let run = try fieldline(["stats", form, "--from", db, "--output", "json"] + by)
        #expect(run.status == 0, "\(run.err)")
        let lines = run.out.split(separator: "\n").map(String.init)
        #expect(lines.count == expected.count)
        for (line, want) in zip(lines, expected) { #expect(line == want) }
    }

    /// A small database: two operators, two records each, known figures.
    static func small(in s: ScratchFolder) throws -> (form: String, db: String) {
        let (form, db) = try generated(0, in: s)
        _ = try sqliteShell(db, """
            DELETE FROM keyed_keying;
            INSERT INTO keyed (code, name, note, warnings, saved_at, operator, edited_at, edited_by, record_id) VALUES
              ('1', 'a', '', '', '2026-11-22T02:00:00Z', 'alice', '', '', 'r1'),
              ('950', 'b', '', '{"code":"checked"}', '2026-11-22T02:10:00Z', 'alice', '', '', 'r2'),
              ('3', 'c', '', '', '2026-11-22T03:00:00Z', '王芳', '', '', 'r3'),
              ('4', 'd', '', '', '2026-11-22T03:05:00Z', 'imported', '', '', 'r4');
            INSERT INTO keyed_keying (record_id, field, milliseconds, keys, refused, deletions, returns) VALUES
              ('r1', 'code', 2000, 4, 1, 0, 0), ('r1', 'name', 4000, 6, 0, 1, 1),
              ('r2', 'code', 1000, 4, 0, 0, 0), ('r2', 'name', 3000, 5, 0, 0, 0),
              ('r3', 'code', 6000, 10, 2, 3, 0), ('r3', 'name', 12000, 10, 0, 0, 0);
            """)
        return (form, db)
    }

    @Test func theTableAndChartInEnglishAndChinese() throws {
        let s = try ScratchFolder()
        let (form, db) = try Self.small(in: s)
        let en = try fieldline(["stats", form, "--from", db, "--by", "operator"])
        #expect(en.status == 0, "\(en.err)")
        #expect(en.out == """
            operator  records  records/hour  keys/hour  refused  warnings overruled  median s/field
            alice           2         720.0     6840.0     5.3%                   1          2.5000
            王芳            1         200.0     4000.0    10.0%                   0          9.0000

            records per hour of keying
            alice  ######################################## 720.0
            王芳   ########### 200.0

            """, "\(en.out)")
        let zh = try fieldline(["stats", form, "--from", db, "--by", "field", "--lang", "zh"])
        #expect(zh.status == 0, "\(zh.err)")
        #expect(zh.out.hasPrefix("字段"), "\(zh.out)")
        #expect(zh.out.contains("每个字段用时中位数（秒）"), "\(zh.out)")
        #expect(zh.out.contains("code"), "\(zh.out)")
    }

    @Test func jsonAndCSV() throws {
        let s = try ScratchFolder()
        let (form, db) = try Self.small(in: s)
        let json = try fieldline(["stats", form, "--from", db, "--output", "json"])
        #expect(json.status == 0, "\(json.err)")
        #expect(json.out == #"{"records":3,"fields":6,"keys":39,"refused":3,"deletions":4,"returns":1,"seconds":28.000,"warnings":1,"records_per_hour":385.7,"keys_per_hour":5014.3,"refused_percent":7.7,"median_seconds":3.5000}"# + "\n")
        let csv = try fieldline(["stats", form, "--from", db, "--output", "csv", "--by", "hour"])
        #expect(csv.status == 0, "\(csv.err)")
        #expect(csv.out == """
            hour,records,fields,keys,refused,deletions,returns,seconds,warnings,records_per_hour,keys_per_hour,refused_percent,median_seconds\r
            2026-11-22T02,2,4,19,1,1,1,10.000,1,720.0,6840.0,5.3,2.5000\r
            2026-11-22T03,1,2,20,2,3,0,18.000,0,200.0,4000.0,10.0,9.0000\r

            """)
    }

    @Test func noParadataIsExit1() throws {
        let s = try ScratchFolder()
        let (form, db) = try Self.generated(0, in: s)
        let run = try fieldline(["stats", form, "--from", db])
        #expect(run.status == 1)
        #expect(run.err.contains("holds no paradata"), "\(run.err)")
    }
}
