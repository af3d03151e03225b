import Foundation
import Testing
@testable import TestSupport

/// `--resume` knows its input by what it read, not by its path alone (issue 49.2): the progress row keeps a
/// fingerprint of the records dealt with, and an input whose first records are not those is refused (65) with
/// nothing saved; the same input, grown at its end, resumes exactly. Standard input cannot be resumed exactly
/// without a unique field: refused (64).
@Suite struct ResumeIdentityTests {

    /// A scratch folder with the counter form (no unique field) and a SQLite or PostgreSQL target.
    final class Setup {
        let s: ScratchFolder
        let pg: ScratchPostgres?
        let form: String
        var target: String { pg?.url ?? s.path("r.db") }
        var input: String { s.path("in.jsonl") }

        init(_ kind: String) throws {
            s = try ScratchFolder()
            pg = kind == "postgres" ? try ScratchPostgres() : nil
            form = try BatchImportTests.form(in: s)
        }

        /// The input rewritten in place, or (`replaced`) as a new file renamed over the old one.
        func write(_ names: [String], replaced: Bool = false) throws {
            try names.map { #"{"mobile":"13800000000","name":"\#($0)"}"# + "\n" }.joined()
                .write(toFile: input, atomically: replaced, encoding: .utf8)
        }

        func importing(_ extra: [String] = []) throws -> Run {
            try fieldline(["form", form, "--input", input, "--out", target] + extra)
        }

        func stored() throws -> [String] {
            if let pg { return try pg.psql("SELECT name FROM entry ORDER BY fieldline_id") }
            return try sqliteShell(target, "SELECT name FROM entry ORDER BY rowid")
        }

        func sql(_ statement: String) throws -> [String] {
            if let pg { return try pg.psql(statement) }
            return try sqliteShell(target, statement)
        }

        func refusal(_ reason: String) -> String {
            "fieldline: --resume: \(input) is not the input that was imported (\(reason))\n"
        }
    }

    static func names(_ prefix: String, _ count: Int) -> [String] { (1...count).map { "\(prefix)\($0)" } }

    /// The file replaced by 12 other records: refused, nothing saved (it saved the last 2 silently); the message
    /// says it is another file (the inode the progress kept is not this one).
    @Test(arguments: ["sqlite", "postgres"])
    func aReplacedInputIsRefused(_ kind: String) throws {
        let t = try Setup(kind)
        try t.write(Self.names("a", 10))
        #expect(try t.importing().status == 0)
        try t.write(Self.names("b", 12), replaced: true)
        let run = try t.importing(["--resume"])
        #expect(run.status == 65)
        #expect(run.err == t.refusal("its first 10 records differ; it is another file than the one the import read"))
        #expect(try t.stored() == Self.names("a", 10))
    }

    /// A record put at the top of the file after an import dealt with its first records: refused, nothing saved
    /// (the new record was never saved, exit 0).
    @Test(arguments: ["sqlite", "postgres"])
    func aRecordInsertedAtTheTopIsRefused(_ kind: String) throws {
        let t = try Setup(kind)
        try t.write(Self.names("a", 5))
        #expect(try t.importing().status == 0)
        try t.write(["new"] + Self.names("a", 8))
        let run = try t.importing(["--resume"])
        #expect(run.status == 65)
        #expect(run.err == t.refusal("its first 5 records differ; it was changed after the import read it"))
        #expect(try t.stored() == Self.names("a", 5))
    }

    /// A file cut shorter than what was dealt with: refused.
    @Test(arguments: ["sqlite", "postgres"])
    func aTruncatedInputIsRefused(_ kind: String) throws {
        let t = try Setup(kind)
        try t.write(Self.names("a", 6))
        #expect(try t.importing().status == 0)
        try t.write(Self.names("a", 4))
        let run = try t.importing(["--resume"])
        #expect(run.status == 65)
        #expect(run.err == t.refusal("it holds 4 records, fewer than the 6 dealt with; it was changed after the import read it"))
        #expect(try t.stored() == Self.names("a", 6))
    }

    /// The same input grown at its end resumes exactly: the records dealt with are skipped, the rest saved once. The
    /// records decide, not the file: a copy renamed over the input (another inode) resumes as well.
    @Test(arguments: ["sqlite", "postgres"])
    func theSameInputResumesExactly(_ kind: String) throws {
        let t = try Setup(kind)
        try t.write(Self.names("a", 5))
        #expect(try t.importing().status == 0)
        try t.write(Self.names("a", 9), replaced: true)
        let run = try t.importing(["--resume"])
        #expect(run.status == 0 && withoutSummary(run.err) == "", "\(run.err)")
        #expect(try t.stored() == Self.names("a", 9))
        // --resume-anyway takes a changed input by its count, as before.
        try t.write(Self.names("b", 11))
        let anyway = try t.importing(["--resume-anyway"])
        #expect(anyway.status == 0, "\(anyway.err)")
        #expect(try t.stored() == Self.names("a", 9) + ["b10", "b11"])
    }

    /// A progress row kept by an older fieldline (no fingerprint): its table is upgraded in place, the import
    /// resumes by its count as before, with a warning; its next batch keeps a fingerprint.
    @Test(arguments: ["sqlite", "postgres"])
    func anOldProgressRowIsUpgradedAndResumedWithAWarning(_ kind: String) throws {
        let t = try Setup(kind)
        try t.write(Self.names("a", 3))
        #expect(try t.importing().status == 0)
        _ = try t.sql("DROP TABLE fieldline_import")
        let type = t.pg == nil ? "INTEGER" : "bigint"
        _ = try t.sql("CREATE TABLE fieldline_import (form TEXT NOT NULL, source TEXT NOT NULL, records \(type) NOT NULL, PRIMARY KEY (form, source))")
        _ = try t.sql("INSERT INTO fieldline_import VALUES ('entry', '\(t.input)', 3)")
        try t.write(Self.names("a", 5))
        let run = try t.importing(["--resume"])
        #expect(run.status == 0)
        #expect(withoutSummary(run.err) == "fieldline: --resume: the progress of \(t.input) was kept without a fingerprint of its records (an older fieldline): its first 3 records are skipped unchecked\n")
        #expect(try t.stored() == Self.names("a", 5))
        #expect(try t.sql("SELECT records, hash IS NOT NULL FROM fieldline_import").first?.hasPrefix("5|") == true)
        try t.write(["x"] + Self.names("a", 5))
        #expect(try t.importing(["--resume"]).status == 65)
    }

    /// CSV input is fingerprinted by its records as read: a record at the top is refused, the same file grown at
    /// its end resumes exactly.
    @Test func csvInputIsKnownByItsRecords() throws {
        let t = try Setup("sqlite")
        let csv = t.s.path("in.csv")
        func write(_ names: [String]) throws {
            try ("mobile,name\n" + names.map { "13800000000,\($0)\n" }.joined()).write(toFile: csv, atomically: false, encoding: .utf8)
        }
        func importing(_ extra: [String] = []) throws -> Run { try fieldline(["form", t.form, "--input", csv, "--out", t.target] + extra) }
        try write(Self.names("a", 4))
        #expect(try importing().status == 0)
        try write(["new"] + Self.names("a", 4))
        let refused = try importing(["--resume"])
        #expect(refused.status == 65)
        #expect(refused.err == "fieldline: --resume: \(csv) is not the input that was imported (its first 4 records differ; it was changed after the import read it)\n")
        try write(Self.names("a", 7))
        let run = try importing(["--resume"])
        #expect(run.status == 0 && withoutSummary(run.err) == "", "\(run.err)")
        #expect(try t.stored() == Self.names("a", 7))
    }

    /// Standard input into a form without a unique field cannot be resumed exactly: refused before reading.
    @Test func standardInputWithoutAUniqueFieldIsRefused() throws {
        let t = try Setup("sqlite")
        try t.write(Self.names("a", 2))
        #expect(try t.importing().status == 0)
        let run = try fieldline(["form", t.form, "--input", "-", "--out", t.target, "--resume"], stdin: #"{"mobile":"13800000000","name":"a1"}"# + "\n")
        #expect(run.status == 64)
        #expect(run.err == "fieldline: --resume: an import from standard input leaves no record of how far it got, and entry has no unique field to find the records already saved: start the import again on a new output\n")
        #expect(try t.stored() == Self.names("a", 2))
    }
}
