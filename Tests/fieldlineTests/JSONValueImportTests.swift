import Foundation
import Testing
@testable import TestSupport

/// JSON values that are not texts, and escapes that are not JSON's, on `form --input` into SQLite: `null` is a
/// field not given, a boolean is refused naming the field, YAML's escapes are refused, and what is kept is kept
/// byte for byte.
@Suite struct JSONValueImportTests {
    static let visitor = FormImportTests.visitor
    static let person = #""mobile":"13812345678","idcard":"11010519491231002X""#

    static func names(_ db: String) throws -> [String] {
        try sqliteShell(db, "SELECT name || '|' || hex(name) || '|' || length(visit_date) FROM visitor ORDER BY rowid")
    }

    @Test func nullIsAFieldNotGiven() throws {
        let s = try ScratchFolder()
        let db = s.path("v.db")
        let run = try fieldline(["form", Self.visitor, "--input", "-", "--out", db],
                                stdin: "{\(Self.person),\"name\":\"Ann\",\"visit_date\":null}\n{\(Self.person),\"name\":null}\n")
        // A required field given null is missing, as if left out; an optional one takes its default (today).
        #expect(run.status == 65)
        #expect(withoutSummary(run.err) == "2:name: a value is required\n")
        #expect(try Self.names(db) == ["Ann|416E6E|10"])
    }

    @Test func nullInACorrectionKeepsTheSavedValue() throws {
        let s = try ScratchFolder()
        let db = s.path("v.db")
        #expect(try fieldline(["form", Self.visitor, "--input", "-", "--out", db], stdin: "{\(Self.person),\"name\":\"Ann\"}\n").status == 0)
        let run = try fieldline(["form", Self.visitor, "--input", "-", "--out", db, "--update-by", "idcard"],
                                stdin: #"{"idcard":"11010519491231002X","name":null,"mobile":"13912345678"}"# + "\n")
        #expect(run.status == 0, "\(run.err)")
        #expect(try sqliteShell(db, "SELECT name || '|' || mobile FROM visitor") == ["Ann|13912345678"])
    }

    @Test func booleansAreRefusedNamingTheField() throws {
        let s = try ScratchFolder()
        let db = s.path("v.db")
        let run = try fieldline(["form", Self.visitor, "--input", "-", "--out", db],
                                stdin: "{\(Self.person),\"name\":true}\n{\(Self.person),\"name\":false}\n")
        #expect(run.status == 65)
        #expect(withoutSummary(run.err) == "1:name: true is a JSON boolean, which only a yes/no field takes; give a string\n2:name: false is a JSON boolean, which only a yes/no field takes; give a string\n")
        #expect(try sqliteShell(db, "SELECT count(*) FROM visitor") == ["0"])
    }

    /// A yes/no field (the `confirm` keymap's choice) reads `true` as yes and `false` as no, in a record and in a
    /// correction; the text fields beside it still refuse them.
    @Test func booleansAreYesOrNoForAYesNoField() throws {
        let s = try ScratchFolder()
        try "name: consent\nfields:\n  - {name: code, keymap: digits, unique: true}\n  - {name: agree, keymap: confirm}\n  - {name: note, keymap: text, required: false}\n"
            .write(toFile: s.path("consent.yaml"), atomically: true, encoding: .utf8)
        let db = s.path("c.db")
        let run = try fieldline(["form", s.path("consent.yaml"), "--input", "-", "--out", db],
                                stdin: #"{"code":"1","agree":true}"# + "\n" + #"{"code":"2","agree":false}"# + "\n"
                                    + #"{"code":"3","agree":true,"note":true}"# + "\n")
        #expect(run.status == 65)
        #expect(withoutSummary(run.err) == "3:note: true is a JSON boolean, which only a yes/no field takes; give a string\n")
        #expect(try sqliteShell(db, "SELECT code || '|' || agree FROM consent ORDER BY rowid") == ["1|yes", "2|no"])
        let fixed = try fieldline(["form", s.path("consent.yaml"), "--input", "-", "--out", db, "--update-by", "code"],
                                  stdin: #"{"code":"2","agree":true}"# + "\n")
        #expect(fixed.status == 0, "\(fixed.err)")
        #expect(try sqliteShell(db, "SELECT agree FROM consent WHERE code = '2'") == ["yes"])
    }

    @Test func yamlEscapesAreRefusedAndOtherCharactersKept() throws {
        let s = try ScratchFolder()
        let db = s.path("v.db")
        let lines = [#"\x41"#, #"\L"#, #"\P"#, #"\_"#, #"\U0001F600"#].map { "{\(Self.person),\"name\":\"a\($0)\"}" }
            + ["{\(Self.person),\"name\":\"a\u{2028}b\\u00e9\\ud83d\\ude00\"}"]
        let run = try fieldline(["form", Self.visitor, "--input", "-", "--out", db], stdin: lines.joined(separator: "\n") + "\n")
        #expect(run.status == 65)
        let reports = withoutSummary(run.err).split(separator: "\n")
        #expect(reports.count == 5 && reports.allSatisfy { $0.contains("is not a JSON escape") }, "\(run.err)")
        // U+2028 as it came, the escapes decoded.
        #expect(try Self.names(db) == ["a\u{2028}bé😀|61E280A862C3A9F09F9880|10"])
    }

    static let delivery = FormImportTests.visitor.replacingOccurrences(of: "visitor.yaml", with: "delivery.yaml")

    /// Every JSON type into a field of digits (`parcels`) and a text field: a number is its text where the field
    /// takes it (`4`, a 30-digit number in a text), `null` no value for an optional field, and everything else a
    /// refusal under the field naming the JSON type; never the text `null`, `true` or `4.0` stored.
    @Test(arguments: [("en", [
        "2:parcels: unexpected '.' at column 2: position 2 takes a digit (given as the JSON number 4.0)",
        "3:parcels: unexpected '-' at column 1: position 1 takes a digit (given as the JSON number -1)",
        "4:parcels: unexpected 'e' at column 2: position 2 takes a digit (given as the JSON number 1e3)",
        "5:parcels: true is a JSON boolean, which only a yes/no field takes; give a string",
        "6:parcels: a JSON object is not a value; give a string (a record is one flat object)",
        "7:parcels: a JSON array is not a value; give a string",
        "8:company: false is a JSON boolean, which only a yes/no field takes; give a string",
    ]), ("zh", [
        "2:parcels: 第 2 列的 '.' 不应出现：第 2 位只能是数字（以 JSON 数字 4.0 给出）",
        "3:parcels: 第 1 列的 '-' 不应出现：第 1 位只能是数字（以 JSON 数字 -1 给出）",
        "4:parcels: 第 2 列的 'e' 不应出现：第 2 位只能是数字（以 JSON 数字 1e3 给出）",
        "5:parcels: true 是 JSON 布尔值，只有是/否字段接受它；请给出字符串",
        "6:parcels: JSON 对象不是值；请给出字符串（一条记录是一个不嵌套的对象）",
        "7:parcels: JSON 数组不是值；请给出字符串",
        "8:company: false 是 JSON 布尔值，只有是/否字段接受它；请给出字符串",
    ])])
    func everyJSONTypeIsAValueOrARefusalNamingIt(_ language: String, _ reports: [String]) throws {
        let s = try ScratchFolder()
        let db = s.path("d.db")
        let base = #""purpose":"delivery","mobile":"13812345678","company":"SF""#
        let lines = ["4", "4.0", "-1", "1e3", "true", "{}", "[1]"].map { "{\(base),\"parcels\":\($0)}" } + [
            #"{"purpose":"delivery","mobile":"13812345678","company":false,"parcels":"2"}"#,
            #"{"purpose":"visit","mobile":"13812345678","company":null,"parcels":null,"visit_date":null}"#,
            #"{"purpose":"delivery","mobile":"13812345678","company":123456789012345678901234567890,"parcels":"3","visit_date":20261121}"#,
        ]
        let run = try fieldline(["form", Self.delivery, "--input", "-", "--out", db, "--lang", language],
                                stdin: lines.joined(separator: "\n") + "\n", environment: ["FIELDLINE_NOW": "1795365541"])
        #expect(run.status == 65)
        #expect(withoutSummary(run.err).split(separator: "\n").map(String.init) == reports, "\(run.err)")
        #expect(try sqliteShell(db, "SELECT purpose || '|' || company || '|' || parcels || '|' || visit_date FROM delivery ORDER BY rowid")
                == ["delivery|SF|4|2026-11-22", "visit|||2026-11-22", "delivery|123456789012345678901234567890|3|2026-11-21"])
    }
}
