import Foundation
import Testing
@testable import TestSupport

/// `exists:` and `not_exists:` check a value against another form's saved records in the same output: on import,
/// one query a batch; a log output is refused (64).
@Suite(.serialized) struct SavedValueCheckTests {
    static let company = "name: company\nfields:\n  - {name: code, keymap: text, unique: true}\n  - {name: title, keymap: text}\n"
    static let delivery = """
        name: delivery
        fields:
          - {name: company, keymap: text, exists: {table: company, field: code}}
          - {name: parcels, keymap: digits}

        """
    static let registration = """
        name: registration
        fields:
          - {name: code, keymap: text, not_exists: {table: company, field: code}}

        """

    /// The forms in a scratch folder, and `SF` and `JD` saved as companies in `out`.
    static func prepare(_ out: String, _ s: ScratchFolder) throws {
        try company.write(toFile: s.path("company.yaml"), atomically: true, encoding: .utf8)
        try delivery.write(toFile: s.path("delivery.yaml"), atomically: true, encoding: .utf8)
        try registration.write(toFile: s.path("registration.yaml"), atomically: true, encoding: .utf8)
        let saved = try fieldline(["form", s.path("company.yaml"), "--input", "-", "--out", out],
                                  stdin: #"{"code":"SF","title":"SF Express"}"# + "\n" + #"{"code":"JD","title":"JD Logistics"}"# + "\n")
        try #require(saved.status == 0, "\(saved.err)")
    }

    /// A delivery naming a saved company is saved, one naming none is refused (65) in either language; a new
    /// registration repeating a saved code is refused.
    static func checkImport(_ out: String, count: (String) throws -> Int) throws {
        let s = try ScratchFolder()
        try prepare(out, s)
        let input = #"{"company":"SF","parcels":"2"}"# + "\n" + #"{"company":"EMS","parcels":"1"}"# + "\n"
        let run = try fieldline(["form", s.path("delivery.yaml"), "--input", "-", "--out", out], stdin: input)
        #expect(run.status == 65, "\(run.err)")
        #expect(run.err.contains("2:company: 'EMS' is not a code saved in company"), "\(run.err)")
        #expect(try count("delivery") == 1)
        let zh = try fieldline(["form", s.path("delivery.yaml"), "--input", "-", "--out", out, "--lang", "zh"], stdin: input)
        #expect(zh.status == 65)
        #expect(zh.err.contains("2:company: 'EMS' 不是 company 中已保存的 code"), "\(zh.err)")
        let fresh = try fieldline(["form", s.path("registration.yaml"), "--input", "-", "--out", out],
                                  stdin: #"{"code":"JD"}"# + "\n" + #"{"code":"YTO"}"# + "\n")
        #expect(fresh.status == 65)
        #expect(fresh.err.contains("1:code: 'JD' is already a code saved in company"), "\(fresh.err)")
        #expect(try count("registration") == 1)
    }

    @Test func sqliteImportChecksEachValue() throws {
        let s = try ScratchFolder()
        let db = s.path("records.db")
        try Self.checkImport(db) { table in
            let r = try Spawn.run(["/usr/bin/sqlite3", db, "SELECT count(*) FROM \(table)"])
            return Int(r.out.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        }
    }

    @Test func postgresImportChecksEachValue() throws {
        let pg = try ScratchPostgres()
        try Self.checkImport(pg.url) { table in Int(try pg.psql("SELECT count(*) FROM \(table)").first ?? "") ?? -1 }
    }

    /// 3,000 deliveries are checked with a query a batch, not one a record (counted in the server's statement log).
    @Test func postgresImportLooksUpOnceABatch() throws {
        let pg = try ScratchPostgres()
        let s = try ScratchFolder()
        try Self.prepare(pg.url, s)
        let input = (0..<3_000).map { #"{"company":"\#($0 % 3 == 0 ? "EMS" : "SF")","parcels":"1"}"# }.joined(separator: "\n") + "\n"
        let log = try pg.statementLog {
            let run = try fieldline(["form", s.path("delivery.yaml"), "--input", "-", "--out", pg.url], stdin: input)
            #expect(run.status == 65)
        }
        #expect(try pg.psql("SELECT count(*) FROM delivery") == ["2000"])
        let lookups = log.filter { $0.contains("FROM \"company\"") }.count
        #expect(lookups >= 1 && lookups <= 6, "\(lookups) look-ups for 3,000 records")
    }

    /// A log output holds no other form's table: refused before anything is read (64).
    @Test func aLogOutputIsRefused() throws {
        let s = try ScratchFolder()
        try Self.delivery.write(toFile: s.path("delivery.yaml"), atomically: true, encoding: .utf8)
        for out in [s.path("d.jsonl"), s.path("d.csv")] {
            let run = try fieldline(["form", s.path("delivery.yaml"), "--input", "-", "--out", out], stdin: #"{"company":"SF","parcels":"2"}"# + "\n")
            #expect(run.status == 64, "\(run.err)")
            #expect(run.err.contains("field company checks its values against table company (exists:), which only a SQLite or PostgreSQL output holds"), "\(run.err)")
        }
    }
}
