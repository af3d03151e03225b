import Foundation
import Testing
@testable import TestSupport

/// `form --answers FILE` and `form --non-interactive`: the answers are records, completed from
/// `FIELDLINE_ANSWER_NAME` and then the defaults, judged as an import judges records; every question left without
/// an answer is named on one line (64) before anything is saved.
@Suite struct FormAnswersTests {
    static let visitor = FormImportTests.visitor
    static let now = ["FIELDLINE_NOW": "1795365541"]

    /// The records `target` holds, without their bookkeeping columns.
    static func saved(_ target: String) throws -> [[String: String]] {
        let run = try fieldline(["records", visitor, "--from", target])
        return try FormImportTests.objects(run.out)
    }

    @Test func aListOfRecordsIntoSQLite() throws {
        let s = try ScratchFolder()
        try """
            - mobile: "+86 138 1234 5678"
              idcard: 11010519491231002x
              name: Zhang San
            - {mobile: 13912345678, idcard: "110105194912310021", name: Li Si}
            - mobile: 13712345678
              idcard: 110101199003070011
              name: Wang Wu
              visit_date: 2026-11-01

            """.write(toFile: s.path("visitors.yaml"), atomically: true, encoding: .utf8)
        let run = try fieldline(["form", Self.visitor, "--answers", s.path("visitors.yaml"), "--out", s.path("v.db")], environment: Self.now)
        #expect(run.status == 65, "\(run)")
        #expect(withoutSummary(run.err) == "2:idcard: check character should be X\n", "\(run.err)")
        let saved = try Self.saved(s.path("v.db"))
        #expect(saved.map { $0["name"] } == ["Zhang San", "Wang Wu"], "\(saved)")
        #expect(saved.map { $0["idcard"] } == ["11010519491231002X", "110101199003070011"])
        #expect(saved.map { $0["visit_date"] } == ["2026-11-22", "2026-11-01"] && saved.first?["birth_date"] == "1949-12-31")
    }

    /// The same list into PostgreSQL: the unique ID card decided by the server, a repeat refused under its record.
    @Test func aListOfRecordsIntoPostgreSQL() throws {
        let pg = try ScratchPostgres()
        let s = try ScratchFolder()
        try #"[{"mobile": "13812345678", "idcard": "11010519491231002X", "name": "A"}, {"mobile": "13912345678", "idcard": "11010519491231002X", "name": "B"}, {"mobile": "13712345678", "idcard": "110101199003070011", "name": "C"}]"#
            .write(toFile: s.path("list.json"), atomically: true, encoding: .utf8)
        let run = try fieldline(["form", Self.visitor, "--answers", s.path("list.json"), "--out", pg.url], environment: Self.now)
        #expect(run.status == 65, "\(run)")
        #expect(withoutSummary(run.err).hasPrefix("2:idcard: "), "\(run.err)")
        #expect(try Self.saved(pg.url).map { $0["name"] } == ["A", "C"])
    }

    /// One map is one record, in JSON as well; the file's answer wins over the environment, which wins over the
    /// form's default.
    @Test func theEnvironmentCompletesAnswersAndDefaultsCompleteBoth() throws {
        let s = try ScratchFolder()
        try #"{"mobile": "13812345678", "idcard": "11010519491231002X", "name": "Zhang San"}"#
            .write(toFile: s.path("one.json"), atomically: true, encoding: .utf8)
        let environment = Self.now.merging(["FIELDLINE_ANSWER_NAME": "Zhao", "FIELDLINE_ANSWER_VISIT_DATE": "2026-10-01"]) { $1 }
        let run = try fieldline(["form", Self.visitor, "--answers", s.path("one.json"), "--out", s.path("v.jsonl")], environment: environment)
        #expect(run.status == 0, "\(run)")
        let answered = try Self.saved(s.path("v.jsonl"))
        #expect(answered.map { $0["name"] } == ["Zhang San"] && answered.map { $0["visit_date"] } == ["2026-10-01"], "\(answered)")
        // No file: the environment's answers and the default (today) make the record.
        let fromEnvironment = Self.now.merging(["FIELDLINE_ANSWER_MOBILE": "13812345679", "FIELDLINE_ANSWER_IDCARD": "110101199003070011",
                                                "FIELDLINE_ANSWER_NAME": "Li Si", "DEBIAN_FRONTEND": "noninteractive"]) { $1 }
        let noFile = try fieldline(["form", Self.visitor, "--non-interactive", "--out", s.path("e.jsonl")], environment: fromEnvironment)
        #expect(noFile.status == 0, "\(noFile)")
        let made = try Self.saved(s.path("e.jsonl"))
        #expect(made.map { $0["name"] } == ["Li Si"] && made.map { $0["visit_date"] } == ["2026-11-22"], "\(made)")
    }

    @Test func everyUnansweredQuestionIsNamedOnOneLineAndNothingIsSaved() throws {
        let s = try ScratchFolder()
        let none = try fieldline(["form", Self.visitor, "--non-interactive"], environment: Self.now)
        #expect(none.status == 64 && none.out == "", "\(none)")
        #expect(none.err == "fieldline: nobody to ask (non-interactive) and no answer or default for: mobile, idcard, name\n", "\(none.err)")
        try "- {mobile: 13812345678, idcard: 11010519491231002X, name: A}\n- {name: B}\n- {mobile: 13812345670}\n"
            .write(toFile: s.path("some.yaml"), atomically: true, encoding: .utf8)
        let some = try fieldline(["form", Self.visitor, "--answers", s.path("some.yaml"), "--out", s.path("v.db")], environment: Self.now)
        #expect(some.status == 64, "\(some)")
        #expect(some.err == "fieldline: nobody to ask (non-interactive) and no answer or default for: record 2: mobile, idcard; record 3: idcard, name\n", "\(some.err)")
        #expect(try fieldline(["records", Self.visitor, "--from", s.path("v.db")]).status == 1, "a record was saved")
        let chinese = try fieldline(["form", Self.visitor, "--non-interactive"], environment: LanguageTests.chinese)
        #expect(chinese.status == 64 && chinese.err == "fieldline: 无人可问（非交互）且没有答案或默认值：mobile, idcard, name\n", "\(chinese.err)")
    }

    @Test func namesNotOfTheFormAreRefusedUnlessPartial() throws {
        let s = try ScratchFolder()
        try "mobile: 13812345678\nidcard: 11010519491231002X\nname: A\ninstall: yes\n"
            .write(toFile: s.path("a.yaml"), atomically: true, encoding: .utf8)
        let refused = try fieldline(["form", Self.visitor, "--answers", s.path("a.yaml"), "--out", s.path("v.jsonl")], environment: Self.now)
        #expect(refused.status == 65 && refused.err.contains("answers what is not asked here: install (asked: mobile, idcard, birth_date, sex, name, visit_date)"), "\(refused)")
        let partial = try fieldline(["form", Self.visitor, "--answers", s.path("a.yaml"), "--answers-partial", "--out", s.path("v.jsonl")], environment: Self.now)
        #expect(partial.status == 0, "\(partial)")
        #expect(try Self.saved(s.path("v.jsonl")).map { $0["name"] } == ["A"])
        let both = try fieldline(["form", Self.visitor, "--answers", s.path("a.yaml"), "--input", s.path("a.yaml")])
        #expect(both.status == 64 && both.err.contains("--answers and --input both give the records"), "\(both)")
    }
}
