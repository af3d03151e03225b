import FieldKit
import Testing
@testable import FieldSinks

/// A batch's rows reach PostgreSQL as COPY text: one line a record, tabs between values, and a backslash, tab,
/// newline or carriage return inside a value escaped, so no value can end its row or column early.
struct PostgresCopyRowTests {
    static func row(_ values: [String]) -> String {
        let record = SavedRecord(values: values.enumerated().map { ("f\($0.offset)", $0.element) },
                                 savedAt: "2026-11-26T10:00:00Z", operatorName: "ann", recordID: "r1")
        var bytes: [UInt8] = Array("before|".utf8)
        PostgresSink.appendCopyRow(record, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func plainValuesAreCopiedAsTheyAre() {
        #expect(Self.row(["13812345678", "person 1", ""]) == "before|13812345678\tperson 1\t\t2026-11-26T10:00:00Z\tann\t\t\tr1\n")
    }

    @Test func backslashTabNewlineAndReturnAreEscaped() {
        #expect(Self.row(["a\\b", "c\td", "e\nf\rg", "中文\\"]) == "before|a\\\\b\tc\\td\te\\nf\\rg\t中文\\\\\t2026-11-26T10:00:00Z\tann\t\t\tr1\n")
    }
}

/// Many values as one PostgreSQL text array parameter: each quoted, a `"` or `\` inside escaped with a backslash,
/// any other character (a comma, a brace, a space, non-ASCII) kept as it is.
struct PostgresArrayLiteralTests {
    @Test func valuesAreQuotedAndOnlyQuotesAndBackslashesEscaped() {
        #expect(postgresArrayLiteral([String]()) == "{}")
        #expect(postgresArrayLiteral(["a", "", "b\"c", "d\\e", "{x, y}", "张三 é"]) == #"{"a","","b\"c","d\\e","{x, y}","张三 é"}"#)
    }
}
