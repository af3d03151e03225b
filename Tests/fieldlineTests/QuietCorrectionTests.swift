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
    typealias Scratch = FormImportTests.Scratch

    @Test(.timeLimit(.minutes(1)), arguments: ["sqlite", "postgres"])
    func aCorrectionFromAQuietPipeIsCommittedAndHoldsNoLock(_ kind: String) throws {
        let pg = kind == "postgres" ? try ScratchPostgres() : nil
        let s = try Scratch()
        let form = try BatchImportTests.form(in: s, unique: true)
        let target = pg?.url ?? s.path("quiet.db")
        func mobile(of name: String) throws -> [String] {
            if let pg { return try pg.psql("SELECT mobile FROM entry WHERE name = '\(name)'") }
            return try FormSQLiteTests.sqlite(target, "SELECT mobile FROM entry WHERE name = '\(name)'")
        }
        let first = try fieldline(["form", form, "--input", "-", "--out", target], stdin: #"{"mobile":"13800000000","name":"c1"}"# + "\n")
        #expect(first.status == 0, "\(first.err)")

        let corrector = Process()
        corrector.executableURL = fieldlineURL
        corrector.arguments = ["form", form, "--update-by", "name", "--input", "-", "--out", target]
        corrector.environment = cleanEnvironment
        let input = Pipe()
        corrector.standardInput = input
        corrector.standardOutput = FileHandle.nullDevice
        corrector.standardError = FileHandle.nullDevice
        try corrector.run()
        defer { if corrector.isRunning { kill(corrector.processIdentifier, SIGKILL) } }
        input.fileHandleForWriting.write(Data((#"{"name":"c1","mobile":"13900000001"}"# + "\n").utf8))

        // Another operator saves a record meanwhile, the corrector's pipe still open.
        let other = Process()
        other.executableURL = fieldlineURL
        other.arguments = ["form", form, "--input", "-", "--out", target]
        other.environment = cleanEnvironment
        let otherInput = Pipe(), otherErrors = Pipe()
        other.standardInput = otherInput
        other.standardOutput = FileHandle.nullDevice
        other.standardError = otherErrors
        try other.run()
        defer { if other.isRunning { kill(other.processIdentifier, SIGKILL) } }
        otherInput.fileHandleForWriting.write(Data((#"{"mobile":"13700000000","name":"c2"}"# + "\n").utf8))
        try otherInput.fileHandleForWriting.close()

        // Committed within about a second (the time limit is the behaviour) while the corrector waits for more input.
        try waitUntil("c1's correction committed", timeout: 1.2) { try mobile(of: "c1") == ["13900000001"] }
        #expect(corrector.isRunning)

        try waitUntil("the other operator's save to end, not waiting on the corrector") { !other.isRunning }
        other.waitUntilExit()
        let err = String(decoding: otherErrors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(other.terminationStatus == 0 && err == "", "\(err)")
        #expect(try mobile(of: "c2") == ["13700000000"])

        try input.fileHandleForWriting.close()
        corrector.waitUntilExit()
        #expect(corrector.terminationStatus == 0)
    }
}
