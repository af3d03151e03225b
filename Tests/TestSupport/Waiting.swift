import Foundation

/// How tests wait for something another process does: by polling a condition, failing with what was awaited.
enum Waiting {
    /// How long a wait gives a condition to hold before the test fails (a loaded machine is slow; a wait that ends
    /// early costs nothing). Every wait's default.
    static let patience: Double = 15

    /// How often a wait checks its condition.
    static let pollInterval: Double = 0.05
}

/// What a test waited for and never saw, or saw go; or a command a test relies on that failed.
struct WaitProblem: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// Checks `condition` every poll interval until it holds; after `timeout` seconds throws, naming `what`, the
/// caller's line and the condition's last error (an error is taken as "not yet": a file half written, a database
/// busy).
func waitUntil(_ what: String, timeout: Double = Waiting.patience, fileID: String = #fileID, line: Int = #line,
               _ condition: () throws -> Bool) async throws {
    let end = Date().addingTimeInterval(timeout)
    var lastError: Error?
    while true {
        do { if try condition() { return } } catch { lastError = error }
        guard Date() < end else { throw WaitProblem(message: unmet(what, timeout, fileID, line, lastError)) }
        try await Task.sleep(nanoseconds: UInt64(Waiting.pollInterval * 1e9))
    }
}

/// `waitUntil` for a test that is not async (the thread sleeps between checks), checking `every` seconds.
func waitUntil(_ what: String, timeout: Double = Waiting.patience, every interval: Double = Waiting.pollInterval,
               fileID: String = #fileID, line: Int = #line, _ condition: () throws -> Bool) throws {
    let end = Date().addingTimeInterval(timeout)
    var lastError: Error?
    while true {
        do { if try condition() { return } } catch { lastError = error }
        guard Date() < end else { throw WaitProblem(message: unmet(what, timeout, fileID, line, lastError)) }
        usleep(useconds_t(interval * 1e6))
    }
}

/// The message of a wait that ran out.
private func unmet(_ what: String, _ timeout: Double, _ fileID: String, _ line: Int, _ error: Error?) -> String {
    "waited \(timeout) s for \(what) (\(fileID):\(line)) and never saw it" + (error.map { "; last error: \($0)" } ?? "")
}
