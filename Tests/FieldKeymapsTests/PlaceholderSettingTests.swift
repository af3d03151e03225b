import Foundation
import Testing
@testable import TestSupport
@testable import FieldKeymaps
import FieldKit

/// `placeholder:` in keymaps and in form fields: one text or one per language, inherited through `extends`, a form
/// field's own over its keymap's; too long, a control character or no English text is a positioned problem.
struct PlaceholderSettingTests {
    /// A folder holding `files` (name → text), removed when `body` returns.
    func inFolder<T>(_ files: [String: String], _ body: (String) throws -> T) throws -> T {
        let folder = try ScratchFolder.made("placeholder")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, text) in files { try write(text, to: folder + "/" + name) }
        return try body(folder)
    }

    @Test func aKeymapsPlaceholderIsLoadedInheritedAndOverridden() throws {
        try inFolder([
            "name.yaml": "extends: text\nplaceholder: {en: \"e.g. Zhang San\", zh: \"例如 张三\"}\n",
            "child.yaml": "extends: name\nlength: {max: 9}\n",
            "quiet.yaml": "extends: name\nplaceholder: \"\"\n",
            "phone-plain.yaml": "extends: phone\n",
        ]) { (folder: String) throws in
            let keymaps = loader(searching: folder)
            // The English text: tests run in English (the language is chosen once per process).
            #expect(try keymaps.load("name").placeholder == "e.g. Zhang San")
            #expect(try keymaps.load("child").placeholder == "e.g. Zhang San")
            #expect(try keymaps.load("quiet").placeholder == "")
            // None given: nil, so a phone field shows its example.
            #expect(try keymaps.load("phone-plain").placeholder == nil)
            #expect(try keymaps.load("text").placeholder == nil)
        }
    }

    static let problems: [(String, String)] = [
        ("placeholder: {zh: \"例如\"}\n", "k.yaml:1:14: placeholder needs an English text (en), shown where no other language fits"),
        ("placeholder: {en: a, fr: b}\n", "k.yaml:1:22: unknown language 'fr' in placeholder (known: en, zh)"),
        ("placeholder: \"a\\e[2Jb\"\n", "k.yaml:1:14: placeholder contains the control character U+1B (control characters and escape sequences are not allowed in keymap text)"),
        ("placeholder: \(String(repeating: "x", count: 201))\n", "k.yaml:1:14: a placeholder has at most 200 characters, this one 201"),
        ("placeholder: {en: ok, zh: \(String(repeating: "字", count: 201))}\n", "k.yaml:1:14: a placeholder has at most 200 characters, this one 201"),
        ("placeholder: [a, b]\n", "k.yaml:1:14: placeholder must be text"),
    ]

    @Test(arguments: problems)
    func aBadPlaceholderIsAPositionedProblem(text: String, expected: String) throws {
        try inFolder(["k.yaml": "extends: text\n" + text]) { (folder: String) throws in
            // The file's first line is `extends`; the placeholder is on line 2.
            #expect(lintLines("k.yaml", in: folder) == [expected.replacingOccurrences(of: "k.yaml:1:", with: "k.yaml:2:")])
        }
    }

    @Test func twoHundredCharactersAreAllowed() throws {
        try inFolder(["k.yaml": "extends: text\nplaceholder: \(String(repeating: "x", count: 200))\n"]) { (folder: String) throws in
            #expect(lintLines("k.yaml", in: folder).isEmpty)
            #expect(try loader(searching: folder).load("k").placeholder?.count == 200)
        }
    }

    @Test func aFormFieldsOwnPlaceholderWinsOverItsKeymaps() throws {
        try inFolder([
            "name.yaml": "extends: text\nplaceholder: from the keymap\n",
            "f.yaml": """
                fields:
                  - {name: a, keymap: name}
                  - {name: b, keymap: name, placeholder: {en: own, zh: 自己的}}
                  - {name: c, keymap: text}
                  - {name: d, keymap: phone-cn, placeholder: ""}
                  - name: e
                    keymap: {extends: text, placeholder: inline}
                """,
        ]) { (folder: String) throws in
            let form = try FormLoader(keymaps: loader(searching: folder)).load(path: folder + "/f.yaml")
            #expect(form.fields.map(\.placeholder) == ["from the keymap", "own", nil, "", "inline"])
        }
    }

    @Test func aDerivedFieldTakesNoPlaceholderAndALongOneIsRefused() throws {
        try inFolder(["f.yaml": """
            fields:
              - {name: id, keymap: idcard-cn}
              - {name: born, keymap: date, from: id.birthDate, placeholder: never shown}
              - {name: note, keymap: text, placeholder: \(String(repeating: "y", count: 300))}
            """]) { (folder: String) throws in
            let lines = FormLoader(keymaps: loader(searching: folder)).lint(path: folder + "/f.yaml").map {
                $0.description.replacingOccurrences(of: folder + "/", with: "")
            }
            #expect(lines == [
                "f.yaml:3:38: field 'born' is derived (from), so it takes no placeholder",
                "f.yaml:4:45: a placeholder has at most 200 characters, this one 300",
            ])
        }
    }
}
