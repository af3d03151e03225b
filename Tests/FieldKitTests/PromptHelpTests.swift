import Testing
@testable import FieldKit

/// The prompt core's help: F1 (`show-help`) shows the field's help as a status, `?` does so only on an empty field
/// that would refuse `?`, and neither changes the field.
@Suite struct PromptHelpTests {
    /// The core's step for `event` after `typed`, with `help`, and the field it leaves.
    static func step(_ spec: FieldSpec, help: String?, typed: String = "", _ event: InputEvent) -> (PromptStep, Field) {
        var field = Field(spec: spec, context: fixedContext)
        var core = PromptCore(keymap: .standard)
        core.help = help
        for c in typed { _ = core.step(.text(String(c)), field: &field) }
        let step = core.step(event, field: &field)
        return (step, field)
    }

    @Test func f1ShowsTheHelpInEveryKindWithoutChangingTheField() {
        for spec in [BuiltinFields.text, BuiltinFields.phoneCN, BuiltinFields.date, BuiltinFields.shipped("country")] {
            let (step, field) = Self.step(spec, help: "what to type", .key(.named("F1")))
            #expect(step == .status("what to type"), "\(spec.name)")
            #expect(field.value.isEmpty && !field.lastKeyRefused, "\(spec.name)")
        }
        #expect(Self.step(BuiltinFields.text, help: nil, .key(.named("F1"))).0 == .status("this field has no help"))
        #expect(Keymap.standard.command(for: .named("F1")) == .showHelp && EditCommand.named["show-help"] == .showHelp)
    }

    @Test func questionMarkShowsTheHelpOnlyWhereItCouldNotBeTyped() {
        // Refused by an empty digits field: the help instead of the refusal.
        let (phone, phoneField) = Self.step(BuiltinFields.phoneCN, help: "11 digits", .text("?"))
        #expect(phone == .status("11 digits") && !phoneField.lastKeyRefused)
        // Typed where the field takes it; refused as ever once something is typed, or with no help.
        let (text, textField) = Self.step(BuiltinFields.text, help: "anything", .text("?"))
        #expect(text == .edited && textField.value == "?")
        if case .refused = Self.step(BuiltinFields.phoneCN, help: "11 digits", typed: "1", .text("?")).0 {} else { Issue.record("? after a digit") }
        if case .refused = Self.step(BuiltinFields.phoneCN, help: nil, .text("?")).0 {} else { Issue.record("? with no help") }
        // A paste holding `?` is a paste, never a request for help.
        if case .refused = Self.step(BuiltinFields.phoneCN, help: "11 digits", .paste("?", dropped: nil)).0 {} else { Issue.record("pasted ?") }
    }
}
