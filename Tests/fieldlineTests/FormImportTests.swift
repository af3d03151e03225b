import Foundation
import Testing
@testable import TestSupport

/// `fieldline form --input`: records checked field by field with the fields' own keymaps, saved whole to JSON Lines
/// or CSV, the invalid ones reported as RECORD:FIELD: message.
@Suite struct FormImportTests {
    /// The shipped example form.
    static let visitor = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("forms/visitor.yaml").path

    static let records = [
        #"{"mobile":"+86 138 1234 5678","idcard":"11010519491231002x","name":"张三, \"Zhang\"","visit_date":"2026-03-01"}"#,
        #"{"mobile":"12812345678","idcard":"11010519491231002X","name":"bad mobile"}"#,
        #"{"mobile":"139-1234-5678","idcard":"440524199001010018","name":"Li Si"}"#,
        #"{"mobile":"13712345678","idcard":"11010519491231002X","name":"same ID"}"#,
        #"{"mobile":"13612345678","idcard":"110105199003071239","name":"x","colour":"red"}"#,
        "[1, 2]",
    ]

    /// The JSON objects of a JSON Lines text, with the time and operator columns checked and dropped.
    /// Whether `text` is a record id as fieldline makes them: a UUID of version 7, lowercase.
    static func isRecordID(_ text: String) -> Bool {
        text.wholeMatch(of: /[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/) != nil
    }

    static func objects(_ text: String) throws -> [[String: String]] {
        try text.split(separator: "\n").map { line in
            var object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String])
            #expect(object.removeValue(forKey: "saved_at")?.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$"#, options: .regularExpression) != nil)
            #expect(object.removeValue(forKey: "operator")?.isEmpty == false)
            // A record written before record ids (a file of an older fieldline) has none (or, read back, an empty
            // one); every other has one.
            #expect(object.removeValue(forKey: "record_id").map { $0.isEmpty || Self.isRecordID($0) } ?? true, "\(line)")
            return object
        }
    }

    @Test func validRecordsAreSavedAndInvalidOnesNamed() throws {
        let s = try ScratchFolder()
        let run = try fieldline(["form", Self.visitor, "--input", "-", "--out", s.path("v.jsonl")],
                                stdin: Self.records.joined(separator: "\n") + "\n")
        #expect(run.status == 65)
        #expect(run.out == "")
        #expect(withoutSummary(run.err) == """
            2:mobile: not a mobile number (CN mobile numbers start 13 to 19)
            4:idcard: '11010519491231002X' is already in record 1 of \(s.path("v.jsonl"))
            5:colour: not a field of this form (its fields: mobile, idcard, birth_date, sex, name, visit_date)
            6:-: a record is a JSON object of field names to values

            """)
        let saved = try Self.objects(s.read("v.jsonl"))
        #expect(saved.count == 2)
        // Formatting dropped, the prefix removed, x upper-cased, birth date and sex derived from the ID card, the
        // visit date defaulted to today.
        let first: [String: String] = ["mobile": "13812345678", "idcard": "11010519491231002X", "birth_date": "1949-12-31",
                                       "sex": "female", "name": "张三, \"Zhang\"", "visit_date": "2026-03-01"]
        #expect(saved[0] == first)
        #expect(saved[1]["mobile"] == "13912345678" && saved[1]["visit_date"]?.count == 10)

        // A second import into the same file: the unique ID is found in what the file already holds.
        let again = try fieldline(["form", Self.visitor, "--input", "-", "--out", s.path("v.jsonl")], stdin: Self.records[0] + "\n")
        #expect(again.status == 65)
        #expect(withoutSummary(again.err) == "1:idcard: '11010519491231002X' is already in record 1 of \(s.path("v.jsonl"))\n")
    }

    /// CSV out, read back by Python's csv module (an independent reader): quotes and commas survive.
    @Test func csvOutputReadsBackWithPythonsCSV() throws {
        let s = try ScratchFolder()
        let run = try fieldline(["form", Self.visitor, "--input", "-", "--out", s.path("v.csv")], stdin: Self.records[0] + "\n" + Self.records[2] + "\n")
        #expect(run.status == 0, "\(run.err)")
        let script = "import csv,json,sys; print(json.dumps(list(csv.reader(open(sys.argv[1], newline='', encoding='utf-8')))))"
        let py = try Spawn.output(["python3", "-c", script, s.path("v.csv")])
        let rows = try #require(JSONSerialization.jsonObject(with: Data(py.utf8)) as? [[String]])
        #expect(rows.count == 3)
        #expect(rows[0] == ["mobile", "idcard", "birth_date", "sex", "name", "visit_date", "saved_at", "operator", "record_id"])
        #expect(Array(rows[1].prefix(6)) == ["13812345678", "11010519491231002X", "1949-12-31", "female", "张三, \"Zhang\"", "2026-03-01"])
        #expect(Array(rows[2].prefix(5)) == ["13912345678", "440524199001010018", "1990-01-01", "male", "Li Si"])
    }

    /// --format csv writes CSV to standard output (header first) or to a file whose name does not say its format;
    /// it is refused for databases, and a name that says nothing needs it.
    @Test func formatChoosesCSVForStandardOutputAndOtherNames() throws {
        let s = try ScratchFolder()
        let out = try fieldline(["form", Self.visitor, "--input", "-", "--format", "csv"], stdin: Self.records[2] + "\n")
        #expect(out.status == 0, "\(out.err)")
        let rows = out.out.split(separator: "\r\n").map(String.init)
        #expect(rows.count == 2 && rows[0] == "mobile,idcard,birth_date,sex,name,visit_date,saved_at,operator,record_id", "\(out.out)")
        #expect(rows.last?.hasPrefix("13912345678,440524199001010018,1990-01-01,male,Li Si,") == true)

        let file = try fieldline(["form", Self.visitor, "--input", "-", "--out", s.path("v.txt"), "--format", "csv"], stdin: Self.records[2] + "\n")
        #expect(file.status == 0, "\(file.err)")
        #expect(s.read("v.txt").hasPrefix("mobile,idcard,birth_date,sex,name,visit_date,saved_at,operator,record_id\r\n13912345678,"))

        let unnamed = try fieldline(["form", Self.visitor, "--input", "-", "--out", s.path("v.txt")], stdin: "")
        #expect(unnamed.status == 64 && unnamed.err.contains("give --format jsonl|csv"), "\(unnamed.err)")
        let database = try fieldline(["form", Self.visitor, "--input", "-", "--out", s.path("v.db"), "--format", "csv"], stdin: "")
        #expect(database.status == 64 && database.err.contains("--format is for - and files"), "\(database.err)")
        #expect(!FileManager.default.fileExists(atPath: s.path("v.db")))
    }

    /// --resume refuses an output that does not exist yet (a mistyped name), and standard output; an existing one
    /// goes on where it was.
    @Test func resumeNeedsAnExistingOutput() throws {
        let s = try ScratchFolder()
        for name in ["v.jsonl", "v.csv", "v.db"] {
            let missing = try fieldline(["form", Self.visitor, "--input", "-", "--out", s.path(name), "--resume"], stdin: Self.records[2] + "\n")
            #expect(missing.status == 66, "\(name): \(missing.err)")
            #expect(missing.err == "fieldline: --resume: \(s.path(name)) does not exist (leave out --resume to start it)\n")
            #expect(!FileManager.default.fileExists(atPath: s.path(name)))
            let first = try fieldline(["form", Self.visitor, "--input", "-", "--out", s.path(name)], stdin: Self.records[2] + "\n")
            #expect(first.status == 0, "\(name): \(first.err)")
            let resumed = try fieldline(["form", Self.visitor, "--input", "-", "--out", s.path(name), "--resume"], stdin: Self.records[0] + "\n")
            #expect(resumed.status == 0, "\(name): \(resumed.err)")
        }
        #expect(try Self.objects(s.read("v.jsonl")).map { $0["name"] } == ["Li Si", "张三, \"Zhang\""])
        let stdout = try fieldline(["form", Self.visitor, "--input", "-", "--resume"], stdin: "")
        #expect(stdout.status == 64 && stdout.err.contains("--resume needs an output that keeps records"), "\(stdout.err)")
    }

    /// CSV in: a header, then records; quoted commas are values.
    @Test func csvInput() throws {
        let s = try ScratchFolder()
        let csv = "name,mobile,idcard\r\n\"Wang, Wu\",13812345678,11010519491231002X\r\nonly,two\r\n"
        try csv.write(toFile: s.path("in.csv"), atomically: true, encoding: .utf8)
        let run = try fieldline(["form", Self.visitor, "--input", s.path("in.csv"), "--out", s.path("v.jsonl")])
        #expect(run.status == 65)
        #expect(withoutSummary(run.err) == "2:-: has 2 values, the header 3\n")
        #expect(try Self.objects(s.read("v.jsonl")).map { $0["name"] } == ["Wang, Wu"])
    }

    /// An existing CSV file with other columns is refused before anything is written.
    @Test func aCSVFileWithOtherColumnsIsRefused() throws {
        let s = try ScratchFolder()
        try "a,b\r\n1,2\r\n".write(toFile: s.path("v.csv"), atomically: true, encoding: .utf8)
        let run = try fieldline(["form", Self.visitor, "--input", "-", "--out", s.path("v.csv")], stdin: Self.records[0] + "\n")
        #expect(run.status == 65)
        #expect(run.err.hasPrefix("fieldline: \(s.path("v.csv")) has the columns a,b, the form mobile,idcard,birth_date,sex,name,visit_date,saved_at,operator"))
        #expect(s.read("v.csv") == "a,b\r\n1,2\r\n")
    }

    /// A record that a crash cut short (no newline at the end) was never confirmed: the next run removes it, so
    /// no half record is read back or continued.
    @Test func aRecordCutShortByACrashIsRemoved() throws {
        let s = try ScratchFolder()
        let whole = #"{"mobile":"13812345678","idcard":"11010519491231002X","name":"a","visit_date":"2026-01-02","saved_at":"2026-01-02T00:00:00Z","operator":"t"}"#
        try (whole + "\n" + #"{"mobile":"1391"#).write(toFile: s.path("v.jsonl"), atomically: true, encoding: .utf8)
        let run = try fieldline(["form", Self.visitor, "--input", "-", "--out", s.path("v.jsonl")], stdin: Self.records[2] + "\n")
        #expect(run.status == 0, "\(run.err)")
        #expect(try Self.objects(s.read("v.jsonl")).map { $0["name"] } == ["a", "Li Si"])
    }

    /// Killed at random moments during an import (50 times), the file only ever holds whole records, in input
    /// order, none skipped: each is written whole and synced before the next.
    @Test func killedAtRandomMomentsOnlyWholeRecordsRemain() throws {
        let s = try ScratchFolder()
        let names: [String] = (0..<400).map { i in "n" + String(repeating: "0", count: 3 - String(i).count) + String(i) }
        let input: [String] = names.map { #"{"mobile":"13800000000","name":"\#($0)"}"# }
        try input.joined(separator: "\n").write(toFile: s.path("in.jsonl"), atomically: true, encoding: .utf8)
        let form = """
            name: crash
            fields:
              - {name: mobile, keymap: phone-cn}
              - {name: name, keymap: text}
            """
        try form.write(toFile: s.path("crash.yaml"), atomically: true, encoding: .utf8)
        let window = try fieldlineRunTime(["form", s.path("crash.yaml"), "--input", s.path("in.jsonl"), "--out", s.path("timed.jsonl")])
        for _ in 0..<50 {
            try fieldline(["form", s.path("crash.yaml"), "--input", s.path("in.jsonl"), "--out", s.path("out.jsonl")], killedWithin: window)
            // Every stored line is a whole record; together they are the input's first records, in order (a rerun
            // starts again from the first record, so the file holds copies of a prefix, each whole).
            let text = s.read("out.jsonl")
            for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String], "a broken line: \(line)")
                #expect(object.count == 5)
            }
        }
        let run = try fieldline(["form", s.path("crash.yaml"), "--input", s.path("in.jsonl"), "--out", s.path("out.jsonl")])
        #expect(run.status == 0)
        let stored: [String] = try Self.objects(s.read("out.jsonl")).map { $0["name"] ?? "" }
        let last: [String] = Array(stored.suffix(400))
        #expect(last == names)
    }
}
