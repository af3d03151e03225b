import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program with posix_spawn and a clean signal state (empty mask, default actions).
///
/// Foundation's Process spawns from the test's worker threads, whose blocked-signal mask the child inherits:
/// a tmux server started that way cannot be killed with SIGTERM and its shell ignores Ctrl-C.
enum Spawn {
    /// A clean environment for every program a test starts: no HOME, XDG_* or FIELDLINE_* of the user running the
    /// tests (HOME is an empty scratch folder). TMUX_TMPDIR is kept so tmux servers stay where the tests put them.
    static let environment: [String] = {
        let home = NSTemporaryDirectory() + "fl-spawn-home-\(getpid())"
        mkdir(home, 0o700)
        var list = ["PATH=/usr/local/bin:/usr/bin:/bin", "LANG=C.UTF-8", "HOME=" + home]
        if let dir = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] { list.append("TMUX_TMPDIR=" + dir) }
        return list
    }()

    /// Runs `argv` (looked up on PATH) with `stdin` bytes (or /dev/null), collecting stdout and stderr.
    static func run(_ argv: [String], stdin: Data? = nil) throws -> (out: String, err: String, status: Int32) {
        var inPipe: [Int32] = [-1, -1], outPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1]
        guard pipe(&inPipe) == 0, pipe(&outPipe) == 0, pipe(&errPipe) == 0 else { throw POSIXError(.EMFILE) }
        for fd in inPipe + outPipe + errPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if stdin != nil {
            posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        ChildSignals.reset(&attributes)

        var pid: pid_t = 0
        let cArgs = argv.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) } }
        let cEnv = Self.environment.map { strdup($0) } + [nil]
        defer { cEnv.forEach { free($0) } }
        let rc = posix_spawnp(&pid, argv[0], &actions, &attributes, cArgs, cEnv)
        for fd in [inPipe[0], outPipe[1], errPipe[1]] { close(fd) }
        if let stdin {
            signal(SIGPIPE, SIG_IGN)
            stdin.withUnsafeBytes { var p = $0.baseAddress!; var left = $0.count
                while left > 0 { let n = write(inPipe[1], p, left); if n <= 0 { break }; p += n; left -= n } }
        }
        close(inPipe[1])
        guard rc == 0 else { close(outPipe[0]); close(errPipe[0]); throw POSIXError(POSIXErrorCode(rawValue: rc) ?? .ENOENT) }
        let (out, err) = drain(outPipe[0], errPipe[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self), code)
    }

    /// Reads two pipes to end of file together, so neither fills up; closes both.
    private static func drain(_ a: Int32, _ b: Int32) -> ([UInt8], [UInt8]) {
        var data: [[UInt8]] = [[], []]
        var fds = [pollfd(fd: a, events: Int16(POLLIN), revents: 0), pollfd(fd: b, events: Int16(POLLIN), revents: 0)]
        var buffer = [UInt8](repeating: 0, count: 65536)
        while fds.contains(where: { $0.fd >= 0 }) {
            if poll(&fds, 2, -1) < 0 { if errno == EINTR { continue }; break }
            for i in 0..<2 where fds[i].fd >= 0 && fds[i].revents != 0 {
                let n = read(fds[i].fd, &buffer, buffer.count)
                if n > 0 { data[i] += buffer[..<n] } else if n == 0 || errno != EINTR { close(fds[i].fd); fds[i].fd = -1 }
            }
        }
        return (data[0], data[1])
    }
}
