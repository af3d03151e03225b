import Foundation
import Testing
@testable import TestSupport

/// `records FORM --from TARGET`: what `form` saved in a JSON Lines file, a CSV file or a SQLite database comes back
/// value for value, selected by `--find`, and reading changes nothing (no file made, no table upgraded, no torn
/// tail repaired).
@Suite struct RecordsTests {
    static let visitor = FormImportTests.visitor
    static let fields = ["mobile", "idcard", "birth_date", "sex", "name", "visit_date"]
    static let columns = fields + ["saved_at", "operator", "edited_at", "edited_by", "record_id"]

    /// Valid visitors with values a CSV or JSON writer must take care over: a comma and quotes, a leading `=` (the
    /// spreadsheet guard), a leading `'`, Chinese text.
    static let input = [
        #"{"mobile":"+86 138 1234 5678","idcard":"11010519491231002x","name":"张三, \"Zhang\"","visit_date":"2026-03-01"}"#,
        #"{"mobile":"139-1234-5678","idcard":"440524199001010018","name":"=1+1","visit_date":"2026-03-02"}"#,
        #"{"mobile":"13712345678","idcard":"110105199003071239","name":"'=x'","visit_date":"2026-03-02"}"#,
    ]

    /// Each line of JSON Lines output as column → value, in order.
    static func parse(_ jsonl: String) throws -> [[(String, String)]] {
        try jsonl.split(separator: "\n").map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String])
            // Order as written: the keys in the order they appear on the line.
            let keys = columns.filter { line.contains("\"\($0)\":") }
            #expect(keys.count == object.count, "\(line)")
            return keys.map { ($0, object[$0] ?? "") }
        }
    }

    /// Imports `input` into `target`; the records as `form --out -` gives them for the same input (the expected
    /// values).
    static func imported(into target: String, _ input: [String] = input) throws -> [[(String, String)]] {
        let text = input.joined(separator: "\n") + "\n"
        let saved = try fieldline(["form", visitor, "--input", "-", "--out", target], stdin: text)
        #expect(saved.status == 0, "\(saved.err)")
        let expected = try fieldline(["form", visitor, "--input", "-", "--out", "-"], stdin: text)
        #expect(expected.status == 0)
        return try parse(expected.out)
    }

    /// The records read back hold the saved values exactly, every column in order, saved_at and operator set,
    /// the correction columns empty.
    static func expectSame(_ read: [[(String, String)]], _ expected: [[(String, String)]]) {
        #expect(read.count == expected.count)
        for (got, want) in zip(read, expected) {
            #expect(got.map(\.0) == columns)
            #expect(Array(got.prefix(fields.count)).map(\.1) == Array(want.prefix(fields.count)).map(\.1))
            let value = Dictionary(got, uniquingKeysWith: { a, _ in a })
            #expect(value["saved_at"]?.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/) != nil)
            #expect(value["operator"]?.isEmpty == false)
            #expect(value["edited_at"] == "" && value["edited_by"] == "")
        }
    }

    @Test(arguments: ["v.jsonl", "v.csv", "v.db"])
    func roundTrip(_ name: String) throws {
        let s = try ScratchFolder()
        let target = s.path(name)
        let expected = try Self.imported(into: target)
        let before = try Data(contentsOf: URL(fileURLWithPath: target))
        let run = try fieldline(["records", Self.visitor, "--from", target])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.err == "")
        Self.expectSame(try Self.parse(run.out), expected)
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == before)
    }

    @Test func findSelectsByExactValues() throws {
        let s = try ScratchFolder()
        let db = s.path("v.db")
        let expected = try Self.imported(into: db)
        let one = try fieldline(["records", Self.visitor, "--from", db, "--find", "visit_date=2026-03-02"])
        #expect(one.status == 0)
        Self.expectSame(try Self.parse(one.out), Array(expected[1...]))
        let two = try fieldline(["records", Self.visitor, "--from", db, "--find", "visit_date=2026-03-02", "--find", "name='=x'"])
        #expect(two.status == 0)
        Self.expectSame(try Self.parse(two.out), [expected[2]])
        // Exact: a prefix of a value is no match; nothing matched is 1 with nothing written, as grep.
        let none = try fieldline(["records", Self.visitor, "--from", db, "--find", "name=张三"])
        #expect(none.status == 1 && none.out == "" && none.err == "")
        let empty = try fieldline(["records", Self.visitor, "--from", db, "--find", "edited_by="])
        #expect(empty.status == 0 && empty.out.split(separator: "\n").count == 3)
    }

    @Test(arguments: ["v.jsonl", "v.csv"])
    func findInFiles(_ name: String) throws {
        let s = try ScratchFolder()
        let target = s.path(name)
        let expected = try Self.imported(into: target)
        let two = try fieldline(["records", Self.visitor, "--from", target, "--find", "visit_date=2026-03-02", "--find", "name==1+1"])
        #expect(two.status == 0, "\(two.err)")
        Self.expectSame(try Self.parse(two.out), [expected[1]])
        let none = try fieldline(["records", Self.visitor, "--from", target, "--find", "edited_by=alice"])
        #expect(none.status == 1 && none.out == "")
    }

    @Test func usageErrors() throws {
        let s = try ScratchFolder()
        let db = s.path("v.db")
        _ = try Self.imported(into: db)
        let unknown = try fieldline(["records", Self.visitor, "--from", db, "--find", "colour=red"])
        #expect(unknown.status == 64)
        #expect(unknown.err == "fieldline: --find: colour is not a column of visitor (its columns: \(Self.columns.joined(separator: ", ")))\n")
        let noEquals = try fieldline(["records", Self.visitor, "--from", db, "--find", "name"])
        #expect(noEquals.status == 64 && noEquals.err.contains("--find takes FIELD=VALUE, not 'name'"))
        for from in ["-", "visitors.txt"] {
            let bad = try fieldline(["records", Self.visitor, "--from", from])
            #expect(bad.status == 64, "\(from): \(bad.err)")
        }
        let noForm = try fieldline(["records", s.path("none.yaml"), "--from", db])
        #expect(noForm.status == 78)
    }

    /// A secret field's value finds nothing: `--find` by it is a usage error (a search would tell which records hold
    /// the value), in every target.
    @Test func findBySecretFieldIsRefused() throws {
        let s = try ScratchFolder()
        let form = s.path("pins.yaml")
        try "name: pins\nfields:\n  - {name: id, keymap: text, unique: true}\n  - {name: pin, keymap: digits, secret: true}\n"
            .write(toFile: form, atomically: true, encoding: .utf8)
        for target in [s.path("p.db"), s.path("p.jsonl")] {
            #expect(try fieldline(["form", form, "--input", "-", "--out", target], stdin: #"{"id":"a","pin":"1234"}"# + "\n").status == 0)
            let secret = try fieldline(["records", form, "--from", target, "--find", "pin=1234"])
            #expect(secret.status == 64 && secret.out.isEmpty, "\(secret)")
            #expect(secret.err == "fieldline: --find: pin is a secret field: records are not found by its value\n")
            #expect(try fieldline(["records", form, "--from", target, "--find", "id=a"]).status == 0)
        }
    }

    @Test func csvOutputHasAHeaderRow() throws {
        let s = try ScratchFolder()
        let db = s.path("v.db")
        _ = try Self.imported(into: db)
        let run = try fieldline(["records", Self.visitor, "--from", db, "--format", "csv", "--find", "name==1+1"])
        #expect(run.status == 0)
        let lines = run.out.components(separatedBy: "\r\n")
        #expect(lines.count == 3 && lines[2] == "")
        #expect(lines[0] == Self.columns.joined(separator: ","))
        // The spreadsheet guard, as `form` writes CSV.
        #expect(lines[1].hasPrefix("13912345678,440524199001010018,1990-01-01,male,'=1+1,2026-03-02,20"), "\(lines[1])")
        #expect(lines[1].wholeMatch(of: /.*,,,[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/) != nil, "\(lines[1])")
        // `--output csv`, as the other reading commands name it, is the same.
        let named = try fieldline(["records", Self.visitor, "--from", db, "--output", "csv", "--find", "name==1+1"])
        #expect(named.status == 0 && named.out == run.out, "\(named.err)")
    }

    /// A JSON Lines file whose last record was cut short: the whole records are shown, the torn one is not, and
    /// the file is left exactly as it was (`form` would cut the tail into a `.torn` file; reading must not).
    @Test func aTornLastRecordIsLeftOutAndTheFileUnchanged() throws {
        let s = try ScratchFolder()
        let file = s.path("v.jsonl")
        let expected = try Self.imported(into: file)
        let handle = try #require(FileHandle(forWritingAtPath: file))
        handle.seekToEndOfFile()
        handle.write(Data(#"{"mobile":"13812345678","idcard":"1101"#.utf8))
        try handle.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let run = try fieldline(["records", Self.visitor, "--from", file])
        #expect(run.status == 0 && run.err == "")
        Self.expectSame(try Self.parse(run.out), expected)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: s.folder) == ["v.jsonl"])
    }

    /// A last record whole but for its line end is shown (JSON Lines and CSV); a CSV row cut short is not.
    @Test func aWholeLastRecordWithoutItsLineEndIsShown() throws {
        let s = try ScratchFolder()
        for name in ["v.jsonl", "v.csv"] {
            let file = s.path(name)
            let expected = try Self.imported(into: file)
            var bytes = try Data(contentsOf: URL(fileURLWithPath: file))
            bytes.removeLast(name.hasSuffix(".csv") ? 2 : 1)
            try bytes.write(to: URL(fileURLWithPath: file))
            let run = try fieldline(["records", Self.visitor, "--from", file])
            #expect(run.status == 0, "\(name): \(run.err)")
            Self.expectSame(try Self.parse(run.out), expected)
            #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == bytes)
        }
        let csv = s.path("v.csv")
        let handle = try #require(FileHandle(forWritingAtPath: csv))
        handle.seekToEndOfFile()
        handle.write(Data("\r\n13812345678,\"1101".utf8))
        try handle.close()
        let torn = try fieldline(["records", Self.visitor, "--from", csv])
        #expect(torn.status == 0 && torn.out.split(separator: "\n").count == 3, "\(torn.err)")
    }

    @Test func filesThatDoNotFitTheFormAre65() throws {
        let s = try ScratchFolder()
        let jsonl = s.path("v.jsonl")
        try (Self.input[0] + "\n[1, 2]\n" + Self.input[1] + "\n").write(toFile: jsonl, atomically: true, encoding: .utf8)
        let notObject = try fieldline(["records", Self.visitor, "--from", jsonl])
        #expect(notObject.status == 65)
        #expect(notObject.err == "fieldline: \(jsonl): record 2 is not a JSON object of texts\n")
        try (#"{"colour":"red"}"# + "\n").write(toFile: jsonl, atomically: true, encoding: .utf8)
        let otherField = try fieldline(["records", Self.visitor, "--from", jsonl])
        #expect(otherField.status == 65)
        #expect(otherField.err == "fieldline: \(jsonl): record 1 has the field colour, which the form does not have\n")
        let csv = s.path("v.csv")
        try "a,b\r\n1,2\r\n".write(toFile: csv, atomically: true, encoding: .utf8)
        let header = try fieldline(["records", Self.visitor, "--from", csv])
        #expect(header.status == 65)
        #expect(header.err == "fieldline: \(csv) has the columns a,b, the form \((Self.columns.prefix(8) + ["record_id"]).joined(separator: ","))\n")
        try (Self.columns.prefix(8).joined(separator: ",") + "\r\n1,2\r\n").write(toFile: csv, atomically: true, encoding: .utf8)
        let short = try fieldline(["records", Self.visitor, "--from", csv])
        #expect(short.status == 65)
        #expect(short.err == "fieldline: \(csv): record 1: has 2 values, the header 8\n")
        let db = s.path("other.db")
        _ = try sqliteShell(db, "CREATE TABLE visitor (a TEXT)")
        let table = try fieldline(["records", Self.visitor, "--from", db])
        #expect(table.status == 65)
    }

    /// A target that is not there is 66 and stays not there: no file, no database, no table is made.
    @Test func aMissingTargetIs66AndNotCreated() throws {
        let s = try ScratchFolder()
        for name in ["v.db", "v.sqlite", "v.jsonl", "v.csv"] {
            let run = try fieldline(["records", Self.visitor, "--from", s.path(name)])
            #expect(run.status == 66, "\(name)")
            #expect(run.out == "")
            #expect(run.err == "fieldline: cannot read \(s.path(name)): No such file or directory\n")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: s.folder) == [])
        // A database without the form's table: 66, and the table is not made.
        let db = s.path("empty.db")
        _ = try sqliteShell(db, "CREATE TABLE other (a TEXT)")
        let noTable = try fieldline(["records", Self.visitor, "--from", db])
        #expect(noTable.status == 66)
        #expect(noTable.err == "fieldline: \(db) has no table visitor\n")
        #expect(try sqliteShell(db, "SELECT name FROM sqlite_master") == ["other"])
    }

    /// A table fieldline 0.6.0 made (the fields, saved_at, operator) is read with empty correction columns, and
    /// left as it was: not upgraded, no schema or history table made.
    @Test func aVersion1TableIsReadAndLeftUnchanged() throws {
        let s = try ScratchFolder()
        let db = s.path("old.db")
        let definitions = Self.columns.prefix(8).map { "\"\($0)\" TEXT NOT NULL" }.joined(separator: ", ")
        _ = try sqliteShell(db, """
            CREATE TABLE visitor (\(definitions));
            INSERT INTO visitor VALUES ('13812345678','11010519491231002X','1949-12-31','female','张三','2026-03-01','2026-03-01T09:00:00Z','alice');
            INSERT INTO visitor VALUES ('13912345678','440524199001010018','1990-01-01','male','Li Si','2026-03-02','2026-03-02T10:00:00Z','bob');
            """)
        let schema = try sqliteShell(db, ".schema")
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let run = try fieldline(["records", Self.visitor, "--from", db, "--find", "edited_at="])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out == """
            {"mobile":"13812345678","idcard":"11010519491231002X","birth_date":"1949-12-31","sex":"female","name":"张三","visit_date":"2026-03-01","saved_at":"2026-03-01T09:00:00Z","operator":"alice","edited_at":"","edited_by":"","record_id":""}
            {"mobile":"13912345678","idcard":"440524199001010018","birth_date":"1990-01-01","sex":"male","name":"Li Si","visit_date":"2026-03-02","saved_at":"2026-03-02T10:00:00Z","operator":"bob","edited_at":"","edited_by":"","record_id":""}

            """)
        let bob = try fieldline(["records", Self.visitor, "--from", db, "--find", "operator=bob", "--format", "csv"])
        #expect(bob.out.hasSuffix("\r\n13912345678,440524199001010018,1990-01-01,male,Li Si,2026-03-02,2026-03-02T10:00:00Z,bob,,,\r\n"))
        #expect(try sqliteShell(db, ".schema") == schema)
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
    }

    /// A control in a stored value never reaches a terminal as one: JSON escapes it; CSV writes it exactly to a
    /// pipe (for programs) and as `U+1B` to a terminal (`script` gives the child one).
    @Test func controlsInValuesNeverReachATerminal() throws {
        let s = try ScratchFolder()
        let db = s.path("v.db")
        _ = try Self.imported(into: db, [])
        _ = try sqliteShell(db, """
            INSERT INTO visitor VALUES ('13812345678','11010519491231002X','1949-12-31','female','x' || char(27) || '[2J' || char(155) || 'y',
            '2026-03-01','2026-03-01T09:00:00Z','alice','','','')
            """)
        let json = try fieldline(["records", Self.visitor, "--from", db])
        #expect(json.out.contains(#""name":"x\u001b[2J\u009by""#), "\(json.out)")
        let csv = try fieldline(["records", Self.visitor, "--from", db, "--format", "csv"])
        #expect(csv.out.contains(",x\u{1B}[2J\u{9B}y,"))
        let terminal = try Spawn.run(["script", "-qec", "'\(fieldlineURL.path)' records '\(Self.visitor)' --from '\(db)' --format csv", "/dev/null"])
        #expect(terminal.status == 0, "\(terminal.err)")
        #expect(terminal.out.contains(",xU+1B[2JU+9By,"), "\(terminal.out)")
        #expect(!terminal.out.contains("\u{1B}") && !terminal.out.contains("\u{9B}"))
    }

    /// A record read back, edited and fed to `form --update-by` is a correction: read back again, it holds the new
    /// value, its saved_at and operator, and who corrected it when.
    @Test func aRecordReadBackAndEditedIsACorrection() throws {
        let s = try ScratchFolder()
        let db = s.path("v.db")
        let expected = try Self.imported(into: db)
        let read = try fieldline(["records", Self.visitor, "--from", db, "--find", "idcard=440524199001010018"])
        #expect(read.status == 0)
        let edited = read.out.replacingOccurrences(of: #""name":"=1+1""#, with: #""name":"Li Si""#)
        let corrected = try fieldline(["form", Self.visitor, "--update-by", "idcard", "--input", "-", "--out", db], stdin: edited)
        #expect(corrected.status == 0, "\(corrected.err)")
        let again = try fieldline(["records", Self.visitor, "--from", db, "--find", "name=Li Si"])
        let record = try #require(try Self.parse(again.out).first)
        let value = Dictionary(record, uniquingKeysWith: { a, _ in a })
        let before = Dictionary(try #require(try Self.parse(read.out).first), uniquingKeysWith: { a, _ in a })
        #expect(before.count == Self.columns.count && before["mobile"] == Dictionary(expected[1], uniquingKeysWith: { a, _ in a })["mobile"])
        #expect(value["idcard"] == "440524199001010018" && value["saved_at"] == before["saved_at"])
        #expect(value["edited_at"]?.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/) != nil)
        #expect(value["edited_by"] == value["operator"])
        #expect(try fieldline(["records", Self.visitor, "--from", db, "--find", "edited_by="]).out.split(separator: "\n").count == 2)
    }

    @Test func unwritableOutputIs74() throws {
        let s = try ScratchFolder()
        let db = s.path("v.db")
        _ = try Self.imported(into: db)
        let run = try shell(#""$FL" records "\#(Self.visitor)" --from "\#(db)" > /dev/full"#)
        #expect(run.status == 74)
        #expect(run.err.hasPrefix("fieldline: cannot write the output: "))
    }

    /// Memory stays bounded whatever the file's size: 200,000 records (about 44 MB) read back with a peak RSS far
    /// below the file's size (less a one-record read's, the start-up), from JSON Lines and from SQLite.
    @Test func largeTargetsStreamInBoundedMemory() throws {
        let s = try ScratchFolder()
        let file = s.path("big.jsonl")
        let count = 200_000
        var text = ""
        text.reserveCapacity(count * 250)
        for i in 0..<count {
            text += #"{"mobile":"13812345678","idcard":"\#(100_000_000_000_000_000 + i)","birth_date":"1990-01-01","sex":"male","name":"visitor number \#(i) with a long name","visit_date":"2026-03-01","saved_at":"2026-03-01T09:00:00Z","operator":"alice"}"#
            text += "\n"
        }
        try text.write(toFile: file, atomically: false, encoding: .utf8)
        let size = text.utf8.count
        let db = s.path("big.db")
        _ = try fieldline(["records", Self.visitor, "--from", db])  // 66, nothing made
        // The table as fieldline makes it (an import of nothing), filled by the sqlite3 shell from the same file.
        let made = try fieldline(["form", Self.visitor, "--input", "-", "--out", db], stdin: "")
        #expect(made.status == 0)
        _ = try sqliteShell(db, """
            WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < \(count - 1))
            INSERT INTO visitor SELECT '13812345678', 100000000000000000 + i, '1990-01-01', 'male',
            'visitor number ' || i || ' with a long name', '2026-03-01', '2026-03-01T09:00:00Z', 'alice', '', '', '' FROM n
            """)
        // Peak RSS (KiB) of `records` reading `target`, and how many lines it wrote.
        func measure(_ target: String) throws -> (peakKiB: Int, lines: Int) {
            let peak = s.path("peak"), lines = s.path("lines")
            let run = try shell(
                #"/usr/bin/time -o "\#(peak)" -f %M "$FL" records "\#(Self.visitor)" --from "\#(target)" | wc -l > "\#(lines)""#)
            #expect(run.status == 0, "\(run.err)")
            func number(_ path: String) throws -> Int {
                try #require(Int(try String(contentsOfFile: path, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
            }
            return (try number(peak), try number(lines))
        }
        // What the process takes anyway (a debug build's start-up, the form's keymaps): reading one record.
        let one = s.path("one.jsonl")
        try String(text.prefix { $0 != "\n" } + "\n").write(toFile: one, atomically: false, encoding: .utf8)
        let baseline = try measure(one)
        #expect(baseline.lines == 1)
        for target in [file, db] {
            let (peakKiB, lines) = try measure(target)
            #expect(lines == count)
            // The file is some 44 MB: reading it whole would take at least that much more.
            #expect((peakKiB - baseline.peakKiB) * 1024 < size / 4, "\(target): peak \(peakKiB) KiB (\(baseline.peakKiB) KiB for one record) for \(size) bytes")
        }
    }
}
