internal import CTerminalGuard
import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// The controlling terminal held open for prompts one after another (the fields of a form): one libedit for all
/// of them, and keys typed ahead of the next prompt (a fast operator, a barcode scanner) are kept for it. From open
/// to deinit the terminal neither echoes nor buffers lines, between prompts too, so keys typed ahead never show up
/// where the next prompt is drawn; the terminal guard holds the original settings for every way out.
///
/// Opened accessible, there is no libedit: each prompt reads lines the terminal edits itself (`AccessiblePrompt`),
/// and the terminal stays in its line mode with echo from open to deinit.
public final class PromptTerminal {
    /// Why the terminal could not be opened, as the outcome a prompt reports.
    public struct Problem: Error {
        /// `.noTerminal` or `.failed(why)`.
        public let outcome: PromptOutcome
    }

    private let tty: Int32
    /// The settings found at open, put back when the terminal is done with.
    private var original: termios
    /// The guard no longer holds the terminal (it was put back after a signal or Ctrl-C).
    private var released = false
    private let input: UnsafeMutablePointer<FILE>
    private let output: UnsafeMutablePointer<FILE>
    /// Nil in accessible mode.
    private let shell: LibeditShell?
    /// Accessible mode's prompt (and the record lines it wrote), nil for the full-screen prompt.
    private var accessiblePrompt: AccessiblePrompt?
    /// Whether prompts are asked in accessible mode: plain appended lines, the terminal's own line editing.
    public var isAccessible: Bool { accessiblePrompt != nil }
    /// Bytes and decoded keys read past the end of the last prompt.
    private var reader = InputReader()
    private var typedAhead: [PromptSession.Pending] = []
    /// The terminal went away or a signal ends the process: no more prompts.
    private var gone = false
    /// The screen as the prompts left it: a form's record block stays known from one field's prompt to the next.
    private var screen: ScreenModel
    /// The value in the field when the last prompt ended without one (going back keeps what was typed).
    public private(set) var leftText = ""
    /// What the operator's keys did in the last prompt (a form's paradata).
    public private(set) var lastKeys = KeyTally()

    /// Opens `/dev/tty` and starts libedit on it (`accessible`: no libedit, the terminal in its line mode).
    public static func open(accessible: Bool = false) -> Result<PromptTerminal, Problem> {
        let tty = Glibc.open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard tty >= 0 else { return .failure(Problem(outcome: .noTerminal)) }
        var settings = termios()
        guard isatty(tty) != 0, tcgetattr(tty, &settings) == 0 else {
            close(tty)
            return .failure(Problem(outcome: .noTerminal))
        }
        LibeditLocale.preferUTF8()
        guard let input = fdopen(dup(tty), "r"), let output = fdopen(dup(tty), "w") else {
            close(tty)
            return .failure(Problem(outcome: .failed(tr("cannot open the terminal"))))
        }
        // From here a signal or an exit puts the settings back (el_init sets the terminal up its own way too).
        guard flg_arm(tty, &settings) == 0 else {
            fclose(input); fclose(output); close(tty)
            return .failure(Problem(outcome: .failed(tr("a prompt is already open"))))
        }
        if accessible {
            flg_set_plain(1)
            let terminal = PromptTerminal(tty: tty, original: settings, input: input, output: output, shell: nil)
            terminal.accessiblePrompt = AccessiblePrompt(tty: tty)
            terminal.quieten()
            flg_set_idle(1)
            return .success(terminal)
        }
        let started = LibeditShell(input: input, output: output)
        tcsetattr(tty, TCSADRAIN, &settings)
        guard let shell = started else {
            flg_release()
            flg_disarm()
            fclose(input); fclose(output); close(tty)
            return .failure(Problem(outcome: .failed(tr("libedit did not start"))))
        }
        let terminal = PromptTerminal(tty: tty, original: settings, input: input, output: output, shell: shell)
        terminal.quieten()
        flg_set_idle(1)
        return .success(terminal)
    }

    private init(tty: Int32, original: termios, input: UnsafeMutablePointer<FILE>, output: UnsafeMutablePointer<FILE>,
                 shell: LibeditShell?) {
        self.tty = tty
        self.original = original
        self.input = input
        self.output = output
        self.shell = shell
        let term = getenv("TERM").map { String(cString: $0) }
        // FIELDLINE_QUICK_ECHO=0 turns the appended-key path off: an escape hatch for an odd terminal, and the
        // tests' reference.
        let quickEcho = getenv("FIELDLINE_QUICK_ECHO").map { String(cString: $0) != "0" } ?? true
        screen = ScreenModel(width: TerminalWrites.columns(tty), movesCursor: QuickEcho.supports(term: term), quickEcho: quickEcho)
    }

    /// Echo and line buffering off, everything else as found: a key typed while no prompt reads (before the first
    /// is drawn, or while a form saves a record) waits unseen for the next one. libedit takes a terminal already out
    /// of canonical mode for its edit mode set and applies its own over it.
    private func quieten() {
        if isAccessible { return lineMode() }
        var quiet = original
        quiet.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON)
        withUnsafeMutableBytes(of: &quiet.c_cc) { $0[Int(VMIN)] = 1; $0[Int(VTIME)] = 0 }
        tcsetattr(tty, TCSANOW, &quiet)
    }

    /// Accessible mode's settings: the terminal edits and echoes a line (Backspace, Ctrl-U), Enter hands it over,
    /// Ctrl-C and Ctrl-Z signal; the rest as found.
    private func lineMode() {
        var line = original
        line.c_lflag |= tcflag_t(ICANON | ECHO | ECHOE | ECHOK | ISIG | IEXTEN)
        line.c_iflag |= tcflag_t(ICRNL)
        line.c_oflag |= tcflag_t(OPOST | ONLCR)
        tcsetattr(tty, TCSANOW, &line)
    }

    /// The settings found at open go back, and signals no longer touch the terminal.
    private func restore() {
        guard !released else { return }
        released = true
        tcsetattr(tty, TCSADRAIN, &original)
        flg_release()
    }

    /// Writes text to the terminal between prompts (a form's start line, messages, the summary); controls in it
    /// are escaped, so data can never move the cursor or change the terminal. What was drawn before it (a saved
    /// record's block) stays as it is, never redrawn.
    public func say(_ text: String, colour: String? = nil) {
        guard !gone else { return }
        screen.commit()
        let body = ControlCharacters.escaped(text)
        if isAccessible { return TerminalWrites.write(tty, body + "\n") }
        TerminalWrites.write(tty, (colour.map { "\u{1B}[\($0)m" + body + "\u{1B}[0m" } ?? body) + "\r\n")
    }

    /// Replaces what the last prompts drew (a record's block) with these lines, which then stay as they are: a
    /// discarded record leaves one line saying so.
    public func replaceDrawn(with lines: [String]) {
        guard !gone else { return }
        if accessiblePrompt != nil {
            accessiblePrompt!.forgetBlock()
            for line in lines { say(line) }
            return
        }
        var bytes: [UInt8] = []
        screen.draw(ScreenView(block: lines, prompt: "", field: FieldView(text: [], cursor: 0, counter: CounterCells()),
                               showsField: false), into: &bytes)
        TerminalWrites.write(tty, bytes)
        screen.commit()
    }

    /// The terminal's width in columns now.
    public var columns: Int { TerminalWrites.columns(tty) }

    deinit {
        shell?.end()
        restore()
        flg_disarm()
        fclose(input)
        fclose(output)
        close(tty)
    }

    /// Ask for one value (see `FieldPrompt.run`); keys typed after the line ended wait for the next `ask`. With
    /// `choicesFor`, a choice field is a search: its list (the query's first pages of matches) is fetched again for
    /// every new query, and with a page more when its last candidate becomes current.
    public func ask(spec: FieldSpec, context: ValidationContext, options: PromptOptions,
                    choicesFor: ((_ query: String, _ pages: Int) -> ChoiceList)? = nil) -> PromptOutcome {
        guard !gone, !released else { return .terminated(SIGHUP) }
        if accessiblePrompt != nil { return askAccessibly(spec: spec, context: context, options: options) }
        guard let shell else { return .failed(tr("libedit did not start")) }
        flg_set_idle(0)

        let width = TerminalWrites.columns(tty)
        // A resize between prompts (while a record was saved): no prompt was there to ask where the cursor went.
        if width != screen.width { screen.resized(to: width, reportedColumn: nil) }
        let session = PromptSession(field: Field(spec: spec, context: context), options: options, tty: tty, screen: screen,
                                    choicesFor: choicesFor)
        session.input = reader
        if let file = options.historyFile, !options.secret { session.history = PromptHistory(file: file) }

        if let text = options.defaultText, !text.isEmpty {
            // A default that names one choice of a picker is that choice, shown whole (as a form's earlier value).
            let paste = options.defaultIsPaste || Self.namesOneChoice(text, spec: spec)
            session.pending.append(.startingText(paste ? .paste(text, dropped: nil) : .text(text)))
        }
        if let status = options.status { session.pending.append(.status(status)) }
        // Keys the last prompt read but did not use come first, after the default (libedit reads a sentinel for each
        // queued item before the reader reads the terminal).
        session.pending += typedAhead
        typedAhead = []
        // el_gets draws the prompt before its first read puts the terminal in its edit mode, so the terminal must
        // be quiet already: a key typed as soon as the prompt shows would be echoed (a --secret value in clear).
        // It is, since open and since the last prompt ended (a stop can only come inside a prompt's wait).
        TerminalWrites.bracketedPaste(tty, on: true)
        shell.readLine(for: session)
        let outcome = session.outcome ?? .cancelled
        lastKeys = session.core.tally
        reader = session.input
        typedAhead = session.pending.filter { if case .event = $0 { true } else { false } }
        screen = session.screen
        if case .terminated = outcome {
            // The terminal is gone or a signal ends the process: put back what can be, print nothing more.
            gone = true
            released = true
            tcsetattr(tty, TCSANOW, &original)
            flg_release()
            return outcome
        }
        TerminalWrites.bracketedPaste(tty, on: false)
        // The line as it ends, nothing under it, the cursor on a fresh row (libedit prints no newline).
        if case .accepted(let value) = outcome { session.finishScreen(accepted: value) } else { session.finishScreen(accepted: nil) }
        screen = session.screen
        // A picker leaves its choice, not the query that found it (its line shows the choice's label).
        leftText = session.hasChoices ? session.field.acceptedValue : session.field.value
        if case .interrupted = outcome {
            // Ctrl-C ends the process by SIGINT next, with the default action: the terminal goes back now.
            restore()
        } else {
            // libedit left its own cooked settings; quiet again until the next prompt.
            quieten()
            flg_set_idle(1)
        }
        if case .accepted(let value) = outcome { session.history?.save(value) }
        return outcome
    }

    /// `ask` in accessible mode: lines read as the terminal edits them, plain lines written (`AccessiblePrompt`).
    /// Whether `text` names exactly one choice of `spec`'s list (a one-choice picker, not a search), as a paste
    /// into it would choose.
    static func namesOneChoice(_ text: String, spec: FieldSpec) -> Bool {
        guard case .choice(let list) = spec.kind, spec.selection == nil, !list.isSearch,
              case .success = list.identify(trimming: text) else { return false }
        return true
    }

    private func askAccessibly(spec: FieldSpec, context: ValidationContext, options: PromptOptions) -> PromptOutcome {
        flg_set_idle(0)
        let (outcome, left) = accessiblePrompt!.ask(spec: spec, context: context, options: options)
        leftText = left
        lastKeys = accessiblePrompt!.keys
        switch outcome {
        case .terminated:
            gone = true
            released = true
            tcsetattr(tty, TCSANOW, &original)
            flg_release()
        case .interrupted:
            restore()
        default:
            flg_set_idle(1)
        }
        if case .accepted(let value) = outcome, let file = options.historyFile, !options.secret {
            PromptHistory(file: file).save(value)
        }
        return outcome
    }
}
