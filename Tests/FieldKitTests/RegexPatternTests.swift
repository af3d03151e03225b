import Testing
@testable import FieldKit

/// Keymap patterns: compiled once, whole-value matches, and a step budget that a catastrophic pattern meets in
/// milliseconds with a refusal, never an acceptance or a hang.
@Suite struct RegexPatternTests {
    static func outcome(_ pattern: String, _ value: String) throws -> RegexPattern.Outcome {
        let compiled = try RegexPattern(pattern)
        return Array(value.utf8).withUnsafeBufferPointer { compiled.wholeMatch($0) }
    }

    @Test(arguments: [
        ("^[a-z]+$", "abc", RegexPattern.Outcome.matched), ("[a-z]+", "abc1", .differs),  // whole value only
        ("[a-z]+", "", .differs), ("x*", "", .matched), ("\\d{3}", "١٢٣", .matched),       // Unicode digits (UCP)
        (".", "中", .matched), (".", "👍🏽", .differs),                                    // `.` is one code point
        ("^(a+)+$", String(repeating: "a", count: 28) + "!", .tooManySteps),
        ("^(a+)+$", String(repeating: "a", count: 5000), .matched),
    ])
    func wholeMatches(pattern: String, value: String, expected: RegexPattern.Outcome) throws {
        #expect(try Self.outcome(pattern, value) == expected)
    }

    @Test func aPatternThatRunsOutOfStepsRefusesTheValueWithAMessage() throws {
        let validator = Validator.regex(pattern: try RegexPattern("^(a+)+$"), message: nil)
        let value = Array((String(repeating: "a", count: 30) + "!").utf8)
        let context = ValidationContext(today: try #require(CalendarDate(year: 2026, month: 1, day: 1)))
        let issue = value.withUnsafeBufferPointer { validator.issue($0, context: context) }
        #expect(issue?.message == "the field's pattern needs more than 100000 steps to judge this value")
    }

    @Test func badAndOversizedPatternsAreExplained() {
        #expect(throws: RegexPattern.CompileError(message: "missing terminating ] for character class", offset: 3)) {
            try RegexPattern("[a-")
        }
        #expect(throws: RegexPattern.CompileError(message: "longer than 4096 bytes", offset: 0)) {
            try RegexPattern(String(repeating: "a", count: 4097))
        }
    }
}
