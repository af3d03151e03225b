#if canImport(Glibc)
import Glibc
#endif

/// The signal state a parent hands over across exec, made fit for a program that must end on SIGTERM and Ctrl-C.
///
/// A blocked mask is inherited: a supervisor or a test runner that spawns from a thread blocking SIGTERM or SIGINT
/// would leave fieldline deaf to them for ever (the terminal guard's wait keeps the mask it found). No convention
/// gives a blocked signal a meaning for the child, so every signal is unblocked at start, except SIGTTIN and
/// SIGTTOU, which a parent may block on purpose so that a background child can use the terminal.
///
/// An ignored signal is different: POSIX shells start background jobs with SIGINT and SIGQUIT ignored, `nohup`
/// ignores SIGHUP, and a parent that ignores SIGTERM means it. Ignored signals stay ignored.
enum InheritedSignals {
    /// Unblocks every signal but SIGTTIN and SIGTTOU in the calling (main) thread, before any other thread starts.
    static func unblock() {
        var set = sigset_t()
        sigfillset(&set)
        sigdelset(&set, SIGTTIN)
        sigdelset(&set, SIGTTOU)
        sigprocmask(SIG_UNBLOCK, &set, nil)
    }
}
