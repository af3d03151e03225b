internal import CTerminalGuard
import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// Key events from the terminal, for libedit's `EL_GETCFN`.
///
/// Every byte goes through FieldKit's `InputDecoder`; libedit never sees a terminal byte. Each decoded event is
/// queued for the session and libedit gets the sentinel byte bound to `fl-pending`, so libedit's own keymap (which
/// drops only the first byte of a sequence it does not know) can never turn part of an escape sequence into text.
struct InputReader {
    /// How long to wait after Esc, or inside a sequence, for the rest (vi editors use 25-50 ms).
    static let sequenceWait: Int32 = 30
    /// How long to wait for the next byte of a UTF-8 character before its bytes are refused as invalid: long
    /// enough for a slow link, short enough that a stray lead byte is soon rung out instead of holding the keys
    /// typed after it (a byte that cannot continue the character refuses it at once).
    static let characterWait: Int32 = 1000
    /// How long a resize waits for the terminal to say where the cursor is before drawing without knowing.
    static let reportWait: Int32 = 200
    /// How many times a resize asks again when the window changed size once more while the answer was awaited.
    static let reportRounds = 4
    /// How long an open bracketed paste may pause before it is ended without its end marker.
    static let pasteWait: Int32 = 1000

    private var decoder = InputDecoder()
    private var events: [InputEvent] = []
    private var delivered = 0
    /// The events being delivered came in a read that was already waiting when a paste ended in the read before.
    private var eventsArePasteTail = false
    /// The last read ended a paste and more bytes were already waiting behind it.
    private var nextReadIsPasteTail = false
    /// When the last read that ended a paste was made (monotonic ns): a read within `pasteTailWindow` of it is its
    /// tail too (the kernel hands over the rest of one write microseconds later; no one, and no tool driving a
    /// terminal through another process, types that fast).
    private var pasteReadAt: UInt64 = 0
    static let pasteTailWindow: UInt64 = 3_000_000
    /// One read's worth of bytes, allocated once.
    private var chunk = [UInt8](repeating: 0, count: 4096)

    /// What the reader has for the session.
    enum Read {
        /// A decoded event; `pasteTail` when it arrived right behind a paste (see `next`).
        case event(InputEvent, pasteTail: Bool)
        /// The window changed size, or the process was continued after a stop: redraw the whole field.
        case redraw(RedrawReason)
        /// No more input: the deadline passed (the outcome says so) or the terminal is gone.
        case endOfInput
        /// The terminal hung up (closed window, lost connection).
        case hangup
    }

    /// The next event, waiting for input as long as the prompt's deadline allows.
    mutating func next(fd: Int32, deadline: UInt64?) -> Read {
        while true {
            if delivered < events.count {
                delivered += 1
                return .event(events[delivered - 1], pasteTail: eventsArePasteTail)
            }
            // One event (a typed key) is the common case: dropping it alone skips the generic range removal.
            if events.count == 1 { events.removeLast() } else { events.removeAll(keepingCapacity: true) }
            delivered = 0
            // The guarded signals are blocked outside `flg_wait`, so a flag cannot be set between here and the wait.
            let continued = flg_take_continued() != 0
            let resized = flg_take_resized() != 0
            // After a stop the shell has written below the field: that decides where to draw, even if the window
            // was also resized meanwhile (the redraw reads the size again either way).
            if continued { return .redraw(.continued) }
            if resized { return .redraw(.resized) }

            var timeout: Int32
            switch decoder.waiting {
            case .nothing: timeout = -1
            case .sequence: timeout = InputReader.sequenceWait
            case .character: timeout = InputReader.characterWait
            case .paste: timeout = InputReader.pasteWait
            }
            if let deadline {
                let now = Monotonic.now()
                if now >= deadline { return .endOfInput }
                let left = Int32(min(UInt64(Int32.max), (deadline - now) / 1_000_000 + 1))
                timeout = timeout < 0 ? left : min(timeout, left)
            }
            let ready = flg_wait(fd, timeout)
            if ready < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return .hangup
            }
            if ready == 0 {
                if let deadline, Monotonic.now() >= deadline { return .endOfInput }
                decoder.flush(into: &events)
                continue
            }
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                chunk.withUnsafeBufferPointer { all in
                    decoder.decode(UnsafeBufferPointer(rebasing: all[0..<count]), into: &events)
                }
                // A paste's bytes after an early end marker are pasted text when they come in the same read (the
                // decoder sees to that); if the read ended right there and the rest is already waiting, the next
                // read is that rest, not keys the user typed afterwards: the session will not let it accept or cancel.
                eventsArePasteTail = nextReadIsPasteTail
                nextReadIsPasteTail = false
                if pasteReadAt != 0 {
                    if Monotonic.now() &- pasteReadAt < InputReader.pasteTailWindow { eventsArePasteTail = true }
                    pasteReadAt = 0
                }
                if events.contains(where: { if case .paste = $0 { true } else { false } }) {
                    var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                    nextReadIsPasteTail = poll(&pfd, 1, 0) > 0
                    pasteReadAt = Monotonic.now()
                }
                continue
            }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            // End of file or an error (EIO) on a terminal: it went away.
            return .hangup
        }
    }

    /// The terminal's answer to the cursor position request just written (`ESC [ 6 n`), waiting up to
    /// `waitMilliseconds`; events read meanwhile are kept for `next`. Nil when no answer came in time (a late one is
    /// still read as an answer, not as keys).
    mutating func cursorReport(fd: Int32, waitMilliseconds: Int32) -> (row: Int, column: Int)? {
        decoder.cursorReportsAwaited += 1
        let deadline = Monotonic.now() + UInt64(waitMilliseconds) * 1_000_000
        while true {
            if let k = events[delivered...].firstIndex(where: { if case .cursorReport = $0 { true } else { false } }) {
                guard case .cursorReport(let row, let column) = events.remove(at: k) else { return nil }
                return (row, column)
            }
            let now = Monotonic.now()
            guard now < deadline else { return nil }
            let ready = flg_wait(fd, Int32((deadline - now) / 1_000_000 + 1))
            if ready < 0 { if errno == EINTR || errno == EAGAIN { continue }; return nil }
            if ready == 0 { continue }
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { return nil }
            chunk.withUnsafeBufferPointer { all in
                decoder.decode(UnsafeBufferPointer(rebasing: all[0..<count]), into: &events)
            }
        }
    }
}
