import Testing
@testable import FieldKit

/// Every refusal says why (issue 41): the prompt core answers a refused key, paste or Enter with a reason, which
/// the terminal shows on the status line and `replay --json` gives as `message`.
@Suite struct RefusalReasonTests {
    /// The core's answer to the last of `keys` (Vim notation), each decided as at a terminal, with the field left.
    static func last(_ spec: FieldSpec, _ keys: String, core: PromptCore = PromptCore(keymap: .standard)) throws -> (PromptStep, Field) {
        var field = Field(spec: spec, context: fixedContext)
        var core = core
        var step: PromptStep?
        for key in try KeyNotation.parse(keys) { step = core.step(ReplayScript.event(for: key), field: &field) }
        return (step ?? .edited, field)
    }

    /// The reason of a refusal, or nil when the step is no refusal or says nothing.
    static func reason(_ step: PromptStep) -> String? {
        if case .refused(let reason) = step { return reason }
        return nil
    }

    static func dateField(earliest: DateBound? = nil, latest: DateBound? = nil) -> FieldSpec {
        var spec = BuiltinFields.date
        if case .date(let templates, _) = spec.kind {
            spec.kind = .date(templates: templates, picker: DatePicker(earliest: earliest, latest: latest))
        }
        return spec
    }

    @Test func aCharacterAPlaceDoesNotTakeSaysWhatItTakes() throws {
        let (step, field) = try Self.last(BuiltinFields.idcardCN, "1101x")
        #expect(step == .refused(reason: "position 5 takes a digit") && field.value == "1101")
        #expect(Self.reason(try Self.last(BuiltinFields.idcardCN, "1101X").0) == "position 5 takes a digit")
        #expect(Self.reason(try Self.last(BuiltinFields.idcardCN, "11010519491231002a").0) == "position 18 takes a digit or X")
        // The frame says it too (replay's `message`), until the next key.
        #expect(field.frame.message == "position 5 takes a digit")
    }

    @Test func aKeyPastTheLimitSaysTheLimit() throws {
        var spec = BuiltinFields.text
        spec.limit = 20
        let (step, field) = try Self.last(spec, String(repeating: "a", count: 21))
        #expect(step == .refused(reason: "at most 20 characters") && field.value.count == 20)
    }

    @Test func aDatePastItsBoundsSaysTheBound() throws {
        let latest = Self.dateField(latest: .date(CalendarDate(year: 2020, month: 1, day: 1)!))
        #expect(Self.reason(try Self.last(latest, "2021").0) == "the latest date is 2020-01-01")
        #expect(Self.reason(try Self.last(latest, "2020011").0) == "the latest date is 2020-01-01")
        let earliest = Self.dateField(earliest: .date(CalendarDate(year: 2000, month: 1, day: 1)!))
        #expect(Self.reason(try Self.last(earliest, "1").0) == "the earliest date is 2000-01-01")
        // No real date, whatever the bounds.
        #expect(Self.reason(try Self.last(Self.dateField(), "202413").0) == "no date starts 2024-13")
        #expect(Self.reason(try Self.last(Self.dateField(), "2023022").0) == nil, "2023-02-2x is a date")
        #expect(Self.reason(try Self.last(Self.dateField(), "20230229").0) == "no date starts 2023-02-29")
        // `t` on a day outside the bounds.
        #expect(Self.reason(try Self.last(latest, "t").0) == "2026-11-22 is after the latest date, 2020-01-01")
    }

    @Test func confirmSaysWhichKeysAnswer() throws {
        let keys = SymbolClass.characters("NYnyo否是", name: "y or n")
        let spec = FieldSpec(name: "confirm", symbols: SymbolRules(defaultClass: keys, normalizeFullwidth: false))
        var core = PromptCore(keymap: .standard)
        core.answers = ["y": "yes", "Y": "yes", "是": "yes", "n": "no", "N": "no", "否": "no"]
        #expect(try Self.last(spec, "q", core: core).0 == .refused(reason: "answer y (yes) or n (no)"))
        #expect(try Self.last(spec, "y", core: core).0 == .accept("yes"))
    }

    @Test func ctrlDOnAFieldHoldingTextSaysWhy() throws {
        var form = PromptCore(keymap: .standard, backKeys: true)
        form.formKeys = FormKeys(endOfFileEnds: false, recordHoldsTypedText: true)
        #expect(try Self.last(BuiltinFields.text, "ab<C-d>", core: form).0
                == .refused(reason: "Ctrl-D ends the session only on the first field of an empty record"))
        form.formKeys = FormKeys(endOfFileEnds: true, recordHoldsTypedText: false)
        #expect(try Self.last(BuiltinFields.text, "ab<C-d>", core: form).0
                == .refused(reason: "Ctrl-D ends the session only on the first field of an empty record"))
        #expect(try Self.last(BuiltinFields.text, "ab<C-d>").0
                == .refused(reason: "nothing after the cursor to delete (Ctrl-D ends only an empty field)"))
        // In the middle of the text Ctrl-D deletes, as before.
        #expect(try Self.last(BuiltinFields.text, "ab<Left><C-d>", core: form).0 == .edited)
    }

    /// A bracketed paste from the terminal's bytes to the core's answer.
    static func pasted(_ bytes: [UInt8], flush: Bool = false, into spec: FieldSpec = BuiltinFields.text) -> PromptStep? {
        var decoder = InputDecoder()
        var events = decoder.decode(bytes)
        if flush { events += decoder.flush() }
        var field = Field(spec: spec, context: fixedContext)
        var core = PromptCore(keymap: .standard)
        var step: PromptStep?
        for event in events { step = core.step(event, field: &field) }
        if case .refused = step { #expect(field.value.isEmpty, "nothing of a refused paste goes in") }
        return step
    }

    @Test func aRefusedPasteSaysWhatItHeld() {
        let start: [UInt8] = Array("\u{1B}[200~".utf8), end: [UInt8] = Array("\u{1B}[201~".utf8)
        #expect(Self.pasted(start + Array("ab\ncd".utf8) + end) == .refused(reason: "paste refused: it held a line break"))
        #expect(Self.pasted(start + Array("a\tb".utf8) + end)
                == .refused(reason: "paste refused: it held a control character or an escape sequence"))
        #expect(Self.pasted(start + Array("a\u{1B}[1;5Db".utf8) + end)
                == .refused(reason: "paste refused: it held a control character or an escape sequence"))
        #expect(Self.pasted(start + [0x61, 0xFF, 0x62] + end) == .refused(reason: "paste refused: it held bytes that are not UTF-8 text"))
        #expect(Self.pasted(start + Array(repeating: 0x61, count: 256 * 1024 + 1) + end)
                == .refused(reason: "paste refused: it was longer than 256 KiB"))
        #expect(Self.pasted(start + Array("abc".utf8), flush: true) == .refused(reason: "paste refused: its end never came"))
        // A line break at the very end is how copies end: taken.
        #expect(Self.pasted(start + Array("abc\n".utf8) + end) == .edited)
        // Passing the field's own limit says the limit, as before.
        var short = BuiltinFields.text
        short.limit = 3
        #expect(Self.pasted(start + Array("abcd".utf8) + end, into: short) == .refused(reason: "paste refused: at most 3 characters, has 4"))
    }

    /// Every named command, and typed and pasted text, applied to the field itself (as the engine fuzz target does):
    /// a command the field refuses leaves a message in the frame, its notice or a refused Enter's status.
    @Test(arguments: ["text", "phone-cn", "idcard-cn", "digits", "date", "country"])
    func everyCommandTheFieldRefusesLeavesAMessage(kind: String) {
        let spec = BuiltinFields.shipped(kind)
        var commands = EditCommand.named.values.sorted { $0.name < $1.name }.filter { $0 != .abort }
        commands += ["1", "x", "X", " ", "中", "t"].map { .selfInsert($0) } + [.paste("13 x"), .paste(""), .selfInsert("")]
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<40 {
            var field = Field(spec: spec, context: fixedContext)
            for _ in 0..<60 {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                let command = commands[Int(seed >> 33) % commands.count]
                guard field.apply(command) == .bell else { continue }
                #expect(field.frame.message != nil, "\(kind): \(command) after '\(field.value)'")
            }
        }
    }

    /// Random keys, texts and pastes in every kind: whatever the core refuses, it says why, and the frame agrees.
    @Test(arguments: ["text", "phone-cn", "idcard-cn", "digits", "date", "country", "region-cn"])
    func everyRefusalHasAReason(kind: String) throws {
        let spec = BuiltinFields.shipped(kind)
        var keys: [InputEvent] = Keymap.standard.bindings.keys.sorted { "\($0)" < "\($1)" }
            .filter { $0 != .named("C-c") && $0 != .named("C-z") }.map { ReplayScript.event(for: $0) }
        keys += ["1", "0", "9", "x", "X", "a", " ", "中", "t", "-", "广", "beijing"].map { .text($0) }
        keys += [.key(.named("F5")), .refused, .unfinishedCharacter, .paste("12 x", dropped: nil), .paste("", dropped: nil)]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        var refusals = 0
        for run in 0..<40 {
            var field = Field(spec: spec, context: fixedContext)
            var core = PromptCore(keymap: .standard, backKeys: run % 2 == 0)
            if run % 4 == 0 { core.formKeys = FormKeys(endOfFileEnds: run % 8 == 0, recordHoldsTypedText: false) }
            for _ in 0..<60 {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                let event = keys[Int(seed >> 33) % keys.count]
                let step = core.step(event, field: &field)
                if step.ends { break }
                guard case .refused(let reason) = step else { continue }
                refusals += 1
                #expect(reason != nil && reason?.isEmpty == false, "\(kind): \(event) after '\(field.value)'")
            }
        }
        #expect(refusals > 20)
    }

    /// An empty paste (an empty clipboard, or `check`'s answer for an empty optional line) changes nothing and is not
    /// a refusal: no bell, no reason, the field as it was (the check-line fuzz target found the empty paste refused).
    @Test func anEmptyPasteIsNoRefusal() {
        for spec in [BuiltinFields.text, BuiltinFields.phoneCN, BuiltinFields.idcardCN, BuiltinFields.digits] {
            var field = Field(spec: spec, context: fixedContext)
            field.apply(.paste("1"))
            let before = field.state
            field.apply(.paste(""))
            #expect(field.notice == nil && !field.lastKeyRefused && field.state == before, "\(spec.name)")
        }
    }
}
