import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// An option a command takes, as the environment sets it: its long names (the first is the one its variable is
/// named after) and whether it takes a value. `AskOption` and `ConfirmOption` are the two lists.
protocol CommandLineOption: Sendable {
    /// Long names without the dashes.
    var names: [String] { get }
    /// Whether it takes a value (else it is a flag).
    var takesValue: Bool { get }
}

extension CommandLineOption {
    /// Every name with its dashes.
    var dashedSpellings: [String] { names.map { "--" + $0 } }
}

/// Every option of `ask` and `confirm` in the environment, as gum's `GUM_<COMMAND>_<FLAG>`: `FIELDLINE_ASK_PLACEHOLDER`
/// is `--placeholder`, `FIELDLINE_CONFIRM_DEFAULT` is `confirm --default`. The command's option list is the one
/// source: it names the variables, `--help` lists them (`helpText`), the man page's ENVIRONMENT lists them
/// (`manualText`, kept in docs/man/option-environment.mdoc by a test), and they are read here.
///
/// A variable is read as if its option were on the command line, put there before the command is parsed, so it goes
/// through the very parsing and checks the option does; an option given on the command line wins (its variable is
/// not read). A variable that is unset or empty is no option. A flag's variable is `1`, `true` or `yes` (on) or `0`,
/// `false` or `no` (off). A usage error an option's value from the environment causes names the variable
/// (`refusalNaming`).
enum OptionEnvironment {
    /// The commands whose options the environment sets, each with its list.
    static let commands: [(name: String, options: [any CommandLineOption])] = [
        ("ask", AskOption.all), ("confirm", ConfirmOption.all),
    ]

    /// An option's value taken from the environment.
    struct Setting: Equatable {
        /// `FIELDLINE_ASK_TIMEOUT`.
        var variable: String
        /// `--timeout`.
        var spelling: String
        /// The variable's value.
        var value: String
    }

    /// A flag's variable holds something other than on or off.
    struct BadFlag: Error, Equatable {
        var variable: String
        var value: String

        /// The message, naming the variable.
        var message: String {
            tr("\(variable) must be 1, true or yes (on) or 0, false or no (off), not '\(ControlCharacters.escaped(value))'")
        }
    }

    /// The settings the command line took from the environment, for `refusalNaming` (one run, one command line).
    nonisolated(unsafe) static var taken: [Setting] = []

    /// `FIELDLINE_ASK_NO_BELL` for `ask`'s `no-bell`.
    static func variable(command: String, option name: String) -> String {
        "FIELDLINE_" + String((command + "_" + name).uppercased().map { $0 == "-" ? "_" : $0 })
    }

    /// `arguments` (the command first) with the environment's options for it put after the command name: every
    /// option of its list that the command line does not give and whose variable is set and not empty. `lookup`
    /// reads a variable (the process environment unless a test gives another).
    static func applied(to arguments: [String], lookup: (String) -> String? = environmentValue) throws(BadFlag) -> (arguments: [String], taken: [Setting]) {
        guard let command = arguments.first, let options = commands.first(where: { $0.name == command })?.options else {
            return (arguments, [])
        }
        let given = givenSpellings(arguments.dropFirst())
        var added: [String] = []
        var taken: [Setting] = []
        for option in options where !option.dashedSpellings.contains(where: given.contains) {
            let variable = variable(command: command, option: option.names[0])
            guard let value = lookup(variable), !value.isEmpty else { continue }
            let spelling = option.dashedSpellings[0]
            if option.takesValue {
                // Attached, so a value that starts with `-` is still this option's; one starting with a combining
                // mark (which `=` would merge with) goes apart, as AttachedValues does it for a typed one.
                added += value.hasPrefix("-") ? [spelling + "=" + value] : [spelling, value]
            } else {
                switch value.lowercased() {
                case "1", "true", "yes": added.append(spelling)
                case "0", "false", "no": continue
                default: throw BadFlag(variable: variable, value: value)
                }
            }
            taken.append(Setting(variable: variable, spelling: spelling, value: value))
        }
        return ([command] + added + arguments.dropFirst(), taken)
    }

    /// The option spellings the command line gives (`--max=3` gives `--max`), up to a `--`.
    static func givenSpellings(_ arguments: ArraySlice<String>) -> Set<String> {
        var given: Set<String> = []
        for argument in arguments {
            if argument == "--" { break }
            guard argument.hasPrefix("--") else { continue }
            given.insert(argument.firstIndex(of: "=").map { String(argument[..<$0]) } ?? argument)
        }
        return given
    }

    /// A usage message with the variables it is about named: a message that names an option whose value came from
    /// the environment is that option's message, after `FIELDLINE_ASK_TIMEOUT=0: `.
    static func refusalNaming(_ message: String, taken: [Setting] = taken) -> String {
        let culprits = taken.filter { mentions(message, $0.spelling) }
        guard !culprits.isEmpty else { return message }
        let named = culprits.map { $0.variable + "=" + $0.value }.joined(separator: ", ") + ": "
        // ArgumentParser's usage errors start `Error: `; the name goes after it.
        let errorPrefix = "Error: "
        if message.hasPrefix(errorPrefix) { return errorPrefix + named + message.dropFirst(errorPrefix.count) }
        return named + message
    }

    /// Whether the first line of `message` names `spelling` as a word (`--timeout`, not the end of `--on-timeout`).
    private static func mentions(_ message: String, _ spelling: String) -> Bool {
        message.prefix { $0 != "\n" }.split { !($0.isLetter || $0.isNumber || $0 == "-") }.contains { $0 == spelling }
    }

    /// The process environment's value of `name`.
    static func environmentValue(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

    /// The lines `--help` adds for `command`: each variable and the option it sets.
    static func helpText(command: String) -> String {
        guard let options = commands.first(where: { $0.name == command })?.options else { return "" }
        let rows = options.map { option in
            "  " + variable(command: command, option: option.names[0]) + "  " + option.dashedSpellings[0]
        }
        return tr("Environment: every option can be set by a variable, which the option on the command line overrides (unset or empty: not set; a flag's is 1, true or yes, or 0, false or no):")
            + "\n" + rows.joined(separator: "\n")
    }

    /// The man page's list of these variables (docs/man/option-environment.mdoc), in mdoc.
    static func manualText() -> String {
        var lines = [
            ".Pp",
            "Every option of",
            ".Cm ask",
            "and",
            ".Cm confirm",
            "can be set by a variable named after the command and the option, upper-cased, with",
            ".Ql _",
            "for",
            ".Ql - :",
            "the option on the command line wins over it, and it wins over the option's default.",
            "An empty variable sets nothing.",
            "A flag's variable is",
            ".Cm 1 , true",
            "or",
            ".Cm yes",
            "(on) or",
            ".Cm 0 , false",
            "or",
            ".Cm no",
            "(off: it leaves the older variables such as",
            ".Ev FIELDLINE_NO_BELL",
            "as they are); anything else is a usage error (64).",
            "A value the option would refuse is refused with the option's message after the variable's name, and the same exit status.",
            ".Ev FIELDLINE_ASK_TIMEOUT",
            "wins over",
            ".Ev FIELDLINE_TIMEOUT .",
            ".Bl -tag -width Ds",
        ]
        for (command, options) in commands {
            for option in options {
                lines.append(".It Ev " + variable(command: command, option: option.names[0]))
                lines.append("As")
                lines.append(".Cm \(command) Fl " + option.dashedSpellings[0].dropFirst() + " .")
            }
        }
        lines.append(".El")
        return lines.joined(separator: "\n") + "\n"
    }
}
