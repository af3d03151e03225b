import ArgumentParser
import FieldKit
import FieldTerminal
#if canImport(Glibc)
import Glibc
#endif

/// `fieldline confirm`: a yes/no question whose answer is the exit code, as `gum confirm` and `whiptail --yesno`.
struct Confirm: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "confirm",
        abstract: tr("Ask a yes/no question on the terminal: exit 0 for yes, 1 for no, 255 cancelled."),
        discussion: """
            y or Y answers yes at once, n or N no (the Chinese for yes and no too, and the words yes and no). Enter takes --default; \
            without one it says to answer y or n. Esc or Ctrl-D cancels (exit 255, as dialog and whiptail). Nothing goes to stdout \
            unless --output value (yes or no). With --value, or when there is no terminal (one line is read from \
            stdin), the answer is checked with no UI: maybe is exit 65. --timeout gives up after S seconds (exit \
            124), or with --on-timeout default takes --default (exit 0 or 1). With --non-interactive the answer \
            comes from --answers FILE (under --name), else FIELDLINE_ANSWER_NAME, else --default, else exit 64. \
            Exit codes: 0 yes, 1 no, 255 cancelled (or no terminal and no input), 64 usage or no answer with \
            nobody to ask, 65 an answer that is neither, 124 timeout, 129 the terminal hung up, 130 Ctrl-C.
            """ + "\n\n" + OptionEnvironment.helpText(command: "confirm")
    )

    /// `--default`: the answer Enter (and `--on-timeout default`) takes.
    enum Answer: String, ExpressibleByArgument, CaseIterable {
        case yes, no
    }

    /// `--output`: what goes to stdout.
    enum Output: String, ExpressibleByArgument, CaseIterable {
        case none, value
    }

    @Option(name: ConfirmOption.prompt.nameSpecification, help: ConfirmOption.prompt.argumentHelp)
    var prompt: String?

    @Option(name: ConfirmOption.defaultAnswer.nameSpecification, help: ConfirmOption.defaultAnswer.argumentHelp)
    var defaultAnswer: Answer?

    @Option(name: ConfirmOption.timeout.nameSpecification, help: ConfirmOption.timeout.argumentHelp)
    var timeout: Double?

    @Option(name: ConfirmOption.onTimeout.nameSpecification, help: ConfirmOption.onTimeout.argumentHelp)
    var onTimeout: OnTimeout?

    @Option(name: ConfirmOption.value.nameSpecification, help: ConfirmOption.value.argumentHelp)
    var value: String?

    @Option(name: ConfirmOption.output.nameSpecification, help: ConfirmOption.output.argumentHelp)
    var output: Output = .none

    @Flag(name: ConfirmOption.noBell.nameSpecification, help: ConfirmOption.noBell.argumentHelp)
    var noBell = false

    @Flag(name: ConfirmOption.accessible.nameSpecification, help: ConfirmOption.accessible.argumentHelp)
    var accessible = false

    @OptionGroup var answering: QuestionAnswerOptions

    @OptionGroup var language: LanguageOption

    func validate() throws {
        try UserDefaults.checkTimeout(timeout)
        try answering.answers.check()
        let effectiveTimeout = try timeout ?? UserDefaults.timeout()
        if onTimeout != nil && (effectiveTimeout == nil || defaultAnswer == nil) {
            throw ValidationError(tr("--on-timeout default needs --timeout and --default"))
        }
    }

    func run() throws {
        let spec = try FieldCatalog.load("confirm", keymapFile: nil, options: FieldOptions()).spec
        let context = Today.context()
        let answering = answering.answers
        if let value { try answer(Array(value.utf8), spec: spec, context: context, saving: answering) }
        let label = answering.label("confirm")
        if let given = try answering.answerWithoutAsking(defaultValue: defaultAnswer?.rawValue, fallbackLabel: label, yesNo: true) {
            try answer(Array(given.utf8), spec: spec, context: context, question: label, saving: answering)
        }
        var options = PromptOptions()
        let hint = defaultAnswer == .yes ? "[Y/n]" : defaultAnswer == .no ? "[y/N]" : "[y/n]"
        options.prompt = (prompt ?? tr("Continue?")) + " " + hint + " "
        options.timeout = try timeout ?? UserDefaults.timeout()
        options.bell = !noBell && !UserDefaults.noBell
        options.colour = Ask.colourAllowed()
        options.accessible = UserDefaults.accessible(accessible)
        options.answers = Confirm.answers
        options.answerOnEnter = defaultAnswer.map { $0 == .yes ? "y" : "n" }
        // At the terminal the field only ever holds the key that answered (no list, no counter): each key that
        // may be typed answers at once, every other one is refused.
        let keys = SymbolClass.characters(Confirm.answers.keys.sorted().joined(), name: tr("y or n"))
        let field = FieldSpec(name: "confirm", symbols: SymbolRules(defaultClass: keys, normalizeFullwidth: false))
        let outcome = FieldPrompt.run(spec: field, context: context, options: options)
        if outcome == .timedOut, onTimeout == .default, let defaultAnswer {
            try answer(Array(defaultAnswer.rawValue.utf8), spec: spec, context: context, saving: answering)
        }
        try Ask.end(outcome, cancelled: Exit.confirmCancelled) { try answer($0, spec: spec, context: context, saving: answering) }
    }

    /// The keys that answer at once, each a whole typed text: the `confirm` keymap's aliases a single key types.
    static let answers: [String: String] = ["y": "yes", "Y": "yes", "是": "yes", "n": "no", "N": "no", "否": "no"]

    /// Ends the process with the answer `bytes` gives: 0 for yes, 1 for no (printed with `--output value`), 65 for
    /// anything else, said on stderr (under `question`'s name for an answer taken without asking).
    func answer(_ bytes: [UInt8], spec: FieldSpec, context: ValidationContext, question: String? = nil,
                saving: QuestionAnswers) throws -> Never {
        let result = bytes.withUnsafeBufferPointer { LineChecker(spec: spec, context: context).check($0) }
        guard result.issue == nil, result.value == "yes" || result.value == "no" else {
            let why = tr("answer yes or no (y, n, 是, 否), not '\(ControlCharacters.escaped(String(decoding: bytes, as: UTF8.self)))'")
            Diagnostics.error(question.map { ControlCharacters.escaped($0) + ": " + why } ?? why)
            throw Exit.invalid
        }
        try saving.save(result.value)
        if output == .value {
            var out = OutputBuffer(fd: 1)
            out.append(result.value + "\n")
            out.flush()
        }
        throw result.value == "yes" ? Exit.ok : Exit.no
    }
}
