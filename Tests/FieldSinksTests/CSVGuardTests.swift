import Foundation
import Testing
@testable import FieldSinks
@testable import TestSupport

/// CSV injection: a value a spreadsheet would run as a formula is written with a `'` before it, and reading the
/// file back gives exactly the value typed, whatever it is.
struct CSVGuardTests {
    /// Values written guarded (spreadsheets show them as text) and as they stand in the file.
    static let guarded: [(value: String, written: String)] = [
        ("=1+1", "'=1+1"), ("+8613812345678", "'+8613812345678"), ("-", "'-"), ("-5", "'-5"), ("@SUM(A1)", "'@SUM(A1)"),
        ("\tx", "'\tx"), ("\rx", "\"'\rx\""), ("'=1", "''=1"), ("''@x", "'''@x"), ("=a,b", "\"'=a,b\""),
    ]
    /// Values written as they are: nothing a spreadsheet runs, and a `'` the reader must keep.
    static let plain = ["'", "''", "'x", "'1=2", "a=1", "1-2", " =1", ""]

    @Test func guardedValuesRoundTrip() {
        for (value, written) in Self.guarded {
            let bytes = CSVText.record([value, "z"])
            #expect(String(decoding: bytes, as: UTF8.self) == written + ",z\r\n", "\(value.debugDescription)")
            #expect(CSVText.records(bytes)?.records == [[value, "z"]], "\(value.debugDescription)")
        }
        for value in Self.plain {
            let bytes = CSVText.record([value])
            #expect(String(decoding: bytes, as: UTF8.self) == value + "\r\n")
            #expect(CSVText.records(bytes)?.records == [[value]], "\(value.debugDescription)")
        }
    }

    /// Python's csv (what a spreadsheet's import sees) reads the guarded text, `'` first.
    @Test func pythonsCSVSeesTheGuard() throws {
        let scratch = try ScratchFolder("guard")
        let path = scratch.path("guard.csv")
        let rows = Self.guarded.map { [$0.value] } + Self.plain.map { [$0] }
        try Data(rows.flatMap(CSVText.record)).write(to: URL(fileURLWithPath: path))
        let out = try Spawn.output(["python3", "-c", "import csv,json,sys; print(json.dumps([(r or [''])[0] for r in csv.reader(open(sys.argv[1], newline='', encoding='utf-8'))]))", path])
        let seen = try #require(JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String])
        let expected = Self.guarded.map { $0.written.hasPrefix("\"") ? String($0.written.dropFirst().dropLast()) : $0.written } + Self.plain
        #expect(seen == expected)
    }
}
