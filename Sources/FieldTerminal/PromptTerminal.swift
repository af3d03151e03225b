internal import CEditLineShims
internal import CLibEdit
internal import CTerminalGuard
import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// The controlling terminal held open for prompts one after another (the fields of a form): one libedit for all
/// of them, and keys typed ahead of the next prompt (a fast operator, a barcode scanner) are kept for it.
public final class PromptTerminal {
    /// Why the terminal could not be opened, as the outcome a prompt reports.
    public struct Problem: Error {
        /// `.noTerminal` or `.failed(why)`.
        public let outcome: PromptOutcome
    }

    private let tty: Int32
    private let input: UnsafeMutablePointer<FILE>
    private let output: UnsafeMutablePointer<FILE>
    private let el: OpaquePointer
    /// Bytes and decoded keys read past the end of the last prompt.
    private var reader = InputReader()
    private var typedAhead: [PromptSession.Pending] = []
    /// The terminal went away or a signal ends the process: no more prompts.
    private var gone = false
    /// How many rows the last prompt's line took on the screen when it ended (a form rewinds over them).
    public private(set) var lastLineRows = 1

    /// Opens `/dev/tty` and starts libedit on it.
    public static func open() -> Result<PromptTerminal, Problem> {
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
        // el_init sets the terminal up its own way: guarded, and put back exactly once it is done.
        guard flg_arm(tty, &settings) == 0 else {
            fclose(input); fclose(output); close(tty)
            return .failure(Problem(outcome: .failed(tr("a prompt is already open"))))
        }
        let started = el_init("fieldline", input, output, output)
        if let started { Bindings.install(on: started) }
        tcsetattr(tty, TCSADRAIN, &settings)
        flg_release()
        flg_disarm()
        guard let el = started else {
            fclose(input); fclose(output); close(tty)
            return .failure(Problem(outcome: .failed(tr("libedit did not start"))))
        }
        return .success(PromptTerminal(tty: tty, input: input, output: output, el: el))
    }

    private init(tty: Int32, input: UnsafeMutablePointer<FILE>, output: UnsafeMutablePointer<FILE>, el: OpaquePointer) {
        self.tty = tty
        self.input = input
        self.output = output
        self.el = el
    }

    /// Moves the cursor up `rows` rows to the start of a line and erases from there down: a form goes back into a
    /// field's line (the rows of the prompt that just ended, and the line before it).
    public func rewind(rows: Int) {
        guard !gone, QuickEcho.supports(term: getenv("TERM").map { String(cString: $0) }) else { return }
        TerminalWrites.write(tty, "\r" + (rows > 0 ? "\u{1B}[\(rows)A" : "") + "\u{1B}[J")
    }

    /// How many rows `say(text)` takes at the terminal's width now.
    public func rows(of text: String) -> Int {
        let width = max(TerminalWrites.columns(tty), 1)
        return max(1, (DisplayWidth.columns(of: ControlCharacters.escaped(text)) + width - 1) / width)
    }

    /// Writes text to the terminal between prompts (a form's start line, messages, the summary); controls in it
    /// are escaped, so data can never move the cursor or change the terminal.
    public func say(_ text: String, colour: String? = nil) {
        let body = ControlCharacters.escaped(text)
        TerminalWrites.write(tty, (colour.map { "\u{1B}[\($0)m" + body + "\u{1B}[0m" } ?? body) + "\r\n")
    }

    deinit {
        el_end(el)
        fclose(input)
        fclose(output)
        close(tty)
    }

    /// Ask for one value (see `FieldPrompt.run`); keys typed after the line ended wait for the next `ask`. With
    /// `choicesFor`, a choice field is a search: its list is fetched again for every new query.
    public func ask(spec: FieldSpec, context: ValidationContext, options: PromptOptions,
                    choicesFor: ((String) -> ChoiceList)? = nil) -> PromptOutcome {
        guard !gone else { return .terminated(SIGHUP) }
        var saved = termios()
        guard tcgetattr(tty, &saved) == 0 else { return .noTerminal }
        // From here on a signal restores `saved` before the process ends or stops.
        guard flg_arm(tty, &saved) == 0 else { return .failed(tr("a prompt is already open")) }
        defer { flg_disarm() }

        let session = PromptSession(field: Field(spec: spec, context: context), options: options, tty: tty,
                                    choicesFor: choicesFor)
        session.el = el
        session.input = reader
        if let file = options.historyFile, !options.secret { session.history = PromptHistory(file: file) }
        let handle = Unmanaged.passRetained(session)
        defer { handle.release() }
        fl_set_client_data(el, handle.toOpaque())
        defer { fl_set_client_data(el, nil) }

        if let text = options.defaultText, !text.isEmpty {
            session.pending.append(.event(options.defaultIsPaste ? .paste(text, dropped: false) : .text(text), pasteTail: false))
        }
        if let status = options.status { session.pending.append(.status(status)) }
        // Keys the last prompt read but did not use come first, after the default (libedit reads a sentinel for each
        // queued item before the reader reads the terminal).
        session.pending += typedAhead
        typedAhead = []
        // el_gets draws the prompt, the empty line and the counter before it reads a key.
        session.drawn = session.view.drawnCopy()
        TerminalWrites.bracketedPaste(tty, on: true)
        var count: Int32 = 0
        // The wide form: the line is the engine's, and el_gets would convert libedit's copy of it to multibyte,
        // character by character, on return only for it to be dropped.
        _ = el_wgets(el, &count)
        let outcome = session.outcome ?? .cancelled
        reader = session.input
        typedAhead = session.pending.filter { if case .event = $0 { true } else { false } }
        if case .terminated = outcome {
            // The terminal is gone or a signal ends the process: put back what can be, print nothing more.
            gone = true
            tcsetattr(tty, TCSANOW, &saved)
            flg_release()
            return outcome
        }
        TerminalWrites.bracketedPaste(tty, on: false)
        // A placeholder still shown (Esc, a timeout on the empty field) does not stay in the line left behind.
        session.erasePlaceholder()
        // libedit prints no newline when a line ends: leave the cursor on a fresh line on every path.
        // An accepted line has libedit's cursor at its end already; other endings leave it where the user left it.
        let layout = session.layout()
        lastLineRows = layout.cursorRow + layout.rowsBelow + 1
        let rowsBelow: Int
        if case .accepted = outcome { rowsBelow = 0 } else { rowsBelow = layout.rowsBelow }
        // The region below (status line, candidates) goes (the cursor is then on its first row).
        let clearList = session.regionRows > 0 ? "\u{1B}[J" : ""
        // An accepted line that wrapped into rows the region held: the rest of its last row goes too (the cursor is
        // at the line's end; a one-row line keeps its counter, which libedit draws at the row's end).
        let clearRow = session.regionRows > 0 && rowsBelow == 0 && session.layout().cursorRow > 0 ? "\u{1B}[K" : ""
        TerminalWrites.write(tty, clearRow + String(repeating: "\n", count: rowsBelow) + "\r\n" + clearList)
        tcsetattr(tty, TCSADRAIN, &saved)
        flg_release()
        if case .accepted(let value) = outcome { session.history?.save(value) }
        return outcome
    }
}
