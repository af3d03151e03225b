import Foundation
import Testing
@testable import fieldline
import FieldKit
@testable import TestSupport

/// Every option of `ask` and `confirm` in the environment (issue 46 item 5): `FIELDLINE_<COMMAND>_<OPTION>` made
/// from the option lists, read as the option is, listed by `--help` and the man page; the command line wins over
/// it, it wins over the older settings and the defaults; a value the option refuses is refused naming the variable.
@Suite struct OptionEnvironmentTests {
    /// A value each option takes, for the loops over every option: a new option without one fails here, so that
    /// its variable is tested too.
    static let samples: [String: String] = [
        "keymap-file": "my.yaml", "limit": "5", "min": "2", "count": "width", "choices": "list.txt", "upgrade-legacy": "1",
        "countries": "CN,US", "assume": "GB", "kinds": "mobile", "national": "true", "multi": "yes", "separator": ";",
        "prompt": "Mobile: ", "default": "yes", "value": "13812345678", "output": "display", "timeout": "30",
        "on-timeout": "default", "no-bell": "1", "accessible": "1", "history": "h.txt", "secret": "1", "placeholder": "e.g. 138",
        "verify": "1", "name": "mobile", "answers": "a.yaml", "answers-partial": "1", "non-interactive": "1",
        "save-answers": "s.yaml",
    ]

    /// For every option of both commands: its variable gives the command line the option would (so the command
    /// reads it as the option, through the same parsing), and `--help` names the variable beside the option.
    @Test(arguments: OptionEnvironment.commands.map(\.name))
    func everyOptionHasAVariableThatActsAsIt(_ command: String) throws {
        let options = try #require(OptionEnvironment.commands.first { $0.name == command }?.options)
        #expect(options.count >= 12, "\(command): \(options.count) options")
        let help = try fieldline([command, "--help"])
        #expect(help.status == 0)
        for option in options {
            let name = option.names[0]
            let variable = "FIELDLINE_" + command.uppercased() + "_" + name.uppercased().replacingOccurrences(of: "-", with: "_")
            let sample = try #require(Self.samples[name], "no sample value for --\(name): add one")
            let typed = [command] + (option.takesValue ? ["--" + name, sample] : ["--" + name])
            let fromEnvironment = try OptionEnvironment.applied(to: [command]) { $0 == variable ? sample : nil }
            #expect(fromEnvironment.arguments == typed, "\(variable)")
            #expect(fromEnvironment.taken.map(\.variable) == [variable])
            // Given on the command line (by any of its names), the option wins: the variable is not read.
            for spelling in option.names.map({ "--" + $0 }) {
                let given = [command, spelling + (option.takesValue ? "=x" : "")]
                #expect(try OptionEnvironment.applied(to: given) { $0 == variable ? sample : nil }.arguments == given)
            }
            #expect(help.out.contains(variable + "  --" + name), "\(command) --help does not list \(variable)")
        }
        if command == "ask" {
            #expect(Set(options.map(\.names)) == Set(AskOption.all.map(\.names)))
        }
    }

    /// `confirm`'s list is what ArgumentParser declares (as AskCommandLineTests checks `ask`'s), so a new option
    /// cannot be left without its variable.
    @Test func confirmsListIsWhatItDeclares() {
        let help = Confirm.helpMessage(columns: 400)
        let declared = Set(help.split(whereSeparator: { " ,\n".contains($0) }).compactMap { word -> String? in
            guard word.hasPrefix("--") else { return nil }
            return String(word.prefix { $0 == "-" || $0.isLetter })
        })
        #expect(declared.subtracting(["--help", "--lang"]) == Set(ConfirmOption.all.flatMap(\.dashedSpellings)))
    }

    /// The variables at work, end to end: each changes what the command does, and the option on the command line
    /// wins.
    @Test func variablesAreHonouredAndTheCommandLineWins() throws {
        let display = try fieldline(["ask", "phone-cn", "--value", "13812345678"], environment: ["FIELDLINE_ASK_OUTPUT": "display"])
        #expect(display.status == 0 && display.out == "138-1234-5678\n", "\(display)")
        let typed = try fieldline(["ask", "phone-cn", "--value", "13812345678", "--output", "value"], environment: ["FIELDLINE_ASK_OUTPUT": "display"])
        #expect(typed.out == "13812345678\n", "\(typed)")
        // A value option whose value starts with `-`, and a flag.
        let dash = try fieldline(["ask", "text", "--non-interactive"], environment: ["FIELDLINE_ASK_DEFAULT": "-x-"])
        #expect(dash.status == 0 && dash.out == "-x-\n", "\(dash)")
        let flag = try fieldline(["ask", "text", "--default", "a"], environment: ["FIELDLINE_ASK_NON_INTERACTIVE": "true"])
        #expect(flag.status == 0 && flag.out == "a\n", "\(flag)")
        let off = try fieldline(["ask", "text", "--default", "a"], stdin: "b\n", environment: ["FIELDLINE_ASK_NON_INTERACTIVE": "0"])
        #expect(off.status == 0 && off.out == "b\n", "an off flag is no flag: \(off)")
        // confirm's.
        let yes = try fieldline(["confirm", "--non-interactive"], environment: ["FIELDLINE_CONFIRM_DEFAULT": "yes", "FIELDLINE_CONFIRM_OUTPUT": "value"])
        #expect(yes.status == 0 && yes.out == "yes\n", "\(yes)")
        let no = try fieldline(["confirm", "--non-interactive", "--default", "no"], environment: ["FIELDLINE_CONFIRM_DEFAULT": "yes"])
        #expect(no.status == 1, "\(no)")
        // An empty variable sets nothing; another command's variable is not read.
        let empty = try fieldline(["ask", "phone-cn", "--value", "13812345678"], environment: ["FIELDLINE_ASK_OUTPUT": ""])
        #expect(empty.out == "13812345678\n", "\(empty)")
        let other = try fieldline(["confirm", "--value", "y", "--output", "value"], environment: ["FIELDLINE_ASK_OUTPUT": "display", "FIELDLINE_CONFIRM_VALUE": "n"])
        #expect(other.out == "yes\n", "\(other)")
    }

    /// The whole order of a question's answer and settings: the command line, then the command's variable, then
    /// the older shared one (FIELDLINE_TIMEOUT, FIELDLINE_NONINTERACTIVE), then the default; and for the answer
    /// itself, the answers file, then FIELDLINE_ANSWER_NAME, then --default (FIELDLINE_ASK_DEFAULT).
    @Test func precedence() throws {
        let s = try ScratchFolder()
        try "mobile: '13812345678'\n".write(toFile: s.path("a.yaml"), atomically: true, encoding: .utf8)
        let base = ["ask", "phone-cn", "--name", "mobile", "--non-interactive"]
        func answer(_ arguments: [String], _ environment: [String: String]) throws -> String {
            try fieldline(base + arguments, environment: environment).out
        }
        let everything = ["FIELDLINE_ANSWER_MOBILE": "13912345678", "FIELDLINE_ASK_DEFAULT": "13712345678"]
        #expect(try answer(["--answers", s.path("a.yaml"), "--default", "13612345678"], everything) == "13812345678\n")
        #expect(try answer(["--default", "13612345678"], everything) == "13912345678\n")
        #expect(try answer(["--default", "13612345678"], ["FIELDLINE_ASK_DEFAULT": "13712345678"]) == "13612345678\n")
        #expect(try answer([], ["FIELDLINE_ASK_DEFAULT": "13712345678"]) == "13712345678\n")
        // The answers file named in the environment is still the first.
        #expect(try answer([], everything.merging(["FIELDLINE_ASK_ANSWERS": s.path("a.yaml")]) { $1 }) == "13812345678\n")
        // FIELDLINE_ASK_TIMEOUT wins over FIELDLINE_TIMEOUT: a bad shared one is not read when it does.
        let timeout = try fieldline(["ask", "text", "--value", "x"], environment: ["FIELDLINE_TIMEOUT": "soon", "FIELDLINE_ASK_TIMEOUT": "5"])
        #expect(timeout.status == 0, "\(timeout)")
        let shared = try fieldline(["ask", "text", "--value", "x"], environment: ["FIELDLINE_TIMEOUT": "soon"])
        #expect(shared.status == 64, "\(shared)")
    }

    /// A value the option would refuse is refused the same way, exit code and message, after the variable's name.
    @Test(arguments: [
        (["ask", "text", "--value", "x"], "output", "yaml"),
        (["ask", "text", "--value", "x"], "timeout", "0"),
        (["ask", "text", "--value", "x"], "timeout", "soon"),
        (["ask", "text", "--value", "x"], "count", "bytes"),
        (["ask", "text", "--value", "x"], "limit", "many"),
        (["ask", "text", "--value", "x"], "on-timeout", "default"),
        (["ask", "text", "--value", "x"], "placeholder", String(repeating: "字", count: 201)),
        (["ask", "text", "--value", "x"], "name", "\u{7}"),
        (["confirm", "--value", "y"], "default", "maybe"),
        (["confirm", "--value", "y"], "timeout", "-1"),
        (["confirm", "--value", "y"], "output", "json"),
    ])
    func badValuesAreRefusedAsTheOptionIsNamingTheVariable(_ arguments: [String], _ option: String, _ value: String) throws {
        let variable = "FIELDLINE_" + arguments[0].uppercased() + "_" + option.uppercased().replacingOccurrences(of: "-", with: "_")
        let typed = try fieldline(arguments + ["--" + option + "=" + value])
        let set = try fieldline(arguments, environment: [variable: value])
        #expect(typed.status != 0 && set.status == typed.status, "\(typed) / \(set)")
        #expect(set.out == "" && set.err.contains(variable + "="), "\(set.err)")
        // The option's message, whole, after the variable's name (ArgumentParser's usage lines follow both the same).
        let firstLine = { (text: String) in String(text.prefix { $0 != "\n" }) }
        let named = firstLine(set.err).replacingOccurrences(of: variable + "=" + escaped(value) + ": ", with: "")
        #expect(named == firstLine(typed.err), "\(set.err) / \(typed.err)")
    }

    /// How a message shows a value (its control characters as `U+1B`).
    func escaped(_ value: String) -> String { ControlCharacters.escaped(value) }

    /// A variable whose value the option's check finds wrong outside the usage errors (a keymap file that is not
    /// there: 78) gives the option's message as it is, which names the file.
    @Test func otherRefusalsAreTheOptionsOwn() throws {
        let typed = try fieldline(["ask", "--value", "x", "--keymap-file=/nonexistent/k.yaml"])
        let set = try fieldline(["ask", "--value", "x"], environment: ["FIELDLINE_ASK_KEYMAP_FILE": "/nonexistent/k.yaml"])
        #expect(typed.status == 78 && set.status == 78 && set.err == typed.err && set.err.contains("/nonexistent/k.yaml"), "\(set)")
    }

    /// A flag's variable is on or off; anything else is a usage error naming it.
    @Test func aFlagsVariableIsOnOrOff() throws {
        for (value, status) in [("1", 0), ("TRUE", 0), ("yes", 0), ("0", 1), ("false", 1), ("No", 1)] {
            // With --non-interactive and a default the answer is taken; without it the closed stdin is no answer.
            let run = try fieldline(["confirm", "--default", "yes"], environment: ["FIELDLINE_CONFIRM_NON_INTERACTIVE": value])
            #expect(run.status == (status == 0 ? 0 : 255), "\(value): \(run)")
        }
        let bad = try fieldline(["confirm", "--default", "yes"], environment: ["FIELDLINE_CONFIRM_NON_INTERACTIVE": "sure"])
        #expect(bad.status == 64 && bad.err == "fieldline: FIELDLINE_CONFIRM_NON_INTERACTIVE must be 1, true or yes (on) or 0, false or no (off), not 'sure'\n", "\(bad)")
    }

    /// The man page's list of the variables (docs/man/option-environment.mdoc) is the one the option lists make,
    /// and the finished page holds it in ENVIRONMENT.
    @Test func theManPagesListIsTheGeneratedOne() throws {
        let committed = try ReleaseTests.text("docs/man/option-environment.mdoc")
        #expect(committed == OptionEnvironment.manualText(),
                "docs/man/option-environment.mdoc is not what the option lists make; it should be:\n\(OptionEnvironment.manualText())")
        let environment = ReleaseTests.section("ENVIRONMENT", of: try ReleaseTests.finishedPage())
        for (command, options) in OptionEnvironment.commands {
            for option in options {
                let variable = OptionEnvironment.variable(command: command, option: option.names[0])
                #expect(environment.contains(".It Ev " + variable), "\(variable) is not in the man page's ENVIRONMENT")
            }
        }
    }
}
