import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What a finished program wrote on its standard output and error, and its exit status.
typealias Run = (out: String, err: String, status: Int32)

/// The one way tests start programs: posix_spawn in a session of their own (no controlling terminal), with a clean
/// environment and signal state, and standard input always given (default /dev/null).
///
/// A program that looks for a terminal (`fieldline ask` and `confirm` open /dev/tty) finds none, wherever the tests
/// run: at a developer's terminal, under `setsid`, in CI. A test that wants a terminal gives one (TmuxTerminal, or
/// `script` as the program started). Foundation's Process is not used: it keeps the test runner's terminal, and
/// its children inherit the blocked-signal mask of the worker thread that starts them.
enum Spawn {
    /// A clean environment for every program a test starts: no HOME, XDG_* or FIELDLINE_* of the user running the
    /// tests (HOME is an empty scratch folder). TMUX_TMPDIR is kept so tmux servers stay where the tests put them.
    static let environment: [String: String] = {
        let home = NSTemporaryDirectory() + "fl-spawn-home-\(getpid())"
        mkdir(home, 0o700)
        var list = ["PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home]
        if let dir = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] { list["TMUX_TMPDIR"] = dir }
        return list
    }()

    /// Starts `argv` (argv[0] looked up on PATH) and returns at once; `environment` is added to the clean one, and
    /// `folder` is the working directory.
    static func start(_ argv: [String], stdin: SpawnedProcess.Input = .null, stdout: SpawnedProcess.Output = .null,
                      stderr: SpawnedProcess.Output = .null, environment extra: [String: String] = [:],
                      in folder: String? = nil) throws -> SpawnedProcess {
        // posix_spawn_file_actions_addchdir_np is not imported into Swift: env(1) changes the folder, then execs.
        let command = folder.map { ["/usr/bin/env", "-C", $0, "--"] + argv } ?? argv
        return try SpawnedProcess(command, stdin: stdin, stdout: stdout, stderr: stderr,
                                  environment: environment.merging(extra) { $1 })
    }

    /// Runs `argv` to its end with `stdin` bytes on standard input (or /dev/null when nil), collecting stdout and
    /// stderr. Input is written while output is read, so neither side can fill a pipe and wait for ever.
    static func run(_ argv: [String], stdin: Data? = nil, environment extra: [String: String] = [:],
                    in folder: String? = nil) throws -> Run {
        try run(argv, stdin: stdin, environment: extra, in: folder, deadline: nil)!
    }

    /// `run`, but the program and its process group are killed with SIGKILL if they have not ended after `seconds`
    /// (a test of a bounded wait must not hang when the wait is not bounded): nil when they had to be.
    static func run(_ argv: [String], stdin: Data? = nil, environment extra: [String: String] = [:],
                    in folder: String? = nil, killedAfter seconds: Double) throws -> Run? {
        try run(argv, stdin: stdin, environment: extra, in: folder, deadline: DispatchTime.now() + seconds)
    }

    /// The standard output of `argv` run to its end with `stdin` bytes (or /dev/null) as input; an error (with its
    /// standard error) when it does not exit 0.
    static func output(_ argv: [String], stdin: Data? = nil) throws -> String {
        let run = try run(argv, stdin: stdin)
        guard run.status == 0 else { throw SpawnFailure(argv: argv, run: run) }
        return run.out
    }

    private static func run(_ argv: [String], stdin: Data?, environment extra: [String: String], in folder: String?,
                            deadline: DispatchTime?) throws -> Run? {
        let process = try start(argv, stdin: stdin == nil ? .null : .pipe, stdout: .pipe, stderr: .pipe,
                                environment: extra, in: folder)
        let pending = [UInt8](stdin ?? Data())
        var written = 0
        if stdin != nil {
            _ = fcntl(process.input, F_SETFL, fcntl(process.input, F_GETFL) | O_NONBLOCK)
            if pending.isEmpty { process.closeInput() }
        }
        func expired() -> Bool {
            guard let deadline, DispatchTime.now() >= deadline else { return false }
            process.killGroup()
            process.wait()
            return true
        }
        var data: [[UInt8]] = [[], []]
        var fds = [pollfd(fd: process.output, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: process.errors, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: process.input, events: Int16(POLLOUT), revents: 0)]
        var buffer = [UInt8](repeating: 0, count: 65536)
        while fds[0].fd >= 0 || fds[1].fd >= 0 {
            fds[2].fd = process.input
            if expired() { return nil }
            let now = DispatchTime.now().uptimeNanoseconds
            let timeout = deadline.map { Int32(clamping: ($0.uptimeNanoseconds - min(now, $0.uptimeNanoseconds)) / 1_000_000) + 1 } ?? -1
            if poll(&fds, 3, timeout) < 0 { if errno == EINTR { continue }; break }
            for i in 0..<2 where fds[i].fd >= 0 && fds[i].revents != 0 {
                let n = read(fds[i].fd, &buffer, buffer.count)
                if n > 0 { data[i] += buffer[..<n] } else if n == 0 || errno != EINTR { fds[i].fd = -1 }
            }
            if fds[2].fd >= 0 && fds[2].revents != 0 {
                let n = pending.withUnsafeBytes { write(process.input, $0.baseAddress! + written, $0.count - written) }
                if n > 0 { written += n }
                if written == pending.count || (n < 0 && errno != EAGAIN && errno != EINTR) { process.closeInput() }
            }
        }
        process.closeInput()
        // Both outputs have ended, but the program may still run: it may have closed them.
        if deadline != nil {
            while process.isRunning {
                if expired() { return nil }
                usleep(5_000)
            }
        }
        let status = process.wait()
        return (String(decoding: data[0], as: UTF8.self), String(decoding: data[1], as: UTF8.self), status)
    }
}

/// A program that ran and failed where the test needs it to succeed.
struct SpawnFailure: Error, CustomStringConvertible {
    /// The command line that ran.
    let argv: [String]
    /// What it wrote and its status.
    let run: Run
    /// The command, its status and its standard error.
    var description: String { "\(argv.joined(separator: " ")) exited \(run.status): \(run.err)" }
}
