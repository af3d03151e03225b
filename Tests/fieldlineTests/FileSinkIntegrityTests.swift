import Foundation
import Testing
@testable import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// JSON Lines and CSV files as sinks (issue 32): no record lost, altered or duplicated, with several importers
/// at once, values of any characters, a last record without its end of line, and a file's name surviving a crash.
@Suite struct FileSinkIntegrityTests {

    /// A form with a unique digits field and a free text field.
    static func form(in s: ScratchFolder) throws -> String {
        let form = """
            name: cards
            fields:
              - {name: id, keymap: digits, unique: true}
              - {name: note, keymap: text}
            """
        try form.write(toFile: s.path("cards.yaml"), atomically: true, encoding: .utf8)
        return s.path("cards.yaml")
    }

    /// The rows of a CSV file as Python's csv module reads them.
    static func csvRows(_ path: String) throws -> [[String]] {
        let script = "import csv,json,sys; print(json.dumps(list(csv.reader(open(sys.argv[1], newline='', encoding='utf-8')))))"
        let out = try Spawn.output(["python3", "-c", script, path])
        return try #require(JSONSerialization.jsonObject(with: Data(out.utf8)) as? [[String]])
    }

    /// The objects of a JSON Lines file as Python's json module reads them (each line on its own).
    static func jsonObjects(_ path: String) throws -> [[String: String]] {
        let script = "import json,sys; print(json.dumps([json.loads(l) for l in open(sys.argv[1], encoding='utf-8')]))"
        let out = try Spawn.output(["python3", "-c", script, path])
        return try #require(JSONSerialization.jsonObject(with: Data(out.utf8)) as? [[String: String]])
    }

    /// Eight importers into one file at once, each with an overlapping share of 200 ID values in its own order:
    /// the file ends with exactly one record per value, and every input record is either saved or reported.
    @Test(arguments: ["cards.jsonl", "cards.csv"])
    func uniqueHoldsAcrossProcesses(_ name: String) throws {
        let s = try ScratchFolder()
        let form = try Self.form(in: s)
        let processes = 8, share = 100, values = 200
        for p in 0..<processes {
            let ids = (0..<share).map { (p * 25 + $0) % values }.shuffled()
            let input = ids.map { #"{"id":"\#(1000 + $0)","note":"p\#(p)"}"# }.joined(separator: "\n") + "\n"
            try input.write(toFile: s.path("in\(p).jsonl"), atomically: true, encoding: .utf8)
        }
        let running = try (0..<processes).map { p in
            try Spawn.start([fieldlineURL.path, "form", form, "--input", s.path("in\(p).jsonl"), "--out", s.path(name)],
                            stderr: .file(s.path("err\(p)")))
        }
        for process in running { process.wait() }

        let records: [(id: String, note: String)]
        if name.hasSuffix(".csv") {
            let rows = try Self.csvRows(s.path(name))
            #expect(rows.first == ["id", "note", "saved_at", "operator", "record_id"])
            records = rows.dropFirst().map { ($0[0], $0[1]) }
        } else {
            records = try Self.jsonObjects(s.path(name)).map { ($0["id"] ?? "", $0["note"] ?? "") }
        }
        #expect(records.count == values, "\(records.count) records for \(values) values")
        #expect(Set(records.map(\.id)) == Set((0..<values).map { String(1000 + $0) }))
        for (p, process) in running.enumerated() {
            let err = s.read("err\(p)")
            let refused = withoutSummary(err).split(separator: "\n")
            // A repeat is refused, found before saving or by the check under the lock: never anything else.
            for line in refused {
                #expect(line.contains(": '1") && line.contains("' is already in record ") || line.contains(":-: not saved: id: the value is already in record "), "\(line)")
            }
            let saved = records.filter { $0.note == "p\(p)" }.count
            #expect(saved + refused.count == share, "process \(p): \(saved) saved, \(refused.count) refused")
            #expect(process.wait() == (refused.isEmpty ? 0 : 65), "process \(p): \(err)")
        }
    }

    /// Values the text keymap accepts that a YAML reader refuses or that are easily mangled (non-characters, a lone
    /// combining mark, line and paragraph separators, the last code point): saved, the file opens again for a
    /// second import, and Python reads back exactly what was entered. JSON Lines and CSV.
    @Test(arguments: ["odd.jsonl", "odd.csv"])
    func everyValidStringIsSavedSoItReadsBack(_ name: String) throws {
        let s = try ScratchFolder()
        let form = try Self.form(in: s)
        let notes = [text(0xFFFE), "a" + text(0xFFFF) + "b", text(0xFDD0, 0xFDEF), "\u{0301}", "x\u{2028}y\u{2029}z", text(0x1FFFE),
                     text(0x10FFFF), "\u{FEFF}bom", "e\u{0301}\u{0301}", "😀"]
        // BMP characters as \u escapes (as JSON writers do), others raw: the YAML reader takes no surrogate pairs.
        func escaped(_ text: String) -> String {
            text.unicodeScalars.map { $0.value < 0x10000 ? String(format: "\\u%04x", $0.value) : String($0) }.joined()
        }
        let input = notes.enumerated().map { #"{"id":"\#($0.offset)","note":"\#(escaped($0.element))"}"# }.joined(separator: "\n")
        let first = try fieldline(["form", form, "--input", "-", "--out", s.path(name)], stdin: input + "\n")
        #expect(first.status == 0, "\(first.err)")
        let again = try fieldline(["form", form, "--input", "-", "--out", s.path(name)], stdin: #"{"id":"99","note":"n"}"# + "\n")
        #expect(again.status == 0, "the file does not open again: \(again.err)")
        let read: [String]
        if name.hasSuffix(".csv") {
            read = try Self.csvRows(s.path(name)).dropFirst().map { $0[1] }
        } else {
            read = try Self.jsonObjects(s.path(name)).map { $0["note"] ?? "" }
            _ = try Spawn.output(["jq", "-c", ".", s.path(name)])
        }
        // Compared as scalars: String's == would equate canonically equivalent but different texts.
        #expect(read.map { Array($0.unicodeScalars) } == (notes + ["n"]).map { Array($0.unicodeScalars) })
    }

    /// The reader takes what JSON allows and libyaml alone refuses: surrogate pair escapes (Python's json writes
    /// every character beyond U+FFFF so) in an import, and a raw U+FFFE or U+FFFF in a file written before they were
    /// escaped (such a file would not open: exit 65).
    @Test func surrogatePairsAndRawNonCharactersAreRead() throws {
        let s = try ScratchFolder()
        let form = try Self.form(in: s)
        let input = #"{"id": "1", "note": "\ud83d\ude00 \udbff\udffe"}"# + "\n" + #"{"id": "2", "note": "\\ud83d \\"}"# + "\n"
        let run = try fieldline(["form", form, "--input", "-", "--out", s.path("v.jsonl")], stdin: input)
        #expect(run.status == 0, "\(run.err)")
        let notes = try Self.jsonObjects(s.path("v.jsonl")).map { Array(($0["note"] ?? "").unicodeScalars) }
        #expect(notes == ["😀 " + text(0x10FFFE), "\\ud83d \\"].map { Array($0.unicodeScalars) })

        let old = #"{"id":"1","note":"a"# + text(0xFFFE) + "b" + text(0xFFFF) + #"","saved_at":"2026-01-02T00:00:00Z","operator":"t"}"# + "\n"
        try old.write(toFile: s.path("old.jsonl"), atomically: true, encoding: .utf8)
        let again = try fieldline(["form", form, "--input", "-", "--out", s.path("old.jsonl")], stdin: #"{"id":"1","note":"c"}"# + "\n")
        #expect(again.status == 65 && withoutSummary(again.err) == "1:id: '1' is already in record 1 of \(s.path("old.jsonl"))\n", "\(again.err)")
        #expect(try Self.jsonObjects(s.path("old.jsonl")).map { Array(($0["note"] ?? "").unicodeScalars) } == [Array(("a" + text(0xFFFE) + "b" + text(0xFFFF)).unicodeScalars)])
    }

    /// A last record that is whole but lacks its newline (a file edited by hand, or a crash between the record
    /// and its end) is kept and ended: nothing cut, nothing kept aside, no warning.
    @Test func aWholeLastRecordWithoutItsNewlineIsKept() throws {
        let s = try ScratchFolder()
        let form = try Self.form(in: s)
        let a = #"{"id":"1","note":"a","saved_at":"2026-01-02T00:00:00Z","operator":"t"}"#
        let b = #"{"id":"2","note":"b","saved_at":"2026-01-02T00:00:00Z","operator":"t"}"#
        try (a + "\n" + b).write(toFile: s.path("v.jsonl"), atomically: true, encoding: .utf8)
        let repeatB = try fieldline(["form", form, "--input", "-", "--out", s.path("v.jsonl")], stdin: #"{"id":"2","note":"again"}"# + "\n")
        #expect(repeatB.status == 65 && withoutSummary(repeatB.err) == "1:id: '2' is already in record 2 of \(s.path("v.jsonl"))\n", "\(repeatB.err)")
        let run = try fieldline(["form", form, "--input", "-", "--out", s.path("v.jsonl")], stdin: #"{"id":"3","note":"c"}"# + "\n")
        #expect(run.status == 0 && withoutSummary(run.err) == "", "\(run.err)")
        #expect(try Self.jsonObjects(s.path("v.jsonl")).map { $0["note"] } == ["a", "b", "c"])
        #expect(s.read("v.jsonl").hasPrefix(a + "\n" + b + "\n"))
        #expect(!FileManager.default.fileExists(atPath: s.path("v.jsonl.torn")))

        let header = "id,note,saved_at,operator\r\n"
        try (header + "1,a,2026-01-02T00:00:00Z,t\r\n" + "2,\"b,\"\"x\"\"\",2026-01-02T00:00:00Z,t").write(toFile: s.path("v.csv"), atomically: true, encoding: .utf8)
        let csv = try fieldline(["form", form, "--input", "-", "--out", s.path("v.csv")], stdin: #"{"id":"3","note":"c"}"# + "\n")
        #expect(csv.status == 0 && withoutSummary(csv.err) == "", "\(csv.err)")
        #expect(try Self.csvRows(s.path("v.csv")).map { $0[1] } == ["note", "a", "b,\"x\"", "c"])
        #expect(!FileManager.default.fileExists(atPath: s.path("v.csv.torn")))
        // A file holding only a header without its CRLF is this form's file.
        try "id,note,saved_at,operator".write(toFile: s.path("h.csv"), atomically: true, encoding: .utf8)
        let headerOnly = try fieldline(["form", form, "--input", "-", "--out", s.path("h.csv")], stdin: #"{"id":"3","note":"c"}"# + "\n")
        #expect(headerOnly.status == 0 && withoutSummary(headerOnly.err) == "", "\(headerOnly.err)")
        #expect(try Self.csvRows(s.path("h.csv")).map { $0[1] } == ["note", "c"])
    }

    /// A last record that does not parse whole (cut short by a crash) is cut off, with a warning naming the file
    /// and the bytes cut, and kept beside the file: FILE.torn, then FILE.torn.1, … each exactly as cut.
    @Test func aLastRecordCutShortIsCutAndKeptAside() throws {
        let s = try ScratchFolder()
        let form = try Self.form(in: s)
        let a = #"{"id":"1","note":"a","saved_at":"2026-01-02T00:00:00Z","operator":"t"}"#
        let path = s.path("v.jsonl")
        for (n, torn) in [#"{"id":"2","no"#, #"{"id":"3"}{"#].enumerated() {
            try (a + "\n" + torn).write(toFile: path, atomically: true, encoding: .utf8)
            let run = try fieldline(["form", form, "--input", "-", "--out", path], stdin: #"{"id":"9","note":"c"}"# + "\n")
            let kept = n == 0 ? path + ".torn" : path + ".torn.\(n)"
            #expect(run.status == 0, "\(run.err)")
            #expect(withoutSummary(run.err) == "fieldline: \(path): the last record is not whole: cut \(torn.utf8.count) bytes, kept in \(kept)\n")
            #expect(s.read(kept.components(separatedBy: "/").last!) == torn)
            #expect(try Self.jsonObjects(path).map { $0["note"] } == ["a", "c"])
        }

        let csv = s.path("v.csv")
        let header = "id,note,saved_at,operator\r\n"
        let row = "1,a,2026-01-02T00:00:00Z,t\r\n"
        // An open quote, a row with fewer columns than the header, a header cut short.
        for (n, (whole, torn)) in [(header + row, "2,\"open,\r\nquote"), (header + row, "2,b,2026"), ("", "id,no")].enumerated() {
            try (whole + torn).write(toFile: csv, atomically: true, encoding: .utf8)
            let run = try fieldline(["form", form, "--input", "-", "--out", csv], stdin: #"{"id":"9","note":"c"}"# + "\n")
            let kept = n == 0 ? csv + ".torn" : csv + ".torn.\(n)"
            #expect(run.status == 0, "\(run.err)")
            #expect(withoutSummary(run.err) == "fieldline: \(csv): the last record is not whole: cut \(torn.utf8.count) bytes, kept in \(kept)\n")
            #expect(s.read(kept.components(separatedBy: "/").last!) == torn)
            #expect(try Self.csvRows(csv).map { $0[1] } == (whole.isEmpty ? ["note", "c"] : ["note", "a", "c"]))
        }
    }

    /// A new file's folder is synced after the file is made (fsync on the file does not make its name durable), for
    /// JSON Lines, CSV and a `.torn` file, seen with strace.
    @Test(arguments: ["new.jsonl", "new.csv"])
    func aNewFilesFolderIsSynced(_ name: String) throws {
        // strace comes with `make deps` (and .ci/run); a machine where it cannot trace fails here rather than skip.
        try #require(straceWorks, "strace is not installed or may not trace here (apt-get install strace)")
        let s = try ScratchFolder()
        let form = try Self.form(in: s)
        let path = s.path(name)
        func trace(_ label: String) throws -> [String] {
            let run = try Spawn.run(["strace", "-f", "-o", s.path(label), "-e", "trace=openat,fsync",
                                     fieldlineURL.path, "form", form, "--input", s.path("in.jsonl"), "--out", path])
            #expect(run.status == 0, "\(run.err)")
            return s.read(label).split(separator: "\n").map(String.init)
        }
        try (#"{"id":"1","note":"a"}"# + "\n").write(toFile: s.path("in.jsonl"), atomically: true, encoding: .utf8)
        expectFolderSynced(after: path, in: try trace("created.trace"), folder: s.folder)

        // A torn tail is kept in a new .torn file: its folder is synced too (before the tail is cut).
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data((name.hasSuffix(".csv") ? #"2,"open"# : #"{"id":"2"#).utf8))
        try handle.close()
        try (#"{"id":"3","note":"a"}"# + "\n").write(toFile: s.path("in.jsonl"), atomically: true, encoding: .utf8)
        expectFolderSynced(after: path + ".torn", in: try trace("torn.trace"), folder: s.folder)
    }

    /// In an strace log: `file` opened with O_CREAT|O_EXCL, then `folder` opened and that descriptor fsynced.
    func expectFolderSynced(after file: String, in lines: [String], folder: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let created = lines.firstIndex(where: { $0.contains("openat(AT_FDCWD, \"\(file)\", ") && $0.contains("O_CREAT|O_EXCL") && !$0.contains("= -1") }) else {
            Issue.record("no creation of \(file) in:\n\(lines.joined(separator: "\n"))", sourceLocation: sourceLocation)
            return
        }
        let after = lines[(created + 1)...]
        let synced = after.indices.contains { i in
            guard after[i].contains("openat(AT_FDCWD, \"\(folder)\", "), after[i].contains("O_DIRECTORY"),
                  let fd = after[i].split(separator: "=").last?.trimmingCharacters(in: .whitespaces) else { return false }
            return after[i...].contains { $0.contains(" fsync(\(fd))") && $0.hasSuffix("= 0") }
        }
        #expect(synced, "no fsync of \(folder) after \(file) was made:\n\(lines.joined(separator: "\n"))", sourceLocation: sourceLocation)
    }
}

/// Whether strace is installed and allowed to trace (a container may forbid ptrace).
let straceWorks = FileManager.default.isExecutableFile(atPath: "/usr/bin/strace")
    && (try? Spawn.run(["strace", "-o", "/dev/null", "true"]))?.status == 0

/// The text of these scalars (Swift's literals refuse non-characters such as U+FFFF and U+FDD0).
func text(_ scalars: UInt32...) -> String {
    String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init)))
}
