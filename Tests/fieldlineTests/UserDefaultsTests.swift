import Foundation
import Testing
@testable import TestSupport

/// Settings users make once (issue 31): FIELDLINE_LANG chooses the language unless --lang does; a bad
/// FIELDLINE_TIMEOUT or a --default that --on-timeout could not take is a usage error found before asking.
@Suite struct UserDefaultsTests {
    @Test func fieldlineLangChoosesTheLanguageAndLangWins() throws {
        let zh = try fieldline(["check", "phone-cn"], stdin: "12812345678\n", environment: ["FIELDLINE_LANG": "zh"])
        #expect(zh.status == 65 && zh.err.contains("不是") && !zh.err.contains("not a"), "\(zh.err)")
        let en = try fieldline(["check", "phone-cn", "--lang", "en"], stdin: "12812345678\n", environment: ["FIELDLINE_LANG": "zh"])
        #expect(en.err.contains("not a mobile number"), "\(en.err)")
        // FIELDLINE_LANG wins over the locale (LANG=C.UTF-8 in the clean environment, and zh_CN here).
        let overLocale = try fieldline(["check", "phone-cn"], stdin: "12812345678\n", environment: ["FIELDLINE_LANG": "en", "LANG": "zh_CN.UTF-8"])
        #expect(overLocale.err.contains("not a mobile number"), "\(overLocale.err)")
        let bad = try fieldline(["check", "phone-cn"], stdin: "13812345678\n", environment: ["FIELDLINE_LANG": "klingon"])
        #expect(bad.status == 0 && bad.err == "fieldline: FIELDLINE_LANG=klingon names no language (zh or en); the locale's is used\n")
    }

    @Test func badSettingsAreUsageErrors() throws {
        let timeout = try fieldline(["ask", "digits"], environment: ["FIELDLINE_TIMEOUT": "soon"])
        #expect(timeout.status == 64 && timeout.err.contains("FIELDLINE_TIMEOUT must be a number of seconds above 0"), "\(timeout.err)")
        let needs = try fieldline(["ask", "digits", "--on-timeout", "default", "--default", "4"])
        #expect(needs.status == 64 && needs.err.contains("--on-timeout default needs --timeout and --default"), "\(needs.err)")
        let invalid = try fieldline(["ask", "digits", "--timeout", "5", "--on-timeout", "default", "--default", "4x"])
        #expect(invalid.status == 64 && invalid.err.contains("--default '4x' is not a value this field takes"), "\(invalid.err)")
    }
}
