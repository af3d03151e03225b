import Foundation
import Testing
@testable import TestSupport

/// `fieldline form --input` with derived (`from`), conditional (`when`) fields and form `rules`: every refusal with
/// its exact message in English and Chinese, and what is saved when the record is right.
@Suite struct FormRulesImportTests {
    static let form = """
        name: visit
        fields:
          - {name: idcard, keymap: idcard-cn}
          - {name: birth_date, keymap: date, from: idcard.birthDate}
          - {name: purpose, keymap: text}
          - {name: company, keymap: text, when: "purpose == 'delivery'"}
          - {name: visit_date, keymap: date}
        rules:
          - require: visit_date >= birth_date
            message: {en: "a visit cannot come before the birth", zh: "来访日期不能早于出生日期"}
            field: visit_date

        """

    static let records = [
        // Saved: birth_date left out is derived.
        #"{"idcard":"11010519491231002X","purpose":"meeting","visit_date":"2026-11-22"}"#,
        // A given derived value must be the derived one.
        #"{"idcard":"11010519491231002X","birth_date":"1950-01-01","purpose":"meeting","visit_date":"2026-11-22"}"#,
        // company applies (purpose is delivery) and is required.
        #"{"idcard":"440524199001010018","purpose":"delivery","visit_date":"2026-11-22"}"#,
        // company does not apply: its value is refused, never dropped.
        #"{"idcard":"440524199001010018","purpose":"meeting","company":"ACME","visit_date":"2026-11-22"}"#,
        // The rule: a visit before the birth.
        #"{"idcard":"440524199001010018","purpose":"meeting","visit_date":"1989-12-31"}"#,
        // Saved: the derived value given in another spelling the date field takes, and company where it applies.
        #"{"idcard":"440524199001010018","birth_date":"19900101","purpose":"delivery","company":"ACME","visit_date":"2026-11-22"}"#,
        // The source refused: its message alone, no verdict on what would be derived from it.
        #"{"idcard":"440524199001010019","birth_date":"1990-01-01","purpose":"meeting","visit_date":"2026-11-22"}"#,
    ]

    func importRecords(language: String) throws -> (run: Run, saved: [[String: String]]) {
        let s = try ScratchFolder()
        try Self.form.write(toFile: s.path("visit.yaml"), atomically: true, encoding: .utf8)
        let run = try fieldline(["form", s.path("visit.yaml"), "--input", "-", "--out", s.path("v.jsonl"), "--lang", language],
                                stdin: Self.records.joined(separator: "\n") + "\n")
        return (run, try FormImportTests.objects(s.read("v.jsonl")))
    }

    @Test func refusalsInEnglish() throws {
        let (run, saved) = try importRecords(language: "en")
        #expect(run.status == 65)
        #expect(withoutSummary(run.err) == """
            2:birth_date: '1950-01-01' differs from idcard's birthDate, 1949-12-31
            3:company: a value is required
            4:company: does not apply when purpose == 'delivery'
            5:visit_date: a visit cannot come before the birth
            7:idcard: check character should be 8

            """)
        #expect(saved == [
            ["idcard": "11010519491231002X", "birth_date": "1949-12-31", "purpose": "meeting", "company": "", "visit_date": "2026-11-22"],
            ["idcard": "440524199001010018", "birth_date": "1990-01-01", "purpose": "delivery", "company": "ACME", "visit_date": "2026-11-22"],
        ])
    }

    @Test func refusalsInChinese() throws {
        let (run, saved) = try importRecords(language: "zh")
        #expect(run.status == 65)
        #expect(withoutSummary(run.err) == """
            2:birth_date: '1950-01-01' 与 idcard 的 birthDate（1949-12-31）不符
            3:company: 必须填写
            4:company: 不适用：仅当 purpose == 'delivery' 时才填写
            5:visit_date: 来访日期不能早于出生日期
            7:idcard: 校验码应为 8

            """)
        #expect(saved.count == 2)
    }

    /// The shipped visitor form derives birth date and sex from the ID card: left out, they are filled in; given,
    /// they must agree, whatever spelling the field takes (`女` is an alias of `female`).
    @Test func theVisitorFormDerivesBirthDateAndSex() throws {
        let s = try ScratchFolder()
        let records = [
            #"{"mobile":"13812345678","idcard":"11010519491231002X","name":"Zhang"}"#,
            #"{"mobile":"13812345678","idcard":"440524199001010018","name":"Li","birth_date":"1990-01-01","sex":"女"}"#,
            #"{"mobile":"13812345678","idcard":"440524199001010026","name":"Wang","birth_date":"1990-01-01","sex":"female"}"#,
        ]
        let run = try fieldline(["form", FormImportTests.visitor, "--input", "-", "--out", s.path("v.jsonl")],
                                stdin: records.joined(separator: "\n") + "\n")
        #expect(run.status == 65)
        #expect(withoutSummary(run.err) == "2:sex: 'female' differs from idcard's sex, male\n")
        let saved = try FormImportTests.objects(s.read("v.jsonl"))
        #expect(saved.map { [$0["birth_date"], $0["sex"]] } == [["1949-12-31", "female"], ["1990-01-01", "female"]])
    }

    /// forms/delivery.yaml, the example of docs/forms.md: company and parcels only for deliveries, the parcels rule
    /// and its warning (60 parcels saved, reported), the E.164 number derived.
    @Test func theDeliveryExampleWorksAsDocumented() throws {
        let delivery = URL(fileURLWithPath: FormImportTests.visitor).deletingLastPathComponent().appendingPathComponent("delivery.yaml").path
        let records = [
            #"{"purpose":"送货","mobile":"13812345678","company":"SF","parcels":"3","visit_date":"2026-11-22"}"#,
            #"{"purpose":"visit","mobile":"13812345678","visit_date":"2026-11-22"}"#,
            #"{"purpose":"visit","mobile":"13812345678","parcels":"2"}"#,
            #"{"purpose":"delivery","mobile":"13812345678","company":"SF","parcels":"60","visit_date":"2026-11-22"}"#,
            #"{"purpose":"delivery","mobile":"13812345678","company":"SF"}"#,
            #"{"purpose":"delivery","mobile":"13812345678","company":"SF","parcels":"0"}"#,
        ]
        let run = try fieldline(["form", delivery, "--input", "-"], stdin: records.joined(separator: "\n") + "\n")
        #expect(run.status == 65)
        #expect(withoutSummary(run.err) == """
            3:parcels: does not apply when purpose == 'delivery'
            4:parcels: warning: more than 50 parcels in one delivery: check the count
            5:parcels: a value is required
            6:parcels: a delivery has at least 1 parcel

            """)
        let saved = try FormImportTests.objects(run.out)
        #expect(saved == [
            ["purpose": "delivery", "mobile": "13812345678", "mobile_e164": "+8613812345678", "company": "SF", "parcels": "3", "visit_date": "2026-11-22", "warnings": ""],
            ["purpose": "visit", "mobile": "13812345678", "mobile_e164": "+8613812345678", "company": "", "parcels": "", "visit_date": "2026-11-22", "warnings": ""],
            ["purpose": "delivery", "mobile": "13812345678", "mobile_e164": "+8613812345678", "company": "SF", "parcels": "60", "visit_date": "2026-11-22",
             "warnings": #"{"parcels":""}"#],
        ])
    }
}
