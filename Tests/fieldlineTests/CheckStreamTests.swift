import Foundation
import Testing
@testable import TestSupport

/// `fieldline check` exit codes and how stdin is split into lines.
@Suite struct CheckStreamTests {
    @Test(arguments: [
        (["check", "phone-cn"], "13812345678\n", 0),
        (["check", "phone-cn"], "13812345678\n138\n", 65),
        (["check", "phone-cn"], "", 0),
        (["check", "nosuch"], "13812345678\n", 64),
        (["check", "text", "--count", "bogus"], "a\n", 64),
        (["check", "text", "--limit", "0"], "a\n", 64),
        (["check", "phone-cn", "--upgrade-legacy"], "13812345678\n", 64),
        (["check", "phone-cn", "--output", "xml"], "13812345678\n", 64),
    ])
    func exitStatus(args: [String], input: String, status: Int) throws {
        #expect(try Int(fieldline(args, stdin: input).status) == status)
    }

    @Test(arguments: [
        (["check", "nosuch"], "Error: unknown keymap 'nosuch'; known keymaps: card, choice, confirm, country, date, digits, email, hostname, idcard-cn, ipv4, phone, phone-cn, phone-us, port, region-cn, semver, text\n"),
        (["check", "text", "--limit", "0"], "Error: --limit must be at least 1\n"),
        (["check", "phone-cn", "--upgrade-legacy"], "Error: --upgrade-legacy only applies to resident ID fields such as idcard-cn\n"),
    ])
    func usageMessage(args: [String], firstLine: String) throws {
        let r = try fieldline(args)
        #expect(r.err.hasPrefix(firstLine), "\(r.err)")
        #expect(r.out == "")
    }

    @Test func emptyInputPrintsNothing() throws {
        #expect(try fieldline(["check", "phone-cn"]) == ("", "", 0))
        #expect(try fieldline(["check", "phone-cn"], stdin: "") == ("", "", 0))
    }

    @Test func directoryAsStdinIsUnreadable() throws {
        let r = try Spawn.run(["/bin/sh", "-c", "\"$0\" check phone-cn < /", fieldlineURL.path])
        #expect(r.status == 66)
        #expect(r.out == "")
        #expect(r.err == "fieldline: cannot read standard input: Is a directory\n")
    }

    @Test func invalidUTF8LineIsInvalidAndLaterLinesStillRun() throws {
        let input = Data("ok\n".utf8) + Data([0xFF, 0xFE, 0x0A]) + Data("fine\n".utf8)
        let r = try fieldline(["check", "text"], stdinData: input)
        #expect(r.out == "ok\n\nfine\n")
        #expect(r.err == "2: not valid UTF-8 text\n")
        #expect(r.status == 65)
    }

    @Test(arguments: [
        ("13812345678\r\n13912345678\r\n", "13812345678\n13912345678\n", ""),
        ("13812345678\n13912345678", "13812345678\n13912345678\n", ""),
        ("13812345678\r\n138", "13812345678\n\n", "2: too short for CN\n"),
        ("\n", "\n", "1: a value is required\n"),
    ])
    func lineEndings(input: String, out: String, err: String) throws {
        let r = try fieldline(["check", "phone-cn"], stdin: input)
        #expect(r.out == out)
        #expect(r.err == err)
    }

    @Test func crlfInTextField() throws {
        #expect(try fieldline(["check", "text"], stdin: "a b\r\n").out == "a b\n")
    }
}
