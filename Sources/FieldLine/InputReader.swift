import CLibEdit
import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// Bytes from the terminal, decoded for libedit (`EL_GETCFN`).
///
/// libedit's own reader sends characters above U+00FF straight to `ed-insert`, past every binding, and waits
/// forever after a lone Esc. This reader sees every byte first: ASCII and the escape sequences of named keys
/// (`Esc [` and `Esc O`) go on to libedit's keymap, while non-ASCII characters, a bracketed paste, a lone Esc and
/// Meta keys (Esc + any other key) are queued for the engine and announced with the sentinel byte bound to
/// `fl-pending`.
struct InputReader {
    /// The byte bound to `fl-pending` (Ctrl-_). A real Ctrl-_ from the keyboard is queued as a refused key.
    static let sentinel: wchar_t = 0x1F
    /// How long to wait after Esc for the rest of an escape sequence (vi editors use 25-50 ms).
    static let escapeWait: Int32 = 30

    private var buffer: [UInt8] = []
    private var position = 0

    /// What a read produced.
    enum Read {
        case character(wchar_t)
        case queued(PromptSession.Pending)
        case endOfInput
    }

    /// The next character for libedit, or work for the engine, or the end of input.
    mutating func next(fd: Int32, session: PromptSession) -> Read {
        var next: UInt8?
        while next == nil {
            if position == buffer.count && SignalFlags.resized != 0 {
                SignalFlags.resized = 0
                el_resize(session.el)
                session.columns = TerminalWrites.columns(fd)
                return .queued(.redraw)
            }
            next = nextByte(fd: fd, session: session, wait: -1)
            if next == nil && SignalFlags.resized == 0 { return .endOfInput }
        }
        let byte = next!
        switch byte {
        case 0x1B: return escape(fd: fd, session: session)
        case 0x1F: return .queued(.refuse)
        case 0..<0x80: return .character(wchar_t(byte))
        default:
            // Characters that arrived together (an IME commit, an emoji ZWJ sequence sent scalar by scalar)
            // go to the engine as one insert, so a cluster is never split at the field's limit.
            var run = utf8(lead: byte, fd: fd, session: session)
            while case .insert(let text) = run, position < buffer.count, buffer[position] >= 0x80 {
                let lead = buffer[position]
                position += 1
                guard case .insert(let more) = utf8(lead: lead, fd: fd, session: session) else { break }
                run = .insert(text + more)
            }
            return .queued(run)
        }
    }

    /// After Esc: a lone Esc, a bracketed paste, the start of a key sequence for libedit's keymap, or a Meta key.
    private mutating func escape(fd: Int32, session: PromptSession) -> Read {
        guard let next = peekByte(fd: fd, session: session, wait: InputReader.escapeWait) else {
            return .queued(.key(.named("Esc")))
        }
        if next == UInt8(ascii: "["), matchesAhead(Array("[200~".utf8), fd: fd, session: session) {
            position += 5
            return .queued(.insert(readPaste(fd: fd, session: session)))
        }
        if next == UInt8(ascii: "[") || next == UInt8(ascii: "O") { return .character(0x1B) }
        // Esc + any other key is a Meta key (M-b, M-d, ...). No field binds one, and libedit's emacs built-ins
        // for them would edit behind the engine, so it is refused here: cheaper than binding 125 sequences in
        // libedit at every start, each of which looks its function up by name.
        position += 1
        if next >= 0x80 { _ = utf8(lead: next, fd: fd, session: session) }
        return .queued(.refuse)
    }

    /// A UTF-8 sequence starting with `lead`; malformed input is a refused key, never a crash.
    private mutating func utf8(lead: UInt8, fd: Int32, session: PromptSession) -> PromptSession.Pending {
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0
        guard length > 0 else { return .refuse }
        var bytes = [lead]
        for _ in 1..<length {
            guard let b = peekByte(fd: fd, session: session, wait: 100), b & 0xC0 == 0x80 else { return .refuse }
            position += 1
            bytes.append(b)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { return .refuse }
        return .insert(text)
    }

    /// Everything up to the paste-end marker `\e[201~`, decoded as UTF-8 (invalid bytes become U+FFFD, which
    /// the field then refuses like any character it does not accept).
    private mutating func readPaste(fd: Int32, session: PromptSession) -> String {
        let end = Array("\u{1B}[201~".utf8)
        var text: [UInt8] = []
        while let b = nextByte(fd: fd, session: session, wait: 2000) {
            text.append(b)
            if text.count >= end.count && Array(text.suffix(end.count)) == end {
                text.removeLast(end.count)
                break
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Whether the unread input starts with `bytes`, waiting briefly for the rest to arrive.
    private mutating func matchesAhead(_ bytes: [UInt8], fd: Int32, session: PromptSession) -> Bool {
        while buffer.count - position < bytes.count {
            guard fill(fd: fd, session: session, wait: InputReader.escapeWait) else { break }
        }
        let available = buffer[position...].prefix(bytes.count)
        return Array(available) == bytes
    }

    private mutating func nextByte(fd: Int32, session: PromptSession, wait: Int32) -> UInt8? {
        guard let b = peekByte(fd: fd, session: session, wait: wait) else { return nil }
        position += 1
        return b
    }

    private mutating func peekByte(fd: Int32, session: PromptSession, wait: Int32) -> UInt8? {
        if position == buffer.count && !fill(fd: fd, session: session, wait: wait) { return nil }
        return buffer[position]
    }

    /// Read what the terminal has, waiting at most `wait` ms (-1: until input, the prompt's deadline or a
    /// signal). Window resizes are handled here, between reads. Returns false when nothing came.
    private mutating func fill(fd: Int32, session: PromptSession, wait: Int32) -> Bool {
        if position == buffer.count { buffer.removeAll(keepingCapacity: true); position = 0 }
        while true {
            if SignalFlags.terminating != 0 {
                session.outcome = .terminated(Int32(SignalFlags.terminating))
                return false
            }
            // A resize while waiting for a key: stop waiting so `next` can queue the redraw.
            if SignalFlags.resized != 0 && wait < 0 { return false }
            // Waiting for the next key with no deadline: a plain blocking read, which a signal interrupts
            // (handlers have no SA_RESTART). poll is only needed for a time limit; skipping it saves one
            // system call per key, which is measurable per keystroke on a virtual machine.
            if wait < 0 && session.deadline == nil {
                if readChunk(fd: fd) { return true }
                if errno == EINTR || errno == EAGAIN { continue }
                return false
            }
            var timeout = wait
            if let deadline = session.deadline {
                let now = Monotonic.now()
                if now >= deadline { session.outcome = session.outcome ?? .timedOut; return false }
                let left = Int32(min(UInt64(Int32.max), (deadline - now) / 1_000_000 + 1))
                timeout = wait < 0 ? left : min(wait, left)
            }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, timeout)
            if ready < 0 { if errno == EINTR { continue }; return false }
            if ready == 0 {
                if wait >= 0 && (session.deadline == nil || Monotonic.now() < session.deadline!) { return false }
                continue  // the deadline check at the top decides
            }
            if readChunk(fd: fd) { return true }
            if errno == EINTR || errno == EAGAIN { continue }
            return false
        }
    }

    /// One read of whatever the terminal has. False with errno set (EINTR, EAGAIN), or with errno 0 when the
    /// terminal went away.
    private mutating func readChunk(fd: Int32) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n < 0 { return false }
        if n == 0 { errno = 0; return false }
        buffer.append(contentsOf: chunk[0..<n])
        return true
    }
}
