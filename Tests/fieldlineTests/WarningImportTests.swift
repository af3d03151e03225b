import Foundation
import Testing
@testable import TestSupport

/// Rules of `level: warning` on import (issue 47): a record breaking one is saved and reported (`N:FIELD: warning:
/// …`, counted in the summary), `--strict` refuses it; the reason is stored in the `warnings` column (SQLite,
/// PostgreSQL, JSON Lines, CSV), kept by a correction with its history, found by `records --find warnings=any`, and
/// carried by a round trip through `records` and `form --keep-saved`.
@Suite(.serialized) struct WarningImportTests {
    static let form = """
        name: parcels
        fields:
          - {name: code, keymap: digits, unique: true}
          - {name: company, keymap: text}
          - {name: parcels, keymap: digits}
        reasons:
          - {en: "a removal: many boxes", zh: "搬家：箱子多"}
        rules:
          - require: parcels >= 1
            message: {en: "at least one parcel", zh: "至少一件"}
            field: parcels
          - require: parcels <= 50
            message: {en: "more than 50 parcels: check the count", zh: "超过 50 件：请核对件数"}
            field: parcels
            level: warning

        """
    static let records = #"{"code":"1","company":"SF","parcels":"3"}"# + "\n" + #"{"code":"2","company":"SF","parcels":"60"}"# + "\n"

    static func scratch() throws -> ScratchFolder {
        let s = try ScratchFolder()
        try form.write(toFile: s.path("parcels.yaml"), atomically: true, encoding: .utf8)
        return s
    }

    /// The summary, the last line of `err`.
    static func summary(_ err: String) -> String {
        String(err.split(separator: "\n").last ?? "")
    }

    @Test(arguments: [
        ("en", "2:parcels: warning: more than 50 parcels: check the count\n", "2 saved (1 over a warning), 0 refused, to "),
        ("zh", "2:parcels: 警告：超过 50 件：请核对件数\n", "已保存 2 条（其中 1 条有警告），拒绝 0 条，"),
    ])
    func aWarningIsSavedAndReported(language: String, report: String, summary: String) throws {
        let s = try Self.scratch()
        let run = try fieldline(["form", s.path("parcels.yaml"), "--input", "-", "--out", s.path("p.jsonl"), "--lang", language], stdin: Self.records)
        #expect(run.status == 0, "\(run.err)")
        #expect(withoutSummary(run.err) == report)
        #expect(Self.summary(run.err).hasPrefix(summary), "\(run.err)")
        let saved = try FormImportTests.objects(s.read("p.jsonl"))
        #expect(saved.map { $0["warnings"] } == ["", #"{"parcels":""}"#])
    }

    @Test(arguments: [
        ("en", "2:parcels: warning: more than 50 parcels: check the count\n", "1 saved, 1 refused, to "),
        ("zh", "2:parcels: 警告：超过 50 件：请核对件数\n", "已保存 1 条，拒绝 1 条，"),
    ])
    func strictRefusesAWarning(language: String, report: String, summary: String) throws {
        let s = try Self.scratch()
        let run = try fieldline(["form", s.path("parcels.yaml"), "--input", "-", "--out", s.path("p.csv"), "--strict", "--lang", language],
                                stdin: Self.records)
        #expect(run.status == 65)
        #expect(withoutSummary(run.err) == report)
        #expect(Self.summary(run.err).hasPrefix(summary), "\(run.err)")
        #expect(s.read("p.csv").split(whereSeparator: \.isNewline).count == 2)   // the header and the record within the warning
    }

    /// A record copied with its reason, then corrected by import: the reason stays with the record (the warning
    /// still broken) and the replaced version, reason and all, is in the history table.
    func reasonAndHistory(out: String, query: (String) throws -> [String]) throws {
        let s = try Self.scratch()
        let copy = #"{"code":"2","company":"SF","parcels":"60","warnings":"{\"parcels\":\"a removal: many boxes\"}","saved_at":"2026-11-22T16:39:01Z","operator":"alice","edited_at":"","edited_by":"","record_id":"01a223ad-8bc9-75fb-adba-a17c15a5e27a"}"#
        let copied = try fieldline(["form", s.path("parcels.yaml"), "--input", "-", "--out", out, "--keep-saved"], stdin: copy + "\n")
        #expect(copied.status == 0, "\(copied.err)")
        #expect(try query("SELECT parcels, warnings FROM parcels") == [#"60|{"parcels":"a removal: many boxes"}"#])
        let corrected = try fieldline(["form", s.path("parcels.yaml"), "--input", "-", "--out", out, "--update-by", "code"],
                                      stdin: #"{"code":"2","company":"ZTO"}"# + "\n")
        #expect(corrected.status == 0, "\(corrected.err)")
        #expect(withoutSummary(corrected.err) == "1:parcels: warning: more than 50 parcels: check the count\n")
        #expect(try query("SELECT company, warnings FROM parcels") == [#"ZTO|{"parcels":"a removal: many boxes"}"#])
        #expect(try query("SELECT company, warnings, operator FROM parcels_history") == [#"SF|{"parcels":"a removal: many boxes"}|alice"#])
        // Found as a record saved over a warning; a record without one is not.
        let plain = try fieldline(["form", s.path("parcels.yaml"), "--input", "-", "--out", out], stdin: #"{"code":"1","company":"SF","parcels":"3"}"# + "\n")
        #expect(plain.status == 0, "\(plain.err)")
        let found = try fieldline(["records", s.path("parcels.yaml"), "--from", out, "--find", "warnings=any", "--format", "csv"])
        #expect(found.status == 0, "\(found.err)")
        #expect(found.out.split(whereSeparator: \.isNewline).map { $0.prefix(6) } == ["code,c", "2,ZTO,"])
    }

    @Test func sqliteStoresTheReasonAndItsHistory() throws {
        let s = try ScratchFolder()
        let db = s.path("p.db")
        try reasonAndHistory(out: db) { try sqliteShell(db, $0) }
    }

    @Test func postgresStoresTheReasonAndItsHistory() throws {
        let pg = try ScratchPostgres()
        try reasonAndHistory(out: pg.url) { try pg.psql($0) }
    }

    /// `records --find warnings=any` over a file, and every record through `records` and `form --keep-saved` into
    /// each kind of output and back, the warnings column as it was.
    @Test(arguments: ["p.jsonl", "p.csv", "p.db"])
    func findAndRoundTrip(target: String) throws {
        let s = try Self.scratch()
        let out = s.path(target)
        let saved = try fieldline(["form", s.path("parcels.yaml"), "--input", "-", "--out", out], stdin: Self.records)
        #expect(saved.status == 0, "\(saved.err)")
        let found = try fieldline(["records", s.path("parcels.yaml"), "--from", out, "--find", "warnings=any"])
        #expect(try FormImportTests.objects(found.out).map { $0["code"] } == ["2"])
        for format in ["jsonl", "csv"] {
            let written = try fieldline(["records", s.path("parcels.yaml"), "--from", out, "--format", format])
            let copy = s.path("copy-\(format)-" + target)
            let copied = try fieldline(["form", s.path("parcels.yaml"), "--input", "-", "--input-format", format, "--keep-saved", "--out", copy],
                                       stdin: written.out)
            #expect(copied.status == 0, "\(copied.err)")
            let back = try fieldline(["records", s.path("parcels.yaml"), "--from", copy, "--format", format])
            #expect(back.out == written.out)
            #expect(written.out.contains("warnings"))
        }
    }
}
