import Foundation
import Testing
@testable import TestSupport
@testable import FieldKeymaps

private let knownSettings = "name, description, extends, symbols, length, count, unit, templates, refuse, exact-template, "
    + "paste-prefixes, separators, validators, value, transforms, upgrade-legacy, bindings, choices, picker, multiple, placeholder, help"
private let classNames = "alnum, ascii, digit, digit2-9, hex, letter, lower, printable, upper"
private let validatorNames = "cn-mobile, gb11643, date, luhn, ipv4, hostname, email, semver, range, regex, phone"
private let controlHint = "(control characters and escape sequences are not allowed in keymap text)"
private let keyHint = #"(write keys like <C-w>, <Left>, \C-w or x)"#

/// Every file in `Malformed/` with every diagnostic `lint` must report for it, in order.
/// The search path is the corpus folder itself, so `extends` between corpus files resolves.
let malformedCases: [(file: String, diagnostics: [String])] = [
    // YAML syntax, encoding and empty files.
    ("syntax-unclosed-bracket.yaml", ["syntax-unclosed-bracket.yaml:3:12: YAML syntax: did not find expected ',' or ']'"]),
    ("syntax-unclosed-quote.yaml", ["syntax-unclosed-quote.yaml:5:1: YAML syntax: found unexpected end of stream"]),
    ("syntax-bad-indent.yaml", ["syntax-bad-indent.yaml:3:2: YAML syntax: did not find expected key"]),
    ("syntax-tab-indent.yaml", ["syntax-tab-indent.yaml:2:1: YAML syntax: found character that cannot start any token"]),
    ("multi-document.yaml", ["multi-document.yaml:2:1: YAML: a second document starts here, but a keymap file is one document"]),
    ("empty.yaml", ["empty.yaml:1:1: empty keymap file"]),
    ("comment-only.yaml", ["comment-only.yaml:1:1: empty keymap file"]),
    ("invalid-utf8.yaml", ["invalid-utf8.yaml:2:17: not valid UTF-8"]),
    // Control characters (written as YAML escapes) in any text setting or key: refused where they are.
    ("control-characters.yaml", [
        "control-characters.yaml:3:14: description contains the control character U+1B \(controlHint)",
        "control-characters.yaml:4:7: unit contains the control character U+1B \(controlHint)",
        "control-characters.yaml:5:1: a key contains the control character U+1B",
        "control-characters.yaml:6:13: a template contains the control character U+1B \(controlHint)",
        "control-characters.yaml:8:37: message contains the control character U+9B \(controlHint)",
    ]),
    // Aliases: what they expand to is bounded where they are used, before any reader walks it.
    ("alias-billion-laughs.yaml", [
        "alias-billion-laughs.yaml:6:45: YAML: the document stands for more than 100000 nodes once its aliases are expanded",
    ]),
    ("alias-deep-nesting.yaml", ["alias-deep-nesting.yaml:3:604: YAML: alias '*a' nests the document more than 1000 levels deep"]),
    // Sizes a file may ask for (docs/keymaps.md, "Limits").
    ("templates-too-many.yaml", ["templates-too-many.yaml:5:3: more than 64 templates"]),
    ("template-too-long.yaml", ["template-too-long.yaml:5:5: a template has at most 1000 characters, this one 1001"]),
    ("separators-too-long.yaml", ["separators-too-long.yaml:3:13: separators has at most 64 characters"]),
    ("paste-prefix-problems.yaml", [
        "paste-prefix-problems.yaml:3:25: a paste prefix has 1 to 64 characters",
        "paste-prefix-problems.yaml:3:29: a paste prefix has 1 to 64 characters",
    ]),
    ("separators-accepted.yaml", [
        "separators-accepted.yaml:4:13: separator '.' is accepted by the field's class, so it would be kept, not dropped",
    ]),
    // The shape of the file and its keys.
    ("top-list.yaml", ["top-list.yaml:1:1: a keymap file must be a mapping of names to values"]),
    ("top-scalar.yaml", ["top-scalar.yaml:1:1: a keymap file must be a mapping of names to values"]),
    ("unknown-setting.yaml", ["unknown-setting.yaml:2:1: unknown setting 'colour' (known: \(knownSettings))"]),
    ("duplicate-top-key.yaml", ["duplicate-top-key.yaml:6:1: duplicate key 'symbols' (first at 2:1)"]),
    ("duplicate-nested-key.yaml", ["duplicate-nested-key.yaml:5:3: duplicate key 'min' (first at 3:3)"]),
    // `length: {min: 1, max: 9, min: 2}`: the first `min` is at column 10, the repeated one at column 26.
    ("flow-duplicate-key.yaml", ["flow-duplicate-key.yaml:1:26: duplicate key 'min' (first at 1:10)"]),
    ("non-text-key.yaml", ["non-text-key.yaml:1:3: keys must be text"]),
    // Several choices: only for a list, with known settings, and a separator no value holds.
    ("multiple-without-choices.yaml", ["multiple-without-choices.yaml:2:11: multiple needs a choices list"]),
    // `a` + `aa` + `b` is `aaab`, which splits as `a`, `ab`: a value that ends where the separator overlaps itself.
    ("multiple-separator-overlaps.yaml", [
        "multiple-separator-overlaps.yaml:3:11: the value 'a' ends with the start of the separator 'aa', which overlaps itself, so a joined value would be split in the wrong place; choose another separator",
    ]),
    ("multiple-problems.yaml", [
        "multiple-problems.yaml:3:11: the separator ',' is in the value 'a,b'; choose another separator",
        "multiple-problems.yaml:3:20: unknown multiple setting 'most' (use min, max, separator)",
    ]),
    ("unknown-subsettings.yaml", [
        "unknown-subsettings.yaml:3:3: unknown symbols setting 'clas' (use class, positions, case, fullwidth)",
        "unknown-subsettings.yaml:6:3: unknown length setting 'maximum' (use min and max)",
        "unknown-subsettings.yaml:9:5: unknown template setting 'option' (use pattern and options)",
        "unknown-subsettings.yaml:11:29: unknown range setting 'step' (use min and max)",
        "unknown-subsettings.yaml:12:28: unknown regex setting 'flags' (use pattern and message)",
        "unknown-subsettings.yaml:13:5: a validator is one name with its parameters",
    ]),
    // Wrong types.
    ("min-not-number.yaml", ["min-not-number.yaml:2:8: min must be a whole number"]),
    ("max-zero.yaml", ["max-zero.yaml:2:8: max must be at least 1"]),
    ("min-negative.yaml", ["min-negative.yaml:2:8: min must be at least 0"]),
    ("fullwidth-not-bool.yaml", ["fullwidth-not-bool.yaml:3:14: fullwidth must be true or false"]),
    ("templates-not-list.yaml", ["templates-not-list.yaml:4:3: templates must be a list"]),
    ("bindings-not-mapping.yaml", ["bindings-not-mapping.yaml:2:3: bindings must be a mapping of names to values"]),
    ("description-list.yaml", ["description-list.yaml:2:3: description must be text"]),
    ("extends-not-a-name.yaml", ["extends-not-a-name.yaml:2:3: extends must be text"]),
    // Every problem, in file order.
    ("wrong-scalar-types.yaml", [
        "wrong-scalar-types.yaml:1:7: name must be text",
        "wrong-scalar-types.yaml:2:7: unit must be text",
        "wrong-scalar-types.yaml:3:17: exact-template must be true or false",
        "wrong-scalar-types.yaml:4:17: upgrade-legacy must be true or false",
        "wrong-scalar-types.yaml:5:17: paste-prefixes must be a list",
        "wrong-scalar-types.yaml:6:10: extends must be text",
    ]),
    // Symbol classes and positions.
    ("unknown-class.yaml", [
        "unknown-class.yaml:2:10: unknown symbol class 'digits' (use one of \(classNames), a set like [0-9X], or one character)",
    ]),
    ("class-unterminated.yaml", ["class-unterminated.yaml:2:10: unterminated class '[0-9'"]),
    ("class-empty.yaml", ["class-empty.yaml:2:10: empty class '[]'"]),
    ("class-backwards.yaml", ["class-backwards.yaml:2:10: backwards range 9-0 in '[9-0]'"]),
    ("class-list-problems.yaml", [
        "class-list-problems.yaml:2:18: unterminated class '[a-'",
        "class-list-problems.yaml:2:25: unknown symbol class 'hexadecimal' (use one of \(classNames), a set like [0-9X], or one character)",
        "class-list-problems.yaml:4:16: empty class '[]'",
        "class-list-problems.yaml:6:5: a position is a number from 1, not '-3'",
    ]),
    ("position-zero.yaml", ["position-zero.yaml:4:5: a position is a number from 1, not '0'"]),
    ("position-not-number.yaml", ["position-not-number.yaml:4:5: a position is a number from 1, not 'first'"]),
    ("unknown-case.yaml", ["unknown-case.yaml:3:9: case must be one of none, upper, lower, not 'title'"]),
    // Counting, value form, transforms, length.
    ("unknown-count.yaml", ["unknown-count.yaml:1:8: count must be one of graphemes, utf16, scalars, width, not 'bytes'"]),
    ("unknown-value.yaml", ["unknown-value.yaml:3:8: value must be one of symbols, display, not 'foo'"]),
    ("unknown-transform.yaml", [
        "unknown-transform.yaml:1:25: a transform must be one of lowercase, uppercase, lowercase-domain, not 'titlecase'",
    ]),
    ("max-less-than-min.yaml", ["max-less-than-min.yaml:2:8: min (8) is more than max (4)"]),
    // Templates.
    ("template-too-many-slots.yaml", ["template-too-many-slots.yaml:6:5: template '###-###' has 6 slots but the field holds at most 4"]),
    ("template-literal-mismatch.yaml", ["template-literal-mismatch.yaml:8:5: template '2##' slot 1 needs '2' but position 1 takes 1"]),
    ("template-n-mismatch.yaml", [
        "template-n-mismatch.yaml:6:5: template '#N#' slot 2 needs a digit 2-9 but position 2 takes one of [01]",
    ]),
    ("template-no-slots.yaml", ["template-no-slots.yaml:2:5: template '---' has no slots (#, N or digits)"]),
    ("template-no-pattern.yaml", ["template-no-pattern.yaml:4:5: a template needs a pattern"]),
    ("template-unknown-option.yaml", [
        "template-unknown-option.yaml:5:23: a template tag is a letter, then letters, digits, - or _ (at most 32), not 'premium rate'",
    ]),
    ("refuse-unknown-option.yaml", [
        "refuse-unknown-option.yaml:1:9: refuse names 'forbidden', which no template of this keymap has (its tags: none)",
        "refuse-unknown-option.yaml:1:9: refuse names 'spam', which no template of this keymap has (its tags: none)",
    ]),
    // Validators.
    ("unknown-validator.yaml", ["unknown-validator.yaml:3:5: unknown validator 'isbn' (known: \(validatorNames))"]),
    // "unknown validator" for known names is misleading wording: see the report.
    ("validator-takes-no-parameters.yaml", ["validator-takes-no-parameters.yaml:2:5: validator 'luhn' takes no parameters"]),
    ("validator-needs-parameters.yaml", [
        "validator-needs-parameters.yaml:4:5: validator 'range' needs parameters, e.g. range: {min: 1, max: 9}",
        "validator-needs-parameters.yaml:5:5: validator 'regex' needs a pattern, e.g. regex: '^[a-z]+$'",
    ]),
    ("range-without-max.yaml", ["range-without-max.yaml:4:12: range needs min and max"]),
    ("range-min-more-than-max.yaml", ["range-min-more-than-max.yaml:5:7: range min (10) is more than max (1)"]),
    ("regex-without-pattern.yaml", ["regex-without-pattern.yaml:3:7: regex needs a pattern"]),
    ("bad-regex.yaml", ["bad-regex.yaml:2:12: bad regex '[a-': missing terminating ] for character class (at byte 3 of the pattern)"]),
    // Bindings.
    ("unknown-command.yaml", ["unknown-command.yaml:2:10: unknown command 'kill-whole-line'"]),
    ("self-insert-bound.yaml", [
        "self-insert-bound.yaml:2:6: unknown command 'self-insert' (self-insert is what printable keys do; it cannot be bound)",
    ]),
    ("unknown-key.yaml", ["unknown-key.yaml:2:3: unknown key '<Foo>' \(keyHint)"]),
    ("key-bound-twice.yaml", ["key-bound-twice.yaml:3:3: <C-w> is bound twice (first at 2:3)"]),
    ("reserved-keys.yaml", [
        "reserved-keys.yaml:2:3: <C-c> cannot be bound: it is the interrupt key",
        "reserved-keys.yaml:3:3: <C-z> cannot be bound: it is the suspend key",
    ]),
    // extends.
    ("extends-unknown.yaml", ["extends-unknown.yaml:1:10: extends unknown keymap 'phone-xx'"]),
    ("cycle-a.yaml", ["cycle-b.yaml:2:10: extends cycle: cycle-a -> cycle-b -> cycle-a"]),
    ("cycle-b.yaml", ["cycle-a.yaml:1:10: extends cycle: cycle-b -> cycle-a -> cycle-b"]),
    // A file never finds itself by name, so extending yourself reads as an unknown keymap.
    ("self-extends.yaml", ["self-extends.yaml:2:10: extends 'self-extends', but no other keymap of that name follows this one on the search path"]),
    ("extends-broken-parent.yaml", [
        "unknown-case.yaml:3:9: case must be one of none, upper, lower, not 'title'",
        "extends-broken-parent.yaml:4:8: max must be at least 1",
    ]),
    // Many problems in one file: all of them, in order.
    ("many-problems.yaml", [
        "many-problems.yaml:3:1: unknown setting 'flavour' (known: \(knownSettings))",
        "many-problems.yaml:5:10: backwards range z-a in '[z-a]'",
        "many-problems.yaml:6:9: case must be one of none, upper, lower, not 'title'",
        "many-problems.yaml:8:8: min must be a whole number",
        "many-problems.yaml:9:8: max must be at least 1",
        "many-problems.yaml:10:8: count must be one of graphemes, utf16, scalars, width, not 'bytes'",
        "many-problems.yaml:12:5: template '--' has no slots (#, N or digits)",
        "many-problems.yaml:14:5: unknown validator 'isbn' (known: \(validatorNames))",
        "many-problems.yaml:16:3: <C-c> cannot be bound: it is the interrupt key",
        "many-problems.yaml:17:3: unknown key '<Nope>' \(keyHint)",
        "many-problems.yaml:18:10: unknown command 'yank-it'",
    ]),
]

@Suite struct MalformedKeymapTests {
    @Test(arguments: malformedCases)
    func lintReportsEveryProblem(file: String, diagnostics: [String]) {
        #expect(lintLines(file, in: malformedFolder) == diagnostics)
    }

    @Test(arguments: malformedCases)
    func loadRefusesWithTheSameProblems(file: String, diagnostics: [String]) {
        let path = malformedFolder + "/" + file
        do {
            _ = try loader(searching: malformedFolder).load(path)
            Issue.record("\(file) loaded")
        } catch {
            #expect(error.diagnostics == loader(searching: malformedFolder).lint(path: path))
            #expect(error.description == error.diagnostics.map(\.description).joined(separator: "\n"))
        }
    }

    /// The byte check that finds an empty file: blanks, comments and document markers only, in any line ending.
    @Test(arguments: [
        ("", false), ("\n\n", false), ("  \t\r\n", false), ("# a\n  # b\n", false), ("---\n...\n", false),
        ("---\r\n# a\r\n...\r\n", false), ("\r\n", false),
        ("a: b", true), ("# a\nname: x\n", true), ("--- x\n", true), ("---x\n", true), ("  -\n", true),
        ("# only\n  \t value\n", true), ("…\n", true),
    ])
    func anEmptyFileIsToldFromBytes(text: String, meaningful: Bool) {
        #expect(KeymapText.hasContent(Array(text.utf8)) == meaningful, "\(text.debugDescription)")
    }

    @Test func everyCorpusFileHasACase() throws {
        let files = try yamlFiles(in: malformedFolder)
        #expect(files.count >= 40)
        #expect(Set(files) == Set(malformedCases.map(\.file)))
        #expect(malformedCases.count == Set(malformedCases.map(\.file)).count, "a file is listed twice")
        #expect(malformedCases.allSatisfy { !$0.diagnostics.isEmpty })
    }

    @Test func invalidUTF8FileReallyHoldsInvalidBytes() throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: malformedFolder + "/invalid-utf8.yaml"))
        #expect(String(data: bytes, encoding: .utf8) == nil)
        #expect(bytes.contains(0xE9))
    }

    @Test func invalidUTF8WrittenAsBytes() throws {
        let folder = try ScratchFolder.made("keymaps")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // "ok" line, then "é" in Latin-1 after two characters, then a valid "é" in UTF-8 before a bad lead byte.
        let bytes: [UInt8] = Array("name: ok\n".utf8) + [0x61, 0x62, 0xE9, 0x0A]
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/latin1.yaml"))
        #expect(lintLines("latin1.yaml", in: folder) == ["latin1.yaml:2:3: not valid UTF-8"])
        let later: [UInt8] = Array("description: caf".utf8) + [0xC3, 0xA9, 0x20, 0xC3, 0x28, 0x0A]
        try Data(later).write(to: URL(fileURLWithPath: folder + "/truncated.yaml"))
        #expect(lintLines("truncated.yaml", in: folder) == ["truncated.yaml:1:19: not valid UTF-8"])
    }

    /// CRLF line ends: a file starting with a comment is read (it had been called empty, its lines not split),
    /// and one of comments, blanks and document markers only is still empty.
    @Test func aCRLFFileStartingWithACommentIsNotEmpty() throws {
        let folder = try ScratchFolder.made("keymaps")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "# a comment\r\nname: crlf\r\ndescription: x\r\nsymbols:\r\n  class: printable\r\n"
            .write(toFile: folder + "/crlf.yaml", atomically: true, encoding: .utf8)
        #expect(lintLines("crlf.yaml", in: folder) == [])
        try "# only\r\n  \t\r\n---\r\n  # more\r\n...\r\n".write(toFile: folder + "/empty-crlf.yaml", atomically: true, encoding: .utf8)
        #expect(lintLines("empty-crlf.yaml", in: folder) == ["empty-crlf.yaml:1:1: empty keymap file"])
        #expect(KeymapText.hasContent(Array("# x\n---\nname: a".utf8)) && !KeymapText.hasContent(Array("\n\n# 中文注释\n".utf8)))
    }

    @Test func missingFile() {
        #expect(lintLines("does-not-exist.yaml", in: malformedFolder)
            == ["does-not-exist.yaml: cannot read: No such file or directory"])
        let diagnostic = loader(searching: malformedFolder).lint(path: malformedFolder + "/does-not-exist.yaml").first
        #expect(diagnostic?.line == nil)
        #expect(diagnostic?.column == nil)
    }

    @Test func folderIsNotAKeymap() {
        #expect(loader(searching: malformedFolder).lint(path: malformedFolder).map(\.description)
            == ["\(malformedFolder): not a regular file (a folder)"])
    }

    @Test func diagnosticsCarryPositions() {
        let d = loader(searching: malformedFolder).lint(path: malformedFolder + "/key-bound-twice.yaml")
        #expect(d == [KeymapDiagnostic(file: malformedFolder + "/key-bound-twice.yaml", line: 3, column: 3,
                                       message: "<C-w> is bound twice (first at 2:3)")])
    }

    @Test func unknownNameListsKnownKeymaps() {
        do {
            _ = try loader(searching: validFolder).load("nosuch")
            Issue.record("nosuch loaded")
        } catch {
            #expect(error.description == "nosuch: no such keymap (known: card, choice, confirm, country, date, digits, email, hostname, idcard-cn, "
                + "ipv4, phone, phone-cn, phone-cn-keys, phone-us, plate, port, region-cn, semver, short-digits, text)")
        }
    }
}
