import Foundation
import Testing
@testable import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A correction read from a pipe that goes quiet (issue 44.9) is committed before the corrector waits for more
/// input: it is durable at once, and no transaction stays open while the input is quiet, so another operator's save
/// meanwhile goes through (it failed after 10 s with `database is locked` or `another session holds a lock`).
@Suite struct QuietCorrectionTests {

    @Test(.timeLimit(.minutes(1)), arguments: ["sqlite", "postgres"])
    func aCorrectionFromAQuietPipeIsCommittedAndHoldsNoLock(_ kind: String) throws {
        let pg = kind == "postgres" ? try ScratchPostgres() : nil
        let s = try ScratchFolder()
        let form = try BatchImportTests.form(in: s, unique: true)
        let target = pg?.url ?? s.path("quiet.db")
        func mobile(of name: String) throws -> [String] {
            if let pg { return try pg.psql("SELECT mobile FROM entry WHERE name = '\(name)'") }
            return try sqliteShell(target, "SELECT mobile FROM entry WHERE name = '\(name)'")
        }
        let first = try fieldline(["form", form, "--input", "-", "--out", target], stdin: #"{"mobile":"13800000000","name":"c1"}"# + "\n")
        #expect(first.status == 0, "\(first.err)")

        let corrector = try Spawn.start([fieldlineURL.path, "form", form, "--update-by", "name", "--input", "-", "--out", target],
                                        stdin: .pipe)
        corrector.write(#"{"name":"c1","mobile":"13900000001"}"# + "\n")

        // Another operator saves a record meanwhile, the corrector's pipe still open.
        let other = try Spawn.start([fieldlineURL.path, "form", form, "--input", "-", "--out", target], stdin: .pipe, stderr: .pipe)
        other.write(#"{"mobile":"13700000000","name":"c2"}"# + "\n")
        other.closeInput()

        // Committed within about a second (the time limit is the behaviour) while the corrector waits for more input.
        try waitUntil("c1's correction committed", timeout: 1.2) { try mobile(of: "c1") == ["13900000001"] }
        #expect(corrector.isRunning)

        try waitUntil("the other operator's save to end, not waiting on the corrector") { !other.isRunning }
        let err = other.readToEnd(other.errors)
        #expect(other.wait() == 0 && withoutSummary(err) == "", "\(err)")
        #expect(try mobile(of: "c2") == ["13700000000"])

        corrector.closeInput()
        #expect(corrector.wait() == 0)
    }
}
