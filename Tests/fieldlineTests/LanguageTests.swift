import Foundation
import Testing
@testable import TestSupport

/// Messages in the user's language: Chinese under a Chinese locale or `--lang zh`, English otherwise; the values
/// on stdout and the JSON keys never change with the language.
@Suite struct LanguageTests {
    static let chinese = ["LANG": "zh_CN.UTF-8"]
    static let english = ["LANG": "C.UTF-8"]

    /// Each validator's main failure, with its English and Chinese message.
    static let failures: [(keymap: [String], line: String, english: String, chinese: String)] = [
        (["idcard-cn"], "110105194912310021", "check character should be X", "校验码应为 X"),
        (["phone-cn"], "12312341234", "not a mobile number (CN mobile numbers start 13 to 19)", "不是手机号码（CN 的手机号码以 13 至 19 开头）"),
        (["phone"], "+44 20", "too short for GB", "对 GB 来说太短"),
        (["phone-us"], "4112345678", "US area codes do not end 11 (411 is a service number)", "US 的区号不以 11 结尾（411 是服务号码）"),
        (["date"], "1990-02-30", "no such date 1990-02-30", "没有 1990-02-30 这个日期"),
        (["card"], "4111111111111112", "check digit should be 1", "校验位应为 1"),
        (["ipv4"], "256.1.1.1", "256 is more than 255", "256 大于 255"),
        (["email"], "a@b", "the domain needs a dot, e.g. example.com", "域名需要有点，如 example.com"),
        (["hostname"], "-a.com", "a label cannot start or end with a hyphen", "标签不能以连字符开头或结尾"),
        (["semver"], "1.2.x", "MAJOR, MINOR and PATCH are numbers", "MAJOR、MINOR 和 PATCH 都必须是数字"),
        (["port"], "70000", "must be from 1 to 65535, not 70000", "必须在 1 到 65535 之间，不是 70000"),
        (["digits"], "12a", "unexpected 'a' at column 3: position 3 takes a digit", "第 3 列的 'a' 不应出现：第 3 位只能是数字"),
        (["text", "--limit", "3"], "abcd", "at most 3 characters, has 4", "最多 3 个字符，现有 4"),
        (["country"], "Atlantis", "not one of the choices: 'Atlantis'", "不是任何一个选项：'Atlantis'"),
        (["region-cn"], "广东省", "广东省 needs one of the 21 choices under it", "广东省 还需要选择其下 21 个选项之一"),
    ]

    @Test(arguments: failures.indices)
    func checkSaysWhyInTheLocalesLanguageAndPrintsTheSameValues(index: Int) throws {
        let (keymap, line, english, chinese) = Self.failures[index]
        let input = line + "\n"
        let en = try fieldline(["check"] + keymap, stdin: input, environment: Self.english)
        let zh = try fieldline(["check"] + keymap, stdin: input, environment: Self.chinese)
        #expect(en.status == 65 && zh.status == 65)
        #expect(en.err.hasPrefix("1: " + english), "\(en.err)")
        #expect(zh.err.hasPrefix("1: " + chinese), "\(zh.err)")
        #expect(en.out == zh.out)
    }

    /// The failures whose value a paste takes whole (the others refuse the paste, and replay's message is then
    /// the empty field's).
    static let pastedWhole = failures.indices.filter { ["idcard-cn", "phone", "date", "card", "ipv4", "email", "hostname", "semver", "port"].contains(failures[$0].keymap[0]) }

    @Test(arguments: pastedWhole)
    func replayJSONGivesTheMessageInTheLanguageAndTheSameKeys(index: Int) throws {
        let (keymap, line, english, chinese) = Self.failures[index]
        let args = ["replay", "--json"] + keymap + ["--paste=" + line]
        let en = try fieldline(args, environment: Self.english), zh = try fieldline(args, environment: Self.chinese)
        let enMembers = try jsonMembers(en.out), zhMembers = try jsonMembers(zh.out)
        #expect(Set(enMembers.keys) == Set(zhMembers.keys))
        #expect(enMembers["value"] == zhMembers["value"] && enMembers["status"] == zhMembers["status"])
        #expect(enMembers["message"] == "\"\(english)\"", "\(en.out)")
        #expect(zhMembers["message"] == "\"\(chinese)\"", "\(zh.out)")
    }

    @Test func validValuesPrintTheSameInBothLanguages() throws {
        let lines = "13812345678\n138-1234-5678\n+86 186 7240 3197\n"
        for output in ["value", "display", "json"] {
            let en = try fieldline(["check", "phone-cn", "--output", output], stdin: lines, environment: Self.english)
            let zh = try fieldline(["check", "phone-cn", "--output", output], stdin: lines, environment: Self.chinese)
            #expect(en.status == 0 && en.out == zh.out && !en.out.isEmpty, "\(output): \(en.out) / \(zh.out)")
        }
    }

    @Test func langOverridesTheLocaleOnAnyCommand() throws {
        let zh = try fieldline(["check", "date", "--lang", "zh"], stdin: "1990-02-30\n", environment: Self.english)
        #expect(zh.err == "1: 没有 1990-02-30 这个日期\n")
        let en = try fieldline(["--lang=en", "check", "date"], stdin: "1990-02-30\n", environment: Self.chinese)
        #expect(en.err == "1: no such date 1990-02-30\n")
        let usage = try fieldline(["ask", "no-such-keymap", "--lang", "zh"])
        #expect(usage.status == 64 && usage.err.contains("未知键映射 'no-such-keymap'"), "\(usage.err)")
        let bad = try fieldline(["check", "date", "--lang", "fr"], stdin: "")
        #expect(bad.status == 64 && bad.err == "fieldline: --lang: no language 'fr' (use zh or en)\n")
        // After -- a --lang is a key to replay, not an option.
        let replayed = try fieldline(["replay", "text", "--", "--lang"], environment: Self.chinese)
        #expect(replayed.out == "--lang|\n", "\(replayed)")
    }

    @Test(arguments: [
        (["LC_ALL": "C.UTF-8", "LANG": "zh_CN.UTF-8"], false), (["LC_MESSAGES": "zh_CN.UTF-8", "LANG": "C.UTF-8"], true),
        (["LANG": "zh_TW.UTF-8"], true), (["LANG": "zh_SG.UTF-8"], true), (["LANG": "en_US.UTF-8"], false), (["LANG": ""], false),
    ])
    func theMessagesLocaleDecides(environment: [String: String], chinese: Bool) throws {
        let run = try fieldline(["check", "date"], stdin: "1990-02-30\n", environment: environment)
        #expect(run.err == (chinese ? "1: 没有 1990-02-30 这个日期\n" : "1: no such date 1990-02-30\n"))
    }

    @Test func aCopiedBinarySpeaksChineseWithNoInstalledCatalogue() throws {
        let scratch = try ScratchFolder("lang")
        let copy = scratch.path("fieldline")
        try FileManager.default.copyItem(atPath: fieldlineURL.path, toPath: copy)
        let zh = try Spawn.run([copy, "check", "idcard-cn"], stdin: Data("110105194912310021\n".utf8), environment: Self.chinese)
        #expect(zh.err == "1: 校验码应为 X\n")
        let en = try Spawn.run([copy, "check", "idcard-cn"], stdin: Data("110105194912310021\n".utf8), environment: Self.english)
        #expect(en.err == "1: check character should be X\n")
    }

    @Test func helpSummariesAndKeymapDescriptionsFollowTheLanguage() throws {
        let help = try fieldline(["check", "--help"], environment: Self.chinese)
        #expect(help.out.contains("OVERVIEW: 校验标准输入中每行一个值。"), "\(help.out)")
        let list = try fieldline(["keymaps", "list"], environment: Self.chinese)
        #expect(list.out.contains("中国居民身份证号（GB 11643-1999）"), "\(list.out)")
        let english = try fieldline(["keymaps", "list"], environment: Self.english)
        #expect(english.out.contains("Chinese resident ID number (GB 11643-1999)"))
    }

    /// `--lang` is taken off the command line before parsing, so only help can show it: every command's does.
    @Test func everyCommandsHelpShowsLang() throws {
        let commands: [[String]] = [[], ["ask"], ["check"], ["replay"], ["form"], ["keymaps", "list"], ["keymaps", "show"],
                                    ["keymaps", "lint"], ["demo"]]
        for command in commands {
            let help = try fieldline(command + ["--help"], environment: Self.english)
            #expect(help.out.contains("--lang <zh|en>") && help.out.contains("LC_ALL, LC_MESSAGES or LANG"),
                    "\(command): \(help.out)")
        }
        let top = try fieldline(["--help"], environment: Self.english)
        #expect(top.out.contains("PostgreSQL"), "the top-level help says form saves to PostgreSQL too")
        let chinese = try fieldline(["check", "--help", "--lang", "zh"], environment: Self.english)
        #expect(chinese.out.contains("消息和提示使用的语言"), "\(chinese.out)")
    }

    @Test func pickersShowWeekdaysAndCountryNamesInTheLanguage() throws {
        let zhDate = try fieldline(["replay", "--json", "date", "--paste", "2026-11-27"], environment: Self.chinese)
        let enDate = try fieldline(["replay", "--json", "date", "--paste", "2026-11-27"], environment: Self.english)
        #expect(try jsonMembers(zhDate.out)["counter"] == "\"周五\"" && jsonMembers(enDate.out)["counter"] == "\"Fri\"")
        let zhCountry = try fieldline(["replay", "country", "de"], environment: Self.chinese)
        let enCountry = try fieldline(["replay", "country", "de"], environment: Self.english)
        #expect(zhCountry.out == "de|  > 🇩🇪 德国 Germany +49\n" && enCountry.out == "de|  > 🇩🇪 Germany 德国 +49\n")
        // The value is the code either way.
        for environment in [Self.chinese, Self.english] {
            #expect(try fieldline(["check", "country"], stdin: "德国\n", environment: environment).out == "DE\n")
        }
    }

    @Test func theNoTerminalPathsSayTheSameInBothLanguages() throws {
        let zh = try fieldline(["ask", "idcard-cn", "--value", "110105194912310021"], environment: Self.chinese.merging(["NO_COLOR": "1", "TERM": "dumb"]) { $1 })
        let en = try fieldline(["ask", "idcard-cn", "--value", "110105194912310021"], environment: Self.english.merging(["NO_COLOR": "1", "TERM": "dumb"]) { $1 })
        #expect(zh.status == en.status && zh.status == 65 && zh.out == en.out)
        #expect(zh.err.contains("校验码应为 X") && en.err.contains("check character should be X"), "\(zh.err) / \(en.err)")
    }

    /// A keymap file in a scratch folder, removed when the test ends.
    static func keymap(_ text: String) throws -> (path: String, remove: () -> Void) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fl-lang-km-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("code.yaml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return (path, { try? FileManager.default.removeItem(at: folder) })
    }

    @Test func aKeymapGivesItsOwnMessageInSeveralLanguages() throws {
        let file = try Self.keymap("""
            name: code
            description: {en: A product code, zh: 产品代码}
            validators:
              - regex:
                  pattern: '^[A-Z]{2}[0-9]{4}$'
                  message: {en: "two capitals, then four digits", zh: "两个大写字母，再加四位数字"}
            """)
        defer { file.remove() }
        #expect(try fieldline(["keymaps", "lint", file.path], environment: Self.english).status == 0)
        let zh = try fieldline(["check", "--keymap-file", file.path], stdin: "ab12\nAB1234\n", environment: Self.chinese)
        let en = try fieldline(["check", "--keymap-file", file.path], stdin: "ab12\nAB1234\n", environment: Self.english)
        #expect(zh.err == "1: 两个大写字母，再加四位数字\n" && en.err == "1: two capitals, then four digits\n", "\(zh.err) / \(en.err)")
        #expect(zh.out == en.out && en.out == "\nAB1234\n")
    }

    @Test func lintChecksTheLanguagesAKeymapGives() throws {
        let file = try Self.keymap("""
            name: code
            validators:
              - regex: {pattern: '^[a-z]+$', message: {fr: "minuscules", zh: "小写字母"}}
            """)
        defer { file.remove() }
        let en = try fieldline(["keymaps", "lint", file.path], environment: Self.english)
        #expect(en.status == 78)
        #expect(en.err.contains("unknown language 'fr' in message (known: en, zh)"), "\(en.out)")
        #expect(en.err.contains("message needs an English text (en), shown where no other language fits"), "\(en.err)")
        // The diagnostics themselves follow the language.
        let zh = try fieldline(["keymaps", "lint", file.path], environment: Self.chinese)
        #expect(zh.status == 78 && zh.err.contains("message 中有未知语言 'fr'（已有：en, zh）"), "\(zh.err)")
    }

    @Test func formImportReportsInTheLanguageAndSavesTheSameRecords() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fl-lang-form-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let form = folder.appendingPathComponent("staff.yaml").path
        try "name: staff\nfields:\n  - {name: phone, keymap: phone-cn}\n  - {name: id, keymap: idcard-cn, unique: true}\n"
            .write(toFile: form, atomically: true, encoding: .utf8)
        let input = #"{"phone":"13812345678","id":"11010519491231002X"}"# + "\n" + #"{"phone":"1381234","id":"11010519491231002X"}"#
            + "\n" + #"{"phone":"13812345678","id":"11010519491231002X"}"# + "\n"
        var saved: [String] = []
        for (environment, expected) in [(Self.chinese, ["2:phone: 对 CN 来说太短", "3:id: '11010519491231002X' 已在 标准输出 的第 1 条记录中"]),
                                        (Self.english, ["2:phone: too short for CN", "3:id: '11010519491231002X' is already in record 1 of standard output"])] {
            let run = try fieldline(["form", form, "--input", "-", "--out", "-"], stdin: input, environment: environment)
            #expect(run.status == 65)
            #expect(withoutSummary(run.err).split(separator: "\n").map(String.init) == expected, "\(run.err)")
            saved.append(run.out.replacingOccurrences(of: #""(saved_at|record_id)":"[^"]*""#, with: "", options: .regularExpression))
        }
        #expect(saved[0] == saved[1] && saved[0].contains("13812345678"))
    }
}
