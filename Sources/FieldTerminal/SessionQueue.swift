import FieldKit
#if canImport(Glibc)
import Glibc
#endif

// The session's side of the protocol with libedit (`LibeditShell`): libedit reads only the sentinel, bound to one
// function, `fl-pending`; the session queues what that function must do (`Pending`), and the painter's answers
// (`LibeditNext`) become libedit's codes in the shell.

/// What libedit must do after the session's work on an event.
enum LibeditNext: Equatable {
    /// Nothing: the painter drew what was needed (libedit never draws: its line stays empty).
    case nothing
    /// End `el_wgets` with no line (cancel, end of file, back, interrupt): the outcome says which.
    case endInput
    /// End `el_wgets` with the line (accepted).
    case endLine
}

extension PromptSession {
    /// Work queued for the `fl-pending` function, one item per sentinel.
    enum Pending {
        /// A decoded key, text or paste queued before the terminal is read (a default value, keys typed ahead of
        /// this prompt); `pasteTail` when it came in the read right behind a paste.
        case event(InputEvent, pasteTail: Bool)
        /// The text the prompt starts with (a default, an earlier value): put in as the operator's keys are, but
        /// not counted as keys (`KeyTally`).
        case startingText(InputEvent)
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
        case .startingText(let event): return handle(event, operatorKey: false)
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
