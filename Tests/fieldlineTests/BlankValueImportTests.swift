import Foundation
import Testing
@testable import TestSupport

/// A value of white space only is no value to a required field (`a value is required`), on import as at the
/// terminal; an optional field keeps what it was given, unchanged.
struct BlankValueImportTests {
    static let form = "name: notes\nfields:\n  - {name: name, keymap: text}\n  - {name: note, keymap: text, required: false}\n"

    @Test func spacesAreNoValueToARequiredField() throws {
        let s = try ScratchFolder()
        try Self.form.write(toFile: s.path("notes.yaml"), atomically: true, encoding: .utf8)
        let input = [#"{"name":"   "}"#, #"{"name":"\u3000\t"}"#, #"{"name":"Ann","note":"  "}"#].joined(separator: "\n") + "\n"
        let run = try fieldline(["form", s.path("notes.yaml"), "--input", "-", "--out", s.path("n.jsonl")], stdin: input)
        #expect(run.status == 65)
        #expect(withoutSummary(run.err) == "1:name: a value is required\n2:name: a value is required\n", "\(run.err)")
        let saved = try String(contentsOfFile: s.path("n.jsonl"), encoding: .utf8).split(separator: "\n")
        #expect(saved.count == 1 && saved[0].contains(#""name":"Ann","note":"  ""#), "\(saved)")
    }
}
