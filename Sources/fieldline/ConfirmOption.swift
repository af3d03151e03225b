import ArgumentParser
import FieldKit

/// One option of `fieldline confirm`: its names and help, which `Confirm`'s ArgumentParser declarations read from
/// here, so that the list (`all`) is the one place the command's options are named: the environment's variables
/// (`OptionEnvironment`) are made from it, and ConfirmOptionTests checks it against what ArgumentParser declares.
struct ConfirmOption: CommandLineOption, Sendable {
    /// Long names without the dashes.
    let names: [String]
    /// Whether it takes a value.
    let takesValue: Bool
    /// The line `--help` shows, made only when asked (a catalogue look-up).
    let helpText: @Sendable () -> String

    /// An option of these names and help.
    init(_ name: String, value: Bool = true, help: @autoclosure @escaping @Sendable () -> String) {
        self.names = [name]
        self.takesValue = value
        self.helpText = help
    }

    /// The names as ArgumentParser declares them.
    var nameSpecification: NameSpecification { NameSpecification(names.map { .customLong($0) }) }
    /// The help as ArgumentParser declares it.
    var argumentHelp: ArgumentHelp { ArgumentHelp(stringLiteral: helpText()) }

    static let prompt = ConfirmOption("prompt", help: tr("The question (default: Continue?); [y/N] or [Y/n] is added after it."))
    static let defaultAnswer = ConfirmOption("default", help: tr("The answer Enter takes: yes or no."))
    static let timeout = ConfirmOption("timeout", help: tr("Give up after this many seconds (exit 124)."))
    static let onTimeout = ConfirmOption("on-timeout", help: tr("default: on timeout take --default instead of exit 124."))
    static let value = ConfirmOption("value", help: tr("Check this answer with no UI (yes, no, y, n, or the Chinese for yes or no)."))
    static let output = ConfirmOption("output", help: tr("none (the default: the exit code says it) or value (yes or no on stdout)."))
    static let noBell = ConfirmOption("no-bell", value: false, help: tr("Never ring the bell on a refused key."))
    static let accessible = ConfirmOption("accessible", value: false, help: tr("Accessible mode for screen readers: plain lines, the question in words, each refusal's reason once; no cursor movement, colour or bell (also FIELDLINE_ACCESSIBLE=1, TERM=dumb)."))

    /// Every option `confirm` takes, in `--help` order: its own, then the answer options it shares with `ask`.
    static let all: [any CommandLineOption] = [prompt, defaultAnswer, timeout, onTimeout, value, output, noBell, accessible] + AskOption.answerGroup
}
