import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program started by `Spawn.start`: its pipes, whether it still runs, its exit status. Killed (with the rest of
/// its session's process group) if it still runs when the value goes away.
final class SpawnedProcess {
    /// Where the program's standard input comes from.
    enum Input {
        /// /dev/null: the program sees the end of its input at once.
        case null
        /// A pipe the test writes (`write`, `closeInput`).
        case pipe
        /// A file, opened for reading.
        case file(String)
        /// A terminal device (a pseudo-terminal's slave), opened for reading and writing: the program, leader of a
        /// session of its own, takes it as its controlling terminal (`/dev/tty`).
        case terminal(String)
    }

    /// Where the program's standard output or error goes.
    enum Output {
        /// /dev/null.
        case null
        /// A pipe the test reads (`output`, `errors`, `readToEnd`).
        case pipe
        /// A file, created or truncated.
        case file(String)
    }

    /// The program's process id, also the id of its session and process group.
    let pid: pid_t
    /// The write end of its standard input when that is `.pipe`, else -1.
    private(set) var input: Int32
    /// The read end of its standard output when that is `.pipe`, else -1.
    let output: Int32
    /// The read end of its standard error when that is `.pipe`, else -1.
    let errors: Int32
    private var status: Int32?

    /// Serialises pipe creation and spawning: a pipe end is inheritable until marked close-on-exec, and a program
    /// another test started in between would hold it open, so its reader would never see the end.
    private static let spawning = NSLock()

    init(_ argv: [String], stdin: Input, stdout: Output, stderr: Output, environment: [String: String]) throws {
        _ = Self.brokenPipesIgnored
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        ChildAttributes.detach(&attributes)
        let cArgs = argv.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) } }
        let cEnv = environment.sorted { $0.key < $1.key }.map { strdup($0.key + "=" + $0.value) } + [nil]
        defer { cEnv.forEach { free($0) } }

        Self.spawning.lock()
        defer { Self.spawning.unlock() }
        var ours: [Int32] = [], theirs: [Int32] = []
        func pipeEnds() throws -> (read: Int32, write: Int32) {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EMFILE) }
            for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            return (ends[0], ends[1])
        }
        do {
            switch stdin {
            case .null: posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            case .file(let path): posix_spawn_file_actions_addopen(&actions, 0, path, O_RDONLY, 0)
            case .terminal(let path): posix_spawn_file_actions_addopen(&actions, 0, path, O_RDWR, 0)
            case .pipe:
                let ends = try pipeEnds()
                ours.append(ends.write); theirs.append(ends.read)
                posix_spawn_file_actions_adddup2(&actions, ends.read, 0)
            }
            var readEnds: [Int32] = []
            for (fd, target) in [(Int32(1), stdout), (Int32(2), stderr)] {
                switch target {
                case .null: posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", O_WRONLY, 0)
                case .file(let path): posix_spawn_file_actions_addopen(&actions, fd, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
                case .pipe:
                    let ends = try pipeEnds()
                    ours.append(ends.read); theirs.append(ends.write)
                    posix_spawn_file_actions_adddup2(&actions, ends.write, fd)
                }
                readEnds.append(target.isPipe ? ours.last! : -1)
            }
            // Nothing else of the test runner's is inherited: a file another test is writing, kept open by this
            // program, would make its exec fail (ETXTBSY), and a pipe end kept open would hide the pipe's end.
            guard let closeFrom = Self.addCloseFrom else { throw SpawnError(argv: argv, code: ENOSYS) }
            _ = closeFrom(&actions, 3)
            var pid: pid_t = 0
            let rc = posix_spawnp(&pid, argv[0], &actions, &attributes, cArgs, cEnv)
            theirs.forEach { close($0) }
            theirs = []
            guard rc == 0 else { throw SpawnError(argv: argv, code: rc) }
            self.pid = pid
            input = stdin.isPipe ? ours[0] : -1
            output = readEnds[0]
            errors = readEnds[1]
        } catch {
            (ours + theirs).forEach { close($0) }
            throw error
        }
    }

    deinit {
        if isRunning {
            kill(-pid, SIGKILL)
            _ = wait()
        }
        for fd in [input, output, errors] where fd >= 0 { close(fd) }
    }

    /// Writes all of `data` to the program's standard input; false when it no longer reads (it closed or ended).
    @discardableResult
    func write(_ data: Data) -> Bool {
        guard input >= 0 else { return false }
        return data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(input, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                offset += n
            }
            return true
        }
    }

    /// Writes `text` (UTF-8) to the program's standard input.
    @discardableResult
    func write(_ text: String) -> Bool { write(Data(text.utf8)) }

    /// Closes the program's standard input: it reads the end.
    func closeInput() {
        if input >= 0 { close(input) }
        input = -1
    }

    /// Whether the program has not ended yet (an ended one is reaped, and its status kept).
    var isRunning: Bool {
        guard status == nil else { return false }
        var raw: Int32 = 0
        let waited = waitpid(pid, &raw, WNOHANG)
        if waited == 0 { return true }
        status = waited == pid ? Self.exitCode(raw) : -1
        return false
    }

    /// Sends `signal` to the program.
    func send(_ signal: Int32) { kill(pid, signal) }

    /// Sends SIGKILL to the program and every process of its group (what it started that did not leave it).
    func killGroup() { kill(-pid, SIGKILL) }

    /// Waits for the program to end: its exit status, or 128 + the signal that ended it (as a shell's `$?`).
    @discardableResult
    func wait() -> Int32 {
        if let status { return status }
        var raw: Int32 = 0
        var waited: pid_t
        repeat { waited = waitpid(pid, &raw, 0) } while waited < 0 && errno == EINTR
        let code = waited == pid ? Self.exitCode(raw) : -1
        status = code
        return code
    }

    /// Reads `fd` (`output` or `errors`) to its end.
    func readToEnd(_ fd: Int32) -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while fd >= 0 {
            let n = read(fd, &buffer, buffer.count)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            bytes += buffer[..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A wait status as a shell's `$?`.
    static func exitCode(_ raw: Int32) -> Int32 {
        (raw & 0x7f) == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc module does not import.
    private static let addCloseFrom = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map {
        unsafeBitCast($0, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }

    /// A program that exits without reading its input makes a write fail with EPIPE, not kill the test process.
    private static let brokenPipesIgnored: Void = { signal(SIGPIPE, SIG_IGN) }()
}

/// A program that could not be started.
struct SpawnError: Error, CustomStringConvertible {
    /// The command line that was to run.
    let argv: [String]
    /// posix_spawn's error number.
    let code: Int32
    /// The program and the system's reason.
    var description: String { "cannot start \(argv[0]): \(String(cString: strerror(code)))" }
}

private extension SpawnedProcess.Input {
    var isPipe: Bool { if case .pipe = self { true } else { false } }
}

private extension SpawnedProcess.Output {
    var isPipe: Bool { if case .pipe = self { true } else { false } }
}
