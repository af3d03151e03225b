import FieldKit
import Testing

/// Paradata without a terminal: the prompt core counts each of the operator's keys as typed, refused or deleting
/// (a starting text counts none), and the form session adds each visit of a field, with its time from the clock it
/// is given, counting a return only after the operator was elsewhere.
@Suite struct KeyingTests {
    @Test func theCoreCountsKeysRefusalsAndDeletions() {
        var core = PromptCore(keymap: .standard, backKeys: true)
        var field = Field(spec: BuiltinFields.digits, context: fixedContext)
        _ = core.step(.paste("12", dropped: nil), operatorKey: false, field: &field)   // the starting text: no key
        #expect(core.tally == KeyTally())
        var last = PromptStep.edited
        for event: InputEvent in [.text("3"), .text("x"), .key(.named("BS")), .key(.named("C-u")), .key(.named("BS")),
                                  .cursorReport(row: 1, column: 1), .text("5"), .key(.named("CR"))] {
            last = core.step(event, field: &field)
        }
        // 3 typed; x refused; Backspace deletes; Ctrl-U deletes the rest; Backspace on nothing is refused; the
        // cursor report is the terminal's, not a key; 5 and Enter.
        #expect(last == .accept("5"))
        #expect(core.tally == KeyTally(keys: 7, refused: 2, deletions: 2), "\(core.tally)")
    }

    @Test func theSessionAddsVisitsAndCountsReturns() {
        let form = FormSpec(name: "f", fields: [FormField(name: "a", spec: BuiltinFields.text), FormField(name: "b", spec: BuiltinFields.text)])
        var s = FormSession(form: form)
        s.noteKeying(of: 0, keys: KeyTally(keys: 3, refused: 1, deletions: 0), milliseconds: 1200, returning: true)
        // Asked again at once (its value refused): the same visit.
        s.noteKeying(of: 0, keys: KeyTally(keys: 2, refused: 0, deletions: 1), milliseconds: 300, returning: false)
        s.noteKeying(of: 1, keys: KeyTally(keys: 1), milliseconds: 50, returning: true)
        s.noteKeying(of: 0, keys: KeyTally(keys: 1), milliseconds: 7, returning: true)
        #expect(s.recordKeying == RecordKeying([
            ("a", FieldKeying(milliseconds: 1507, keys: 6, refused: 1, deletions: 1, returns: 1)),
            ("b", FieldKeying(milliseconds: 50, keys: 1, refused: 0, deletions: 0, returns: 0)),
        ]))
        // A failed save's record takes its paradata on; a discarded one starts without.
        var resumed = s.another(resuming: ["x", "y"], previous: nil)
        resumed.continueKeying(s.keying)
        #expect(resumed.recordKeying == s.recordKeying)
        s.discard()
        #expect(s.recordKeying.isEmpty)
    }
}
