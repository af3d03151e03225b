import Testing
@testable import TestSupport

/// `check phone` words a number too short and one no number of its region starts as from templates made once per
/// run (`RefusalMessages`); the general path (`--output display`) words them through `tr`, in either language.
@Suite struct PhoneRefusalMessageTests {
    /// Numbers of several regions one digit short, cut to their calling code and a digit or two, with digits no
    /// number of the region starts with, mixed with valid ones, a `+800` number and lines worded otherwise
    /// (another plan's rule, no calling code, a stray letter); repeated past one parallel block (256 KiB).
    static let lines: [String] = {
        let refused = ["+861380013800", "+8613", "+86 11 2345 6789", "+4420794", "+44 0 1234", "+1 212 456 789",
                       "+1 112 456 7890", "+1 212 056 7890", "+33 0 123", "+81 3 1234", "+49 0 30", "+8001234567",
                       "+80012", "+999 123", "+8613800138000", "+44 20 7946 0958", "+86 1x8", "+7 912 345 67 8",
                       "+91 0 98765", "+55 11 0 1234", "+61 0 212345678", "+852 0 1234", "+0 123", ""]
        var all: [String] = []
        while all.count < 24_000 { all += refused }
        return all
    }()

    @Test(arguments: ["en", "zh"])
    func templatedPhoneMessagesEqualTheGeneralPath(language: String) throws {
        let input = Self.lines.joined(separator: "\n") + "\n"
        for field in [["phone"], ["phone", "--assume", "US"], ["phone-cn"]] {
            let fast = try fieldline(["check"] + field + ["--lang", language], stdin: input)
            let general = try fieldline(["check"] + field + ["--output", "display", "--lang", language], stdin: input)
            #expect(fast.status == general.status, "\(field)")
            #expect(fast.err == general.err, "\(field)")
        }
        let fast = try fieldline(["check", "phone", "--lang", language], stdin: input)
        let (short, starts) = language == "zh" ? ("太短", "开头的号码") : ("too short for", "number starts")
        let messages = fast.err.split(separator: "\n")
        // Both templates are used: 1,000 rounds of the lines.
        #expect(messages.filter { $0.contains(short) }.count >= 1_000)
        #expect(messages.filter { $0.contains(starts) }.count >= 1_000)
    }
}
