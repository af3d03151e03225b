import CEditLineShims
import CLibEdit
import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// The C functions libedit calls. Each captures nothing and finds its session through `EL_CLIENTDATA`.
enum Callbacks {
    typealias Command = @convention(c) (OpaquePointer?, Int32) -> UInt8

    /// Sent when the session cannot be found (never expected): end the prompt rather than edit blindly.
    static let lost = UInt8(CC_EOF)

    /// `fl-pending`, bound to the sentinel: run the event the input reader queued.
    static let pending: Command = { el, _ in PromptSession.from(el)?.runPending() ?? lost }

    static let prompt: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>? = { el in
        PromptSession.from(el)?.promptText()
    }
    static let counter: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>? = { el in
        PromptSession.from(el)?.counterText()
    }

    /// `EL_GETCFN`: 1 with the sentinel while work is queued for `fl-pending`, 0 at the end of input (timeout,
    /// hangup).
    static let readCharacter: @convention(c) (OpaquePointer?, UnsafeMutablePointer<wchar_t>?) -> Int32 = { el, out in
        guard let session = PromptSession.from(el), let out else { return 0 }
        guard session.readUntilLibeditActs() else { return 0 }
        out.pointee = InputReader.sentinel
        return 1
    }
}

extension PromptSession {
    /// Read and run events until one leaves libedit something to do (repaint, end the line), then return true with
    /// that queued for `fl-pending`; false at the end of input.
    ///
    /// An event whose command leaves libedit nothing to do (`CC_NORM`: a quick-echoed key, a redraw the session
    /// drew itself) is run right here rather than through a sentinel: libedit would only look the sentinel up and
    /// call back, and after `CC_NORM` it does nothing, so typing a line never goes round libedit's loop.
    func readUntilLibeditActs() -> Bool {
        while pending.isEmpty {
            drawRegionIfNeeded()
            let code: UInt8
            switch input.next(fd: tty, deadline: deadline) {
            case .event(let event, let pasteTail):
                code = handle(event, pasteTail: pasteTail)
            case .redraw(let reason):
                code = redraw(reason)
            case .endOfInput:
                if outcome == nil { outcome = .timedOut }
                return false
            case .hangup:
                outcome = .terminated(SIGHUP)
                return false
            }
            // What libedit must do for this event comes before anything it queued (the accepted line's end).
            if code != UInt8(CC_NORM) { pending.insert(.finished(code), at: 0) }
        }
        return true
    }
}
