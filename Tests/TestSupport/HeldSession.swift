import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A `psql` (or `sqlite3`) session that runs `sql` (say, taking a lock in an open transaction) and stays connected,
/// holding what it took, until the value goes away.
final class HeldSession {
    private let process: SpawnedProcess

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
        process = try Spawn.start(argv, stdin: .pipe, stdout: .pipe)
        process.write(sql + "\nSELECT 'held';\n")
        var seen: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !String(decoding: seen, as: UTF8.self).contains("held") {
            let n = read(process.output, &buffer, buffer.count)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { throw ScratchPostgres.PostgresProblem(message: "\(argv[0]) ended before holding: \(sql)") }
            seen += buffer[..<n]
        }
    }

    /// The shell reads the end of its input and leaves, letting go of what it held.
    deinit {
        process.closeInput()
        process.wait()
    }
}
