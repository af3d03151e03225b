import Foundation
import Testing
@testable import TestSupport

/// `compare FORM --from A --with B --by FIELD`: two keyings of the same visitors with planted differences (a name,
/// a mobile and a visit date of matched records; a record only in A, one only in B) give exactly those
/// disagreements and the agreement they make per field and per operator, whatever the outputs (JSON Lines,
/// SQLite, PostgreSQL), the output format and the language.
@Suite struct CompareTests {
    static let visitor = FormImportTests.visitor

    /// The first keying: alice keyed three, carol one (the record only A holds is alice's).
    static let first = [
        #"{"mobile":"13812345678","idcard":"11010519491231002X","name":"张三","visit_date":"2026-03-01","operator":"alice"}"#,
        #"{"mobile":"13912345678","idcard":"440524199001010018","name":"李四","visit_date":"2026-03-02","operator":"alice"}"#,
        #"{"mobile":"13712345678","idcard":"110105199003071239","name":"王五","visit_date":"2026-03-02","operator":"carol"}"#,
        #"{"mobile":"13612345678","idcard":"310104198512120023","name":"赵六","visit_date":"2026-03-03","operator":"alice"}"#,
    ]
    /// The second keying, all bob's: 张山 for 张三; 13912345679 and 2026-03-12 in 李四's record; a record A has not.
    static let second = [
        #"{"mobile":"13812345678","idcard":"11010519491231002X","name":"张山","visit_date":"2026-03-01","operator":"bob"}"#,
        #"{"mobile":"13912345679","idcard":"440524199001010018","name":"李四","visit_date":"2026-03-12","operator":"bob"}"#,
        #"{"mobile":"13712345678","idcard":"110105199003071239","name":"王五","visit_date":"2026-03-02","operator":"bob"}"#,
        #"{"mobile":"13512345678","idcard":"440305199006150036","name":"孙七","visit_date":"2026-03-04","operator":"bob"}"#,
    ]

    /// Saves `records` into `target` with their operators kept.
    static func keyed(_ records: [String], into target: String) throws {
        let run = try fieldline(["form", visitor, "--input", "-", "--keep-saved", "--out", target],
                                stdin: records.joined(separator: "\n") + "\n")
        #expect(run.status == 0, "\(run.err)")
    }

    /// A JSON Lines file and a SQLite database of the two keyings.
    static func planted() throws -> (folder: ScratchFolder, a: String, b: String) {
        let s = try ScratchFolder()
        try keyed(first, into: s.path("a.jsonl"))
        try keyed(second, into: s.path("b.db"))
        return (s, s.path("a.jsonl"), s.path("b.db"))
    }

    /// The JSON report, parsed.
    static func report(_ a: String, _ b: String) throws -> [String: Any] {
        let run = try fieldline(["compare", visitor, "--from", a, "--with", b, "--by", "idcard", "--output", "json"])
        #expect(run.status == 1, "\(run.err)")
        #expect(run.err == "")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
    }

    /// Every figure of the planted differences.
    static func expectPlanted(_ json: [String: Any]) throws {
        #expect(json["by"] as? String == "idcard" && json["agrees"] as? Bool == false && json["matched"] as? Int == 3)
        let a = try #require(json["a"] as? [String: Any]), b = try #require(json["b"] as? [String: Any])
        #expect(a["records"] as? Int == 4 && a["only"] as? [String] == ["310104198512120023"])
        #expect(b["records"] as? Int == 4 && b["only"] as? [String] == ["440305199006150036"])
        let differences = try #require(json["differences"] as? [[String: String]])
        #expect(differences == [
            ["key": "11010519491231002X", "field": "name", "a": "张三", "b": "张山", "operator_a": "alice", "operator_b": "bob"],
            ["key": "440524199001010018", "field": "mobile", "a": "13912345678", "b": "13912345679", "operator_a": "alice", "operator_b": "bob"],
            ["key": "440524199001010018", "field": "visit_date", "a": "2026-03-02", "b": "2026-03-12", "operator_a": "alice", "operator_b": "bob"],
        ])
        let fields = try #require(json["fields"] as? [[String: Any]])
        #expect(fields.map { $0["field"] as? String } == ["mobile", "birth_date", "sex", "name", "visit_date"])
        #expect(fields.map { $0["compared"] as? Int } == [3, 3, 3, 3, 3])
        #expect(fields.map { $0["agreeing"] as? Int } == [2, 3, 3, 2, 2])
        #expect(fields.map { $0["percent"] as? Double } == [66.7, 100, 100, 66.7, 66.7])
        let operators = try #require(json["operators"] as? [[String: Any]])
        #expect(operators.map { "\($0["side"] ?? "") \($0["operator"] ?? "") \($0["agreeing"] ?? "")/\($0["compared"] ?? "")" }
                == ["a alice 7/10", "a carol 5/5", "b bob 12/15"])
        #expect(operators.map { $0["percent"] as? Double } == [70, 100, 80])
    }

    @Test func jsonGivesTheExactCounts() throws {
        let (s, a, b) = try Self.planted()
        try Self.expectPlanted(try Self.report(a, b))
        // Read from either kind of output, the other way round too: A's figures become B's.
        try Self.keyed(Self.first, into: s.path("a.db"))
        try Self.expectPlanted(try Self.report(s.path("a.db"), b))
    }

    @Test func csvHasARowPerDifferenceAndPerUnmatchedRecord() throws {
        let (folder, a, b) = try Self.planted()
        defer { withExtendedLifetime(folder) {} }
        let run = try fieldline(["compare", Self.visitor, "--from", a, "--with", b, "--by", "idcard", "--output", "csv"])
        #expect(run.status == 1 && run.err == "", "\(run.err)")
        #expect(run.out == """
            kind,key,field,a,b,operator_a,operator_b\r
            differs,11010519491231002X,name,张三,张山,alice,bob\r
            differs,440524199001010018,mobile,13912345678,13912345679,alice,bob\r
            differs,440524199001010018,visit_date,2026-03-02,2026-03-12,alice,bob\r
            only_in_a,310104198512120023,,,,,\r
            only_in_b,440305199006150036,,,,,\r

            """)
    }

    @Test(arguments: ["en", "zh"])
    func theTableSaysItInEitherLanguage(_ language: String) throws {
        let (folder, a, b) = try Self.planted()
        defer { withExtendedLifetime(folder) {} }
        let run = try fieldline(["compare", Self.visitor, "--from", a, "--with", b, "--by", "idcard", "--lang", language])
        #expect(run.status == 1 && run.err == "", "\(run.err)")
        let lines = run.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let expected: [String] = language == "en" ? [
            "A: \(a), 4 records; B: \(b), 4 records; 3 in both, matched by idcard.",
            "Values that differ (3):",
            "key                 field       A            B",
            "11010519491231002X  name        张三         张山",
            "440524199001010018  mobile      13912345678  13912345679",
            "440524199001010018  visit_date  2026-03-02   2026-03-12",
            "Only in A (1): 310104198512120023",
            "Only in B (1): 440305199006150036",
            "Agreement per field:",
            "mobile      2      3   66.7",
            "birth_date  3      3   100.0",
            "Agreement per operator:",
            "A     alice     7      10  70.0",
            "B     bob       12     15  80.0",
        ] : [
            "A：\(a)，4 条记录；B：\(b)，4 条记录；两边都有 3 条，按 idcard 对应。",
            "不一致的值（3）：",
            "仅 A 有（1）：310104198512120023",
            "仅 B 有（1）：440305199006150036",
            "各字段的一致率：",
            "各录入员的一致率：",
        ]
        for line in expected { #expect(lines.contains(line), "\(line)\n\(run.out)") }
    }

    @Test func theSameRecordsAgree() throws {
        let (s, a, _) = try Self.planted()
        try Self.keyed(Self.first, into: s.path("a.db"))
        let run = try fieldline(["compare", Self.visitor, "--from", a, "--with", s.path("a.db"), "--by", "idcard"])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.contains("No value differs in the records both hold.\n"), "\(run.out)")
        #expect(!run.out.contains("Only in"))
        let json = try fieldline(["compare", Self.visitor, "--from", a, "--with", s.path("a.db"), "--by", "idcard", "--output", "json"])
        #expect(json.status == 0 && json.out.contains(#""agrees":true"#) && json.out.contains(#""differences":[]"#), "\(json.out)")
    }

    /// Bad input says what is wrong with the documented exit code; nothing is written to stdout.
    @Test func badInputIsRefusedWithItsExitCode() throws {
        let (s, a, b) = try Self.planted()
        func run(_ args: [String]) throws -> Run { try fieldline(["compare", Self.visitor] + args) }
        let missing = try run(["--from", a, "--with", s.path("none.db"), "--by", "idcard"])
        #expect(missing.status == 66 && missing.out == "" && missing.err.contains("none.db"), "\(missing)")
        let notField = try run(["--from", a, "--with", b, "--by", "saved_at"])
        #expect(notField.status == 64 && notField.err.contains("saved_at is not a field of visitor"), "\(notField)")
        let stdin = try run(["--from", "-", "--with", b, "--by", "idcard"])
        #expect(stdin.status == 64, "\(stdin)")
        // A side that holds one visitor twice cannot be matched record for record.
        let lines = try String(contentsOfFile: a, encoding: .utf8).split(separator: "\n")
        try (lines + [lines[1]]).joined(separator: "\n").appending("\n").write(toFile: s.path("twice.jsonl"), atomically: true, encoding: .utf8)
        let twice = try run(["--from", s.path("twice.jsonl"), "--with", b, "--by", "idcard"])
        #expect(twice.status == 65 && twice.out == "", "\(twice)")
        #expect(twice.err.contains("record 5 has idcard 440524199001010018 as an earlier record does"), "\(twice.err)")
        // A file of another form's shape.
        try "{\"x\":\"1\"}\n".write(toFile: s.path("other.jsonl"), atomically: true, encoding: .utf8)
        let other = try run(["--from", s.path("other.jsonl"), "--with", b, "--by", "idcard"])
        #expect(other.status == 65 && other.out == "", "\(other)")
        let form = try fieldline(["compare", s.path("no-form.yaml"), "--from", a, "--with", b, "--by", "idcard"])
        #expect(form.status == 78, "\(form)")
    }
}

/// `compare` with a PostgreSQL side: the same figures as from a file.
@Suite(.serialized) struct ComparePostgresTests {
    @Test func aPostgresSideGivesTheSameCounts() throws {
        let pg = try ScratchPostgres()
        let (folder, a, _) = try CompareTests.planted()
        defer { withExtendedLifetime(folder) {} }
        try CompareTests.keyed(CompareTests.second, into: pg.url)
        try CompareTests.expectPlanted(try CompareTests.report(a, pg.url))
    }
}
