import CEditLineShims
import CLibEdit
import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// One open prompt: the libedit handle, the field it edits, and what the input reader has queued.
///
/// libedit calls back into plain C functions that capture nothing; they find this object through
/// `EL_CLIENTDATA`. The session holds no field logic: every key becomes an engine command and the engine's
/// frame is painted back into libedit's line.
final class PromptSession {
    /// Work the input reader hands to the `fl-pending` function: things libedit's keymap cannot see
    /// (non-ASCII characters, a whole bracketed paste, a lone Esc).
    enum Pending {
        case insert(String)
        case key(Key)
        case refuse
        /// The window changed size: libedit has the new size, now redraw the whole line.
        case redraw
    }

    /// The field; every change goes through `apply`, which also refreshes `frame`.
    var field: Field { didSet { frame = field.frame } }
    /// The field's frame, derived once per change and shared by the painter and the counter callback.
    private(set) var frame: Frame
    let options: PromptOptions
    let tty: Int32
    var el: OpaquePointer?
    var pending: [Pending] = []
    var outcome: PromptOutcome?
    var input = InputReader()
    let deadline: UInt64?
    var history: PromptHistory?
    /// C strings handed to libedit's prompt callbacks; rewritten on each call.
    let promptBuffer: UnsafeMutablePointer<CChar>
    let counterBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: 64)
    /// What libedit has on the row now, for the quick echo; nil until known.
    var drawn: DrawnLine?
    /// The left prompt's width when quick echo may be used (plain ASCII prompt, a VT100-style terminal), else nil.
    let quickEchoPromptColumns: Int?
    /// libedit's output stream, and a sink it writes to while it updates its screen model after a quick echo.
    var screen: UnsafeMutablePointer<FILE>?
    var sink: UnsafeMutablePointer<FILE>?
    /// libedit's output points at `sink` until the next read (a quick echo already drew this key).
    var drawingToSink = false
    /// The terminal's width, asked once and again after each resize rather than on every key.
    var columns: Int

    init(field: Field, options: PromptOptions, tty: Int32) {
        self.field = field
        self.frame = field.frame
        self.options = options
        self.tty = tty
        columns = TerminalWrites.columns(tty)
        deadline = options.timeout.map { Monotonic.now() + UInt64($0 * 1e9) }
        let utf8 = Array(options.prompt.utf8CString)
        promptBuffer = .allocate(capacity: utf8.count)
        promptBuffer.initialize(from: utf8, count: utf8.count)
        counterBuffer.initialize(repeating: 0, count: 64)
        let plainPrompt = options.prompt.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
        let term = getenv("TERM").map { String(cString: $0) }
        // FIELDLINE_QUICK_ECHO=0 turns it off: an escape hatch for an odd terminal, and the tests' reference.
        let wanted = getenv("FIELDLINE_QUICK_ECHO").map { String(cString: $0) != "0" } ?? true
        quickEchoPromptColumns = wanted && plainPrompt && QuickEcho.supports(term: term) ? options.prompt.utf8.count : nil
    }

    deinit {
        promptBuffer.deallocate()
        counterBuffer.deallocate()
    }

    /// The session behind a libedit handle.
    static func from(_ el: OpaquePointer?) -> PromptSession? {
        guard let el, let raw = fl_client_data(el) else { return nil }
        return Unmanaged<PromptSession>.fromOpaque(raw).takeUnretainedValue()
    }

    // MARK: - Commands from key bindings

    /// Run an engine command and paint the result; returns libedit's CC_* code.
    func run(_ command: EditCommand) -> UInt8 {
        let effect = field.apply(command)
        switch effect {
        case .accept(let value):
            paint()
            moveToEnd()
            outcome = .accepted(value)
            return UInt8(CC_NEWLINE)
        case .cancel:
            outcome = .cancelled
            return UInt8(CC_EOF)
        case .bell:
            if command == .acceptLine, let message = frame.message { return showMessage(message) }
            return paint(refused: true)
        case .refresh:
            return paint()
        }
    }

    /// A printable ASCII key bound to `fl-self-insert`.
    func selfInsert(_ ch: Int32) -> UInt8 {
        guard let scalar = Unicode.Scalar(UInt32(bitPattern: ch)) else { return refuse() }
        return run(.selfInsert(String(Character(scalar))))
    }

    /// Work queued by the input reader (one item per sentinel it returned).
    func runPending() -> UInt8 {
        guard !pending.isEmpty else { return paint() }
        switch pending.removeFirst() {
        case .insert(let text): return run(.selfInsert(text))
        case .refuse: return refuse()
        case .redraw: return UInt8(CC_REDISPLAY)
        case .key(let key):
            if let command = options.keymap.command(for: key) { return dispatch(command) }
            return refuse()
        }
    }

    /// A keymap command, with Up/Down going to history when the field has no choices of its own.
    func dispatch(_ command: EditCommand) -> UInt8 {
        if command == .previousChoice || command == .nextChoice, var history, !history.entries.isEmpty {
            let recalled = command == .previousChoice ? history.older(current: field.value) : history.newer()
            self.history = history
            guard let recalled else { return refuse() }
            field = Field(spec: field.spec, context: field.context)
            if !recalled.isEmpty { field.apply(.selfInsert(recalled)) }
            return paint()
        }
        return run(command)
    }

    /// A key nothing handles: the engine marks it refused (the counter shows ` !`) and the bell rings.
    func refuse() -> UInt8 {
        field.refuseKey()
        return paint(refused: true)
    }

    /// Ctrl-D: end of input on an empty field, otherwise whatever the keymap binds it to.
    func endOfFile() -> UInt8 {
        if field.state.symbols.isEmpty { outcome = .cancelled; return UInt8(CC_EOF) }
        return dispatch(options.keymap.command(for: .named("C-d")) ?? .deleteChar)
    }

    /// Ctrl-C: end the prompt; the caller restores the terminal and re-raises SIGINT.
    func interrupt() -> UInt8 {
        outcome = .interrupted
        return UInt8(CC_EOF)
    }

    /// Ctrl-Z: give the terminal back, stop like any job, and redraw when continued.
    func suspend() -> UInt8 {
        fl_prep_term(el, 0)
        TerminalWrites.bracketedPaste(tty, on: false)
        kill(0, SIGTSTP)
        TerminalWrites.bracketedPaste(tty, on: true)
        fl_prep_term(el, 1)
        return UInt8(CC_REDISPLAY)
    }

    // MARK: - Prompts

    /// The left prompt.
    func promptText() -> UnsafeMutablePointer<CChar> { promptBuffer }

    /// The right prompt: `n/limit`, marked with `!` after a refused key. Plain text, so libedit's diff sees
    /// every change (a coloured right prompt goes stale).
    func counterText() -> UnsafeMutablePointer<CChar> {
        let bytes = Array(counterString().utf8.prefix(62))
        for (i, b) in bytes.enumerated() { counterBuffer[i] = CChar(bitPattern: b) }
        counterBuffer[bytes.count] = 0
        return counterBuffer
    }

    /// The right prompt's text for the current frame.
    func counterString() -> String {
        var text = frame.counter
        if frame.keyRefused { text += text.isEmpty ? "!" : " !" }
        return text
    }
}

/// Monotonic clock in nanoseconds.
enum Monotonic {
    static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }
}
