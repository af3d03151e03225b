import Foundation
import Testing
@testable import TestSupport

/// Corrections of one chunk in an order of their own (not the saved order), one key corrected twice: each key ends
/// with its last correction, and the history holds every replaced version in input order, in SQLite and PostgreSQL.
@Suite(.serialized) struct CorrectionOrderTests {
    static let form = "name: entry\nfields:\n  - {name: code, keymap: digits, unique: true}\n  - {name: name, keymap: text}\n"
    static let saved = ["one", "two", "three", "four", "five", "six"].enumerated().map { #"{"code":"\#($0 + 1)","name":"\#($1)"}"# }
    static let corrections = [("5", "five a"), ("3", "three a"), ("1", "one a"), ("6", "six a"), ("3", "three b"), ("2", "two a"), ("5", "five b")]
        .map { #"{"code":"\#($0)","name":"\#($1)"}"# }

    static func check(url: String, query: (String) throws -> [String], key: String, historyOrder: String) throws {
        let s = try ScratchFolder()
        try form.write(toFile: s.path("entry.yaml"), atomically: true, encoding: .utf8)
        let environment = ["FIELDLINE_NOW": "1795365541"]
        let first = try fieldline(["form", s.path("entry.yaml"), "--input", "-", "--out", url], stdin: saved.joined(separator: "\n") + "\n",
                                  environment: environment)
        #expect(first.status == 0, "\(first.err)")
        let run = try fieldline(["form", s.path("entry.yaml"), "--input", "-", "--out", url, "--update-by", "code"],
                                stdin: corrections.joined(separator: "\n") + "\n", environment: environment)
        #expect(run.status == 0, "\(run.err)")
        #expect(try query("SELECT code, name FROM entry ORDER BY \(key)")
            == ["1|one a", "2|two a", "3|three b", "4|four", "5|five b", "6|six a"])
        #expect(try query("SELECT code, name FROM entry_history ORDER BY \(historyOrder)")
            == ["5|five", "3|three", "1|one", "6|six", "3|three a", "2|two", "5|five a"])
    }

    @Test func sqliteKeepsInputOrderInHistory() throws {
        let s = try ScratchFolder()
        let db = s.path("order.db")
        try Self.check(url: db, query: { try sqliteShell(db, $0) }, key: "rowid", historyOrder: "rowid")
    }

    @Test func postgresKeepsInputOrderInHistory() throws {
        let pg = try ScratchPostgres()
        try Self.check(url: pg.url, query: pg.psql, key: "fieldline_id", historyOrder: "ctid")
    }
}
