import ArgumentParser
import FieldKit
import FieldTerminal
#if canImport(Glibc)
import Glibc
#endif

/// `fieldline ask KEYMAP`: one interactive field on the terminal; the value goes to stdout.
struct Ask: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ask",
        abstract: tr("Ask for one value in a formatted, validated field on the terminal."),
        usage: """
            fieldline ask <keymap> [--prompt <text>] [--placeholder <text>] [--default <value>] [--value <value>] [--output <output>] [field options]
            fieldline ask --keymap-file <file> [options]
            """,
        discussion: """
            Keys and drawing use the controlling terminal (/dev/tty), so x=$(fieldline ask ...) works and a piped \
            stdin is left alone. Only the accepted value goes to stdout. With --value, or with no terminal at all \
            (one line is read from stdin), the value is validated with no UI. With --non-interactive \
            (FIELDLINE_NONINTERACTIVE=1, DEBIAN_FRONTEND=noninteractive) nothing is asked: the answer comes from \
            --answers FILE (under --name), else FIELDLINE_ANSWER_NAME, else --default, else exit 64; an answer \
            from the file or the environment is taken without asking in any mode.
            Exit codes: 0 accepted, 1 cancelled (Esc, Ctrl-D on an empty field, no input), 130 Ctrl-C \
            (the terminal is restored first), 124 timeout (with --on-timeout default: --default, exit 0), 64 usage or no answer with nobody to ask, 65 invalid non-interactive value, \
            70 internal error, 74 output not written, 78 keymap file problems, 129 the terminal hung up, \
            128+n another signal n.
            """ + "\n\n" + OptionEnvironment.helpText(command: "ask")
    )

    @Argument(help: ArgumentHelp(tr("The field: a keymap name (phone-cn, idcard-cn, text, digits and more) or a path to a keymap file.")), completion: FieldCatalog.keymapCompletion)
    var keymap: String?

    @OptionGroup var field: FieldOptionGroup

    @Option(name: AskOption.prompt.nameSpecification, help: AskOption.prompt.argumentHelp)
    var prompt: String = "> "

    @Option(name: AskOption.defaultValue.nameSpecification, help: AskOption.defaultValue.argumentHelp)
    var defaultValue: String?

    @Option(name: AskOption.value.nameSpecification, help: AskOption.value.argumentHelp)
    var value: String?

    @Option(name: AskOption.output.nameSpecification, help: AskOption.output.argumentHelp)
    var output: CheckOutput = .value

    @Option(name: AskOption.timeout.nameSpecification, help: AskOption.timeout.argumentHelp)
    var timeout: Double?

    @Option(name: AskOption.onTimeout.nameSpecification, help: AskOption.onTimeout.argumentHelp)
    var onTimeout: OnTimeout?

    @Flag(name: AskOption.noBell.nameSpecification, help: AskOption.noBell.argumentHelp)
    var noBell = false

    @Flag(name: AskOption.accessible.nameSpecification, help: AskOption.accessible.argumentHelp)
    var accessible = false

    @Option(name: AskOption.history.nameSpecification, help: AskOption.history.argumentHelp)
    var history: String?

    @Flag(name: AskOption.secret.nameSpecification, help: AskOption.secret.argumentHelp)
    var secret = false

    @Option(name: AskOption.placeholder.nameSpecification, help: AskOption.placeholder.argumentHelp)
    var placeholder: String?

    @Flag(name: AskOption.verify.nameSpecification, help: AskOption.verify.argumentHelp)
    var verify = false

    @OptionGroup var answering: QuestionAnswerOptions

    /// The same request `AskCommandLine` reads on the fast path.
    var request: AskRequest {
        AskRequest(
            keymap: keymap, keymapFile: field.keymapFile, field: field.fieldOptions, choices: field.choices, prompt: prompt,
            defaultValue: defaultValue, value: value, output: output, timeout: timeout, onTimeout: onTimeout, bell: !noBell,
            accessible: accessible, history: history, secret: secret, placeholder: placeholder, verify: verify, answering: answering.answers)
    }

    // Usage problems found here are reported with `ask`'s own usage line; from run() they would get the root's.
    func validate() throws {
        _ = try request.load()
    }

    @OptionGroup var language: LanguageOption

    func run() throws {
        let request = request
        try request.perform(try request.load())
    }

    /// Turn a prompt's outcome into output and an exit code, the same way for `ask` and `demo`.
    static func finish(_ outcome: PromptOutcome, spec: FieldSpec, context: ValidationContext, output: CheckOutput,
                       saving: QuestionAnswers = QuestionAnswers()) throws {
        try end(outcome) { try decide($0, spec: spec, context: context, output: output, saving: saving) }
    }

    /// Ends the process as a one-field prompt's outcome says, for every command that asks one (`ask`, `demo`,
    /// `confirm`): `decide` judges an accepted value or the line read from a pipe and never returns; Esc and
    /// Ctrl-D exit `cancelled` (1; `confirm`'s 255), a timeout 124, a signal as that signal, a failure 70.
    static func end(_ outcome: PromptOutcome, cancelled: ExitCode = Exit.cancelled, decide: ([UInt8]) throws -> Never) throws -> Never {
        switch outcome {
        case .accepted(let value): try decide(Array(value.utf8))
        case .noTerminal:
            guard let line = StandardInputLine.read(atMost: LineChecker.maxLineBytes) else {
                Diagnostics.error(tr("no terminal to ask on and no input on stdin"))
                throw cancelled
            }
            try decide(line)
        case .cancelled, .endOfFile, .back, .findRecord: throw cancelled
        case .timedOut:
            Diagnostics.error(tr("timed out"))
            throw Exit.timeout
        case .interrupted: Interrupt.propagate(SIGINT)
        case .terminated(let signo): Interrupt.propagate(signo, wholeGroup: false)
        case .failed(let why):
            Diagnostics.error(why)
            throw Exit.internalError
        }
    }

    /// Validate a value with no UI: print it (exit 0) or explain on stderr (exit 65). `question`: the name an
    /// answer taken without asking is refused under (`mobile: too short`); `saving`: where the value is kept.
    static func decide(_ value: String, spec: FieldSpec, context: ValidationContext, output: CheckOutput,
                       question: String? = nil, saving: QuestionAnswers = QuestionAnswers()) throws -> Never {
        try decide(Array(value.utf8), spec: spec, context: context, output: output, question: question, saving: saving)
    }

    /// `decide` for bytes as they came (stdin): invalid UTF-8 and an over-long line are refused as `check` refuses
    /// them, never repaired.
    static func decide(_ bytes: [UInt8], spec: FieldSpec, context: ValidationContext, output: CheckOutput,
                       question: String? = nil, saving: QuestionAnswers = QuestionAnswers()) throws -> Never {
        let result = bytes.withUnsafeBufferPointer { LineChecker(spec: spec, context: context).check($0) }
        if let issue = result.issue {
            Diagnostics.error(question.map { ControlCharacters.escaped($0) + ": " + issue.message } ?? issue.message)
            throw Exit.invalid
        }
        try saving.save(result.value)
        var out = OutputBuffer(fd: 1)
        switch output {
        case .value: out.append(result.value)
        case .display: out.append(result.display)
        case .json: out.append(Check.json(result, spec: spec))
        }
        out.append(0x0A)
        out.flush()
        throw Exit.ok
    }

    /// Colour unless NO_COLOR is set (https://no-color.org) or the terminal is dumb.
    static func colourAllowed() -> Bool {
        if let noColor = getenv("NO_COLOR"), noColor.pointee != 0 { return false }
        if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
        return true
    }
}

/// Messages for the user on stderr, prefixed with the program name.
enum Diagnostics {
    /// A line as it is, e.g. a `FILE:LINE:COL: message` diagnostic (several lines keep their line breaks); its
    /// control characters shown as `U+1B` (`ErrorOutput`), as in every message.
    static func plain(_ line: String) {
        var err = ErrorOutput()
        err.line(line)
        err.flush()
    }

    /// `fieldline: message`.
    static func error(_ message: String) {
        plain("fieldline: " + message)
    }
}

/// Ending the way a well-behaved program does on a signal: die of it, so the shell sees 128+n.
enum Interrupt {
    /// Re-raise a signal with its default action. Ctrl-C goes to the whole process group so a script running
    /// `x=$(fieldline ask …)` stops too, as it would on Ctrl-C anywhere else.
    static func propagate(_ signo: Int32, wholeGroup: Bool = true) -> Never {
        signal(signo, SIG_DFL)
        if wholeGroup { kill(0, signo) } else { raise(signo) }
        // Still alive: the signal is ignored or blocked here (e.g. started with nohup); report it by code.
        exit(128 + signo)
    }
}
