internal import CEditLineShims
internal import CLibEdit
import FieldKit
#if canImport(Glibc)
import Glibc
#endif

// Everything fieldline asks of libedit, and the only file that calls it: the line reader with its terminal modes
// (libedit reads one character, the sentinel, bound to one function, `fl-pending`; the session queues what that
// function must do, and `LibeditNext` becomes libedit's `CC_*` codes here), and libedit's history file encoding.
// libedit draws nothing: its prompt and line stay empty, and the screen model draws everything.

/// One libedit `EditLine` on the terminal's streams, set up as a line reader only.
final class LibeditShell {
    private let el: OpaquePointer
    private var ended = false

    /// libedit started on these streams, or nil when it would not start.
    init?(input: UnsafeMutablePointer<FILE>, output: UnsafeMutablePointer<FILE>) {
        guard let el = el_init("fieldline", input, output, output) else { return nil }
        self.el = el
        Bindings.install(on: el)
    }

    deinit { end() }

    /// libedit ends (it puts back what it changed of the terminal): before the streams it was given are closed.
    func end() {
        guard !ended else { return }
        ended = true
        el_end(el)
    }

    /// Reads one line for `session`: libedit takes the sentinel from the session's reader (`Callbacks`) until the
    /// session's work ends the line. The wide form: the line is the engine's, and `el_gets` would convert libedit's
    /// copy of it to multibyte, character by character, on return only for it to be dropped.
    func readLine(for session: PromptSession) {
        let handle = Unmanaged.passRetained(session)
        defer { handle.release() }
        fl_set_client_data(el, handle.toOpaque())
        defer { fl_set_client_data(el, nil) }
        session.shell = self
        defer { session.shell = nil }
        var count: Int32 = 0
        _ = el_wgets(el, &count)
    }

    /// The window changed size: libedit reads it again.
    func resize() { el_resize(el) }

    /// The session reading a line on a libedit handle.
    fileprivate static func session(of el: OpaquePointer?) -> PromptSession? {
        guard let el, let raw = fl_client_data(el) else { return nil }
        return Unmanaged<PromptSession>.fromOpaque(raw).takeUnretainedValue()
    }
}

extension LibeditNext {
    /// libedit's code for it.
    var code: UInt8 {
        switch self {
        case .nothing: return UInt8(CC_NORM)
        case .endInput: return UInt8(CC_EOF)
        case .endLine: return UInt8(CC_NEWLINE)
        }
    }
}

/// The C functions libedit calls. Each captures nothing and finds its session through `EL_CLIENTDATA`.
enum Callbacks {
    /// Sent when the session cannot be found (never expected): end the prompt rather than edit blindly.
    static let lost = UInt8(CC_EOF)
    /// The empty prompt libedit is given (it takes no NULL prompt).
    nonisolated(unsafe) static let emptyPrompt: UnsafeMutablePointer<CChar> = {
        let text = UnsafeMutablePointer<CChar>.allocate(capacity: 1)
        text.initialize(to: 0)
        return text
    }()

    /// `fl-pending`, bound to the sentinel: run the event the input reader queued.
    static let pending: fl_command_fn = { el, _ in LibeditShell.session(of: el)?.runPending().code ?? lost }

    /// libedit's prompt: empty, as is its line; the screen model draws the prompt, the line and the counter.
    static let prompt: fl_prompt_fn = { _ in emptyPrompt }

    /// `EL_GETCFN`: 1 with the sentinel while work is queued for `fl-pending`, 0 at the end of input (timeout,
    /// hangup).
    static let readCharacter: fl_getc_fn = { el, out in
        guard let session = LibeditShell.session(of: el) else { return 0 }
        guard session.readUntilLibeditActs() else { return 0 }
        out.pointee = Bindings.sentinel
        return 1
    }
}

/// Sets libedit up as a line reader only: every key is decoded by `InputReader` and reaches libedit as the
/// sentinel, so one binding is all libedit needs.
enum Bindings {
    /// The character bound to `fl-pending`; the only one libedit ever reads.
    static let sentinel: wchar_t = 0x1F

    static func install(on el: OpaquePointer) {
        fl_set_editor(el, "emacs")
        // While a line is read, Ctrl-C and Ctrl-Z are keys, not signals (`-isig`): they reach the keymap like every
        // other key (`interrupt`, `suspend` in `Keymap.standard`), so `replay` answers for them as the terminal does;
        // the session then ends with `.interrupted` (the caller restores the terminal and re-raises SIGINT) or stops
        // the process group with SIGTSTP (the terminal guard puts the terminal back and takes it again on `fg`).
        // Between prompts (a form saving a record) the terminal keeps its own settings, and they are signals.
        // Ctrl-\ is not a signal either (a refused key rather than a core dump in the middle of data entry), and
        // Ctrl-S must not freeze output. `quit=` disables the character now; `-quit` keeps it disabled when el_gets
        // re-derives the editing characters from the terminal's.
        fl_set_tty(el, "-ixon", "quit=", "-quit", "-isig")
        // When a line ends libedit puts its cooked settings back; without echo and line buffering, so a key typed
        // after Enter (the next field's, in a form) is never echoed by the terminal where the next prompt goes.
        fl_set_tty_between_lines(el, "-echo", "-icanon")
        fl_set_prompt(el, Callbacks.prompt)
        fl_set_getc(el, Callbacks.readCharacter)
        fl_add_function(el, "fl-pending", "run the decoded key", Callbacks.pending)
        let key: [wchar_t] = [sentinel, 0]
        let name: [wchar_t] = "fl-pending".unicodeScalars.map { wchar_t(bitPattern: $0.value) } + [0]
        fl_bind(el, key, name)
    }
}

/// libedit's own encoding of history entries (see `HistoryCodec`), on a scratch file the codec provides.
enum LibeditHistory {
    /// Saves a one-entry history holding `value` into `file`; false when libedit would not.
    static func save(_ value: String, to file: UnsafeMutablePointer<FILE>) -> HistoryStep {
        guard let h = history_init() else { return .noHistory }
        defer { history_end(h) }
        var event = HistEvent()
        fl_history_set_size(h, &event, 1)
        guard fl_history_enter(h, &event, value) >= 0 else { return .refused }
        return fl_history_save_fp(h, &event, file) == 1 ? .done : .failed
    }

    /// The entries of the history file at `path`, oldest first, at most `limit`; nil when libedit would not start
    /// a history or read the file.
    static func load(path: String, limit: Int) -> (entries: [String]?, step: HistoryStep) {
        guard let h = history_init() else { return (nil, .noHistory) }
        defer { history_end(h) }
        var event = HistEvent()
        fl_history_set_size(h, &event, Int32(limit))
        guard fl_history_load(h, &event, path) >= 0 else { return (nil, .failed) }
        var newestFirst: [String] = []
        if fl_history_first(h, &event) == 0 {
            repeat {
                if let s = event.str { newestFirst.append(String(cString: s)) }
            } while fl_history_next(h, &event) == 0
        }
        return (newestFirst.reversed(), .done)
    }

    /// An anonymous file in memory (`memfd_create`, which Swift's Glibc does not declare), or -1.
    static func memoryFile() -> Int32 { fl_memfd() }

    /// How a step of libedit's history went.
    enum HistoryStep {
        case done
        case noHistory
        case refused
        case failed
    }
}
