#if canImport(Glibc)
import Glibc
#endif

/// Signals noticed while a prompt is open, read by the input reader between reads.
///
/// Handlers only store a number: everything else (redraw, restore, exit) happens on the normal path.
enum SignalFlags {
    nonisolated(unsafe) static var resized: sig_atomic_t = 0
    nonisolated(unsafe) static var terminating: sig_atomic_t = 0

    /// Install handlers without SA_RESTART, so a blocked read returns EINTR and the reader can react at once.
    ///
    /// Returns the previous actions as pairs: a `[Int32: sigaction]` would cost a scan of every protocol
    /// conformance in the binary at start-up (for `Int32: Hashable`), about 0.2 M instructions.
    static func install() -> [(Int32, sigaction)] {
        var saved: [(Int32, sigaction)] = []
        let handler: @convention(c) (Int32) -> Void = { signo in
            if signo == SIGWINCH { SignalFlags.resized = 1 } else { SignalFlags.terminating = signo }
        }
        for signo in [SIGWINCH, SIGTERM, SIGHUP] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = handler
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            var old = sigaction()
            sigaction(signo, &action, &old)
            saved.append((signo, old))
        }
        resized = 0
        terminating = 0
        return saved
    }

    /// Put back what was there before the prompt.
    static func restore(_ saved: [(Int32, sigaction)]) {
        for (signo, var old) in saved { sigaction(signo, &old, nil) }
    }
}
