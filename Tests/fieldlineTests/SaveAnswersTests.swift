import Foundation
import Testing
@testable import TestSupport

/// `--save-answers` beyond one question at a time (issue 46 item 2): parallel writers take turns and lose no
/// answer, and `form --save-answers` is refused where nothing is typed.
@Suite struct SaveAnswersTests {
    /// Sixteen questions answered at once into one file: every answer is there when they are done.
    @Test func parallelWritersLoseNothing() throws {
        let s = try ScratchFolder()
        let path = s.path("answers.yaml")
        let count = 16
        let script = (0..<count).map { "fieldline ask digits --name q\($0) --value \($0) --save-answers '\(path)' >/dev/null &" }
            .joined(separator: "\n") + "\nwait"
        let run = try shell(script)
        #expect(run.status == 0 && run.err == "", "\(run)")
        let replay = try fieldline(["ask", "digits", "--name", "q7", "--answers", path, "--answers-partial", "--non-interactive"])
        #expect(replay.out == "7\n", "\(replay)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for i in 0..<count { #expect(text.contains("\"q\(i)\": \"\(i)\"\n"), "q\(i) lost: \(text)") }
        #expect(text.split(separator: "\n").count == count, "\(text)")
    }

    /// Nothing typed, nothing to keep: with --input, --answers, --non-interactive or records on stdin it is a
    /// usage error before the output is opened.
    @Test func formsSaveAnswersIsForTypedRecords() throws {
        let s = try ScratchFolder()
        let form = FormImportTests.visitor
        try "{}\n".write(toFile: s.path("a.yaml"), atomically: true, encoding: .utf8)
        for extra in [["--input", s.path("in.jsonl")], ["--answers", s.path("a.yaml")], ["--non-interactive"], []] {
            let run = try fieldline(["form", form, "--out", s.path("out.jsonl"), "--save-answers", s.path("saved.yaml")] + extra,
                                    stdin: "{\"mobile\": \"13812345678\"}\n")
            #expect(run.status == 64 && run.err.contains("--save-answers keeps the records typed at a terminal"), "\(extra): \(run)")
            #expect(!FileManager.default.fileExists(atPath: s.path("out.jsonl")) && !FileManager.default.fileExists(atPath: s.path("saved.yaml")))
        }
    }
}
