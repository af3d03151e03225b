import Foundation
import Testing
@testable import TestSupport

/// Nobody there to ask (`--non-interactive`, `FIELDLINE_NONINTERACTIVE=1`, `DEBIAN_FRONTEND=noninteractive`):
/// `ask` and `confirm` never read the terminal or stdin; each takes its answer, else its default (checked by the
/// keymap), else fails at once with 64 naming the question.
@Suite struct NonInteractiveTests {
    /// The three ways of saying nobody is there: arguments added and environment.
    static let modes: [([String], [String: String])] = [
        (["--non-interactive"], [:]), ([], ["FIELDLINE_NONINTERACTIVE": "1"]), ([], ["DEBIAN_FRONTEND": "noninteractive"]),
    ]

    @Test func confirmTakesItsDefaultOrFailsNamingTheQuestion() throws {
        for (flag, environment) in Self.modes {
            // A line on stdin is not read: nobody is there to have typed it.
            let yes = try fieldline(["confirm", "--default", "yes"] + flag, stdin: "n\n", environment: environment)
            #expect(yes.status == 0 && yes.out == "" && yes.err == "", "\(flag) \(environment): \(yes)")
            let no = try fieldline(["confirm", "--default", "no", "--output", "value"] + flag, environment: environment)
            #expect(no.status == 1 && no.out == "no\n", "\(no)")
            let none = try fieldline(["confirm"] + flag, stdin: "y\n", environment: environment)
            #expect(none.status == 64 && none.out == "", "\(none)")
            #expect(none.err == "fieldline: nobody to ask (non-interactive) and no answer or default for: confirm\n", "\(none.err)")
            let named = try fieldline(["confirm", "--name", "install"] + flag, environment: environment)
            #expect(named.status == 64 && named.err.hasSuffix("no answer or default for: install\n"), "\(named)")
        }
        // FIELDLINE_NONINTERACTIVE=0 and another DEBIAN_FRONTEND leave the mode off: the line on stdin answers.
        for environment in [["FIELDLINE_NONINTERACTIVE": "0"], ["DEBIAN_FRONTEND": "readline"]] {
            let run = try fieldline(["confirm"], stdin: "y\n", environment: environment)
            #expect(run.status == 0, "\(environment): \(run)")
        }
    }

    @Test func askTakesItsDefaultCheckedByTheKeymap() throws {
        for (flag, environment) in Self.modes {
            let run = try fieldline(["ask", "phone-cn", "--default", "+86 138 1234 5678", "--output", "display"] + flag,
                                    stdin: "13912345678\n", environment: environment)
            #expect(run.status == 0 && run.out == "138-1234-5678\n" && run.err == "", "\(run)")
            let short = try fieldline(["ask", "phone-cn", "--name", "mobile", "--default", "1381234"] + flag, environment: environment)
            #expect(short.status == 65 && short.out == "" && short.err == "fieldline: mobile: too short for CN\n", "\(short)")
            let none = try fieldline(["ask", "phone-cn"] + flag, environment: environment)
            #expect(none.status == 64 && none.err == "fieldline: nobody to ask (non-interactive) and no answer or default for: phone-cn\n", "\(none)")
        }
        let maybe = try fieldline(["confirm", "--name", "install", "--default", "yes", "--non-interactive"],
                                  environment: ["FIELDLINE_ANSWER_INSTALL": "maybe"])
        #expect(maybe.status == 65 && maybe.err == "fieldline: install: answer yes or no (y, n, 是, 否), not 'maybe'\n", "\(maybe)")
    }

    @Test func messagesInChinese() throws {
        let none = try fieldline(["ask", "phone-cn", "--name", "mobile", "--non-interactive"], environment: LanguageTests.chinese)
        #expect(none.status == 64 && none.err == "fieldline: 无人可问（非交互）且没有答案或默认值：mobile\n", "\(none.err)")
        let short = try fieldline(["ask", "phone-cn", "--name", "mobile", "--default", "1381234", "--non-interactive"], environment: LanguageTests.chinese)
        #expect(short.status == 65 && short.err.hasPrefix("fieldline: mobile: ") && !short.err.contains("too short"), "\(short.err)")
    }

    /// An answer wins over the environment (`FIELDLINE_ANSWER_NAME`), which wins over the default; all checked.
    @Test func anAnswerWinsOverTheEnvironmentWhichWinsOverTheDefault() throws {
        let s = try ScratchFolder()
        try "mobile: 13700000001\n".write(toFile: s.path("a.yaml"), atomically: true, encoding: .utf8)
        try "{}\n".write(toFile: s.path("none.json"), atomically: true, encoding: .utf8)
        let ask = ["ask", "phone-cn", "--name", "mobile", "--default", "13700000003", "--non-interactive"]
        let environment = ["FIELDLINE_ANSWER_MOBILE": "13700000002"]
        #expect(try fieldline(ask + ["--answers", s.path("a.yaml")], environment: environment).out == "13700000001\n")
        #expect(try fieldline(ask + ["--answers", s.path("none.json")], environment: environment).out == "13700000002\n")
        #expect(try fieldline(ask + ["--answers", s.path("none.json")]).out == "13700000003\n")
        // Answered, a question is not asked even with somebody there: stdin's line is left alone.
        let answered = try fieldline(["ask", "phone-cn", "--name", "mobile", "--answers", s.path("a.yaml")], stdin: "13900000000\n")
        #expect(answered.status == 0 && answered.out == "13700000001\n", "\(answered)")
        let fromEnvironment = try fieldline(["confirm", "--name", "install", "--output", "value"], stdin: "y\n",
                                            environment: ["FIELDLINE_ANSWER_INSTALL": "否"])
        #expect(fromEnvironment.status == 1 && fromEnvironment.out == "no\n", "\(fromEnvironment)")
        // Not a name the environment can hold as written: upper-cased, every other character an underscore.
        let dotted = try fieldline(["ask", "text", "--name", "user.full-name", "--non-interactive"], environment: ["FIELDLINE_ANSWER_USER_FULL_NAME": "Zhang San"])
        #expect(dotted.out == "Zhang San\n", "\(dotted)")
    }

    @Test func answersFilesInYAMLAndJSONCheckedByTheKeymap() throws {
        let s = try ScratchFolder()
        try "mobile: '+86 138 1234 5678'\ninstall: true\nidcard: 11010519491231002x\nnothing:\n"
            .write(toFile: s.path("a.yaml"), atomically: true, encoding: .utf8)
        try #"{"mobile": 13912345678, "install": false, "idcard": "110105194912310021"}"#
            .write(toFile: s.path("a.json"), atomically: true, encoding: .utf8)
        func answer(_ args: [String], _ file: String) throws -> Run {
            try fieldline(args + ["--answers", s.path(file), "--answers-partial", "--non-interactive"])
        }
        #expect(try answer(["ask", "phone-cn", "--name", "mobile", "--output", "display"], "a.yaml").out == "138-1234-5678\n")
        #expect(try answer(["ask", "phone-cn", "--name", "mobile"], "a.json").out == "13912345678\n")
        #expect(try answer(["confirm", "--name", "install"], "a.yaml").status == 0)
        #expect(try answer(["confirm", "--name", "install"], "a.json").status == 1)
        #expect(try answer(["ask", "idcard-cn", "--name", "idcard"], "a.yaml").out == "11010519491231002X\n")
        let refused = try answer(["ask", "idcard-cn", "--name", "idcard"], "a.json")
        #expect(refused.status == 65 && refused.err == "fieldline: idcard: check character should be X\n", "\(refused)")
        // `nothing:` leaves its question unanswered.
        let unanswered = try answer(["ask", "text", "--name", "nothing"], "a.yaml")
        #expect(unanswered.status == 64 && unanswered.err.hasSuffix("for: nothing\n"), "\(unanswered)")
    }

    @Test func unknownNamesAndBadFilesAreRefused() throws {
        let s = try ScratchFolder()
        try "mobile: 13812345678\ninstall: yes\nextra: 1\n".write(toFile: s.path("a.yaml"), atomically: true, encoding: .utf8)
        try "mobile: [1, 2]\n".write(toFile: s.path("bad.yaml"), atomically: true, encoding: .utf8)
        try "- a: 1\n- a: 2\n".write(toFile: s.path("list.yaml"), atomically: true, encoding: .utf8)
        let unknown = try fieldline(["ask", "phone-cn", "--name", "mobile", "--answers", s.path("a.yaml")])
        #expect(unknown.status == 65 && unknown.out == "", "\(unknown)")
        #expect(unknown.err == "fieldline: \(s.path("a.yaml")) answers what is not asked here: install, extra (asked: mobile); --answers-partial takes a file that answers other questions too\n", "\(unknown.err)")
        let partial = try fieldline(["ask", "phone-cn", "--name", "mobile", "--answers", s.path("a.yaml"), "--answers-partial"])
        #expect(partial.status == 0 && partial.out == "13812345678\n")
        let bad = try fieldline(["ask", "text", "--name", "mobile", "--answers", s.path("bad.yaml")])
        #expect(bad.status == 65 && bad.err == "\(s.path("bad.yaml")):1:9: the answer to 'mobile' must be one value, not a list or a map\n", "\(bad)")
        let list = try fieldline(["ask", "text", "--name", "a", "--answers", s.path("list.yaml")])
        #expect(list.status == 65 && list.err.contains("is a list of 2 records"), "\(list)")
        let missing = try fieldline(["confirm", "--name", "a", "--answers", s.path("missing.yaml")])
        #expect(missing.status == 66 && missing.err.hasPrefix("fieldline: cannot read the answers file"), "\(missing)")
        for command in [["ask", "text"], ["confirm"]] {
            let nameless = try fieldline(command + ["--answers", s.path("a.yaml")])
            #expect(nameless.status == 64 && nameless.err.contains("--answers needs --name"), "\(nameless)")
        }
    }

    /// `--save-answers` writes what a run took in the format `--answers` reads: replayed, the same answers.
    @Test func savedAnswersReplayOnAnotherRun() throws {
        let s = try ScratchFolder()
        for file in ["saved.yaml", "saved.json"] {
            let path = s.path(file)
            #expect(try fieldline(["ask", "phone-cn", "--name", "mobile", "--save-answers", path], stdin: "+86 138 1234 5678\n").status == 0)
            #expect(try fieldline(["confirm", "--name", "install", "--save-answers", path], stdin: "是\n").status == 0)
            #expect(try fieldline(["ask", "text", "--name", "note", "--value", "a \"quoted\" line", "--save-answers", path]).status == 0)
            // Answered again: replaced in place.
            #expect(try fieldline(["ask", "phone-cn", "--name", "mobile", "--value", "13912345678", "--save-answers", path]).status == 0)
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let expected = file.hasSuffix(".json")
                ? "{\n  \"mobile\": \"13912345678\",\n  \"install\": \"yes\",\n  \"note\": \"a \\\"quoted\\\" line\"\n}\n"
                : "\"mobile\": \"13912345678\"\n\"install\": \"yes\"\n\"note\": \"a \\\"quoted\\\" line\"\n"
            #expect(text == expected, "\(text)")
            #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o600)
            let replay = ["--answers", path, "--answers-partial", "--non-interactive"]
            #expect(try fieldline(["ask", "phone-cn", "--name", "mobile"] + replay).out == "13912345678\n")
            #expect(try fieldline(["confirm", "--name", "install", "--output", "value"] + replay).out == "yes\n")
            #expect(try fieldline(["ask", "text", "--name", "note"] + replay).out == "a \"quoted\" line\n")
        }
        let nameless = try fieldline(["confirm", "--value", "y", "--save-answers", s.path("x.yaml")])
        #expect(nameless.status == 64 && nameless.err.contains("--save-answers needs --name"), "\(nameless)")
    }
}
