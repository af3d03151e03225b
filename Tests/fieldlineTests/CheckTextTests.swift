import Foundation
import Testing

/// `fieldline check text` and `check digits` length limits; a nil message means the line is valid.
@Suite struct CheckTextTests {
    @Test(arguments: [
        (["text", "--limit", "5"], "你好世界！", nil),
        (["text", "--limit", "5"], "👨‍👩‍👧", nil),
        (["text", "--limit", "5"], "abcdef", "at most 5 characters, has 6"),
        (["text", "--count", "width", "--limit", "4"], "中文", nil),
        (["text", "--count", "width", "--limit", "4"], "中文a", "at most 4 columns, has 5"),
        (["text", "--count", "utf16", "--limit", "8"], "👨‍👩‍👧", nil),
        (["text", "--count", "utf16", "--limit", "7"], "👨‍👩‍👧", "at most 7 UTF-16 units, has 8"),
        (["digits", "--min", "2", "--max", "4"], "12", nil),
        (["digits", "--min", "2", "--max", "4"], "1", "needs 2 digits, has 1"),
        (["digits", "--min", "2", "--max", "4"], "12345", "at most 4 digits, has 5"),
        (["digits", "--min", "2", "--max", "4"], "٣", "unexpected '٣' at column 1: position 1 takes a digit"),
    ] as [([String], String, String?)])
    func limits(options: [String], input: String, message: String?) throws {
        let r = try fieldline(["check"] + options, stdin: input + "\n")
        #expect(r.out == (message == nil ? input : "") + "\n")
        #expect(r.err == message.map { "1: \($0)\n" } ?? "")
        #expect(r.status == (message == nil ? 0 : 65))
    }
}
