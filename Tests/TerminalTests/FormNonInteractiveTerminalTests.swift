import Foundation
import Testing
@testable import TestSupport

/// `form` at a terminal with nobody there (DEBIAN_FRONTEND=noninteractive, FIELDLINE_NONINTERACTIVE=1): no record
/// is entered; the environment's answers and the defaults make one record, or every missing field is named (64).
@Suite struct FormNonInteractiveTerminalTests {
    @Test func aTerminalWithNobodyThereSavesTheAnswersOrNamesWhatIsMissing() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run("export DEBIAN_FRONTEND=noninteractive; fieldline form '\(FormTerminalTests.visitor)' --out '\(t.home)/v.jsonl'; echo rc=$?")
        #expect(try await t.result() == "rc=64", "\(t.dump())")
        // The 80-column terminal wraps the one line.
        let screen = try t.screen().joined()
        #expect(screen.contains("fieldline: nobody to ask (non-interactive) and no answer or default for: mobile, idcard, name"), "\(t.dump())")
        let a = try await TmuxTerminal(); defer { a.close() }
        try a.run("export FIELDLINE_NONINTERACTIVE=1 FIELDLINE_ANSWER_MOBILE=13812345678 FIELDLINE_ANSWER_IDCARD=11010519491231002X FIELDLINE_ANSWER_NAME=Zhao; "
                  + "fieldline form '\(FormTerminalTests.visitor)' --out '\(a.home)/v.jsonl' -q; echo rc=$?")
        #expect(try await a.result() == "rc=0", "\(a.dump())")
        let saved = try String(contentsOfFile: a.home + "/v.jsonl", encoding: .utf8)
        #expect(saved.contains(#""name":"Zhao""#) && saved.split(separator: "\n").count == 1, "\(saved)")
    }
}
