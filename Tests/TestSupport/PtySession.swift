import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program on a pseudo-terminal of its own, driven as `expect` drives one: wait for text, then type a line.
/// Every byte the program writes to the terminal is kept (`transcript`), so a test can look at the bytes themselves
/// (escape sequences, bells), which a terminal emulator would have turned into a screen. Standard output and error
/// are pipes, apart from the terminal.
final class PtySession {
    let process: SpawnedProcess
    private let master: Int32
    /// Everything written to the terminal so far (the program's output and the terminal's echo of what was typed).
    private(set) var transcript: [UInt8] = []
    /// Where the next `expect` starts looking.
    private var mark = 0

    /// Starts `argv` (argv[0] on PATH) on a fresh 80x24 terminal with the tests' clean environment plus `environment`.
    init(_ argv: [String], environment: [String: String] = [:], in folder: String? = nil) throws {
        master = Self.openpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
        var name = [CChar](repeating: 0, count: 128)
        guard master >= 0, Self.grantpt(master) == 0, Self.unlockpt(master) == 0,
              Self.ptsname(master, &name, name.count) == 0 else {
            if master >= 0 { close(master) }
            throw WaitProblem(message: "no pseudo-terminal: errno \(errno)")
        }
        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        do {
            process = try Spawn.start(argv, stdin: .terminal(String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)), stdout: .pipe, stderr: .pipe,
                                      environment: environment, in: folder)
        } catch {
            close(master)
            throw error
        }
    }

    deinit { close(master) }

    // glibc's pseudo-terminal calls, which Swift's Glibc module does not import (they need _XOPEN_SOURCE).
    private static func libc<T>(_ name: String, as type: T.Type) -> T {
        unsafeBitCast(dlsym(nil, name)!, to: type)
    }
    private static let openpt = libc("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
    private static let grantpt = libc("grantpt", as: (@convention(c) (Int32) -> Int32).self)
    private static let unlockpt = libc("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
    private static let ptsname = libc("ptsname_r", as: (@convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32).self)

    /// The transcript as text.
    var text: String { String(decoding: transcript, as: UTF8.self) }

    /// Waits until `what` appears in what the terminal was given since the last `expect`; the search goes on
    /// after it.
    func expect(_ what: String, timeout: Double = Waiting.patience, fileID: String = #fileID, line: Int = #line) throws {
        let needle = Array(what.utf8)
        do {
            try waitUntil("'\(ControlEscaped.show(what))' on the terminal", timeout: timeout, every: 0.02, fileID: fileID, line: line) {
                drain()
                guard let found = transcript[mark...].firstRange(of: needle) else { return false }
                mark = found.upperBound
                return true
            }
        } catch let problem as WaitProblem {
            throw WaitProblem(message: problem.message + "; the terminal holds: " + ControlEscaped.show(text))
        }
    }

    /// Types `text` and Enter (a carriage return, as a terminal's Enter key sends).
    func typeLine(_ text: String) { send(Array(text.utf8) + [0x0D]) }

    /// Writes `bytes` to the terminal as keys.
    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(master, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return }
            offset += n
        }
    }

    /// Waits for the program to end: its status, standard output and error; the transcript then holds all it wrote.
    func finish(fileID: String = #fileID, line: Int = #line) throws -> Run {
        do {
            try waitUntil("the program to end", every: 0.02, fileID: fileID, line: line) {
                drain()
                return !process.isRunning
            }
        } catch let problem as WaitProblem {
            throw WaitProblem(message: problem.message + "; the terminal holds: " + ControlEscaped.show(text))
        }
        let out = process.readToEnd(process.output)
        let err = process.readToEnd(process.errors)
        let status = process.wait()
        drain()
        return (out, err, status)
    }

    /// Reads whatever the terminal has for us now, without waiting.
    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var pfd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 0) > 0, pfd.revents & Int16(POLLIN) != 0 else { return }
            let n = read(master, &buffer, buffer.count)
            guard n > 0 else { return }
            transcript += buffer[..<n]
        }
    }
}

/// Control bytes made visible, for failure messages.
enum ControlEscaped {
    static func show(_ text: String) -> String {
        text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? String(format: "\\x%02X", $0.value) : String($0) }.joined()
    }
}
