import Foundation
import Testing
@testable import TestSupport

/// `form --verify`'s bad input: each a clear message on stderr and its documented exit code, nothing asked.
@Suite struct FormVerifyUsageTests {
    static func setUp(_ s: ScratchFolder) throws -> (form: String, db: String) {
        let form = s.path("keyed.yaml"), db = s.path("k.db")
        try StatsTests.form.write(toFile: form, atomically: true, encoding: .utf8)
        let made = try fieldline(["form", form, "--input", "-", "--out", db], stdin: #"{"code":"1","name":"a"}"# + "\n")
        #expect(made.status == 0, "\(made.err)")
        return (form, db)
    }

    @Test(arguments: [
        (["--sample", "0%"], "--sample takes a share of the records from 1% to 100%, not '0%'"),
        (["--sample", "150%"], "--sample takes a share of the records from 1% to 100%, not '150%'"),
        (["--sample", "ten"], "--sample takes a share of the records from 1% to 100%, not 'ten'"),
        (["--seed", "3"], "--seed is the seed of --sample's draw: give --sample"),
        (["--input", "x.jsonl"], "--verify keys saved records again at a terminal: not with --input"),
        (["--find", "code"], "--find takes FIELD=VALUE, not 'code'"),
    ])
    func usageErrorsAre64(extra: [String], message: String) throws {
        let s = try ScratchFolder()
        let (form, db) = try Self.setUp(s)
        let run = try fieldline(["form", form, "--verify", "--out", db] + extra, stdin: "")
        #expect(run.status == 64)
        #expect(run.err.contains(message), "\(run.err)")
    }

    @Test func aFileOutputAndChoosingWithoutVerifyAre64() throws {
        let s = try ScratchFolder()
        let (form, _) = try Self.setUp(s)
        let file = try fieldline(["form", form, "--verify", "--out", s.path("k.jsonl")], stdin: "")
        #expect(file.status == 64)
        #expect(file.err.contains("--verify corrects records in a database"), "\(file.err)")
        let alone = try fieldline(["form", form, "--sample", "10%", "--out", s.path("k.db")], stdin: "")
        #expect(alone.status == 64)
        #expect(alone.err.contains("give --verify"), "\(alone.err)")
    }

    @Test func standardInputIsNotATerminal64AndNoRecordFound1() throws {
        let s = try ScratchFolder()
        let (form, db) = try Self.setUp(s)
        let piped = try fieldline(["form", form, "--verify", "--out", db], stdin: "")
        #expect(piped.status == 64)
        #expect(piped.err.contains("--verify keys records again at a terminal: standard input is not one"), "\(piped.err)")
        let none = try fieldline(["form", form, "--verify", "--out", db, "--find", "code=999"], stdin: "")
        #expect(none.status == 1)
        #expect(none.err.contains("no saved keyed record matches --find"), "\(none.err)")
    }
}
