import Foundation
import Testing
@testable import TestSupport

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

/// A message about the limit names it as the user spelled it, `--limit` or `--max` (the last one given, whose value
/// is kept), through ArgumentParser and through `ask`'s fast reader alike.
@Suite struct LimitSpellingTests {
    @Test(arguments: [
        (["check", "text", "--limit", "abc"], "Error: --limit abc: a whole number (dates are for date fields)\n"),
        (["check", "text", "--max", "abc"], "Error: --max abc: a whole number (dates are for date fields)\n"),
        (["check", "text", "--limit=abc"], "Error: --limit abc: a whole number (dates are for date fields)\n"),
        (["check", "text", "--max=abc"], "Error: --max abc: a whole number (dates are for date fields)\n"),
        (["check", "text", "--max", "3", "--limit", "abc"], "Error: --limit abc: a whole number (dates are for date fields)\n"),
        (["check", "text", "--limit", "3", "--max", "abc"], "Error: --max abc: a whole number (dates are for date fields)\n"),
        (["check", "text", "--max", "0"], "Error: --max must be at least 1\n"),
        (["check", "text", "--limit", "0"], "Error: --limit must be at least 1\n"),
        (["check", "date", "--limit", "123"], "Error: --limit 123: a date field takes a date, 2026-01-31 or 20260131, or today\n"),
        (["check", "date", "--max", "123"], "Error: --max 123: a date field takes a date, 2026-01-31 or 20260131, or today\n"),
        (["check", "date", "--min", "2026-02-01", "--limit", "2026-01-01"], "Error: --min (2026-02-01) is after --limit (2026-01-01)\n"),
        (["check", "date", "--min", "2026-02-01", "--max", "2026-01-01"], "Error: --min (2026-02-01) is after --max (2026-01-01)\n"),
        // `ask`: a bad value is left to ArgumentParser; a number the fast reader takes fails when the field loads.
        (["ask", "text", "--limit", "abc", "--value", "x"], "Error: --limit abc: a whole number (dates are for date fields)\n"),
        (["ask", "text", "--max", "abc", "--value", "x"], "Error: --max abc: a whole number (dates are for date fields)\n"),
        (["ask", "date", "--limit", "123", "--value", "x"], "Error: --limit 123: a date field takes a date, 2026-01-31 or 20260131, or today\n"),
        (["ask", "date", "--max", "123", "--value", "x"], "Error: --max 123: a date field takes a date, 2026-01-31 or 20260131, or today\n"),
        (["ask", "text", "--max", "0", "--value", "x"], "Error: --max must be at least 1\n"),
    ] as [([String], String)])
    func theMessageNamesTheOptionAsTyped(args: [String], firstLine: String) throws {
        let r = try fieldline(args, stdin: "x\n")
        #expect(r.err.hasPrefix(firstLine), "\(r.err)")
        #expect(r.out == "")
        #expect(r.status == 64)
    }

    @Test func inChinese() throws {
        let r = try fieldline(["check", "text", "--max", "0", "--lang", "zh"], stdin: "x\n")
        #expect(r.err.hasPrefix("Error: --max 至少为 1\n") || r.err.contains("--max 至少为 1"), "\(r.err)")
    }
}
