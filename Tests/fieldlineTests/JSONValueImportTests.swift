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
        #expect(withoutSummary(run.err) == "1:-: 'name': true is not text; give a string\n2:-: 'name': false is not text; give a string\n")
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
        #expect(withoutSummary(run.err) == "3:-: 'note': true is not text; give a string\n")
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
}
