import Foundation
import Testing
@testable import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A fieldline started with signals blocked (a supervisor's or test runner's threads block them, and the mask is
/// inherited across exec) still ends on SIGTERM and SIGINT: it unblocks them at start.
@Suite struct BlockedSignalTests {
    /// Starts `fieldline ARGS` in a session of its own (no terminal: `ask` reads stdin) with `blocked` blocked and
    /// stdin a pipe kept open, so it waits for a line that never comes. Returns the pid and the pipe's write end.
    static func start(_ arguments: [String], blocked: [Int32]) throws -> (pid: pid_t, stdin: Int32) {
        var inPipe: [Int32] = [-1, -1]
        guard pipe(&inPipe) == 0 else { throw POSIXError(.EMFILE) }
        _ = fcntl(inPipe[1], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        ChildSignals.reset(&attributes)
        var mask = sigset_t()
        sigemptyset(&mask)
        for signo in blocked { sigaddset(&mask, signo) }
        posix_spawnattr_setsigmask(&attributes, &mask)
        // A new session: no controlling terminal, so the prompt cannot open /dev/tty and reads stdin.
        let setsid: Int32 = 0x80  // POSIX_SPAWN_SETSID (glibc 2.26)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | setsid))
        var pid: pid_t = 0
        let argv = [fieldlineURL.path] + arguments
        let cArgs = argv.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) } }
        let cEnv = Spawn.environment.map { strdup($0) } + [nil]
        defer { cEnv.forEach { free($0) } }
        let rc = posix_spawn(&pid, argv[0], &actions, &attributes, cArgs, cEnv)
        close(inPipe[0])
        guard rc == 0 else { close(inPipe[1]); throw POSIXError(POSIXErrorCode(rawValue: rc) ?? .ENOENT) }
        return (pid, inPipe[1])
    }

    /// The exit code (128+n for a signal) once `pid` ends within `seconds`; nil, with the process killed and
    /// reaped, when it does not.
    static func exitCode(_ pid: pid_t, within seconds: Double) async throws -> Int32? {
        let end = Date().addingTimeInterval(seconds)
        var status: Int32 = 0
        while Date() < end {
            if waitpid(pid, &status, WNOHANG) == pid {
                return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
            }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        kill(pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return nil
    }

    /// `ask` and `confirm` with no terminal, waiting for a line on stdin: SIGTERM ends them with 143, SIGINT with 130.
    @Test(arguments: [["ask", "text"], ["confirm"]], [(SIGTERM, Int32(143)), (SIGINT, Int32(130))] as [(Int32, Int32)])
    func aSignalBlockedAtStartStillEndsAWaitingPrompt(_ command: [String], _ signal: (number: Int32, code: Int32)) async throws {
        let (signo, code) = signal
        // Started by a Python parent that blocks the signals (inherited across its fork and exec) and reports the
        // child's pid, then its exit code, on a pipe: this test process's own children are reaped by whoever waits
        // for children here (other tests' Process objects), so its waitpid cannot be relied on for the code.
        let reporter = """
            import signal, subprocess, sys
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM, signal.SIGINT})
            p = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                 start_new_session=True, restore_signals=False)
            print(p.pid, flush=True)
            rc = p.wait()
            print(128 - rc if rc < 0 else rc, flush=True)
            """
        let parent = Process()
        parent.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        parent.arguments = ["-I", "-c", reporter, fieldlineURL.path] + command
        parent.environment = Dictionary(uniqueKeysWithValues: Spawn.environment.compactMap { entry -> (String, String)? in
            guard let equals = entry.firstIndex(of: "=") else { return nil }
            return (String(entry[..<equals]), String(entry[entry.index(after: equals)...]))
        })
        let input = Pipe(), output = Pipe()
        parent.standardInput = input
        parent.standardOutput = output
        try parent.run()
        defer { try? input.fileHandleForWriting.close() }
        let lines = LineReader(fd: output.fileHandleForReading.fileDescriptor)
        let pid = try #require(lines.next(within: 10).flatMap { pid_t($0) }, "no pid reported")
        kill(pid, signo)
        #expect(lines.next(within: 10).flatMap { Int32($0) } == code)
        kill(pid, SIGKILL)
    }

    /// Lines read from a pipe, each waited for at most a given time (nil when none comes).
    final class LineReader {
        let fd: Int32
        private var buffer: [UInt8] = []

        init(fd: Int32) { self.fd = fd }

        func next(within seconds: Double) -> String? {
            let end = Date().addingTimeInterval(seconds)
            while true {
                if let newline = buffer.firstIndex(of: 0x0A) {
                    let line = String(decoding: buffer[..<newline], as: UTF8.self)
                    buffer.removeSubrange(...newline)
                    return line
                }
                let left = end.timeIntervalSinceNow
                guard left > 0 else { return nil }
                var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                guard poll(&pfd, 1, Int32(left * 1000) + 1) > 0 else { continue }
                var chunk = [UInt8](repeating: 0, count: 256)
                let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n <= 0 { return nil }
                buffer.append(contentsOf: chunk[..<n])
            }
        }
    }

    /// Runs the rest of a command line with SIGTERM and SIGINT blocked, through exec, as a supervisor would start it.
    static let blocking = #"python3 -c 'import os, signal, sys; signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM, signal.SIGINT}); os.execvp(sys.argv[1], sys.argv[1:])'"#

    /// At a terminal: `ask` holds it, started with SIGTERM and SIGINT blocked; `kill -TERM` ends it with 143 and
    /// the terminal settings put back.
    @Test func aSignalBlockedAtStartStillEndsAPromptAtATerminal() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        t.run(#"s1=$(stty -g); \#(Self.blocking) fieldline ask text --prompt 'T: '; echo "rc=$?"; [ "$s1" = "$(stty -g)" ] && echo stty-same"#)
        try await t.see("the prompt") { $0.contains { $0.hasPrefix("T:") } }
        let pid = try #require(try t.fieldlinePID())
        _ = try Spawn.run(["kill", "-TERM", pid])
        #expect(try await t.result() == "rc=143", "\(t.dump())")
        let rows = try await t.wait { $0.contains("stty-same") }
        #expect(rows.contains("stty-same"), "\(t.dump())")
    }

    /// Ctrl-C in `confirm` started the same way: exit 130 and the terminal settings put back, as in `ask`.
    @Test func ctrlCEndsAConfirmStartedWithSIGINTBlocked() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        t.run("s1=$(stty -g); \(Self.blocking) fieldline confirm --prompt 'Install?'")
        try await t.see("[y/n]") { $0.contains { $0.hasPrefix("Install? [y/n]") } }
        t.press("C-c")
        #expect(try await t.freshPrompt(), "\(t.dump())")
        t.run(#"echo "rc=$?"; [ "$s1" = "$(stty -g)" ] && echo stty-same"#)
        #expect(try await t.result() == "rc=130", "\(t.dump())")
        let rows = try await t.wait { $0.contains("stty-same") }
        #expect(rows.contains("stty-same"), "\(t.dump())")
    }
}
