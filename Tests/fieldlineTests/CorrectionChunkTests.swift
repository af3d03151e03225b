import Foundation
import Testing
@testable import TestSupport

/// Corrections read together (one input, applied in chunks) say and write exactly what the same corrections say
/// and write one at a time (each its own run): found, missing, repeated within the input (the later one corrects
/// what the earlier one wrote), unchanged and invalid ones mixed, in SQLite and PostgreSQL.
@Suite(.serialized) struct CorrectionChunkTests {
    static let form = "name: entry\nfields:\n  - {name: code, keymap: digits, unique: true}\n  - {name: name, keymap: text}\n  - {name: city, keymap: text}\n"
    static let saved = [
        #"{"code":"1","name":"one","city":"Aden"}"#,
        #"{"code":"2","name":"two","city":"Bari"}"#,
        #"{"code":"3","name":"three","city":"Cork"}"#,
    ]
    static let corrections = [
        #"{"code":"1","name":"One"}"#,                    // found; the city left out stays as saved
        #"{"code":"9","name":"nine"}"#,                   // no saved record
        #"{"code":"2","name":"Two"}"#,                    // found
        #"{"code":"1","name":"One again"}"#,              // repeated: replaces what the first correction wrote
        #"{"code":"1x","name":"bad"}"#,                   // the key itself invalid
        #"{"code":"3","name":""}"#,                       // found, but the correction is invalid
        #"{"code":"1","name":"One again"}"#,              // repeated, changing nothing: no history row
        #"{"code":"9","name":"nine"}"#,                   // missing again
        #"{"code":"3","name":"Three","city":"Derry"}"#,   // found, every field given
        #"{"code":"2","name":"Two more"}"#,               // repeated after others
        #"{"name":"keyless"}"#,                           // no key
    ]
    /// The clock pinned: both ways stamp the same times.
    static let environment = ["FIELDLINE_NOW": "1795365541"]

    /// An output to correct: a fresh one for each way, and what it holds after.
    struct Output {
        let url: String
        let query: (String) throws -> [String]
        /// Records and history rows, without `record_id` (made afresh for each output).
        func contents() throws -> [String] {
            let postgres = url.hasPrefix("postgres")
            return try query("SELECT code, name, city, saved_at, operator, edited_at, edited_by FROM entry ORDER BY \(postgres ? "fieldline_id" : "rowid")")
                + ["--"] + query("SELECT code, name, city, saved_at, operator, edited_at, edited_by, fieldline_id, changed_at, changed_by FROM entry_history ORDER BY \(postgres ? "ctid" : "rowid")")
        }
    }

    /// The reports and contents after the corrections, given as one input (`together`) or each in a run of its own.
    static func correct(together: Bool, into output: Output, form: String) throws -> (reports: String, contents: [String]) {
        let first = try fieldline(["form", form, "--input", "-", "--out", output.url], stdin: saved.joined(separator: "\n") + "\n",
                                  environment: environment)
        #expect(first.status == 0, "\(first.err)")
        let args = ["form", form, "--input", "-", "--out", output.url, "--update-by", "code"]
        var reports = ""
        if together {
            let run = try fieldline(args, stdin: corrections.joined(separator: "\n") + "\n", environment: environment)
            #expect(run.status == 65)
            reports = withoutSummary(run.err)
        } else {
            for (index, correction) in corrections.enumerated() {
                let run = try fieldline(args, stdin: correction + "\n", environment: environment)
                #expect(run.status == 0 || run.status == 65)
                // Each run's only record is its record 1: numbered as in the whole input.
                for line in withoutSummary(run.err).split(separator: "\n") {
                    #expect(line.hasPrefix("1:"))
                    reports += "\(index + 1):" + line.dropFirst(2) + "\n"
                }
            }
        }
        return (reports, try output.contents())
    }

    static func check(_ outputs: (Output, Output), form: String) throws {
        let together = try correct(together: true, into: outputs.0, form: form)
        let alone = try correct(together: false, into: outputs.1, form: form)
        #expect(together.reports == alone.reports)
        #expect(together.contents == alone.contents)
        // What one at a time says and writes, pinned: a change in both ways at once is seen too.
        let lines = together.reports.split(separator: "\n").map(String.init)
        try #require(lines.map { String($0.prefix { $0 != ":" }) } == ["2", "5", "5", "6", "8", "11", "11"], "\(together.reports)")
        #expect(lines[0] == "2:code: no saved record with code 9" && lines[4] == "8:code: no saved record with code 9")
        #expect(lines[1].hasPrefix("5:code: ") && lines[3] == "6:name: a value is required")
        let history = together.contents.drop { $0 != "--" }.dropFirst().map { $0.split(separator: "|", omittingEmptySubsequences: false).prefix(3).joined(separator: "|") }
        #expect(history == ["1|one|Aden", "2|two|Bari", "1|One|Aden", "3|three|Cork", "2|Two|Bari"])
        #expect(together.contents.prefix(3).map { $0.split(separator: "|", omittingEmptySubsequences: false).prefix(3).joined(separator: "|") }
                == ["1|One again|Aden", "2|Two more|Bari", "3|Three|Derry"])
    }

    @Test func sqliteCorrectionsTogetherAreCorrectionsOneAtATime() throws {
        let s = try ScratchFolder()
        try Self.form.write(toFile: s.path("entry.yaml"), atomically: true, encoding: .utf8)
        let output = { (name: String) in Output(url: s.path(name)) { try sqliteShell(s.path(name), $0) } }
        try Self.check((output("together.db"), output("alone.db")), form: s.path("entry.yaml"))
    }

    @Test func postgresCorrectionsTogetherAreCorrectionsOneAtATime() throws {
        let together = try ScratchPostgres(), alone = try ScratchPostgres()
        let s = try ScratchFolder()
        try Self.form.write(toFile: s.path("entry.yaml"), atomically: true, encoding: .utf8)
        try Self.check((Output(url: together.url, query: together.psql), Output(url: alone.url, query: alone.psql)), form: s.path("entry.yaml"))
    }
}
