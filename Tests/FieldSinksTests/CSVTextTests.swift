import Testing
@testable import FieldSinks

/// The CSV writer and reader: RFC 4180 quoting both ways, and a record cut short at the end left out.
struct CSVTextTests {
    static let rows: [[String]] = [
        ["plain", "", "with,comma"], ["say \"hi\"", "two\nlines", "cr\r\nlf"], ["中文", " spaced ", "\"\""],
    ]

    @Test func recordsRoundTrip() {
        let bytes = Self.rows.flatMap(CSVText.record)
        let read = CSVText.records(bytes)
        #expect(read?.records == Self.rows)
        #expect(read?.end == bytes.count)
        #expect(String(decoding: CSVText.record(["a,b", "c\"d"]), as: UTF8.self) == "\"a,b\",\"c\"\"d\"\r\n")
    }

    /// A record cut anywhere (a crash in the middle of a write) is not read, and `end` says where the whole ones
    /// stop, also when the cut falls just after a newline inside a quoted field.
    @Test func aRecordCutShortIsLeftOut() {
        let first = CSVText.record(["1", "x"])
        let second = CSVText.record(["2", "two\nlines"])
        for cut in 0..<second.count {
            let bytes = first + Array(second[0..<cut])
            let read = CSVText.records(bytes)
            #expect(read?.records == [["1", "x"]], "cut at \(cut)")
            #expect(read?.end == first.count, "cut at \(cut)")
        }
    }

    @Test func notCSVIsRefused() {
        #expect(CSVText.records(Array("a\"b\",c\r\n".utf8)) == nil)
        #expect(CSVText.records(Array("\"a\"b,c\r\n".utf8)) == nil)
    }
}
