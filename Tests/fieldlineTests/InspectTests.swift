import Foundation
import Testing
@testable import TestSupport

/// The repository's folder (forms/ and keymaps/ are under it).
private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// `fieldline inspect FORM|KEYMAP`: the questions as data (`--output json`) and as an outline to read; bad input
/// reported as every command that loads a form or keymap reports it.
@Suite struct InspectTests {
    /// The JSON document `fieldline inspect ARGS --output json` prints, parsed.
    static func document(_ args: [String]) throws -> [String: Any] {
        let run = try fieldline(["inspect"] + args + ["--output", "json"])
        try #require(run.status == 0, "\(run.err)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
    }

    /// The field named `name` of a document.
    static func field(_ document: [String: Any], _ name: String) throws -> [String: Any] {
        let fields = try #require(document["fields"] as? [[String: Any]])
        return try #require(fields.first { $0["name"] as? String == name })
    }

    @Test func theVisitorFormsFieldsWithPromptsAndHelpInBothLanguages() throws {
        let doc = try Self.document([repository + "/forms/visitor.yaml"])
        #expect(doc["version"] as? Int == 1 && doc["type"] as? String == "form" && doc["name"] as? String == "visitor")
        let fields = try #require(doc["fields"] as? [[String: Any]])
        #expect(fields.map { $0["name"] as? String ?? "" } == ["mobile", "idcard", "birth_date", "sex", "name", "visit_date"])
        let mobile = try Self.field(doc, "mobile")
        #expect(mobile["prompt"] as? [String: String] == ["en": "Mobile: ", "zh": "手机号："])
        #expect(mobile["help"] as? [String: String] == ["en": "the visitor's mobile, 11 digits (13812345678)", "zh": "访客的手机号，11 位数字（13812345678）"])
        #expect(mobile["kind"] as? String == "phone" && mobile["keymap"] as? String == "phone-cn" && mobile["limit"] as? Int == 15)
        let validators = try #require(mobile["validators"] as? [[String: Any]])
        #expect(validators.first?["name"] as? String == "phone")
        let phone = try #require(validators.first?["parameters"] as? [String: Any])
        #expect(phone["regions"] as? [String] == ["CN"] && phone["kinds"] as? [String] == ["mobile"] && phone["value"] as? String == "national")
        let idcard = try Self.field(doc, "idcard")
        #expect(idcard["unique"] as? Bool == true && idcard["kind"] as? String == "template")
        #expect((idcard["validators"] as? [[String: Any]])?.first?["name"] as? String == "gb11643")
        let sex = try Self.field(doc, "sex")
        #expect(sex["from"] as? String == "idcard.sex" && sex["keymap"] is NSNull && sex["help"] is NSNull)
        let choices = try #require(sex["choices"] as? [[String: Any]])
        #expect(choices.map { $0["value"] as? String ?? "" } == ["male", "female"])
        #expect(choices.map { $0["label"] as? String ?? "" } == ["male", "female"])
        #expect(choices.first?["aliases"] as? [String] == ["男", "m"])
        #expect(try Self.field(doc, "visit_date")["default"] as? String == "today")
        #expect(try Self.field(doc, "name")["limit"] as? Int == 20)
        let rules = try #require(doc["rules"] as? [[String: Any]])
        #expect(rules.count == 1)
        #expect(rules.first?["require"] as? String == "visit_date >= birth_date" && rules.first?["field"] as? String == "visit_date")
        #expect(rules.first?["message"] as? [String: String] == ["en": "the visit date is before the visitor's birth date", "zh": "来访日期早于访客的出生日期"])
    }

    @Test func theDeliveryFormsConditionsChoicesAndRangeRule() throws {
        let doc = try Self.document([repository + "/forms/delivery.yaml"])
        let company = try Self.field(doc, "company")
        #expect(company["when"] as? String == "purpose == 'delivery'" && company["repeat"] as? Bool == true)
        let purpose = try Self.field(doc, "purpose")
        #expect((purpose["choices"] as? [[String: Any]])?.map { $0["aliases"] as? [String] ?? [] } == [["送货"], ["来访"]])
        #expect(try Self.field(doc, "mobile_e164")["prompt"] as? [String: String] == ["en": "mobile_e164: "])
        let parcels = try Self.field(doc, "parcels")
        #expect(parcels["keymap"] is NSNull && parcels["limit"] as? Int == 3)
        let rules = try #require(doc["rules"] as? [[String: Any]])
        #expect(rules.map { $0["level"] as? String } == ["error", "warning"], "\(rules)")
        #expect(rules.last?["name"] as? String == "parcels")
        let reasons = try #require(doc["reasons"] as? [[String: String]])
        #expect(reasons.count == 2 && reasons.allSatisfy { $0["en"] != nil && $0["zh"] != nil }, "\(reasons)")
    }

    /// Lookups: a choice list's filter over earlier answers, and a look-up in another form's table with its timeout.
    @Test func lookupsAreShown() throws {
        let rooms = try Self.document([repository + "/forms/room-booking.yaml"])
        #expect(try Self.field(rooms, "room")["filter"] as? String == "site == $site")
        #expect(try Self.field(rooms, "site")["filter"] is NSNull && rooms["lookup_timeout_ms"] as? Int == 5000)
        let folder = try ScratchFolder("inspect-exists")
        let form = folder.path("delivery.yaml")
        try """
            name: delivery
            lookup_timeout: 1.5
            fields:
              - {name: company, keymap: text, exists: {table: company, field: code}}
              - {name: code, keymap: digits, not_exists: {table: banned, field: code}}

            """.write(toFile: form, atomically: true, encoding: .utf8)
        let doc = try Self.document([form])
        let exists = try #require(try Self.field(doc, "company")["exists"] as? [String: Any])
        #expect(exists["table"] as? String == "company" && exists["field"] as? String == "code" && exists["must_exist"] as? Bool == true)
        let notExists = try #require(try Self.field(doc, "code")["exists"] as? [String: Any])
        #expect(notExists["table"] as? String == "banned" && notExists["field"] as? String == "code" && notExists["must_exist"] as? Bool == false)
        #expect(doc["lookup_timeout_ms"] as? Int == 1500)
        let outline = try fieldline(["inspect", form])
        #expect(outline.out.contains("   exists: company.code\n") && outline.out.contains("   not_exists: banned.code\n"), "\(outline.out)")
    }

    /// A list read from another form's table at run time: its table, value and labels, and no choices yet.
    @Test func aTableListIsShown() throws {
        let folder = try ScratchFolder("inspect-table")
        let form = folder.path("visit.yaml")
        try """
            name: visit
            fields:
              - name: company
                choices: {table: company, value: code, label: {en: [title, phone], zh: title_zh}}

            """.write(toFile: form, atomically: true, encoding: .utf8)
        let field = try Self.field(try Self.document([form]), "company")
        let source = try #require(field["choices_table"] as? [String: Any], "\(field)")
        #expect(source["table"] as? String == "company" && source["value"] as? String == "code")
        #expect(source["labels"] as? [String] == ["title", "phone"])
        #expect(field["choices"] is NSNull && field["kind"] as? String == "choice")
        let zh = try #require(try Self.field(try Self.document([form, "--lang", "zh"]), "company")["choices_table"] as? [String: Any])
        #expect(zh["labels"] as? [String] == ["title_zh"])
        let outline = try fieldline(["inspect", form])
        #expect(outline.out.contains("choices: table company, value code, label title phone"), "\(outline.out)")
    }

    @Test func aKeymapIsOneFieldWithItsHelpAndValidators() throws {
        let doc = try Self.document(["idcard-cn"])
        #expect(doc["type"] as? String == "keymap" && doc["name"] as? String == "idcard-cn")
        #expect((doc["description"] as? [String: String])?["zh"] == "中国居民身份证号（GB 11643-1999），显示为 110105 19900307 123X")
        let fields = try #require(doc["fields"] as? [[String: Any]])
        #expect(fields.count == 1 && doc["rules"] as? [Any] != nil && (doc["rules"] as? [Any])?.isEmpty == true)
        let field = fields[0]
        #expect(field["prompt"] is NSNull && field["min"] as? Int == 18 && field["limit"] as? Int == 18)
        #expect(field["templates"] as? [String] == ["###### ######## ####"])
        #expect((field["help"] as? [String: String])?["en"]?.hasPrefix("18 characters: 6-digit region") == true)
        let port = try Self.field(try Self.document(["port"]), "port")
        #expect((port["validators"] as? [[String: Any]])?.first?["parameters"] as? [String: Int] == ["min": 1, "max": 65535])
        let country = try Self.field(try Self.document(["country"]), "country")
        #expect((country["choices"] as? [[String: Any]])?.contains { $0["value"] as? String == "CN" } == true)
        let region = try Self.field(try Self.document(["region-cn"]), "region-cn")
        let shenzhen = (region["choices"] as? [[String: Any]])?.first { $0["value"] as? String == "440300" }
        #expect(shenzhen?["parent"] as? String == "440000", "a city names its province")
    }

    @Test func theTextOutlineInEnglishAndChinese() throws {
        let en = try fieldline(["inspect", repository + "/forms/visitor.yaml"])
        #expect(en.status == 0)
        #expect(en.out.hasPrefix("form visitor: Visitor registration"), "\(en.out)")
        #expect(en.out.contains("1. mobile (phone, keymap phone-cn)\n   prompt: \"Mobile: \"\n   help: the visitor's mobile, 11 digits (13812345678)\n"), "\(en.out)")
        #expect(en.out.contains("4. sex (choice)\n   prompt: \"Sex: \"\n   choices: male, female\n   from: idcard.sex\n"), "\(en.out)")
        #expect(en.out.contains("rules:\n1. require: visit_date >= birth_date\n   field: visit_date\n   message: the visit date is before the visitor's birth date\n"), "\(en.out)")
        let zh = try fieldline(["inspect", repository + "/forms/visitor.yaml", "--lang", "zh"])
        #expect(zh.out.contains("   prompt: \"手机号：\"\n   help: 访客的手机号，11 位数字（13812345678）\n"), "\(zh.out)")
        #expect(zh.out.contains("   message: 来访日期早于访客的出生日期\n"), "\(zh.out)")
        let country = try fieldline(["inspect", "country"])
        #expect(country.out.contains("… and 239 more"), "\(country.out)")
        let countryZH = try fieldline(["inspect", "country", "--lang", "zh"])
        #expect(countryZH.out.contains("……另有 239 项"), "\(countryZH.out)")
    }

    /// A missing file, broken YAML and a form with a problem give what `form` gives for them (78); a keymap file
    /// with a problem what `keymaps lint` gives; an unknown keymap name the usage error every command gives (64).
    @Test func badInputIsReportedAsOtherCommandsReportIt() throws {
        let scratch = try ScratchFolder("inspect")
        let broken = try scratch.write("broken.yaml", "fields: [\n")
        let badForm = try scratch.write("bad-form.yaml", "name: f\nfields:\n  - name: a\n    keymap: text\n    colour: red\n")
        let badKeymap = try scratch.write("bad.yaml", "name: bad\nlength:\n  max: 0\n")
        let derivedHelp = try scratch.write("derived.yaml", "name: d\nfields:\n  - name: id\n    keymap: idcard-cn\n  - name: born\n    keymap: date\n    from: id.birthDate\n    help: nothing to type\n")
        for file in [scratch.path("missing.yaml"), broken, badForm, derivedHelp] {
            let inspect = try fieldline(["inspect", file]), form = try fieldline(["form", file, "--lint"])
            #expect(inspect.status == 78 && inspect.out.isEmpty, "\(file): \(inspect)")
            #expect(inspect.err == form.err && !inspect.err.isEmpty, "\(file): \(inspect.err) / \(form.err)")
        }
        let keymap = try fieldline(["inspect", badKeymap]), lint = try fieldline(["keymaps", "lint", badKeymap])
        #expect(keymap.status == 78 && keymap.err == lint.err && keymap.err.contains("bad.yaml:3:8: max must be at least 1"), "\(keymap)")
        let unknown = try fieldline(["inspect", "phone-xx"]), ask = try fieldline(["check", "phone-xx"], stdin: "")
        #expect(unknown.status == 64 && unknown.err.hasPrefix("Error: unknown keymap 'phone-xx'; known keymaps: "), "\(unknown)")
        #expect(unknown.err.split(separator: "\n").first == ask.err.split(separator: "\n").first)
        #expect(try fieldline(["inspect", "text", "--output", "yaml"]).status == 64)
    }

    /// `help:` is checked where it is written: English required, at most 500 characters.
    @Test func helpIsCheckedWhereItIsWritten() throws {
        let scratch = try ScratchFolder("inspect-help")
        let noEnglish = try scratch.write("h1.yaml", "extends: text\nhelp: {zh: 帮助}\n")
        let long = try scratch.write("h2.yaml", "extends: text\nhelp: \"\(String(repeating: "x", count: 501))\"\n")
        let run1 = try fieldline(["inspect", noEnglish]), run2 = try fieldline(["inspect", long])
        #expect(run1.status == 78 && run1.err.contains("h1.yaml:2:7: help needs an English text (en)"), "\(run1.err)")
        #expect(run2.status == 78 && run2.err.contains("h2.yaml:2:7: help has at most 500 characters, this one 501"), "\(run2.err)")
    }
}
