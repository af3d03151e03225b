#if canImport(Glibc)
import Glibc
#endif

/// Spawn attributes for a child that starts as if from a shell: no signal blocked and every one at its default.
/// The test runner's worker threads may block signals, and a child inherits the mask.
struct ChildSignals {
    /// Set `attributes` (initialised by the caller) so the child starts with a clean signal state.
    static func reset(_ attributes: inout posix_spawnattr_t) {
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigemptyset(&all)
        for signo: Int32 in 1..<32 where signo != SIGKILL && signo != SIGSTOP { sigaddset(&all, signo) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    }
}
