import ArgumentParser
import FieldKit
import Foundation
import Testing
@testable import TestSupport

@testable import fieldline

/// `check`'s command line read without ArgumentParser (`AskCommandLine` with `AskOption.checkGroup`) must never
/// disagree with ArgumentParser: whatever it accepts, ArgumentParser reads the same way; whatever it is unsure of,
/// it leaves alone.
@Suite struct CheckCommandLineTests {
    /// Command lines the fast path takes; each must mean exactly what ArgumentParser makes of it.
    static let accepted: [[String]] = [
        ["text"], ["idcard-cn"], ["phone"],
        ["phone", "--assume", "CN"], ["--assume=GB", "phone"], ["phone", "--countries", "CN,US", "--kinds", "mobile"],
        ["phone", "--assume", "US", "--national", "--output", "display"],
        ["text", "--limit", "12", "--min", "2", "--count", "width", "--output=json"],
        ["text", "--max=7"],
        ["idcard-cn", "--upgrade-legacy"],
        ["--keymap-file=" + AskCommandLineTests.shippedText],
        ["country", "--multi", "--separator", ";", "--max", "2", "--min", "1"],
    ]

    /// Command lines the fast path must leave to ArgumentParser: help, `ask`'s own options, anything unsure.
    static let declined: [[String]] = [
        ["--help"], ["-h"], ["text", "-h"],
        ["text", "--"], ["text", "extra"],
        ["text", "--output"], ["text", "--output", "xml"], ["text", "--output="],
        ["phone", "--assume", "-1"], ["text", "--limit", "3", "--max", "4"],
        ["text", "--prompt", "x"], ["text", "--value", "1"], ["text", "--secret"], ["text", "--no-such-option"],
        ["choice", "--choices", "-"],
    ]

    @Test(arguments: accepted)
    func fastPathReadsWhatArgumentParserReads(_ arguments: [String]) throws {
        let fast = try #require(AskCommandLine.request(["check"] + arguments, command: "check", options: AskOption.checkGroup))
        let parsed = try Check.parse(arguments)
        var expected = AskRequest()
        expected.keymap = parsed.keymap
        expected.keymapFile = parsed.field.keymapFile
        expected.choices = parsed.field.choices
        expected.field = parsed.field.fieldOptions
        expected.output = parsed.output
        #expect(fast == expected)
    }

    @Test(arguments: declined)
    func fastPathLeavesTheRestToArgumentParser(_ arguments: [String]) {
        #expect(AskCommandLine.request(["check"] + arguments, command: "check", options: AskOption.checkGroup) == nil)
    }

    @Test(arguments: [["ask", "text"], ["checks", "text"], [], ["text"]])
    func onlyCheckIsRead(_ arguments: [String]) {
        #expect(AskCommandLine.request(arguments, command: "check", options: AskOption.checkGroup) == nil)
    }

    /// Both readers know the same option names, so a new `check` option cannot silently be missing from the fast
    /// reader: names come from ArgumentParser's own description of the command.
    @Test func bothKnowTheSameOptions() throws {
        let help = Check.helpMessage(columns: 400)
        let names = Set(help.split(whereSeparator: { " ,\n".contains($0) }).compactMap { word -> String? in
            guard word.hasPrefix("--") else { return nil }
            return String(word.prefix { $0 == "-" || $0.isLetter })
        })
        let fast = Set(AskOption.checkGroup.flatMap(\.spellings))
        // `--lang` is taken off the command line before either reader sees it (Main).
        #expect(names.subtracting(["--help", "--lang"]) == fast)
    }

    /// A run read by the fast path and the same run read by ArgumentParser (a trailing `--` makes the fast path
    /// decline and changes nothing else) give the same output, messages and exit code: valid lines, refused lines,
    /// usage errors and keymap problems.
    @Test(arguments: [
        (["phone", "--assume", "CN"], "13812345678\n+44 20 7946 0958\n12\n\n"),
        (["idcard-cn"], "110105199003071239\n110105199003071230\nabc\n"),
        (["idcard-cn", "--output", "json"], "110105199003071239\n110105199003071230\n"),
        (["text", "--limit", "3", "--output", "display"], "ab\nabcd\n"),
        (["nope"], "1\n"), (["text", "--limit", "0"], "1\n"), (["text", "--min", "5", "--max", "3"], "1\n"),
        (["text", "--upgrade-legacy"], "1\n"), (["--keymap-file", "/nonexistent.yaml"], "1\n"), ([], "1\n"),
        (["text", "--multi"], "1\n"), (["phone", "--assume", "XX"], "1\n"), (["phone", "--kinds", "cellular"], "1\n"),
    ] as [([String], String)])
    func runsTheSameBothWays(_ arguments: [String], input: String) throws {
        let fast = try TestSupport.fieldline(["check"] + arguments, stdin: input)
        let slow = try TestSupport.fieldline(["check"] + arguments + ["--"], stdin: input)
        #expect(fast.out == slow.out)
        #expect(fast.err == slow.err)
        #expect(fast.status == slow.status)
    }
}
