import Foundation
import Testing
@testable import TestSupport

/// `fieldline confirm` with no terminal: `--value` or a line on stdin is the answer; the exit code says it.
@Suite struct ConfirmTests {
    @Test(arguments: [("y", 0, "yes"), ("Y", 0, "yes"), ("yes", 0, "yes"), ("是", 0, "yes"), ("n", 1, "no"), ("No", 1, "no"), ("否", 1, "no")])
    func answers(text: String, status: Int32, value: String) throws {
        let quiet = try fieldline(["confirm", "--value", text])
        #expect(quiet.status == status && quiet.out == "" && quiet.err == "")
        let shown = try fieldline(["confirm", "--output", "value"], stdin: text + "\n")
        #expect(shown.status == status && shown.out == value + "\n", "\(shown)")
    }

    @Test func anythingElseIsRefused() throws {
        let maybe = try fieldline(["confirm", "--value", "maybe"])
        #expect(maybe.status == 65)
        #expect(maybe.err == "fieldline: answer yes or no (y, n, 是, 否), not 'maybe'\n")
        let empty = try fieldline(["confirm"], stdin: "\n")
        #expect(empty.status == 65)
    }

    /// No terminal and nothing on stdin is no answer at all: cancelled, 255, never taken for no.
    @Test func noTerminalAndNoInputIsCancelledNotNo() throws {
        let run = try fieldline(["confirm", "--default", "no"])
        #expect(run.status == 255 && run.out == "" && run.err == "fieldline: no terminal to ask on and no input on stdin\n", "\(run)")
    }

    @Test func onTimeoutDefaultNeedsATimeoutAndADefault() throws {
        for args in [["--on-timeout", "default"], ["--on-timeout", "default", "--timeout", "3"], ["--on-timeout", "default", "--default", "yes"]] {
            let run = try fieldline(["confirm"] + args)
            #expect(run.status == 64 && run.err.contains("--on-timeout default needs --timeout and --default"), "\(args): \(run.err)")
        }
        #expect(try fieldline(["confirm", "--default", "maybe"]).status == 64)
    }

    /// The shipped `confirm` keymap gives a form a yes/no field stored as `yes` or `no`.
    @Test func aFormFieldStoresYesOrNo() throws {
        let s = try ScratchFolder()
        try "name: consent\nfields:\n  - {name: who, keymap: text}\n  - {name: agreed, keymap: confirm}\n"
            .write(toFile: s.path("consent.yaml"), atomically: true, encoding: .utf8)
        let run = try fieldline(["form", s.path("consent.yaml")], stdin: #"{"who":"a","agreed":"是"}"# + "\n" + #"{"who":"b","agreed":"N"}"# + "\n" + #"{"who":"c","agreed":"maybe"}"# + "\n")
        #expect(run.status == 65)
        let saved = try FormImportTests.objects(run.out)
        #expect(saved.map { $0["agreed"] } == ["yes", "no"])
        #expect(withoutSummary(run.err) == "3:agreed: not one of the choices: 'maybe'\n")
    }
}
