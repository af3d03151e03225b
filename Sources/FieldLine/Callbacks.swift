import CEditLineShims
import CLibEdit
import FieldKit

/// The C functions libedit calls. Each captures nothing and finds its session through `EL_CLIENTDATA`;
/// libedit tells a function only the last character of its key sequence, so every command has its own.
enum Callbacks {
    typealias Command = @convention(c) (OpaquePointer?, Int32) -> UInt8

    /// Sent when the session cannot be found (never expected): end the prompt rather than edit blindly.
    static let lost = UInt8(CC_EOF)

    /// One libedit function per engine command, named `fl-` + the readline name.
    static let commands: [(EditCommand, Command)] = [
        (.backwardDeleteChar, { el, _ in PromptSession.from(el)?.dispatch(.backwardDeleteChar) ?? lost }),
        (.deleteChar, { el, _ in PromptSession.from(el)?.dispatch(.deleteChar) ?? lost }),
        (.backwardChar, { el, _ in PromptSession.from(el)?.dispatch(.backwardChar) ?? lost }),
        (.forwardChar, { el, _ in PromptSession.from(el)?.dispatch(.forwardChar) ?? lost }),
        (.beginningOfLine, { el, _ in PromptSession.from(el)?.dispatch(.beginningOfLine) ?? lost }),
        (.endOfLine, { el, _ in PromptSession.from(el)?.dispatch(.endOfLine) ?? lost }),
        (.backwardKillWord, { el, _ in PromptSession.from(el)?.dispatch(.backwardKillWord) ?? lost }),
        (.unixLineDiscard, { el, _ in PromptSession.from(el)?.dispatch(.unixLineDiscard) ?? lost }),
        (.killLine, { el, _ in PromptSession.from(el)?.dispatch(.killLine) ?? lost }),
        (.acceptLine, { el, _ in PromptSession.from(el)?.dispatch(.acceptLine) ?? lost }),
        (.abort, { el, _ in PromptSession.from(el)?.dispatch(.abort) ?? lost }),
        (.complete, { el, _ in PromptSession.from(el)?.dispatch(.complete) ?? lost }),
        (.previousChoice, { el, _ in PromptSession.from(el)?.dispatch(.previousChoice) ?? lost }),
        (.nextChoice, { el, _ in PromptSession.from(el)?.dispatch(.nextChoice) ?? lost }),
    ]

    static let selfInsert: Command = { el, ch in PromptSession.from(el)?.selfInsert(ch) ?? lost }
    static let pending: Command = { el, _ in PromptSession.from(el)?.runPending() ?? lost }
    static let refuse: Command = { el, _ in PromptSession.from(el)?.refuse() ?? lost }
    static let endOfFile: Command = { el, _ in PromptSession.from(el)?.endOfFile() ?? lost }
    static let interrupt: Command = { el, _ in PromptSession.from(el)?.interrupt() ?? lost }
    static let suspend: Command = { el, _ in PromptSession.from(el)?.suspend() ?? lost }
    static let redraw: Command = { _, _ in UInt8(CC_REDISPLAY) }

    static let prompt: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>? = { el in
        PromptSession.from(el)?.promptText()
    }
    static let counter: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>? = { el in
        PromptSession.from(el)?.counterText()
    }

    /// `EL_GETCFN`: 1 with a character, 0 at the end of input (timeout, SIGTERM, the terminal gone).
    static let readCharacter: @convention(c) (OpaquePointer?, UnsafeMutablePointer<wchar_t>?) -> Int32 = { el, out in
        guard let session = PromptSession.from(el), let out else { return 0 }
        session.resumeScreenOutput()
        switch session.input.next(fd: session.tty, session: session) {
        case .character(let c):
            out.pointee = c
            return 1
        case .queued(let work):
            if case .timedOut? = session.outcome { return 0 }
            if case .terminated? = session.outcome { return 0 }
            session.pending.append(work)
            out.pointee = InputReader.sentinel
            return 1
        case .endOfInput:
            if session.outcome == nil { session.outcome = .cancelled }
            return 0
        }
    }
}
