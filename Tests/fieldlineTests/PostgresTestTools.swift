import Foundation
@testable import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Runs `fieldline` with `args` (standard input from /dev/null) and kills it with SIGKILL if it has not ended after
/// `seconds`: a test of a bounded wait must not hang when the wait is not bounded. Nil when it had to be killed.
func fieldline(_ args: [String], killedAfter seconds: Double) throws -> (run: Run, elapsed: Double)? {
    let start = Date()
    let killed = KilledFlag()
    let process = Process()
    process.executableURL = fieldlineURL
    process.arguments = args
    process.environment = cleanEnvironment
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
    try process.run()
    let pid = process.processIdentifier
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
        if process.isRunning { killed.value = true; kill(pid, SIGKILL) }
    }
    // Both outputs are a few lines: one read after the other cannot fill a pipe.
    let outText = out.fileHandleForReading.readDataToEndOfFile()
    let errText = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    if killed.value { return nil }
    return ((String(decoding: outText, as: UTF8.self), String(decoding: errText, as: UTF8.self), process.terminationStatus),
            Date().timeIntervalSince(start))
}

private final class KilledFlag: @unchecked Sendable { var value = false }

/// A TCP socket on 127.0.0.1 that listens and never answers: the kernel completes every connection, nobody reads
/// or writes (a server that hangs, or a firewall that swallows traffic after the handshake).
final class SilentListener {
    let port: Int
    private let fd: Int32

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else { close(fd); throw POSIXError(.EIO) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.fd = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(fd) }
}

/// A `psql` (or `sqlite3`) session that runs `sql` (say, taking a lock in an open transaction) and stays connected,
/// holding what it took, until the value goes away.
final class HeldSession {
    private let process = Process()
    private let input = Pipe()

    /// Returns once `sql` has run (psql has printed the marker selected after it).
    convenience init(url: String, sql: String) throws {
        try self.init(["psql", "-X", "-A", "-t", "-q", "-v", "ON_ERROR_STOP=1", "-d", url], sql: sql)
    }

    /// The `sqlite3` shell on the database at `path`; returns once `sql` has run.
    convenience init(sqlite path: String, sql: String) throws {
        try self.init(["sqlite3", "-batch", "-bail", path], sql: sql)
    }

    /// Runs the SQL shell `argv` (on PATH), gives it `sql`, and returns once it has printed the marker selected after.
    private init(_ argv: [String], sql: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = argv
        process.environment = ["PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8"]
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = input
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: Data((sql + "\nSELECT 'held';\n").utf8))
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("held") {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { throw ScratchPostgres.PostgresProblem(message: "\(argv[0]) ended before holding: \(sql)") }
            seen += chunk
        }
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
