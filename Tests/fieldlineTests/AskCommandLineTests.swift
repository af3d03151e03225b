import ArgumentParser
import FieldKit
import Foundation
import Testing
@testable import TestSupport

@testable import fieldline

/// `ask`'s fast command-line reader must never disagree with ArgumentParser: whatever it accepts, ArgumentParser
/// reads into the same request; whatever it is unsure of, it leaves alone.
@Suite struct AskCommandLineTests {
    /// A keymap file by path (ArgumentParser's parse also validates, which loads the keymap).
    static let shippedText = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("keymaps/text.yaml").path

    /// Command lines the fast path takes; each must mean exactly what ArgumentParser makes of it.
    static let accepted: [[String]] = [
        ["text"],
        ["phone-cn", "--prompt", "Mobile: "],
        ["--prompt", "Mobile: ", "phone-cn"],
        ["text", "--prompt", ""],
        ["text", "--prompt=a=b"],
        ["text", "--limit", "12", "--min", "2", "--count", "width"],
        ["text", "--max=7"],
        ["text", "--limit", "010"],
        ["idcard-cn", "--upgrade-legacy", "--no-bell", "--secret"],
        ["text", "--default", "abc", "--value", "x y", "--output", "json"],
        ["text", "--output=display", "--timeout", "2.5"],
        ["text", "--timeout", "1e1"],
        ["text", "--history", "/tmp/h", "--keymap-file", shippedText],
        ["--keymap-file=" + shippedText],
        [shippedText, "--prompt", "名字：", "--default", "１２"],
        ["country", "--multi", "--separator", ";", "--max", "2", "--min", "1"],
        ["text", "--placeholder", "e.g. Zhang San"], ["phone", "--placeholder", ""], ["text", "--placeholder=例如 张三"],
        ["phone-cn", "--name", "mobile", "--answers", "a.yaml", "--answers-partial", "--non-interactive", "--save-answers=s.json"],
        ["digits", "--verify", "--secret"],
    ]

    /// Command lines the fast path must leave to ArgumentParser (help, errors, anything it cannot be sure of).
    static let declined: [[String]] = [
        ["--help"], ["-h"], ["text", "-h"], ["--version"],
        ["text", "--"], ["text", "--", "--x"],
        ["text", "extra"],
        ["text", "--prompt"], ["text", "--prompt="],
        ["text", "--prompt", "-> "], ["text", "--prompt=-> "], ["text", "--timeout", "-1"],
        ["text", "--limit", "3", "--max", "4"], ["text", "--secret", "--secret"], ["text", "--prompt", "a", "--prompt", "b"],
        ["text", "--limit", "twelve"], ["text", "--limit", "1.5"], ["text", "--timeout", "soon"],
        ["text", "--count", "bytes"], ["text", "--output", "xml"],
        ["text", "--secret=yes"], ["text", "--no-such-option"], ["text", "--promp", "x"],
        ["-"], ["--experimental-dump-help"],
    ]

    @Test(arguments: accepted)
    func fastPathReadsWhatArgumentParserReads(_ arguments: [String]) throws {
        let fast = try #require(AskCommandLine.request(["ask"] + arguments))
        let parsed = try Ask.parse(arguments)
        #expect(fast == parsed.request)
    }

    /// Usage problems the fast path accepts as syntax (an unknown keymap, a bad number) are still reported by
    /// ArgumentParser: the same message, usage line and exit code as a command line that never took the fast
    /// path (a trailing `--` makes the fast path decline and changes nothing else).
    @Test(arguments: [
        ["nope"], ["text", "--limit", "0"], ["text", "--timeout=0"], ["text", "--timeout", "0"], ["text", "--min", "5", "--max", "3"],
        ["text", "--upgrade-legacy"], ["--keymap-file", "/nonexistent.yaml"], [],
        ["text", "--multi"], ["country", "--separator", ";"], ["country", "--multi", "--min", "3", "--max", "2"], ["country", "--limit", "3"],
        ["text", "--timeout", "inf"], ["text", "--timeout", "1e300"], ["text", "--timeout", "2e10"],
        ["text", "--timeout", "nan"], ["text", "--timeout", "1000001"],
        ["text", "--placeholder", String(repeating: "x", count: 201)],
    ])
    func usageErrorsReadTheSameBothWays(_ arguments: [String]) throws {
        let fast = try TestSupport.fieldline(["ask"] + arguments + ["--value", "1"])
        let slow = try TestSupport.fieldline(["ask"] + arguments + ["--value", "1", "--"])
        #expect(fast.status != 0)
        #expect(fast.out == slow.out)
        #expect(fast.err == slow.err)
        #expect(fast.status == slow.status)
    }

    /// A placeholder is one hint on the field's row: more than 200 characters is a usage error, found before asking.
    @Test func aTooLongPlaceholderIsAUsageError() throws {
        let run = try TestSupport.fieldline(["ask", "text", "--placeholder", String(repeating: "字", count: 201), "--value", "1"])
        #expect(run.status == 64)
        #expect(run.err.contains("--placeholder: a placeholder has at most 200 characters, this one 201"), "\(run.err)")
        #expect(try TestSupport.fieldline(["ask", "text", "--placeholder", String(repeating: "字", count: 200), "--value", "1"]).status == 0)
    }

    /// Timeouts a deadline cannot hold are usage errors, not a trap in the conversion to nanoseconds.
    @Test(arguments: ["inf", "1e300", "2e10", "nan", "1000001", "0"])
    func timeoutsOutOfRangeAreUsageErrors(_ seconds: String) throws {
        let run = try TestSupport.fieldline(["ask", "digits", "--timeout", seconds, "--value", "1"])
        #expect(run.status == 64)
        #expect(run.err.contains("--timeout must be a number of seconds above 0 and at most 1000000"), "\(run.err)")
    }

    @Test(arguments: declined)
    func fastPathLeavesTheRestToArgumentParser(_ arguments: [String]) {
        #expect(AskCommandLine.request(["ask"] + arguments) == nil)
    }

    @Test(arguments: [["check", "text"], ["demo"], ["ASK", "text"], [], ["keymaps"]])
    func onlyAskIsRead(_ arguments: [String]) {
        #expect(AskCommandLine.request(arguments) == nil)
    }

    /// Both readers know the same option names, so a new `ask` option cannot silently take the slow path (or
    /// be missing from the fast one): names come from ArgumentParser's own description of the command.
    @Test func bothKnowTheSameOptions() throws {
        let help = Ask.helpMessage(columns: 400)
        let names = Set(help.split(whereSeparator: { " ,\n".contains($0) }).compactMap { word -> String? in
            guard word.hasPrefix("--") else { return nil }
            return String(word.prefix { $0 == "-" || $0.isLetter })
        })
        let fast = Set(AskOption.all.flatMap(\.spellings))
        // `--lang` is shown in help but taken off the command line before either reader sees it (Main).
        #expect(names.subtracting(["--help", "--lang"]) == fast)
    }
}

/// The spelling of the limit both readers give messages: the last `--limit` or `--max` before a `--`.
@Suite struct LimitSpellingScanTests {
    @Test(arguments: [
        (["fieldline", "check", "text"], "--limit"),
        (["fieldline", "check", "text", "--max", "3"], "--max"),
        (["fieldline", "check", "text", "--max=3"], "--max"),
        (["fieldline", "check", "text", "--max", "3", "--limit=4"], "--limit"),
        (["fieldline", "check", "text", "--limit", "3", "--max", "4"], "--max"),
        (["fieldline", "ask", "text", "--max", "3", "--", "--limit"], "--max"),
        (["fieldline", "ask", "text", "--maximum", "3"], "--limit"),
    ] as [([String], String)])
    func lastSpellingBeforeTheEndOfOptions(arguments: [String], spelling: String) {
        #expect(AskOption.limitSpelling(in: arguments) == spelling)
    }
}
