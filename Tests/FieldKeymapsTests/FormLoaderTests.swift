import Foundation
import Testing
@testable import TestSupport
@testable import FieldKeymaps
import FieldKit

/// Form files: the shipped example loads; every problem is reported with its place, in the form file or in the
/// keymap a field names.
struct FormLoaderTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Test func theShippedVisitorFormLoads() throws {
        let form = try FormLoader(keymaps: loader(searching: "/nonexistent")).load(path: Self.repository + "/forms/visitor.yaml")
        #expect(form.name == "visitor")
        #expect(form.fields.map(\.name) == ["mobile", "idcard", "birth_date", "sex", "name", "visit_date"])
        #expect(form.fields.map(\.unique) == [false, true, false, false, false, false])
        #expect(form.fields.map(\.derivedFrom) == [nil, nil, FieldPart(field: "idcard", part: "birthDate"), FieldPart(field: "idcard", part: "sex"), nil, nil])
        #expect(form.fields[4].spec.limit == 20)
        #expect(form.fields[5].defaultValue == .today)
        #expect(form.rules.map(\.condition.source) == ["visit_date >= birth_date"] && form.rules.map(\.field) == ["visit_date"])
        #expect(form.fields[0].prompt == "Mobile: ")
    }

    static let cases: [(String, [String])] = [
        ("name: 1bad\nfields: [{name: a, keymap: digits}]\n", ["f.yaml:1:7: a form name is letters, digits and _, starting with a letter, at most 63 characters (it names a column): '1bad'"]),
        ("fields: []\n", ["f.yaml:1:9: a form needs at least one field"]),
        ("name: x\n", ["f.yaml:1:1: a form needs a list of fields"]),
        ("colour: red\nfields: [{name: a, keymap: digits}]\n", ["f.yaml:1:1: unknown setting 'colour' (known: name, description, fields, rules, reasons, lookup_timeout)"]),
        ("fields:\n  - {name: a, keymap: nope}\n", ["f.yaml:2:23: unknown keymap 'nope'"]),
        ("fields:\n  - {name: a}\n", ["f.yaml:2:5: field 'a' needs a keymap (a name such as phone-cn, a path, or a mapping)"]),
        ("fields:\n  - {name: a, keymap: digits}\n  - {name: a, keymap: text}\n", ["f.yaml:3:5: field 'a' is listed twice"]),
        // Names a sink or a database already uses (issue 32): exit 78 at load, never a broken table at save.
        ("fields:\n  - {name: saved_at, keymap: digits}\n", ["f.yaml:2:12: 'saved_at' is a column every record has or a name the databases keep for themselves; choose another field name"]),
        ("fields:\n  - {name: Operator, keymap: digits}\n", ["f.yaml:2:12: 'Operator' is a column every record has or a name the databases keep for themselves; choose another field name"]),
        ("fields:\n  - {name: edited_at, keymap: digits}\n", ["f.yaml:2:12: 'edited_at' is a column every record has or a name the databases keep for themselves; choose another field name"]),
        ("fields:\n  - {name: edited_by, keymap: digits}\n", ["f.yaml:2:12: 'edited_by' is a column every record has or a name the databases keep for themselves; choose another field name"]),
        // Every bookkeeping column is one, the record id too (RecordColumns names them once).
        ("fields:\n  - {name: record_id, keymap: text}\n", ["f.yaml:2:12: 'record_id' is a column every record has or a name the databases keep for themselves; choose another field name"]),
        ("fields:\n  - {name: changed_by, keymap: text}\n", ["f.yaml:2:12: 'changed_by' is a column every record has or a name the databases keep for themselves; choose another field name"]),
        ("fields:\n  - {name: rowid, keymap: digits, unique: true}\n", ["f.yaml:2:12: 'rowid' is a column every record has or a name the databases keep for themselves; choose another field name"]),
        ("fields:\n  - {name: OID, keymap: digits}\n", ["f.yaml:2:12: 'OID' is a column every record has or a name the databases keep for themselves; choose another field name"]),
        ("fields:\n  - {name: xmin, keymap: digits}\n", ["f.yaml:2:12: 'xmin' is a column every record has or a name the databases keep for themselves; choose another field name"]),
        ("fields:\n  - {name: Name, keymap: text}\n  - {name: name, keymap: text}\n", ["f.yaml:3:5: field 'name' differs from field 'Name' only in letter case (one column in a database)"]),
        // The form's own separator for a multi-choice field: `x-`+`--`+`y` would read as `x`, `-y`.
        ("fields:\n  - {name: a, keymap: {choices: [x-, y]}, multiple: true, separator: \"--\"}\n", ["f.yaml:2:5: field 'a': the value 'x-' ends with the start of the separator '--', which overlaps itself, so a joined value would be split in the wrong place; choose another separator"]),
        ("name: sqlite_x\nfields: [{name: a, keymap: digits}]\n", ["f.yaml:1:7: a form name may not start with 'sqlite_' (the database keeps such tables for itself): 'sqlite_x'"]),
        ("name: PG_visits\nfields: [{name: a, keymap: digits}]\n", ["f.yaml:1:7: a form name may not start with 'pg_' (the database keeps such tables for itself): 'PG_visits'"]),
        ("fields:\n  - {name: a-b, keymap: digits}\n", ["f.yaml:2:12: a field name is letters, digits and _, starting with a letter, at most 63 characters (it names a column): 'a-b'"]),
        ("fields:\n  - {name: a, keymap: digits, flavour: 1}\n", ["f.yaml:2:31: unknown field setting 'flavour' (known: name, keymap, prompt, placeholder, help, required, default, secret, unique, limit, min, count, from, when, repeat, multiple, separator, verify, choices, filter, exists, not_exists)"]),
        // exists:, not_exists: and lookup_timeout (issue 48 item 4).
        ("lookup_timeout: 0\nfields: [{name: a, keymap: digits}]\n", ["f.yaml:1:17: lookup_timeout must be a number of seconds above 0 and at most 600, not '0'"]),
        ("fields:\n  - {name: a, keymap: digits, exists: {table: company}}\n", ["f.yaml:2:39: exists needs a table and a field: {table: FORM, field: FIELD}"]),
        ("fields:\n  - {name: a, keymap: digits, not_exists: {table: x-y, field: code}}\n", ["f.yaml:2:51: a form name is letters, digits and _, starting with a letter, at most 63 characters (it names a column): 'x-y'"]),
        ("fields:\n  - {name: a, keymap: digits, exists: {table: t, field: c}, not_exists: {table: t, field: c}}\n", ["f.yaml:2:61: a field takes one of exists and not_exists"]),
        ("fields:\n  - {name: a, keymap: phone-cn, min: 16}\n", ["f.yaml:2:5: field 'a': min (16) is larger than the limit (15)"]),
        // from, when and rules (issue 27): expressions are parsed when the form loads; a syntax error, an unknown
        // field, a field depending on itself (the only cycle left when fields may only read earlier ones) or on a
        // later field is placed at the character, exit 78.
        ("fields:\n  - {name: a, keymap: digits}\n  - {name: b, keymap: digits, when: a == 1 and}\n", ["f.yaml:3:47: when: expected a field name, a quoted text or a number, found the end"]),
        ("fields:\n  - {name: a, keymap: digits}\n  - {name: b, keymap: digits, when: \"a == 1 and c == 2\"}\n", ["f.yaml:3:49: when: unknown field 'c' (the form's fields: a, b)"]),
        ("fields:\n  - {name: a, keymap: digits, when: \"b == 1\"}\n  - {name: b, keymap: digits}\n", ["f.yaml:2:38: when: field 'b' comes after 'a'; a field may only depend on fields before it"]),
        ("fields:\n  - {name: a, keymap: digits, when: a == 1}\n", ["f.yaml:2:37: when: field 'a' cannot depend on itself"]),
        ("fields:\n  - {name: b, keymap: date, from: a.birthDate}\n  - {name: a, keymap: idcard-cn}\n", ["f.yaml:2:35: from: field 'a' comes after 'b'; a field may only depend on fields before it"]),
        ("fields:\n  - {name: a, keymap: idcard-cn}\n  - {name: b, keymap: date, from: a.birthday}\n", ["f.yaml:3:35: field 'a' has no part 'birthday' (its parts: birthDate, sex, region, province, prefecture, county)"]),
        ("fields:\n  - {name: a, keymap: text}\n  - {name: b, keymap: date, from: a.x}\n", ["f.yaml:3:35: field 'a' has no parts to derive from (its keymap decodes none)"]),
        ("fields:\n  - {name: a, keymap: idcard-cn}\n  - {name: b, keymap: date, from: a}\n", ["f.yaml:3:35: from is FIELD.PART (e.g. idcard.birthDate), not 'a'"]),
        ("fields:\n  - {name: a, keymap: idcard-cn}\n  - {name: b, keymap: date, from: a.birthDate, default: today}\n", ["f.yaml:3:35: field 'b' is derived (from), so it takes no default"]),
        ("fields:\n  - {name: a, keymap: phone-cn}\n  - {name: b, keymap: text, from: a.e164, repeat: true}\n", ["f.yaml:3:35: field 'b' is derived (from), so it takes no repeat"]),
        ("fields:\n  - {name: a, keymap: phone-cn}\n  - {name: b, keymap: text, from: a.e164, verify: true}\n", ["f.yaml:3:35: field 'b' is derived (from), so it takes no verify"]),
        ("fields:\n  - {name: a, keymap: phone-cn, verify: yes please}\n", ["f.yaml:2:41: verify must be true or false"]),
        // A folded expression cannot be placed by column: its node is named, with the character.
        ("fields:\n  - {name: a, keymap: digits}\n  - name: b\n    keymap: digits\n    when: >\n      a == 1 and\n      c == 2\n", ["f.yaml:5:11: when: unknown field 'c' (the form's fields: a, b) (at character 12)"]),
        ("fields:\n  - {name: a, keymap: digits}\nrules:\n  - {require: a > 1, message: {en: big, zh: 大}, field: b}\n  - {require: c > 1, message: x, field: a}\n  - {require: a >, field: a}\n  - {require: a > 1, message: x, field: a, colour: red}\n", [
            "f.yaml:4:56: field: unknown field 'b' (the form's fields: a)",
            "f.yaml:5:15: require: unknown field 'c' (the form's fields: a)",
            "f.yaml:6:5: a rule needs message (a rule is {require: EXPR, message: TEXT, field: NAME})",
            "f.yaml:6:18: require: expected a field name, a quoted text or a number, found the end",
            "f.yaml:7:44: unknown rule setting 'colour' (known: require, message, field, level, name)",
        ]),
        ("fields:\n  - {name: a, keymap: digits, when: \"" + String(repeating: "(", count: 33) + "\"}\n", ["f.yaml:2:70: when: the expression nests deeper than 32 levels"]),
        ("fields:\n  - {name: a, keymap: digits}\nrules: [" + Array(repeating: "{require: a > 1, message: x, field: a}", count: 101).joined(separator: ", ") + "]\n", ["f.yaml:3:8: a form has at most 100 rules"]),
        // An inline keymap: its problems are positioned in the form file.
        ("fields:\n  - name: a\n    keymap:\n      symbols: {class: nope}\n", ["f.yaml:4:24: unknown symbol class 'nope' (use one of alnum, ascii, digit, digit2-9, hex, letter, lower, printable, upper, a set like [0-9X], or one character)"]),
        // A keymap file named by path: its problems are that file's.
        ("fields:\n  - {name: a, keymap: bad.yaml}\n", ["bad.yaml:1:1: unknown setting 'colour' (known: name, description, extends, symbols, length, count, unit, templates, refuse, exact-template, paste-prefixes, separators, validators, value, transforms, upgrade-legacy, bindings, choices, picker, multiple, placeholder, help)"]),
    ]

    @Test(arguments: cases)
    func problemsAreReportedWhereTheyAre(text: String, expected: [String]) throws {
        let folder = try ScratchFolder.made("forms")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write(text, to: folder + "/f.yaml")
        try write("colour: red\n", to: folder + "/bad.yaml")
        let lines = FormLoader(keymaps: loader(searching: "/nonexistent")).lint(path: folder + "/f.yaml").map { d in
            d.description.replacingOccurrences(of: folder + "/", with: "")
        }
        #expect(lines == expected)
    }

    /// Without `name:` the file's name names the table, under the same rules: a file name cannot carry SQL into the
    /// table's statements (`x" (a text); CREATE TABLE pwn …` once made SQLite create a second table) or name a
    /// database's own table.
    @Test(arguments: ["my-form", "x\" (a text); CREATE TABLE pwn (b text); --", "sqlite_master", "pg_x"])
    func aFileNameThatCannotNameATableNeedsAName(stem: String) throws {
        let folder = try ScratchFolder.made("forms")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("fields: [{name: a, keymap: digits}]\n", to: folder + "/" + stem + ".yaml")
        let lines = FormLoader(keymaps: loader(searching: "/nonexistent")).lint(path: folder + "/" + stem + ".yaml").map(\.description)
        #expect(lines.count == 1)
        #expect(lines.first?.contains(":1:1: the form has no name: setting and its file name '") == true, "\(lines)")
        try write("name: ok\nfields: [{name: a, keymap: digits}]\n", to: folder + "/" + stem + ".yaml")
        #expect(FormLoader(keymaps: loader(searching: "/nonexistent")).lint(path: folder + "/" + stem + ".yaml").isEmpty)
    }

    /// An inline keymap works like a file's, `extends` included, and a field's limit applies on top.
    @Test func inlineKeymapsAndFieldOptions() throws {
        let folder = try ScratchFolder.made("forms")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("""
            fields:
              - name: code
                keymap: {extends: digits, length: {min: 4, max: 6}}
                limit: 5
                required: false
              - {name: pin, keymap: digits, secret: true, default: "0000"}
            """, to: folder + "/f.yaml")
        let form = try FormLoader(keymaps: loader(searching: "/nonexistent")).load(path: folder + "/f.yaml")
        #expect(form.name == "f")
        #expect(form.fields[0].spec.limit == 5 && form.fields[0].spec.minLength == 4 && !form.fields[0].required)
        #expect(form.fields[1].secret && form.fields[1].defaultValue == .text("0000"))
        let verdict = RecordChecker(form: form, context: ValidationContext(today: CalendarDate(year: 2026, month: 1, day: 2)!))
            .check([("code", "12a")])
        #expect(verdict.issues.map(\.message) == ["unexpected 'a' at column 3: position 3 takes a digit"])
        let ok = RecordChecker(form: form, context: ValidationContext(today: CalendarDate(year: 2026, month: 1, day: 2)!)).check([])
        #expect(ok.isValid && ok.values.map(\.value) == ["", "0000"])
    }

    /// from, when, repeat, verify and rules load into the form as written, with a rule's message in the chosen language.
    @Test func derivedConditionalRepeatedFieldsAndRules() throws {
        let folder = try ScratchFolder.made("forms")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("""
            fields:
              - {name: mobile, keymap: phone-cn, verify: true}
              - {name: e164, keymap: text, from: mobile.e164}
              - {name: purpose, keymap: text, repeat: true}
              - name: company
                keymap: text
                when: >
                  purpose in ['delivery', 'repair']
                  and not empty(mobile)
            rules:
              - {require: "empty(company) or company != 'none'", message: {en: "name the company", zh: "写公司名"}, field: company}
            """, to: folder + "/f.yaml")
        let form = try FormLoader(keymaps: loader(searching: "/nonexistent")).load(path: folder + "/f.yaml")
        #expect(form.fields[1].derivedFrom == FieldPart(field: "mobile", part: "e164"))
        #expect(form.fields.map(\.repeats) == [false, false, true, false])
        #expect(form.fields.map(\.verify) == [true, false, false, false])
        #expect(form.fields[3].condition?.source == "purpose in ['delivery', 'repair'] and not empty(mobile)")
        #expect(form.rules.map(\.field) == ["company"] && form.rules.map(\.message) == ["name the company"])
        let context = ValidationContext(today: CalendarDate(year: 2026, month: 1, day: 2)!)
        let verdict = RecordChecker(form: form, context: context).check([("mobile", "13812345678"), ("purpose", "repair"), ("company", "none")])
        #expect(verdict.issues.map { "\($0.field): \($0.message)" } == ["company: name the company"])
        let saved = RecordChecker(form: form, context: context).check([("mobile", "13812345678"), ("purpose", "visit")])
        #expect(saved.isValid && saved.values.map(\.value) == ["13812345678", "+8613812345678", "visit", ""])
    }
}
