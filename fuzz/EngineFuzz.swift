// libFuzzer target: the field engine under arbitrary command sequences, for every shipped keymap.
// Input: a keymap byte, an options byte, then operations (typed characters and chunks, pastes, keys through the
// keymap, every engine command, Vim-notation key strings). After every step the invariants of docs/engine.md are
// checked (FieldInvariants.swift); a broken one is a crash whose message names it and the commands that ran.
import FieldKit

/// Characters worth typing: every field's own symbols, formatting, fullwidth forms, joiners, marks, wide and
/// emoji characters, and controls (which no field may take). The fuzzer picks them by index, which reaches deep
/// states far sooner than raw UTF-8 would.
let typable: [Character] = [
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "X", "x", "a", "b", "c", "e", "l", "m", "o", "r", "A", "C",
    "Z", "@", ".", "-", "+", "(", ")", " ", "_", "!", "~", "<", ">", "\t",
    "１", "８", "＋", "Ｘ", "＠", "．", "\u{3000}", "٣", "中", "文", "👍", "👨", "\u{200D}", "\u{301}", "\u{FE0F}",
    "❤", "🇨", "🇳", "é", "\u{1F3FB}", "\u{20E3}", "\u{1100}", "\u{1161}", "\u{200B}", "\u{FFFD}",
    "\u{1B}", "\r", "\n", "\r\n", "\u{7F}", "\u{85}", "\u{9B}", "\u{0}",
    // Choice fields' queries: letters of names and pinyin, and Chinese names.
    "d", "g", "n", "s", "u", "z", "广", "东", "深", "圳", "北", "京", "德", "国",
]

/// Pastes a user might make: whole values of the shipped keymaps in their usual spellings.
let samplePastes = [
    "+86 138 1234 5678", "0086-138-1234-5678", "86 13812345678", "11010519491231002X", "110105491231002",
    "(800) 555-0142", "+1 (212) 456-7890", "001 212 456 7890", "4111 1111 1111 1111", "2024-02-29", "20230229",
    "Ann.Lee+x@Example.COM", "build-01.Example.com.", "192.168.0.1", "2.0.0-rc.1+build.5", "65535", "0",
    "👨‍👩‍👧 中文 é", "❤\u{FE0F}🇨🇳", "  1 2 3  ", "１３８１２３４５６７８",
    "DE", "Germany", "+49", "广东-深圳", "广东省-深圳市", "440300", " sz ",
]

/// Named keys the keymap may or may not bind (unbound ones are refused, as a prompt refuses them).
let extraKeys: [Key] = ["F5", "PageUp", "S-Left", "C-l", "C-d", "C-z", "M-x", "S-Tab", "Insert"].map { .named($0) }

/// Every engine command without an argument, in name order (typing and pasting come from the other operations).
let allCommands: [EditCommand] = EditCommand.named.keys.sorted().map { EditCommand.named[$0]! }

/// Key tables already built, by field.
nonisolated(unsafe) var keyTables: [Int: [Key]] = [:]

/// A keymap's bound keys in a stable order, then the extra keys.
func keys(of field: FuzzField) -> [Key] {
    if let keys = keyTables[field.id] { return keys }
    let keys = field.keymap.bindings.keys.sorted { $0.description < $1.description } + extraKeys
    keyTables[field.id] = keys
    return keys
}

/// One fuzz input: a field, then commands, each followed by the invariant checks.
@_cdecl("LLVMFuzzerTestOneInput")
public func engineFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzBytes(data, size)
    guard let k = input.byte(), let o = input.byte() else { return 0 }
    let fuzzField = FuzzFields.field(keymap: k, options: o)
    var field = Field(spec: fuzzField.spec, context: fuzzContext)
    var steps: [EditCommand?] = []  // what ran (nil: a refused key or paste), for the crash message
    var invariants = FieldInvariants()  // the checks, with what they keep between commands
    /// Run one command (nil: a key nothing handles, or with `refusedPaste` a paste the decoder found controls in)
    /// and check everything after it.
    func run(_ command: EditCommand?, refusedPaste: Bool = false) {
        steps.append(command)
        var effect: Effect?
        if let command {
            effect = field.apply(command)
        } else if refusedPaste {
            field.refusePaste(because: "it held control characters")
        } else {
            field.refuseKey(because: "a key nothing handles")
        }
        invariants.check(field, after: effect, fuzzField, steps)
    }
    /// A key, as the prompt handles it: a bound key runs its command, a printable one is typed, others refused.
    func press(_ key: Key) { run(fuzzField.keymap.command(for: key)) }

    while let op = input.byte() {
        switch op % 13 {
        case 0, 1, 2:  // one typed character (a keymap may bind it)
            press(.character(typable[Int(input.byte() ?? 0) % typable.count]))
        case 3:  // a read of several typed characters: the prompt inserts them as one text event
            let n = Int(input.byte() ?? 0) % 8 + 2
            let text = String(input.bytes(n).map { typable[Int($0) % typable.count] })
            run(.selfInsert(text))
        case 4:  // a paste of raw bytes (invalid UTF-8 repaired as a decoder would)
            let text = String(decoding: input.bytes(Int(input.byte() ?? 0) % 48), as: UTF8.self)
            run(.paste(text))
        case 5:  // a sample paste, whole or cut short
            let sample = Array(samplePastes[Int(input.byte() ?? 0) % samplePastes.count])
            let text = String(sample.prefix(Int(input.byte() ?? 255)))
            run(.paste(text))
        case 6:  // the same text typed as one chunk rather than pasted
            let sample = samplePastes[Int(input.byte() ?? 0) % samplePastes.count]
            run(.selfInsert(sample))
        case 7, 8:  // a key through the keymap
            let table = keys(of: fuzzField)
            press(table[Int(input.byte() ?? 0) % table.count])
        case 9:  // an engine command directly
            let command = allCommands[Int(input.byte() ?? 0) % allCommands.count]
            run(command)
        case 10:  // move to a symbol index, as a run of Home and Right
            run(.beginningOfLine)
            for _ in 0..<Int(input.byte() ?? 0) % 24 { run(.forwardChar) }
        case 11:  // keys in Vim notation, as `fieldline replay` reads them
            let text = String(decoding: input.bytes(Int(input.byte() ?? 0) % 16), as: UTF8.self)
            guard let parsed = try? KeyNotation.parse(text) else { continue }
            for key in parsed { press(key) }
        default:  // a paste refused whole by the prompt before the engine (it held controls)
            run(nil, refusedPaste: true)
        }
    }
    return 0
}
