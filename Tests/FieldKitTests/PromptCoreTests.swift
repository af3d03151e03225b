import Testing
@testable import FieldKit

/// The prompt core: every key of the standard keymap is decided here, through the keymap, in every field kind,
/// so the terminal and `replay` answer alike.
@Suite struct PromptCoreTests {
    /// A plain field, a templated one, a date picker and a choice field (the country list).
    static let kinds: [(String, FieldSpec)] = [
        ("text", BuiltinFields.text), ("phone-cn", BuiltinFields.phoneCN), ("date", BuiltinFields.date),
        ("country", BuiltinFields.shipped("country")),
    ]

    /// What the core answers to one key after `typed` was typed, with the field it leaves.
    static func answer(_ spec: FieldSpec, typed: String, key: Key, backKeys: Bool = false,
                       history: [String] = []) -> (PromptStep, Field) {
        var field = Field(spec: spec, context: fixedContext)
        var core = PromptCore(keymap: .standard, backKeys: backKeys, history: HistoryCursor(entries: history))
        for c in typed { _ = core.step(.text(String(c)), field: &field) }
        let step = core.step(.key(key), field: &field)
        return (step, field)
    }

    @Test func everyStandardKeyIsDecidedInEveryKind() {
        for (name, spec) in Self.kinds {
            for key in Keymap.standard.bindings.keys {
                for typed in ["", "1"] where !(name == "country" && typed == "1") {
                    let (step, field) = Self.answer(spec, typed: typed, key: key)
                    // A key the core answers only with the bell marks the field, as a terminal marks the counter.
                    if case .refused = step { #expect(field.lastKeyRefused, "\(name) \(key) after '\(typed)'") }
                    if step == .edited { #expect(!field.lastKeyRefused, "\(name) \(key) after '\(typed)'") }
                }
            }
        }
    }

    @Test func theTerminalKeysAreKeymapCommands() {
        let standard = Keymap.standard.bindings
        #expect(standard[.named("C-d")] == .deleteCharOrEndOfFile)
        #expect(standard[.named("C-l")] == .clearScreen)
        #expect(standard[.named("Up")] == .previousHistory && standard[.named("Down")] == .nextHistory)
        #expect(standard[.named("S-Tab")] == .previousField)
        #expect(standard[.named("C-c")] == .interrupt && standard[.named("C-z")] == .suspend)
        for command in [EditCommand.deleteCharOrEndOfFile, .clearScreen, .previousHistory, .nextHistory, .previousField,
                        .interrupt, .suspend] {
            #expect(EditCommand.named[command.name] == command)
        }
    }

    @Test func ctrlDEndsAnEmptyFieldAndDeletesOtherwise() {
        #expect(Self.answer(BuiltinFields.phoneCN, typed: "", key: .named("C-d")).0 == .endOfFile)
        var field = Field(spec: BuiltinFields.phoneCN, context: fixedContext)
        var core = PromptCore(keymap: .standard)
        for c in "1385" { _ = core.step(.text(String(c)), field: &field) }
        _ = core.step(.key(.named("Left")), field: &field)
        #expect(core.step(.key(.named("C-d")), field: &field) == .edited)
        #expect(field.value == "138")
        // A crafted paste's tail may not end the field.
        var empty = Field(spec: BuiltinFields.text, context: fixedContext)
        let tail = PromptStep.refused(reason: "keys that came with a paste cannot end the field")
        #expect(core.step(.key(.named("C-d")), pasteTail: true, field: &empty) == tail)
        #expect(core.step(.key(.named("CR")), pasteTail: true, field: &empty) == tail)
    }

    @Test func signalsAndRedrawAreTheirOwnSteps() {
        #expect(Self.answer(BuiltinFields.text, typed: "a", key: .named("C-c")).0 == .interrupt)
        #expect(Self.answer(BuiltinFields.text, typed: "a", key: .named("C-z")).0 == .suspend)
        let (step, field) = Self.answer(BuiltinFields.text, typed: "ab", key: .named("C-l"))
        #expect(step == .redraw && field.value == "ab")
    }

    @Test func upAndDownStepPickersRecallHistoryOrGoBack() {
        // A date picker steps (Up is later), in a form too.
        let (date, dateField) = Self.answer(BuiltinFields.date, typed: "", key: .named("Up"), backKeys: true)
        #expect(date == .edited && dateField.value == "20261122")
        // A choice field moves through its matches.
        #expect(Self.answer(BuiltinFields.shipped("country"), typed: "", key: .named("Down")).0 == .edited)
        // A form's plain field goes back on Up and Shift-Tab; outside a form Shift-Tab is refused.
        #expect(Self.answer(BuiltinFields.text, typed: "a", key: .named("Up"), backKeys: true).0 == .back)
        #expect(Self.answer(BuiltinFields.text, typed: "a", key: .named("S-Tab"), backKeys: true).0 == .back)
        #expect(Self.answer(BuiltinFields.text, typed: "a", key: .named("S-Tab")).0
                == .refused(reason: "Shift-Tab goes back a field only in a form"))
        // History: Up recalls, Down returns to what was typed; no history refuses.
        var field = Field(spec: BuiltinFields.text, context: fixedContext)
        var core = PromptCore(keymap: .standard, history: HistoryCursor(entries: ["old"]))
        _ = core.step(.text("n"), field: &field)
        #expect(core.step(.key(.named("Up")), field: &field) == .edited && field.value == "old")
        #expect(core.step(.key(.named("Up")), field: &field) == .refused(reason: "no older value to recall"))
        #expect(core.step(.key(.named("Down")), field: &field) == .edited && field.value == "n")
        #expect(Self.answer(BuiltinFields.text, typed: "a", key: .named("Up")).0 == .refused(reason: "no earlier values to recall"))
    }

    @Test func unboundKeysAndRefusedSequencesAreRefusedNotDropped() {
        let (step, field) = Self.answer(BuiltinFields.phoneCN, typed: "138", key: .named("PageUp"))
        #expect(step == .refused(reason: "<PageUp> does nothing here") && field.lastKeyRefused && field.value == "138")
        var f = Field(spec: BuiltinFields.text, context: fixedContext)
        var core = PromptCore(keymap: .standard)
        #expect(core.step(.refused, field: &f) == .refused(reason: "the terminal sent a key or bytes fieldline does not read")
                && f.lastKeyRefused)
    }

    @Test func aFailedEnterAndARefusedPasteSayWhy() {
        let (enter, _) = Self.answer(BuiltinFields.phoneCN, typed: "138", key: .named("CR"))
        #expect(enter == .refused(reason: "too short for CN"))
        var field = Field(spec: BuiltinFields.digits, context: fixedContext)
        var core = PromptCore(keymap: .standard)
        guard case .refused(let reason?) = core.step(.paste("12a", dropped: nil), field: &field) else {
            Issue.record("a refused paste must say why"); return
        }
        #expect(reason.hasPrefix("paste refused"))
        guard case .refused(let dropped?) = core.step(.paste("12", dropped: .control), field: &field) else {
            Issue.record("a paste that lost characters must be refused whole"); return
        }
        #expect(dropped.contains("control character") && field.value == "")
    }

    @Test func aKeymapCanRebindTheTerminalKeys() {
        var keymap = Keymap.standard
        keymap.bindings[.named("C-d")] = .deleteChar
        keymap.bindings[.named("C-l")] = .killLine
        var field = Field(spec: BuiltinFields.text, context: fixedContext)
        var core = PromptCore(keymap: keymap)
        #expect(core.step(.key(.named("C-d")), field: &field) == .refused(reason: "nothing after the cursor to delete"))
        for c in "ab" { _ = core.step(.text(String(c)), field: &field) }
        _ = core.step(.key(.named("Home")), field: &field)
        #expect(core.step(.key(.named("C-l")), field: &field) == .edited && field.value == "")
    }
}
