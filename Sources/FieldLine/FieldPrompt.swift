import CEditLineShims
import CLibEdit
import CTerminalGuard
import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// An interactive field on the controlling terminal, edited through libedit with every key going to the engine.
public enum FieldPrompt {
    /// Ask for one value. Keys and drawing use `/dev/tty`, so stdin and stdout stay free for the caller.
    /// On every path the terminal settings are put back exactly, bracketed paste is off and the cursor is on a
    /// fresh line; a signal that ends or stops the process does the same first (see `CTerminalGuard`).
    public static func run(spec: FieldSpec, context: ValidationContext, options: PromptOptions) -> PromptOutcome {
        let tty = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard tty >= 0, isatty(tty) != 0 else { return .noTerminal }
        defer { close(tty) }
        var saved = termios()
        guard tcgetattr(tty, &saved) == 0 else { return .noTerminal }
        Locale.preferUTF8()

        // From here on a signal restores `saved` before the process ends or stops.
        guard flg_arm(tty, &saved) == 0 else { return .failed("a prompt is already open") }
        defer { flg_disarm() }
        guard let input = fdopen(dup(tty), "r"), let output = fdopen(dup(tty), "w") else {
            return .failed("cannot open the terminal")
        }
        defer { fclose(input); fclose(output) }
        guard let el = el_init("fieldline", input, output, output) else { return .failed("libedit did not start") }

        let session = PromptSession(field: Field(spec: spec, context: context), options: options, tty: tty)
        session.el = el
        if let file = options.historyFile, !options.secret { session.history = PromptHistory(file: file) }
        let handle = Unmanaged.passRetained(session)
        defer { handle.release() }
        fl_set_client_data(el, handle.toOpaque())
        Bindings.install(on: el)

        if let text = options.defaultText, !text.isEmpty {
            session.pending.append(.event(options.defaultIsPaste ? .paste(text, dropped: false) : .text(text), pasteTail: false))
            el_push(el, "\u{1F}")
        }
        // el_gets draws the prompt, the empty line and the counter before it reads a key.
        session.drawn = DrawnLine(text: "", cursor: 0, counter: session.counterString())
        TerminalWrites.bracketedPaste(tty, on: true)
        var count: Int32 = 0
        _ = el_gets(el, &count)
        let outcome = session.outcome ?? .cancelled
        if case .terminated = outcome {
            // The terminal is gone or a signal ends the process: put back what can be, print nothing more.
            tcsetattr(tty, TCSANOW, &saved)
            flg_release()
            el_end(el)
            return outcome
        }
        TerminalWrites.bracketedPaste(tty, on: false)
        // libedit prints no newline when a line ends: leave the cursor on a fresh line on every path.
        // An accepted line has libedit's cursor at its end already; other endings leave it where the user left it.
        let rowsBelow: Int
        if case .accepted = outcome { rowsBelow = 0 } else { rowsBelow = session.layout().rowsBelow }
        TerminalWrites.write(tty, String(repeating: "\n", count: rowsBelow) + "\r\n")
        el_end(el)
        tcsetattr(tty, TCSADRAIN, &saved)
        flg_release()
        if case .accepted(let value) = outcome { session.history?.save(value) }
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
