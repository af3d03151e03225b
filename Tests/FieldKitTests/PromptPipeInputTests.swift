import Testing
@testable import FieldKit

/// The prompt core fed terminal bytes, as prompt_toolkit's pipe-input tests feed theirs: bytes through the input
/// decoder, events through the core, no terminal. Every key of the standard keymap, in every field kind, arrives
/// as a terminal sends it and is decided by the core.
@Suite struct PromptPipeInputTests {
    /// The bytes an xterm sends for each key the standard keymap binds.
    static let xterm: [String: [UInt8]] = [
        "BS": [0x7F], "C-h": [0x08], "Del": Array("\u{1B}[3~".utf8), "C-d": [0x04],
        "Left": Array("\u{1B}[D".utf8), "C-b": [0x02], "Right": Array("\u{1B}[C".utf8), "C-f": [0x06],
        "Home": Array("\u{1B}[H".utf8), "C-a": [0x01], "End": Array("\u{1B}[F".utf8), "C-e": [0x05],
        "C-w": [0x17], "M-BS": [0x1B, 0x7F], "C-M-h": [0x1B, 0x08], "M-d": [0x1B, 0x64], "C-Del": Array("\u{1B}[3;5~".utf8),
        "M-Del": Array("\u{1B}[3;3~".utf8), "C-Left": Array("\u{1B}[1;5D".utf8), "M-Left": Array("\u{1B}[1;3D".utf8),
        "M-b": [0x1B, 0x62], "C-Right": Array("\u{1B}[1;5C".utf8), "M-Right": Array("\u{1B}[1;3C".utf8), "M-f": [0x1B, 0x66],
        "C-u": [0x15], "C-k": [0x0B], "C-y": [0x19], "M-y": [0x1B, 0x79], "C-_": [0x1F], "CR": [0x0D], "C-m": [0x0D], "C-j": [0x0A], "Esc": [0x1B], "C-g": [0x07],
        "Tab": [0x09], "C-i": [0x09], "Up": Array("\u{1B}[A".utf8), "C-p": [0x10], "Down": Array("\u{1B}[B".utf8),
        "C-n": [0x0E], "S-Tab": Array("\u{1B}[Z".utf8), "C-l": [0x0C], "C-r": [0x12], "C-c": [0x03], "C-z": [0x1A], "F1": Array("\u{1B}OP".utf8),
    ]

    /// A prompt run from bytes: decoded as the terminal reader decodes them, each event stepped through the core.
    struct Pipe {
        var field: Field
        var core: PromptCore
        var decoder = InputDecoder()
        var steps: [PromptStep] = []

        init(_ spec: FieldSpec, backKeys: Bool = false) {
            field = Field(spec: spec, context: fixedContext)
            core = PromptCore(keymap: .standard, backKeys: backKeys)
        }

        /// Feed bytes as one read; a lone Esc is ended as the reader ends it after its wait.
        mutating func feed(_ bytes: [UInt8]) {
            var events = decoder.decode(bytes)
            events += decoder.flush()
            for event in events where steps.last?.ends != true { steps.append(core.step(event, field: &field)) }
        }

        mutating func type(_ text: String) { feed(Array(text.utf8)) }
        mutating func press(_ key: String) { feed(PromptPipeInputTests.xterm[key]!) }
    }

    @Test func everyStandardKeyHasItsBytesAndDecodesToItself() {
        for key in Keymap.standard.bindings.keys {
            guard case .named(let name) = key else { continue }
            let bytes = Self.xterm[name]
            #expect(bytes != nil, "no bytes for \(name)")
            guard let bytes else { continue }
            var decoder = InputDecoder()
            let events = decoder.decode(bytes) + decoder.flush()
            // C-m and C-j arrive as Enter, C-i as Tab, C-h as Backspace's other byte: the same command either way.
            let decoded = events.compactMap { event -> EditCommand? in
                if case .key(let k) = event { return Keymap.standard.command(for: k) } else { return nil }
            }
            #expect(decoded == [Keymap.standard.command(for: key)!], "\(name): \(events)")
        }
    }

    @Test(arguments: [("text", "ab"), ("phone-cn", "138"), ("date", "2026"), ("country", "ge")])
    func everyStandardKeyIsDecidedFromBytesInEveryKind(kind: String, typed: String) {
        let spec = kind == "country" ? BuiltinFields.shipped("country") : BuiltinFields.shipped(kind)
        for name in Self.xterm.keys.sorted() {
            var pipe = Pipe(spec)
            pipe.type(typed)
            pipe.press(name)
            let step = pipe.steps.last!
            // Every key gets an answer from the core; a refusal is marked on the field (the counter's ` !`).
            if case .refused = step { #expect(pipe.field.lastKeyRefused, "\(kind) \(name)") }
            switch name {
            case "C-c": #expect(step == .interrupt, "\(kind)")
            case "C-z": #expect(step == .suspend, "\(kind)")
            case "C-l": #expect(step == .redraw && pipe.field.value.hasPrefix(typed.prefix(1)), "\(kind)")
            case "Esc", "C-g": #expect(step == .cancel, "\(kind)")
            case "S-Tab": #expect(step == .refused(reason: "Shift-Tab goes back a field only in a form"), "\(kind): no form, no previous field")
            case "C-r": #expect(step == .refused(reason: "Ctrl-R finds saved records only in a form"), "\(kind): no form, no saved records to find")
            default: break
            }
        }
    }

    @Test func aPhoneNumberTypedEditedAndAcceptedFromBytes() {
        var pipe = Pipe(BuiltinFields.phoneCN)
        pipe.type("1381234")
        pipe.press("Left"); pipe.press("Left")
        pipe.press("BS")                        // removes the 2 before the cursor
        pipe.press("End")
        pipe.type("25678")
        pipe.press("CR")
        #expect(pipe.steps.last == .accept("13813425678"), "\(pipe.steps)")
    }

    @Test func ctrlDEndsAnEmptyFieldFromBytes() {
        var pipe = Pipe(BuiltinFields.idcardCN)
        pipe.press("C-d")
        #expect(pipe.steps == [.endOfFile])
        var typed = Pipe(BuiltinFields.idcardCN)
        typed.type("11"); typed.press("Home"); typed.press("C-d")
        #expect(typed.steps.last == .edited && typed.field.value == "1")
    }

    @Test func aBracketedPasteGoesInWholeAndCannotEndTheField() {
        var pipe = Pipe(BuiltinFields.phoneCN)
        pipe.feed(Array("\u{1B}[200~+86 138 1234 5678\r\u{1B}[201~".utf8))
        #expect(pipe.field.value == "13812345678" && pipe.steps.last == .edited, "\(pipe.steps)")
        var refused = Pipe(BuiltinFields.digits)
        refused.feed(Array("\u{1B}[200~12\u{1B}[31m34\u{1B}[201~".utf8))
        guard case .refused(let reason?) = refused.steps.last else { Issue.record("\(refused.steps)"); return }
        #expect(reason.contains("control character") && refused.field.value == "")
    }

    @Test func formKeysFromBytes() {
        var date = Pipe(BuiltinFields.date, backKeys: true)
        date.press("Up")                        // a date picker steps, in a form too
        #expect(date.steps.last == .edited && date.field.value == "20261122")
        date.press("S-Tab")
        #expect(date.steps.last == .back)
        var text = Pipe(BuiltinFields.text, backKeys: true)
        text.type("x"); text.press("Up")
        #expect(text.steps.last == .back)
    }
}
