import Foundation
import Testing
@testable import TestSupport

/// An import's last line on stderr says what it did, whether or not stderr is a terminal (issue 42.7):
/// `2 saved, 1 refused, to out.jsonl in 0.1 s`; written to a pipe (as here), stderr holds no progress, no escape
/// sequence and no carriage return.
@Suite struct ImportSummaryTests {
    static let english = ["LANG": "C.UTF-8"]
    static let chinese = ["LANG": "zh_CN.UTF-8"]
    static let good = [#"{"mobile":"13800000001","name":"a"}"#, #"{"mobile":"13800000002","name":"b"}"#]
    static let bad = #"{"mobile":"12800000000","name":"c"}"#

    /// The lines of `err` before its last, once the last is `before` then a time to a tenth then `after`.
    static func reports(_ err: String, summary before: String, _ after: String, fileID: String = #fileID,
                        line: Int = #line) -> [String] {
        let location = SourceLocation(fileID: fileID, filePath: #filePath, line: line, column: 1)
        #expect(!err.contains("\u{1B}") && !err.contains("\r"), "progress bytes in \(err.debugDescription)", sourceLocation: location)
        var lines = err.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.last == "", "stderr ends without a line break: \(err.debugDescription)", sourceLocation: location)
        lines.removeLast()
        let last = lines.popLast() ?? ""
        let time = last.hasPrefix(before) && last.hasSuffix(after)
            ? String(last.dropFirst(before.count).dropLast(after.count)) : ""
        #expect(time.wholeMatch(of: /\d+\.\d/) != nil, "the last line is not '\(before)<seconds>\(after)': \(err.debugDescription)",
                sourceLocation: location)
        return lines
    }

    static func form(_ s: ScratchFolder) throws -> String {
        try s.write("entry.yaml", "name: entry\nfields:\n  - {name: mobile, keymap: phone-cn, unique: true}\n  - {name: name, keymap: text}\n")
    }

    @Test func theLastLineCountsSavedAndRefusedInEnglish() throws {
        let s = try ScratchFolder()
        let input = try s.write("in.jsonl", ([Self.good[0], Self.bad, Self.good[1]]).joined(separator: "\n") + "\n")
        let run = try fieldline(["form", try Self.form(s), "--input", input, "--out", s.path("out.jsonl")], environment: Self.english)
        #expect(run.status == 65)
        #expect(run.out == "")
        let reports = Self.reports(run.err, summary: "2 saved, 1 refused, to \(s.path("out.jsonl")) in ", " s")
        #expect(reports == ["2:mobile: not a mobile number (CN mobile numbers start 13 to 19)"])
    }

    @Test func theLastLineCountsSavedAndRefusedInChinese() throws {
        let s = try ScratchFolder()
        let input = try s.write("in.jsonl", ([Self.good[0], Self.bad, Self.good[1]]).joined(separator: "\n") + "\n")
        let run = try fieldline(["form", try Self.form(s), "--input", input, "--out", s.path("out.jsonl")], environment: Self.chinese)
        #expect(run.status == 65)
        let reports = Self.reports(run.err, summary: "已保存 2 条，拒绝 1 条，保存到 \(s.path("out.jsonl"))，用时 ", " 秒")
        #expect(reports == ["2:mobile: 不是手机号码（CN 的手机号码以 13 至 19 开头）"])
    }

    /// Standard output keeps only the records: the summary goes to stderr, naming standard output.
    @Test func recordsOnStandardOutputAndTheSummaryOnStderr() throws {
        let s = try ScratchFolder()
        let run = try fieldline(["form", try Self.form(s), "--out", "-"], stdin: Self.good.joined(separator: "\n") + "\n",
                                environment: Self.english)
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.split(separator: "\n").count == 2)
        #expect(Self.reports(run.err, summary: "2 saved, 0 refused, to standard output in ", " s") == [])
    }

    /// A name from outside is shown escaped, as in every message.
    @Test func theOutputsNameIsEscaped() throws {
        let s = try ScratchFolder()
        let out = s.path("a\u{1B}[31mb.jsonl")
        let run = try fieldline(["form", try Self.form(s), "--out", out], stdin: Self.good[0] + "\n", environment: Self.english)
        #expect(run.status == 0, "\(run.err)")
        #expect(Self.reports(run.err, summary: "1 saved, 0 refused, to \(s.path("aU+1B[31mb.jsonl")) in ", " s") == [])
    }

    /// Corrections are counted as corrected, in the database.
    @Test(arguments: ["sqlite", "postgres"])
    func correctionsAreCountedAsCorrected(_ kind: String) throws {
        let pg = kind == "postgres" ? try ScratchPostgres() : nil
        let s = try ScratchFolder()
        let form = try Self.form(s), target = pg?.url ?? s.path("out.db")
        let first = try fieldline(["form", form, "--out", target], stdin: Self.good.joined(separator: "\n") + "\n")
        #expect(first.status == 0, "\(first.err)")
        let fixes = [#"{"mobile":"13800000001","name":"A"}"#, #"{"mobile":"13900000009","name":"X"}"#, #"{"mobile":"13800000002","name":"B"}"#]
        let run = try fieldline(["form", form, "--update-by", "mobile", "--out", target], stdin: fixes.joined(separator: "\n") + "\n",
                                environment: Self.english)
        #expect(run.status == 65)
        // The scratch server's URL holds no password: fieldline names it as it is.
        let reports = Self.reports(run.err, summary: "2 corrected, 1 refused, in \(target) in ", " s")
        #expect(reports.count == 1 && reports[0].hasPrefix("2:mobile: "), "\(reports)")
        let zh = try fieldline(["form", form, "--update-by", "mobile", "--out", target], stdin: fixes[0] + "\n", environment: Self.chinese)
        #expect(zh.status == 0, "\(zh.err)")
        #expect(Self.reports(zh.err, summary: "已更正 1 条，拒绝 0 条，在 \(target) 中，用时 ", " 秒") == [])
    }

    /// `--resume` says how many records an earlier import dealt with and were skipped.
    @Test func aResumedImportSaysHowManyItSkipped() throws {
        let s = try ScratchFolder()
        let form = try Self.form(s)
        let input = try s.write("in.jsonl", Self.good[0] + "\n")
        let first = try fieldline(["form", form, "--input", input, "--out", s.path("out.db")])
        #expect(first.status == 0, "\(first.err)")
        try s.write("in.jsonl", Self.good.joined(separator: "\n") + "\n" + #"{"mobile":"13800000003","name":"c"}"# + "\n")
        let run = try fieldline(["form", form, "--input", input, "--out", s.path("out.db"), "--resume"], environment: Self.english)
        #expect(run.status == 0, "\(run.err)")
        #expect(Self.reports(run.err, summary: "2 saved, 0 refused, 1 skipped (saved before), to \(s.path("out.db")) in ", " s") == [])
        let zh = try fieldline(["form", form, "--input", input, "--out", s.path("out.db"), "--resume"], environment: Self.chinese)
        #expect(zh.status == 0, "\(zh.err)")
        #expect(Self.reports(zh.err, summary: "已保存 0 条，拒绝 0 条，跳过 3 条（之前已保存），保存到 \(s.path("out.db"))，用时 ", " 秒") == [])
    }

    /// From standard input, a resumed import finds the records saved before by their unique value: skipped too.
    @Test func aResumedImportFromStandardInputCountsTheRecordsFoundSaved() throws {
        let s = try ScratchFolder()
        let form = try Self.form(s)
        let first = try fieldline(["form", form, "--out", s.path("out.jsonl")], stdin: Self.good[0] + "\n")
        #expect(first.status == 0, "\(first.err)")
        let run = try fieldline(["form", form, "--out", s.path("out.jsonl"), "--resume"], stdin: Self.good.joined(separator: "\n") + "\n",
                                environment: Self.english)
        #expect(run.status == 0, "\(run.err)")
        #expect(Self.reports(run.err, summary: "1 saved, 0 refused, 1 skipped (saved before), to \(s.path("out.jsonl")) in ", " s") == [])
    }

    /// `--quiet`: no summary (and no progress); refused records are still reported.
    @Test func quietLeavesOnlyTheReports() throws {
        let s = try ScratchFolder()
        let run = try fieldline(["form", try Self.form(s), "--out", s.path("out.jsonl"), "--quiet"],
                                stdin: [Self.good[0], Self.bad].joined(separator: "\n") + "\n", environment: Self.english)
        #expect(run.status == 65)
        #expect(run.err == "2:mobile: not a mobile number (CN mobile numbers start 13 to 19)\n")
        let short = try fieldline(["form", try Self.form(s), "--out", s.path("out2.jsonl"), "-q"], stdin: Self.good[1] + "\n")
        #expect(short.status == 0 && short.err == "", "\(short.err)")
    }
}
