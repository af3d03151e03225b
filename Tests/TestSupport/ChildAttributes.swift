#if canImport(Glibc)
import Glibc
#endif

/// Spawn attributes for a child that starts detached and as if from a shell: a session of its own, so no controlling
/// terminal, no signal blocked and every one at its default.
///
/// Without a session of its own the child shares the terminal of whoever runs the tests, and a prompt opens it
/// (`/dev/tty`) and waits there for an answer nobody gives. The test runner's worker threads may block signals,
/// and a child inherits the mask.
enum ChildAttributes {
    /// glibc's `POSIX_SPAWN_SETSID` (spawn.h), which Swift's Glibc module does not import.
    static let newSession: Int32 = 0x80

    /// Sets `attributes` (initialised by the caller) so the child starts in a new session with a clean signal state.
    static func detach(_ attributes: inout posix_spawnattr_t) {
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigemptyset(&all)
        for signo: Int32 in 1..<32 where signo != SIGKILL && signo != SIGSTOP { sigaddset(&all, signo) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | newSession))
    }
}
