import Foundation
import Testing
@testable import TestSupport

/// `fieldline form --input` loses, alters or duplicates no record (issue 32): bytes that are not UTF-8 and records
/// over the limit are refused, never repaired or cut; a broken CSV quote costs its own record only; values a
/// spreadsheet would run are written guarded and read back as typed.
@Suite struct ImportIntegrityTests {
    static let form = """
        name: notes
        fields:
          - {name: id, keymap: digits}
          - {name: note, keymap: text, required: false, unique: true}
        """

    /// A scratch folder with the form in it.
    static func scratch() throws -> ScratchFolder {
        let s = try ScratchFolder()
        try form.write(toFile: s.path("notes.yaml"), atomically: true, encoding: .utf8)
        return s
    }

    /// The saved (id, note) pairs of a JSON Lines text.
    static func saved(_ text: String) throws -> [[String]] {
        try FormImportTests.objects(text).map { [$0["id"] ?? "?", $0["note"] ?? "?"] }
    }

    static func importing(_ s: ScratchFolder, _ name: String, _ bytes: [UInt8], extra: [String] = []) throws -> Run {
        try Data(bytes).write(to: URL(fileURLWithPath: s.path(name)))
        return try fieldline(["form", s.path("notes.yaml"), "--input", s.path(name), "--out", "-"] + extra)
    }

    /// Invalid UTF-8 is refused with its byte, not saved as U+FFFD; the other records are saved.
    @Test func invalidUTF8IsRefusedWithItsPosition() throws {
        let s = try Self.scratch()
        let csv = try Self.importing(s, "in.csv", Array("id,note\r\n1,ab".utf8) + [0xFF] + Array("c\r\n2,ok\r\n".utf8))
        #expect(csv.status == 65)
        #expect(withoutSummary(csv.err) == "1:note: not valid UTF-8 (byte 3 of the value)\n")
        #expect(try Self.saved(csv.out) == [["2", "ok"]])

        let jsonl = try Self.importing(s, "in.jsonl", Array(#"{"id":"1","note":"ab"#.utf8) + [0xE4, 0xB8] + Array("c\"}\n{\"id\":\"2\",\"note\":\"ok\"}\n".utf8))
        #expect(jsonl.status == 65)
        #expect(withoutSummary(jsonl.err) == "1:-: not valid UTF-8 (byte 21 of the line)\n")
        #expect(try Self.saved(jsonl.out) == [["2", "ok"]])
    }

    /// A value or line over 1 MiB is refused whole, never cut to the limit and saved; the next record is saved.
    @Test func aRecordOverTheLimitIsRefusedNotCut() throws {
        let s = try Self.scratch()
        let long = String(repeating: "x", count: 3_000_000)
        let limit = "longer than 1048576 bytes, the limit for a record"
        for (name, text, field) in [("plain.csv", "id,note\n1,\(long)\n2,ok\n", "note"), ("quoted.csv", "id,note\n1,\"\(long)\"\n2,ok\n", "note"),
                                    ("in.jsonl", "{\"id\":\"1\",\"note\":\"\(long)\"}\n{\"id\":\"2\",\"note\":\"ok\"}\n", "-")] {
            let run = try Self.importing(s, name, Array(text.utf8))
            #expect(run.status == 65, "\(name)")
            #expect(run.err.hasPrefix("1:\(field): \(limit)") && withoutSummary(run.err).split(separator: "\n").count == 1, "\(name): \(run.err)")
            #expect(try Self.saved(run.out) == [["2", "ok"]], "\(name)")
        }
    }

    /// A quote never closed is named with its line; the records after it are saved.
    @Test func anUnclosedQuoteIsNamedAndTakesNoOtherRecord() throws {
        let s = try Self.scratch()
        let run = try Self.importing(s, "in.csv", Array("id,note\n1,a\n2,\"open\n3,b\n4,c\n".utf8))
        #expect(run.status == 65)
        #expect(withoutSummary(run.err) == "2:note: a quote opened on line 3 is never closed\n")
        #expect(try Self.saved(run.out) == [["1", "a"], ["3", "b"], ["4", "c"]])

        // A later quoted value closes the stray quote: the text after that closing quote shows the mistake.
        let closed = try Self.importing(s, "in.csv", Array("id,note\n1,a\n2,\"open\n3,b\n4,\"c, d\"\n".utf8))
        #expect(closed.status == 65)
        #expect(withoutSummary(closed.err) == "2:note: a quote opened on line 3 closes on line 5 and text follows it (a stray quote on line 3?)\n")
        #expect(try Self.saved(closed.out) == [["1", "a"], ["3", "b"], ["4", "c, d"]])
    }

    /// Without a header row no record can be read: the import ends before anything is saved.
    @Test func aHeaderRowThatCannotBeReadEndsTheImport() throws {
        let s = try Self.scratch()
        let quote = try Self.importing(s, "quote.csv", Array("id,no\"te\n1,a\n".utf8))
        #expect(quote.status == 65 && quote.out == "")
        #expect(quote.err == "fieldline: \(s.path("quote.csv")): the header row cannot be read: a quote inside a value on line 1 that does not start with one (quote the whole value and double its quotes)\n")
        let bytes = try Self.importing(s, "bytes.csv", Array("id,no".utf8) + [0xC3] + Array("\n1,a\n".utf8))
        #expect(bytes.status == 65 && bytes.out == "")
        #expect(bytes.err == "fieldline: \(s.path("bytes.csv")): the header row cannot be read: value 2 is not valid UTF-8 (byte 3 of the value)\n")
    }

    /// A stray quote near the start of 1.5 MB: the old import parsed the pending text from its start at every line
    /// (quadratic time) and swallowed every later record into one error. Now the record with the quote is
    /// refused and all the others are saved (how much work the reader does is CSVReaderTests' to check).
    @Test(.timeLimit(.minutes(1))) func aStrayQuoteInALargeFileCostsOneRecord() throws {
        let s = try Self.scratch()
        var text = "id,note\n1,\"stray\n"
        var count = 0
        while text.utf8.count < 1_500_000 {
            count += 1
            text += "\(count + 1),note number \(count) of many in a large file to import\n"
        }
        let run = try Self.importing(s, "in.csv", Array(text.utf8))
        #expect(run.status == 65)
        #expect(withoutSummary(run.err) == "1:note: longer than 1048576 bytes, the limit for a record (a quote opened on line 2 is still open there); it is not read\n")
        let saved = try Self.saved(run.out)
        #expect(saved.count == count)
        #expect(saved.first == ["2", "note number 1 of many in a large file to import"] && saved.last?.first == "\(count + 1)")
    }

    /// Values a spreadsheet would run as formulas are written with a `'` first (Python's csv sees it there), the
    /// CSV file reopened gives them back as typed, and a CSV file with guarded values imports the typed values.
    @Test func spreadsheetFormulasAreGuardedAndReadBackAsTyped() throws {
        let s = try Self.scratch()
        let values = ["=1+1", "'=1", "''@x", "-", "'", "+8613812345678", "-5", "@SUM(A1)", "plain"]
        let jsonl = values.enumerated().map { #"{"id":"\#($0.offset)","note":"\#($0.element)"}"# }.joined(separator: "\n") + "\n"
        let run = try fieldline(["form", s.path("notes.yaml"), "--input", "-", "--out", s.path("out.csv")], stdin: jsonl)
        #expect(run.status == 0, "\(run.err)")
        let script = "import csv,json,sys; print(json.dumps([r[1] for r in csv.reader(open(sys.argv[1], newline='', encoding='utf-8'))][1:]))"
        let py = try Spawn.output(["python3", "-c", script, s.path("out.csv")])
        let seen = try #require(JSONSerialization.jsonObject(with: Data(py.utf8)) as? [String])
        #expect(seen == ["'=1+1", "''=1", "'''@x", "'-", "'", "'+8613812345678", "'-5", "'@SUM(A1)", "plain"])

        // Reopened, the file holds the typed values: a repeat of each is found (the note is unique).
        let again = try fieldline(["form", s.path("notes.yaml"), "--input", "-", "--out", s.path("out.csv")], stdin: jsonl)
        #expect(again.status == 65)
        #expect(withoutSummary(again.err).split(separator: "\n").map(String.init) == values.enumerated().map { "\($0.offset + 1):note: '\($0.element)' is already in record \($0.offset + 1) of \(s.path("out.csv"))" })

        // A CSV file with guarded values imports what was typed.
        let csv = "id,note\r\n" + zip(values.indices, seen).map { "\($0),\($1)\r\n" }.joined()
        let imported = try Self.importing(s, "in.csv", Array(csv.utf8))
        #expect(imported.status == 0, "\(imported.err)")
        #expect(try Self.saved(imported.out).map { $0[1] } == values)
    }
}
