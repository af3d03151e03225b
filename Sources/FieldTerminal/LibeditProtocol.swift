internal import CEditLineShims
internal import CLibEdit
import FieldKit
#if canImport(Glibc)
import Glibc
#endif

// The whole of the protocol between the session and libedit, in one place. Why there is one at all: libedit reads
// characters and runs its own keymap on them, but every key is decided by the prompt core. So libedit reads only
// one character, the sentinel, bound to one function, `fl-pending`; the session queues what that function must
// do (`PromptSession.Pending`), and the painter's answers (`LibeditNext`) become libedit's `CC_*` codes here and
// nowhere else.

/// What libedit must do after the session's work on an event.
enum LibeditNext: Equatable {
    /// Nothing: the painter drew what was needed (libedit never draws: its line stays empty).
    case nothing
    /// End `el_wgets` with no line (cancel, end of file, back, interrupt): the outcome says which.
    case endInput
    /// End `el_wgets` with the line (accepted).
    case endLine

    /// libedit's code for it.
    var code: UInt8 {
        switch self {
        case .nothing: return UInt8(CC_NORM)
        case .endInput: return UInt8(CC_EOF)
        case .endLine: return UInt8(CC_NEWLINE)
        }
    }
}

extension PromptSession {
    /// Work queued for the `fl-pending` function, one item per sentinel.
    enum Pending {
        /// A decoded key, text or paste queued before the terminal is read (a default value, keys typed ahead of
        /// this prompt); `pasteTail` when it came in the read right behind a paste.
        case event(InputEvent, pasteTail: Bool)
        /// End the line with this accepted value (after the repaint that shows it).
        case accept(String)
        /// Show this on the status line (why a form's field is asked again), after the default is in.
        case status(String)
        /// An event the reader already ran (`readUntilLibeditActs`) left libedit this to do.
        case finished(LibeditNext)
    }

    /// Work queued by the input reader (one item per sentinel it returned).
    func runPending() -> LibeditNext {
        guard !pending.isEmpty else { return .nothing }
        // One queued item (a typed key) is the common case: taking the last skips shifting the queue.
        switch pending.count == 1 ? pending.removeLast() : pending.removeFirst() {
        case .event(let event, let pasteTail): return handle(event, pasteTail: pasteTail)
        case .accept(let value):
            status = nil
            outcome = .accepted(value)
            return .endLine
        case .finished(let next):
            return next
        case .status(let text):
            return show(.status(text))
        }
    }

    /// Read and run events until one leaves libedit something to do (repaint, end the line), then return true with
    /// that queued for `fl-pending`; false at the end of input.
    ///
    /// An event whose command leaves libedit nothing to do (`CC_NORM`: a quick-echoed key, a redraw the session
    /// drew itself) is run right here rather than through a sentinel: libedit would only look the sentinel up and
    /// call back, and after `CC_NORM` it does nothing, so typing a line never goes round libedit's loop.
    func readUntilLibeditActs() -> Bool {
        // The prompt is drawn before its first key is read (libedit draws nothing: its prompt and line are empty).
        if !screen.showsField { paint() }
        while pending.isEmpty {
            let next: LibeditNext
            switch input.next(fd: tty, deadline: deadline) {
            case .event(.cursorReport, _):
                // A late answer to a position request that was given up on: nothing the user did.
                next = .nothing
            case .event(let event, let pasteTail):
                next = handle(event, pasteTail: pasteTail)
            case .redraw(let reason):
                next = redraw(reason)
            case .endOfInput:
                if outcome == nil { outcome = .timedOut }
                return false
            case .hangup:
                outcome = .terminated(SIGHUP)
                return false
            }
            // What libedit must do for this event comes before anything it queued (the accepted line's end).
            if next != .nothing { pending.insert(.finished(next), at: 0) }
        }
        return true
    }
}

/// The C functions libedit calls. Each captures nothing and finds its session through `EL_CLIENTDATA`.
enum Callbacks {
    /// Sent when the session cannot be found (never expected): end the prompt rather than edit blindly.
    static let lost = UInt8(CC_EOF)
    /// The empty prompt libedit is given (it takes no NULL prompt).
    nonisolated(unsafe) static let lostPrompt: UnsafeMutablePointer<CChar> = {
        let text = UnsafeMutablePointer<CChar>.allocate(capacity: 1)
        text.initialize(to: 0)
        return text
    }()

    /// `fl-pending`, bound to the sentinel: run the event the input reader queued.
    static let pending: fl_command_fn = { el, _ in PromptSession.from(el)?.runPending().code ?? lost }

    /// libedit's prompt: empty, as is its line; the screen model draws the prompt, the line and the counter.
    static let prompt: fl_prompt_fn = { _ in lostPrompt }

    /// `EL_GETCFN`: 1 with the sentinel while work is queued for `fl-pending`, 0 at the end of input (timeout,
    /// hangup).
    static let readCharacter: fl_getc_fn = { el, out in
        guard let session = PromptSession.from(el) else { return 0 }
        guard session.readUntilLibeditActs() else { return 0 }
        out.pointee = Bindings.sentinel
        return 1
    }
}

/// Sets libedit up as a line display only: every key is decoded by `InputReader` and reaches libedit as the
/// sentinel, so one binding is all libedit needs.
enum Bindings {
    /// The character bound to `fl-pending`; the only one libedit ever reads.
    static let sentinel: wchar_t = 0x1F

    static func install(on el: OpaquePointer) {
        fl_set_editor(el, "emacs")
        // Ctrl-C and Ctrl-Z stay signals (ISIG, libedit's default), so they work even while the engine is busy;
        // the terminal guard restores the terminal first. Ctrl-\ is not a signal here (a refused key instead),
        // and Ctrl-S must not freeze output. `quit=` disables the character now; `-quit` keeps it disabled when
        // el_gets re-derives the editing characters from the terminal's.
        fl_set_tty(el, "-ixon", "quit=", "-quit")
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
