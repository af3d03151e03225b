import Foundation
import Testing
@testable import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A fieldline started with signals blocked (a supervisor's or test runner's threads block them, and the mask is
/// inherited across exec) still ends on SIGTERM and SIGINT: it unblocks them at start.
@Suite struct BlockedSignalTests {
    /// `ask` and `confirm` with no terminal, waiting for a line on stdin: SIGTERM ends them with 143, SIGINT with 130.
    @Test(arguments: [["ask", "text"], ["confirm"]], [(SIGTERM, Int32(143)), (SIGINT, Int32(130))] as [(Int32, Int32)])
    func aSignalBlockedAtStartStillEndsAWaitingPrompt(_ command: [String], _ signal: (number: Int32, code: Int32)) async throws {
        let (signo, code) = signal
        // Started by a Python parent that blocks the signals (inherited across its fork and exec) and reports the
        // child's pid, then its exit code, on a pipe.
        let reporter = """
            import signal, subprocess, sys
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM, signal.SIGINT})
            p = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                 start_new_session=True, restore_signals=False)
            print(p.pid, flush=True)
            rc = p.wait()
            print(128 - rc if rc < 0 else rc, flush=True)
            """
        let parent = try Spawn.start(["python3", "-I", "-c", reporter, fieldlineURL.path] + command, stdin: .pipe, stdout: .pipe)
        let lines = LineReader(fd: parent.output)
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
        try t.run(#"s1=$(stty -g); \#(Self.blocking) fieldline ask text --prompt 'T: '; echo "rc=$?"; [ "$s1" = "$(stty -g)" ] && echo stty-same"#)
        try await t.wait("the prompt") { $0.contains { $0.hasPrefix("T:") } }
        let pid = try #require(try t.fieldlinePID())
        _ = try Spawn.run(["kill", "-TERM", pid])
        #expect(try await t.result() == "rc=143", "\(t.dump())")
        let rows = try await t.wait { $0.contains("stty-same") }
        #expect(rows.contains("stty-same"), "\(t.dump())")
    }

    /// Ctrl-C in `confirm` started the same way: exit 130 and the terminal settings put back, as in `ask`.
    @Test func ctrlCEndsAConfirmStartedWithSIGINTBlocked() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run("s1=$(stty -g); \(Self.blocking) fieldline confirm --prompt 'Install?'")
        try await t.wait("[y/n]") { $0.contains { $0.hasPrefix("Install? [y/n]") } }
        try t.press("C-c")
        try await t.freshPrompt()
        try t.run(#"echo "rc=$?"; [ "$s1" = "$(stty -g)" ] && echo stty-same"#)
        #expect(try await t.result() == "rc=130", "\(t.dump())")
        let rows = try await t.wait { $0.contains("stty-same") }
        #expect(rows.contains("stty-same"), "\(t.dump())")
    }
}
