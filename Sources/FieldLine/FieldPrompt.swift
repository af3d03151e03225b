import CEditLineShims
import CLibEdit
import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// An interactive field on the controlling terminal, edited through libedit with every key going to the engine.
public enum FieldPrompt {
    /// Ask for one value. Keys and drawing use `/dev/tty`, so stdin and stdout stay free for the caller.
    /// On every path the terminal settings are put back exactly, bracketed paste is off and the cursor is on a
    /// fresh line.
    public static func run(spec: FieldSpec, context: ValidationContext, options: PromptOptions) -> PromptOutcome {
        let tty = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard tty >= 0, isatty(tty) != 0 else { return .noTerminal }
        defer { close(tty) }
        var saved = termios()
        guard tcgetattr(tty, &saved) == 0 else { return .noTerminal }
        Locale.preferUTF8()

        guard let input = fdopen(dup(tty), "r"), let output = fdopen(dup(tty), "w") else {
            return .failed("cannot open the terminal")
        }
        defer { fclose(input); fclose(output) }
        guard let el = el_init("fieldline", input, output, output) else { return .failed("libedit did not start") }

        let session = PromptSession(field: Field(spec: spec, context: context), options: options, tty: tty)
        session.el = el
        // Where libedit's repaint goes while a quick echo has already drawn the change (see QuickEcho): a memory
        // stream, so libedit's flush after that repaint is no system call.
        guard let sink = fmemopen(nil, 1 << 16, "w") else { el_end(el); return .failed("cannot open a memory stream") }
        defer { fclose(sink) }
        session.screen = output
        session.sink = sink
        if let file = options.historyFile, !options.secret { session.history = PromptHistory(file: file) }
        let handle = Unmanaged.passRetained(session)
        defer { handle.release() }
        fl_set_client_data(el, handle.toOpaque())
        Bindings.install(on: el, keymap: options.keymap)

        let savedSignals = SignalFlags.install()
        if let text = options.defaultText, !text.isEmpty {
            session.pending.append(.insert(text))
            el_push(el, "\u{1F}")
        }
        // el_gets draws the prompt, the empty line and the counter before it reads a key.
        session.drawn = DrawnLine(text: "", cursor: 0, counter: session.counterString())
        TerminalWrites.bracketedPaste(tty, on: true)
        var count: Int32 = 0
        _ = el_gets(el, &count)
        session.resumeScreenOutput()
        TerminalWrites.bracketedPaste(tty, on: false)
        let outcome = session.outcome ?? .cancelled
        // libedit prints no newline when a line ends: leave the cursor on a fresh line on every path.
        TerminalWrites.write(tty, "\r\n")
        el_end(el)
        tcsetattr(tty, TCSADRAIN, &saved)
        SignalFlags.restore(savedSignals)
        if case .accepted(let value) = outcome, let file = options.historyFile, !options.secret {
            PromptHistory.append(value, to: file)
        }
        return outcome
    }
}

/// The character set libedit decodes and encodes with.
enum Locale {
    /// Use the environment's locale, falling back to C.UTF-8 so CJK and emoji are not printed as octal escapes.
    static func preferUTF8() {
        setlocale(LC_CTYPE, "")
        if let codeset = nl_langinfo(nl_item(CODESET)), String(cString: codeset) != "UTF-8" {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
    }
}
