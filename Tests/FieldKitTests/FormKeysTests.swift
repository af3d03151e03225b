import Testing
@testable import FieldKit

/// A form field's keys never lose typed work: Esc asks `discard this record? y/N` when anything is typed (and only
/// `y` discards), does nothing but explain on an empty record, and Ctrl-D ends only the first field of an empty one.
@Suite struct FormKeysTests {
    /// A core for a form field with these keys, and a text field with `typed` typed into it.
    static func setUp(_ keys: FormKeys, typed: String) -> (PromptCore, Field) {
        var core = PromptCore(keymap: .standard, backKeys: true)
        core.formKeys = keys
        var field = Field(spec: BuiltinFields.text, context: fixedContext)
        for c in typed { _ = core.step(.text(String(c)), field: &field) }
        return (core, field)
    }

    @Test func escAsksWhenTheFieldHoldsTypedTextAndOnlyYesDiscards() {
        var (core, field) = Self.setUp(FormKeys(endOfFileEnds: true, recordHoldsTypedText: false), typed: "ab")
        #expect(core.step(.key(.named("Esc")), field: &field) == .status(FormKeys.discardQuestion))
        #expect(core.askingToDiscard)
        // Any other key returns to the field as it was; it is not typed.
        #expect(core.step(.text("n"), field: &field) == .status(nil))
        #expect(field.value == "ab" && !core.askingToDiscard)
        #expect(core.step(.key(.named("Esc")), field: &field) == .status(FormKeys.discardQuestion))
        #expect(core.step(.paste("y", dropped: nil), field: &field) == .status(nil), "a paste never answers")
        #expect(core.step(.key(.named("Esc")), field: &field) == .status(FormKeys.discardQuestion))
        #expect(core.step(.text("y"), field: &field) == .cancel)
    }

    @Test func escAsksWhenOtherFieldsHoldTypedTextEvenOnAnUntouchedField() {
        var (core, field) = Self.setUp(FormKeys(endOfFileEnds: false, recordHoldsTypedText: true), typed: "")
        #expect(core.step(.key(.named("Esc")), field: &field) == .status(FormKeys.discardQuestion))
        #expect(core.step(.text("是"), field: &field) == .cancel)
    }

    @Test func anUntouchedDefaultIsNotTypedWork() {
        var (core, field) = Self.setUp(FormKeys(endOfFileEnds: true, recordHoldsTypedText: false, startingText: "x"),
                                       typed: "x")
        let step = core.step(.key(.named("Esc")), field: &field)
        #expect(step == .refused(reason: "nothing to discard: Ctrl-D ends the session"))
        #expect(field.value == "x" && !core.askingToDiscard)
        _ = core.step(.text("y"), field: &field)
        #expect(field.value == "xy", "no question was asked, so y is typed")
    }

    @Test func ctrlDEndsOnlyTheFirstFieldOfAnEmptyRecord() {
        var (core, field) = Self.setUp(FormKeys(endOfFileEnds: false, recordHoldsTypedText: true), typed: "")
        #expect(core.step(.key(.named("C-d")), field: &field)
                == .refused(reason: "Ctrl-D ends the session only on the first field of an empty record"))
        var (first, empty) = Self.setUp(FormKeys(endOfFileEnds: true, recordHoldsTypedText: false), typed: "")
        #expect(first.step(.key(.named("C-d")), field: &empty) == .endOfFile)
        // Without form keys (a prompt of its own) Esc cancels at once, as before.
        var plain = PromptCore(keymap: .standard)
        var typed = Field(spec: BuiltinFields.text, context: fixedContext)
        _ = plain.step(.text("a"), field: &typed)
        #expect(plain.step(.key(.named("Esc")), field: &typed) == .cancel)
    }
}

/// Ctrl-R (readline's reverse search) finds a saved record only where Ctrl-D would end the session: the first field
/// of an empty record, with nothing typed into it; elsewhere it is refused with the reason, and outside a form it
/// is only a refused key.
@Suite struct FormFindKeyTests {
    @Test func ctrlRFindsOnlyOnTheFirstFieldOfAnEmptyRecord() {
        var (first, empty) = FormKeysTests.setUp(FormKeys(endOfFileEnds: true, recordHoldsTypedText: false), typed: "")
        #expect(first.step(.key(.named("C-r")), field: &empty) == .findRecord)
        #expect(PromptStep.findRecord.ends)
        let refusal = PromptStep.refused(reason: "Ctrl-R finds a saved record only on the first field of an empty record")
        var (later, field) = FormKeysTests.setUp(FormKeys(endOfFileEnds: false, recordHoldsTypedText: true), typed: "")
        #expect(later.step(.key(.named("C-r")), field: &field) == refusal)
        #expect(field.lastKeyRefused)
        // The first field with something typed: the search would lose it.
        var (typedCore, typed) = FormKeysTests.setUp(FormKeys(endOfFileEnds: true, recordHoldsTypedText: false), typed: "ab")
        #expect(typedCore.step(.key(.named("C-r")), field: &typed) == refusal)
        #expect(typed.value == "ab")
    }

    @Test func anUntouchedStartingTextDoesNotStopTheSearch() {
        var (core, field) = FormKeysTests.setUp(FormKeys(endOfFileEnds: true, recordHoldsTypedText: false, startingText: "x"),
                                                typed: "x")
        #expect(core.step(.key(.named("C-r")), field: &field) == .findRecord)
        #expect(FormKeys(endOfFileEnds: true, recordHoldsTypedText: false, startingText: "x").findOpens(field))
    }

    @Test func outsideAFormCtrlRIsARefusedKey() {
        var plain = PromptCore(keymap: .standard)
        var field = Field(spec: BuiltinFields.text, context: fixedContext)
        #expect(plain.step(.key(.named("C-r")), field: &field) == .refused(reason: "Ctrl-R finds saved records only in a form"))
        #expect(EditCommand.named["reverse-search-history"] == .reverseSearchHistory)
        #expect(Keymap.standard.command(for: .named("C-r")) == .reverseSearchHistory)
    }
}
