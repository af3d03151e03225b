import Foundation
import Testing
@testable import TestSupport

/// Why a key or paste was refused, in both languages: `replay --json` gives the prompt core's reason as `message`,
/// as the terminal shows it on the status line (issue 41).
@Suite struct RefusalReasonLanguageTests {
    static let refusals: [(arguments: [String], english: String, chinese: String)] = [
        (["idcard-cn", "1101x"], "position 5 takes a digit", "第 5 位只能是数字"),
        (["text", "--limit", "3", "abcd"], "at most 3 characters", "最多 3 个字符"),
        (["date", "--max", "2020-01-01", "2021"], "the latest date is 2020-01-01", "最晚的日期是 2020-01-01"),
        (["date", "202413"], "no date starts 2024-13", "没有以 2024-13 开头的日期"),
    ]

    @Test(arguments: refusals.indices)
    func replayGivesTheReasonInTheLanguage(index: Int) throws {
        let (arguments, english, chinese) = Self.refusals[index]
        let en = try fieldline(["replay", "--json"] + arguments, environment: ["LANG": "C.UTF-8"])
        let zh = try fieldline(["replay", "--json"] + arguments, environment: ["LANG": "zh_CN.UTF-8"])
        #expect(try jsonMembers(en.out)["message"] == "\"\(english)\"", "\(en.out)")
        #expect(try jsonMembers(zh.out)["message"] == "\"\(chinese)\"", "\(zh.out)")
        #expect(try jsonMembers(en.out)["refused"] == "true")
    }
}
