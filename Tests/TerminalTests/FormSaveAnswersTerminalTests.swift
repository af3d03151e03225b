import Foundation
import Testing
@testable import TestSupport

/// `form --save-answers FILE` (issue 46 item 2): the records typed at a terminal are added to FILE as a list of
/// answers, which `form --answers FILE --non-interactive` saves again as the same records.
@Suite struct FormSaveAnswersTerminalTests {
    /// Two visitors typed at the terminal (the first with its visit date's default, the second with a date typed),
    /// their answers saved; the replay into a fresh output gives the same records, field for field.
    @Test(arguments: [("v.jsonl", "answers.yaml"), ("v.db", "answers.json")])
    func typedRecordsReplayAsTheSameRecords(_ output: String, _ answers: String) async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        let out = t.home + "/" + output, file = t.home + "/" + answers
        try t.run("export FIELDLINE_NOW=1795365541; fieldline form '\(FormTerminalTests.visitor)' --out '\(out)' --save-answers '\(file)'; echo rc=$?")
        try await t.waitLastRow("Mobile:", "0/11")
        try t.type("13812345678\r11010519491231002x\rZhang \"San\", Jr\r\r\r")
        try await t.wait("1 saved") { $0.contains("1 saved to \(out)") }
        try await t.waitLastRow("Mobile:", "0/11")
        try t.type("13912345678\r110101199003070011\rLi Si\r\u{15}20260301\r\r")
        try await t.wait("2 saved") { $0.contains("2 saved to \(out)") }
        try await t.waitLastRow("Mobile:", "0/11")
        try t.press("C-d")
        #expect(try await t.result() == "rc=0", "\(t.dump())")

        // Only what was typed is kept (not the fields derived from the ID card), in the form's order.
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let first = #"{"mobile": "13812345678", "idcard": "11010519491231002X", "name": "Zhang \"San\", Jr", "visit_date": "2026-11-22"}"#
        let second = #"{"mobile": "13912345678", "idcard": "110101199003070011", "name": "Li Si", "visit_date": "2026-03-01"}"#
        let expected = answers.hasSuffix(".json") ? "[\n  \(first),\n  \(second)\n]\n" : "- \(first)\n- \(second)\n"
        #expect(text == expected, "\(text)")
        #expect((try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int) == 0o600)

        let replayed = t.home + "/replayed." + (output.hasSuffix(".db") ? "db" : "jsonl")
        let replay = try fieldline(["form", FormTerminalTests.visitor, "--answers", file, "--non-interactive", "--out", replayed, "-q"],
                                   environment: ["FIELDLINE_NOW": "1795365541"])
        #expect(replay.status == 0 && replay.err == "", "\(replay)")
        let typed = try FormTerminalTests.saved(out), again = try FormTerminalTests.saved(replayed)
        #expect(typed.count == 2 && again == typed, "typed: \(typed)\nreplayed: \(again)")
    }
}
