import CTerminalGuard
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The one status line a long task may keep redrawn at the bottom of a terminal's stderr (an import's progress),
/// and the rule every other write to stderr follows while it is there: the line is erased first, so a message is
/// never written into it, and the task draws it again below the message.
enum StderrStatusLine {
    /// Held while stderr is written, so that a report from the thread saving a batch and a redraw from the
    /// importing thread never interleave. Whether a line is shown is kept in C (`flsl_*`), where the signal
    /// handler that ends it reads it.
    private static let writing = Mutex<Void>(())

    /// Runs `write` (a write to stderr) with the status line, if any, erased first.
    static func clearedForWriting(_ write: () -> Void) {
        writing.withLock { _ in
            if flsl_take_shown() != 0 { raw("\r\u{1B}[K") }
            write()
        }
    }

    /// Draws `line` (one terminal row, no control characters) in place of the status line shown, if any.
    static func draw(_ line: String) {
        writing.withLock { _ in
            raw("\r" + line + "\u{1B}[K")
            flsl_set_shown(1)
        }
    }

    /// Erases the status line, if one is shown.
    static func erase() {
        clearedForWriting {}
    }

    /// Writes `text` to stderr as it is (what this type makes; never text from outside).
    private static func raw(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            bytes = bytes.dropFirst(n)
        }
    }
}
