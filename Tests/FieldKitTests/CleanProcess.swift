@testable import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program as the other test targets' `Spawn` does: posix_spawn with a clean environment and signal state.
///
/// FieldKitTests has no Foundation, so this small copy works on files instead of pipes: standard input is read from
/// a file and standard output and error go to files, so no pipe can fill up and nothing needs polling.
enum CleanProcess {
    /// The whole environment a started program sees: none of the user's variables.
    static let environment = ["PATH=/usr/local/bin:/usr/bin:/bin", "LANG=C.UTF-8"]

    /// Runs `argv` (looked up on PATH) with `input` on standard input; returns its output, errors and exit status.
    static func run(_ argv: [String], input: String)
        throws(CleanProcessError) -> (out: String, err: String, status: Int32) {
        var folderTemplate = Array("/tmp/fieldkit-process-XXXXXX".utf8CString)
        guard let folderPointer = mkdtemp(&folderTemplate) else { throw .system("mkdtemp", errno) }
        let folder = String(cString: folderPointer)
        let paths = ["in", "out", "err"].map { folder + "/" + $0 }
        defer {
            for path in paths { unlink(path) }
            rmdir(folder)
        }
        try write(input, to: paths[0])

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, paths[0], O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, paths[1], O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, paths[2], O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // The test runner's worker threads may block signals; the child starts with none blocked and all default.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        ChildSignals.reset(&attributes)

        let cArgs = argv.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) } }
        let cEnv = environment.map { strdup($0) } + [nil]
        defer { cEnv.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawnp(&pid, argv[0], &actions, &attributes, cArgs, cEnv)
        guard rc == 0 else { throw .system("posix_spawnp \(argv[0])", rc) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (try read(paths[1]), try read(paths[2]), code)
    }

    private static func write(_ text: String, to path: String) throws(CleanProcessError) {
        guard let file = fopen(path, "w") else { throw .system("fopen \(path)", errno) }
        defer { fclose(file) }
        let bytes = Array(text.utf8)
        guard fwrite(bytes, 1, bytes.count, file) == bytes.count else { throw .system("fwrite \(path)", errno) }
    }

    private static func read(_ path: String) throws(CleanProcessError) -> String {
        guard let file = fopen(path, "r") else { throw .system("fopen \(path)", errno) }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A system call that failed while starting a program or handling its files.
struct CleanProcessError: Error, CustomStringConvertible {
    let description: String

    static func system(_ call: String, _ code: Int32) -> CleanProcessError {
        CleanProcessError(description: "\(call): \(String(cString: strerror(code)))")
    }
}
