import Foundation

/// A throwaway PostgreSQL server for one test: a new cluster in a scratch folder, listening only on a Unix socket
/// there, trust authentication, stopped and removed at the end. (As root, the server runs as `postgres`.)
final class ScratchPostgres {
    let folder: String
    let url: String
    /// The server's Unix socket file.
    var socket: String { folder + "/.s.PGSQL.\(port)" }
    private let data: String
    private let bin: String
    private let asPostgres: [String]
    private let port = Int.random(in: 20_000...40_000)

    init() throws {
        let versions = try FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql").compactMap(Int.init).sorted()
        guard let version = versions.last else { throw PostgresProblem(message: "Debian's postgresql is not installed") }
        bin = "/usr/lib/postgresql/\(version)/bin"
        var template = Array("/tmp/fl-pg-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw POSIXError(.EIO) }
        folder = String(cString: made)
        data = folder + "/data"
        asPostgres = getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--"] : []
        if getuid() == 0 { _ = try Self.check(["chown", "postgres:", folder]) }
        _ = try Self.check(asPostgres + [bin + "/initdb", "-D", data, "-A", "trust", "-U", "postgres", "--no-sync"])
        url = "postgresql:///postgres?host=\(folder)&port=\(port)&user=postgres"
        try start()
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Starts the server (again) and waits until it takes connections.
    func start() throws {
        // The server outlives pg_ctl: it must not hold a pipe of this process, whose reader would never see the end.
        let pgctl = try Spawn.start(asPostgres + [bin + "/pg_ctl", "-D", data, "-w", "-l", folder + "/log",
                                                  "-o", "-k \(folder) -h '' -p \(port) -F -c max_connections=40", "start"])
        guard pgctl.wait() == 0 else {
            throw PostgresProblem(message: "pg_ctl start failed: \((try? String(contentsOfFile: folder + "/log", encoding: .utf8)) ?? "")")
        }
    }

    /// Stops the server at once, dropping every connection (as a crash or a network cut would).
    func stop() {
        _ = try? Spawn.start(asPostgres + [bin + "/pg_ctl", "-D", data, "-m", "immediate", "stop"]).wait()
    }

    /// `psql -Atc SQL` output lines.
    func psql(_ sql: String) throws -> [String] {
        try Self.check(["psql", "-X", "-A", "-t", "-d", url, "-c", sql]).split(separator: "\n").map(String.init)
    }

    /// The URL of another database on this server (made with `CREATE DATABASE`).
    func url(database: String) -> String {
        url.replacingOccurrences(of: "///postgres?", with: "///\(database)?")
    }

    /// `psql -Atc SQL` output lines, connected to `database`.
    func psql(_ sql: String, database: String) throws -> [String] {
        try Self.check(["psql", "-X", "-A", "-t", "-d", url(database: database), "-c", sql]).split(separator: "\n").map(String.init)
    }

    /// Runs `argv` (on PATH) with an empty standard input; its standard output, or an error with its standard error.
    @discardableResult
    static func check(_ argv: [String]) throws -> String {
        let run = try Spawn.run(argv)
        // The status and standard error on one line: a test report may show only an error's first line.
        guard run.status == 0 else {
            let err = run.err.split(separator: "\n").joined(separator: " ⏎ ")
            throw PostgresProblem(message: "\(argv.joined(separator: " ")): exit \(run.status): \(err)")
        }
        return run.out
    }

    /// A server that could not be made, started or asked.
    struct PostgresProblem: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
