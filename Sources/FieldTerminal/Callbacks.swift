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

    /// `EL_GETCFN`: 1 with the sentinel for a queued event, 0 at the end of input (timeout, hangup).
    static let readCharacter: @convention(c) (OpaquePointer?, UnsafeMutablePointer<wchar_t>?) -> Int32 = { el, out in
        guard let session = PromptSession.from(el), let out else { return 0 }
        session.drawCandidatesIfNeeded()
        switch session.input.next(fd: session.tty, deadline: session.deadline) {
        case .event(let event, let pasteTail):
            session.pending.append(.event(event, pasteTail: pasteTail))
        case .redraw(let reason):
            session.pending.append(.redraw(reason))
        case .endOfInput:
            if session.outcome == nil { session.outcome = .timedOut }
            return 0
        case .hangup:
            session.outcome = .terminated(SIGHUP)
            return 0
        }
        out.pointee = InputReader.sentinel
        return 1
    }
}
