import Foundation
import Testing

/// A throwaway PostgreSQL server for one test: a new cluster in a scratch folder, listening only on a Unix socket
/// there, trust authentication, stopped and removed at the end. (As root, the server runs as `postgres`.)
final class ScratchPostgres {
    let folder: String
    let url: String
    private let data: String
    private let bin: String
    private let asPostgres: [String]

    init() throws {
        let versions = try FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql").compactMap(Int.init).sorted()
        let version = try #require(versions.last, "Debian's postgresql is not installed")
        bin = "/usr/lib/postgresql/\(version)/bin"
        var template = Array("/tmp/fl-pg-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw POSIXError(.EIO) }
        folder = String(cString: made)
        data = folder + "/data"
        asPostgres = getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--"] : []
        if getuid() == 0 { _ = try Self.check(["chown", "postgres:", folder]) }
        let port = Int.random(in: 20_000...40_000)
        _ = try Self.check(asPostgres + [bin + "/initdb", "-D", data, "-A", "trust", "-U", "postgres", "--no-sync"])
        // The server must not inherit a pipe of this process (reading it would never end), and Foundation's Process
        // does not see `runuser` end once the server has started: plain system(3), output to the log.
        let user = asPostgres.map { "'\($0)'" }.joined(separator: " ")
        let command = "\(user) '\(bin)/pg_ctl' -D '\(data)' -w -l '\(folder)/log' "
            + "-o \"-k \(folder) -h '' -p \(port) -F -c max_connections=40\" start >/dev/null 2>&1 </dev/null"
        guard system(command) == 0 else {
            throw PostgresProblem(message: "pg_ctl start failed: \((try? String(contentsOfFile: folder + "/log", encoding: .utf8)) ?? "")")
        }
        url = "postgresql:///postgres?host=\(folder)&port=\(port)&user=postgres"
    }

    deinit {
        let user = asPostgres.map { "'\($0)'" }.joined(separator: " ")
        _ = system("\(user) '\(bin)/pg_ctl' -D '\(data)' -m immediate stop >/dev/null 2>&1 </dev/null")
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// `psql -Atc SQL` output lines.
    func psql(_ sql: String) throws -> [String] {
        try Self.check(["psql", "-X", "-A", "-t", "-d", url, "-c", sql]).split(separator: "\n").map(String.init)
    }

    @discardableResult
    static func check(_ argv: [String]) throws -> String {
        let r = try run(URL(fileURLWithPath: "/usr/bin/env"), argv, stdin: nil)
        guard r.status == 0 else { throw PostgresProblem(message: "\(argv.joined(separator: " ")): \(r.err)") }
        return r.out
    }

    struct PostgresProblem: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
