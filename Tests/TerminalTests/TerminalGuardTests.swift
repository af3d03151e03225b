import CTerminalGuard
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The reader's wait and the guarded signals, without a terminal: a signal that arrives after the reader checked
/// its flags and before it waits (the race a blocking `read` had) is held back and ends the wait at once.
@Suite(.serialized) struct TerminalGuardTests {
    @Test(arguments: [SIGWINCH, SIGCONT])
    func aSignalBeforeTheWaitEndsTheWaitAtOnce(signo: Int32) throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        var settings = termios()
        #expect(flg_arm(fds[0], &settings) == 0)
        defer { flg_disarm() }
        _ = flg_take_resized()
        _ = flg_take_continued()

        raise(signo)  // "between the check and the wait": blocked until the wait unblocks it
        #expect(flg_take_resized() == 0 && flg_take_continued() == 0, "the handler ran outside the wait")
        // Nothing will ever be written to the pipe: only the pending signal can end this wait before 10 s.
        let ready = flg_wait(fds[0], 10_000)
        let error = errno
        #expect(ready == -1 && error == EINTR, "the wait did not end at once (ppoll returned \(ready))")
        let seen = signo == SIGWINCH ? flg_take_resized() : flg_take_continued()
        #expect(seen == 1)
    }

    @Test func aSignalTheCallerIgnoresStaysIgnored() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        let previous = signal(SIGUSR2, SIG_IGN)
        defer { signal(SIGUSR2, previous) }
        var settings = termios()
        #expect(flg_arm(fds[0], &settings) == 0)
        var action = sigaction()
        sigaction(SIGUSR2, nil, &action)
        flg_disarm()
        let handler = unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
        #expect(handler == unsafeBitCast(SIG_IGN, to: Int.self), "nohup-style ignored signals must stay ignored")
    }
}
