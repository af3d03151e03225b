import Foundation

extension ScratchPostgres {
    /// The lines the server's log gained while `work` ran, with every statement logged (`log_statement = all`, in
    /// force before `work` starts): how tests count the statements or queries a run sends.
    func statementLog(during work: () throws -> Void) throws -> [Substring] {
        _ = try psql("ALTER SYSTEM SET log_statement = 'all'")
        _ = try psql("SELECT pg_reload_conf()")
        // A new session takes the setting once the server has read its configuration again.
        try waitUntil("the server takes log_statement = all") { try psql("SHOW log_statement") == ["all"] }
        let log = URL(fileURLWithPath: folder + "/log")
        let logged = try Data(contentsOf: log).count
        try work()
        return String(decoding: try Data(contentsOf: log).dropFirst(logged), as: UTF8.self).split(separator: "\n")
    }
}
