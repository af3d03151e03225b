import Foundation

/// A throwaway PostgreSQL server for one test: a new cluster in a scratch folder, listening only on a Unix socket
/// there, trust authentication, stopped and removed at the end. (As root, the server runs as `postgres`.)
/// Shared by the fieldlineTests and TerminalTests targets (a symbolic link there), so it runs programs itself.
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
        // The server must not inherit a pipe of this process (reading it would never end), and Foundation's Process
        // does not see `runuser` end once the server has started: plain system(3), output to the log.
        let command = "\(user) '\(bin)/pg_ctl' -D '\(data)' -w -l '\(folder)/log' "
            + "-o \"-k \(folder) -h '' -p \(port) -F -c max_connections=40\" start >/dev/null 2>&1 </dev/null"
        guard system(command) == 0 else {
            throw PostgresProblem(message: "pg_ctl start failed: \((try? String(contentsOfFile: folder + "/log", encoding: .utf8)) ?? "")")
        }
    }

    /// Stops the server at once, dropping every connection (as a crash or a network cut would).
    func stop() {
        _ = system("\(user) '\(bin)/pg_ctl' -D '\(data)' -m immediate stop >/dev/null 2>&1 </dev/null")
    }

    private var user: String { asPostgres.map { "'\($0)'" }.joined(separator: " ") }

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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = argv
        process.environment = ["PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8"]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        try process.run()
        // Both are far below a pipe's 64 KB (psql's answers, initdb's messages), so one read after the other is safe.
        let outText = out.fileHandleForReading.readDataToEndOfFile()
        let errText = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PostgresProblem(message: "\(argv.joined(separator: " ")): \(String(decoding: errText, as: UTF8.self))")
        }
        return String(decoding: outText, as: UTF8.self)
    }

    struct PostgresProblem: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
