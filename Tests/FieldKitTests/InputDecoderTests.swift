import Testing
@testable import FieldKit

/// Expected-event shorthands for the tables.
private func t(_ s: String) -> InputEvent { .text(s) }
private func k(_ name: String) -> InputEvent { .key(.named(name)) }
private let refused = InputEvent.refused
private let E = "\u{1B}"
private func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }
private func decodeOnce(_ input: [UInt8]) -> [InputEvent] { DecoderHarness.once(input) }
private func decodeSplit(_ input: [UInt8], at cuts: [Int]) -> [InputEvent] { DecoderHarness.split(input, at: cuts) }
private func merged(_ events: [InputEvent]) -> [InputEvent] { DecoderHarness.merged(events) }

/// Feeding a decoder the way the terminal reader does.
enum DecoderHarness {
    /// Decode `input` as one read, then flush as the reader does when nothing more comes.
    static func once(_ input: [UInt8]) -> [InputEvent] {
        var d = InputDecoder()
        var events = d.decode(input)
        d.flush(into: &events)
        return events
    }

    /// Decode `input` in reads cut at the given offsets, then flush.
    static func split(_ input: [UInt8], at cuts: [Int]) -> [InputEvent] {
        var d = InputDecoder()
        var events: [InputEvent] = []
        var start = 0
        for cut in cuts.sorted() + [input.count] where cut > start && cut <= input.count {
            Array(input[start..<cut]).withUnsafeBufferPointer { d.decode($0, into: &events) }
            start = cut
        }
        d.flush(into: &events)
        return events
    }

    /// Adjacent text events joined: how runs are grouped depends on where reads end, what was typed does not.
    static func merged(_ events: [InputEvent]) -> [InputEvent] {
        var out: [InputEvent] = []
        for e in events {
            if case .text(let b) = e, case .text(let a)? = out.last {
                out[out.count - 1] = .text(a + b)
            } else {
                out.append(e)
            }
        }
        return out
    }

    /// Whether bytes follow the first paste-end marker (their meaning then depends on where the read ends).
    static func hasBytesAfterPasteEnd(_ input: [UInt8]) -> Bool {
        let marker = Array("\u{1B}[201~".utf8)
        guard input.count > marker.count else { return false }
        for i in 0...(input.count - marker.count) where input[i..<(i + marker.count)].elementsEqual(marker) {
            return i + marker.count < input.count
        }
        return false
    }
}

/// Byte strings as real terminals send them, with the events the decoder must give.
struct InputDecoderTableTests {
    static let table: [(String, [UInt8], [InputEvent])] = [
        // xterm, normal and application cursor mode.
        ("xterm Up", bytes("\(E)[A"), [k("Up")]),
        ("xterm Down", bytes("\(E)[B"), [k("Down")]),
        ("xterm Right", bytes("\(E)[C"), [k("Right")]),
        ("xterm Left", bytes("\(E)[D"), [k("Left")]),
        ("xterm app Up", bytes("\(E)OA"), [k("Up")]),
        ("xterm app Left", bytes("\(E)OD"), [k("Left")]),
        ("xterm Home", bytes("\(E)[H"), [k("Home")]),
        ("xterm End", bytes("\(E)[F"), [k("End")]),
        ("xterm app Home", bytes("\(E)OH"), [k("Home")]),
        ("xterm app End", bytes("\(E)OF"), [k("End")]),
        ("xterm keypad 5", bytes("\(E)[E"), [k("Begin")]),
        ("xterm Ctrl-Left", bytes("\(E)[1;5D"), [k("C-Left")]),
        ("xterm Ctrl-Right", bytes("\(E)[1;5C"), [k("C-Right")]),
        ("xterm Alt-Left", bytes("\(E)[1;3D"), [k("M-Left")]),
        ("xterm Shift-Left", bytes("\(E)[1;2D"), [k("S-Left")]),
        ("xterm Ctrl-Shift-Left", bytes("\(E)[1;6D"), [k("C-S-Left")]),
        ("xterm Ctrl-Alt-Left", bytes("\(E)[1;7D"), [k("C-M-Left")]),
        ("xterm Ctrl-Home", bytes("\(E)[1;5H"), [k("C-Home")]),
        ("xterm Insert", bytes("\(E)[2~"), [k("Insert")]),
        ("xterm Delete", bytes("\(E)[3~"), [k("Del")]),
        ("xterm Ctrl-Delete", bytes("\(E)[3;5~"), [k("C-Del")]),
        ("xterm PageUp", bytes("\(E)[5~"), [k("PageUp")]),
        ("xterm PageDown", bytes("\(E)[6~"), [k("PageDown")]),
        ("xterm Shift-PageUp", bytes("\(E)[5;2~"), [k("S-PageUp")]),
        ("xterm F1", bytes("\(E)OP"), [k("F1")]),
        ("xterm F2", bytes("\(E)OQ"), [k("F2")]),
        ("xterm F3", bytes("\(E)OR"), [k("F3")]),
        ("xterm F4", bytes("\(E)OS"), [k("F4")]),
        ("xterm F5", bytes("\(E)[15~"), [k("F5")]),
        ("xterm F6", bytes("\(E)[17~"), [k("F6")]),
        ("xterm F10", bytes("\(E)[21~"), [k("F10")]),
        ("xterm F11", bytes("\(E)[23~"), [k("F11")]),
        ("xterm F12", bytes("\(E)[24~"), [k("F12")]),
        ("xterm Shift-F1", bytes("\(E)[1;2P"), [k("S-F1")]),
        ("xterm Ctrl-F5", bytes("\(E)[15;5~"), [k("C-F5")]),
        ("xterm Shift-Tab", bytes("\(E)[Z"), [k("S-Tab")]),
        ("xterm old SS3 Ctrl-Left", bytes("\(E)O5D"), [k("C-Left")]),
        ("xterm old CSI Ctrl-Left", bytes("\(E)[5D"), [k("C-Left")]),
        ("xterm old SS3 Shift-F1", bytes("\(E)O2P"), [k("S-F1")]),
        ("xterm Alt-b (metaSendsEscape)", bytes("\(E)b"), [k("M-b")]),
        ("xterm Alt-B", bytes("\(E)B"), [k("M-B")]),
        ("xterm Alt-.", bytes("\(E)."), [k("M-.")]),
        ("xterm Alt-Space", bytes("\(E) "), [k("M-Space")]),
        ("xterm Alt-Backspace", bytes("\(E)\u{7F}"), [k("M-BS")]),
        ("xterm Ctrl-Alt-h", bytes("\(E)\u{08}"), [k("C-M-h")]),
        ("xterm Ctrl-Alt-a", bytes("\(E)\u{01}"), [k("C-M-a")]),
        ("xterm Alt-Enter", bytes("\(E)\r"), [k("M-CR")]),
        ("xterm modifyOtherKeys Ctrl-Shift-A", bytes("\(E)[27;6;65~"), [k("C-S-a")]),
        ("xterm modifyOtherKeys Ctrl-Enter", bytes("\(E)[27;5;13~"), [k("C-CR")]),
        ("xterm modifyOtherKeys Alt-Space", bytes("\(E)[27;3;32~"), [k("M-Space")]),
        ("xterm modifyOtherKeys plain a", bytes("\(E)[27;1;97~"), [refused]),
        ("xterm focus in", bytes("\(E)[I"), [refused]),
        ("xterm focus out", bytes("\(E)[O"), [refused]),
        ("xterm SGR mouse", bytes("\(E)[<0;12;5M"), [refused]),
        ("xterm X10 mouse", bytes("\(E)[M !!"), [refused]),
        ("xterm X10 mouse, high bytes", bytes("\(E)[M") + [0x20, 0xC3, 0xA9], [refused]),
        ("xterm device attributes", bytes("\(E)[?1;2c"), [refused]),
        ("xterm OSC colour reply (ST)", bytes("\(E)]11;rgb:0000/0000/0000\(E)\\"), [refused]),
        ("xterm OSC title (BEL)", bytes("\(E)]0;title\u{07}"), [refused]),
        ("xterm DCS reply", bytes("\(E)P1$r0m\(E)\\"), [refused]),
        ("xterm Ctrl-a", [0x01], [k("C-a")]),
        ("xterm Tab", [0x09], [k("Tab")]),
        ("xterm Enter", [0x0D], [k("CR")]),
        ("xterm Ctrl-j", [0x0A], [k("C-j")]),
        ("xterm Ctrl-Space", [0x00], [k("C-@")]),
        ("xterm Ctrl-\\", [0x1C], [k("C-\\")]),
        ("xterm Ctrl-]", [0x1D], [k("C-]")]),
        ("xterm Ctrl-^", [0x1E], [k("C-^")]),
        ("xterm Ctrl-_", [0x1F], [k("C-_")]),
        ("xterm Esc (after the wait)", bytes(E), [k("Esc")]),
        ("xterm Alt-[ (after the wait)", bytes("\(E)["), [k("M-[")]),
        ("xterm Alt-Shift-O (after the wait)", bytes("\(E)O"), [k("M-O")]),
        ("xterm Alt-] (after the wait)", bytes("\(E)]"), [k("M-]")]),
        // VTE (gnome-terminal, xfce4-terminal, tilix).
        ("VTE Home", bytes("\(E)OH"), [k("Home")]),
        ("VTE End", bytes("\(E)OF"), [k("End")]),
        ("VTE Ctrl-Left", bytes("\(E)[1;5D"), [k("C-Left")]),
        ("VTE Alt-Right", bytes("\(E)[1;3C"), [k("M-Right")]),
        ("VTE Delete", bytes("\(E)[3~"), [k("Del")]),
        ("VTE Ctrl-Delete", bytes("\(E)[3;5~"), [k("C-Del")]),
        ("VTE Backspace", [0x7F], [k("BS")]),
        ("VTE Ctrl-Backspace", [0x08], [k("C-h")]),
        ("VTE F1", bytes("\(E)OP"), [k("F1")]),
        ("VTE Shift-Tab", bytes("\(E)[Z"), [k("S-Tab")]),
        // rxvt-unicode.
        ("rxvt Home", bytes("\(E)[7~"), [k("Home")]),
        ("rxvt End", bytes("\(E)[8~"), [k("End")]),
        ("rxvt Ctrl-Left", bytes("\(E)Od"), [k("C-Left")]),
        ("rxvt Ctrl-Up", bytes("\(E)Oa"), [k("C-Up")]),
        ("rxvt Shift-Left", bytes("\(E)[d"), [k("S-Left")]),
        ("rxvt Shift-Up", bytes("\(E)[a"), [k("S-Up")]),
        ("rxvt Alt-Left", bytes("\(E)\(E)[D"), [k("M-Left")]),
        ("rxvt Alt-Ctrl-Left", bytes("\(E)\(E)Od"), [k("C-M-Left")]),
        ("rxvt Alt-Delete", bytes("\(E)\(E)[3~"), [k("M-Del")]),
        ("rxvt Ctrl-Delete", bytes("\(E)[3^"), [k("C-Del")]),
        ("rxvt Shift-Home", bytes("\(E)[7$"), [k("S-Home")]),
        ("rxvt Ctrl-Shift-Delete", bytes("\(E)[3@"), [k("C-S-Del")]),
        ("rxvt Ctrl-Home", bytes("\(E)[7^"), [k("C-Home")]),
        ("rxvt F1", bytes("\(E)[11~"), [k("F1")]),
        ("rxvt Ctrl-F1", bytes("\(E)[11^"), [k("C-F1")]),
        ("rxvt Shift-F10 (F20)", bytes("\(E)[34~"), [k("F20")]),
        ("rxvt Alt-Esc", bytes("\(E)\(E)"), [k("M-Esc")]),
        // Linux console.
        ("linux Home", bytes("\(E)[1~"), [k("Home")]),
        ("linux End", bytes("\(E)[4~"), [k("End")]),
        ("linux F1", bytes("\(E)[[A"), [k("F1")]),
        ("linux F5", bytes("\(E)[[E"), [k("F5")]),
        ("linux unknown [[ key", bytes("\(E)[[Z"), [refused]),
        ("linux F6", bytes("\(E)[17~"), [k("F6")]),
        // tmux and screen.
        ("tmux Home", bytes("\(E)[1~"), [k("Home")]),
        ("tmux End", bytes("\(E)[4~"), [k("End")]),
        ("tmux app Left", bytes("\(E)OD"), [k("Left")]),
        ("tmux Ctrl-Left (xterm-keys)", bytes("\(E)[1;5D"), [k("C-Left")]),
        ("screen Delete", bytes("\(E)[3~"), [k("Del")]),
        // kitty CSI-u.
        ("kitty Esc", bytes("\(E)[27u"), [k("Esc")]),
        ("kitty Ctrl-a", bytes("\(E)[97;5u"), [k("C-a")]),
        ("kitty Alt-a", bytes("\(E)[97;3u"), [k("M-a")]),
        ("kitty Alt-Shift-a", bytes("\(E)[97;4u"), [k("M-A")]),
        ("kitty Ctrl-Alt-a", bytes("\(E)[97;7u"), [k("C-M-a")]),
        ("kitty Ctrl-i", bytes("\(E)[105;5u"), [k("C-i")]),
        ("kitty Shift-Enter", bytes("\(E)[13;2u"), [k("S-CR")]),
        ("kitty Alt-Backspace", bytes("\(E)[127;3u"), [k("M-BS")]),
        ("kitty Ctrl-Space", bytes("\(E)[32;5u"), [k("C-Space")]),
        ("kitty Shift-Tab", bytes("\(E)[9;2u"), [k("S-Tab")]),
        ("kitty Ctrl-a with alternates", bytes("\(E)[97:65;5u"), [k("C-a")]),
        ("kitty Ctrl-a with text", bytes("\(E)[97;5;97u"), [k("C-a")]),
        ("kitty Ctrl-a repeat", bytes("\(E)[97;5:2u"), [k("C-a")]),
        ("kitty Ctrl-a release", bytes("\(E)[97;5:3u"), [refused]),
        ("kitty Ctrl-Left release", bytes("\(E)[1;5:3D"), [refused]),
        ("kitty plain a", bytes("\(E)[97u"), [refused]),
        ("kitty Shift-a", bytes("\(E)[97;2u"), [refused]),
        ("kitty keypad 0 (private use)", bytes("\(E)[57399u"), [refused]),
        ("kitty Caps Lock held, Ctrl-a", bytes("\(E)[97;69u"), [k("C-a")]),
        ("kitty Hyper-a", bytes("\(E)[97;17u"), [refused]),
        ("kitty F3", bytes("\(E)[13~"), [k("F3")]),
        ("kitty Ctrl-Left", bytes("\(E)[1;5D"), [k("C-Left")]),
        // iTerm2.
        ("iTerm2 Option-Left (Esc+)", bytes("\(E)b"), [k("M-b")]),
        ("iTerm2 Option-Right (Esc+)", bytes("\(E)f"), [k("M-f")]),
        ("iTerm2 Option-Left (xterm keys)", bytes("\(E)[1;3D"), [k("M-Left")]),
        ("iTerm2 Meta-Left", bytes("\(E)[1;9D"), [k("M-Left")]),
        ("iTerm2 Option-Backspace", bytes("\(E)\u{7F}"), [k("M-BS")]),
        ("iTerm2 Option-é", bytes("\(E)é"), [k("M-é")]),
        ("iTerm2 Home", bytes("\(E)[H"), [k("Home")]),
        // Text.
        ("ASCII, one event per key", bytes("ab"), [t("a"), t("b")]),
        ("CJK run in one read", bytes("中文"), [t("中文")]),
        ("IME commit between ASCII", bytes("a中文b"), [t("a"), t("中文"), t("b")]),
        ("emoji ZWJ sequence", bytes("👨‍👩‍👧"), [t("👨‍👩‍👧")]),
        ("overlong / and a lone continuation", [0xC0, 0xAF], [refused, refused]),
        ("truncated 3-byte then ASCII", [0xE4, 0xB8, 0x41], [refused, t("A")]),
        ("encoded surrogate", [0xED, 0xA0, 0x80], [refused, refused, refused]),
        ("above U+10FFFF", [0xF4, 0x90, 0x80, 0x80], [refused, refused, refused, refused]),
        ("C1 control NEL", [0xC2, 0x85], [refused]),
        ("truncated at the end of input", [0xE4, 0xB8], [.unfinishedCharacter]),
        ("invalid UTF-8 breaks a run", [0xE4, 0xB8, 0xAD, 0xFF, 0xE6, 0x96, 0x87], [t("中"), refused, t("文")]),
        // The attacks the old reader fell for.
        ("Ctrl-Left inside typing", bytes("12\(E)[1;5D34\r"), [t("1"), t("2"), k("C-Left"), t("3"), t("4"), k("CR")]),
        ("PageUp in a field", bytes("a\(E)[5~b"), [t("a"), k("PageUp"), t("b")]),
        ("Insert in a field", bytes("a\(E)[2~b"), [t("a"), k("Insert"), t("b")]),
        ("F5 in a field", bytes("a\(E)[15~b"), [t("a"), k("F5"), t("b")]),
        ("unknown ~ key", bytes("a\(E)[99~b"), [t("a"), refused, t("b")]),
        ("stray paste end", bytes("\(E)[201~"), [refused]),
        ("over-long CSI", bytes("\(E)[" + String(repeating: "1", count: 20_000) + "D"), [refused]),
        ("over-long CSI then text", bytes("\(E)[" + String(repeating: "9;", count: 5_000) + "~x"), [refused, t("x")]),
        ("over-long OSC", bytes("\(E)]" + String(repeating: "x", count: 100_000) + "\u{07}y"), [refused, t("y")]),
        ("broken CSI eats the breaking byte", bytes("\(E)[1;5\ra"), [refused, t("a")]),
        ("ESC inside a CSI starts a new one", bytes("\(E)[1\(E)[D"), [refused, k("Left")]),
        ("ESC inside a string", bytes("\(E)]0;x\(E)[A"), [refused, k("Up")]),
        ("parameter after intermediate", bytes("\(E)[1 5D"), [refused]),
        ("rxvt $ only after plain numbers", bytes("\(E)[1;2$p"), [refused]),
        ("paste injection", bytes("\(E)[200~safe\(E)[201~evil\r\(E)[201~"), [.paste("safeevil", dropped: .control)]),
        // Bracketed paste.
        ("paste with a trailing line break", bytes("\(E)[200~138 1234\r\n\(E)[201~"),
         [.paste("138 1234", dropped: nil)]),
        ("paste with a tab", bytes("\(E)[200~a\tb\(E)[201~"), [.paste("ab", dropped: .control)]),
        ("paste with an inner line break", bytes("\(E)[200~a\nb\(E)[201~"), [.paste("ab", dropped: .lineBreak)]),
        ("paste with an arrow key", bytes("\(E)[200~a\(E)[1;5Db\(E)[201~"), [.paste("ab", dropped: .control)]),
        ("paste with invalid UTF-8 and C1", bytes("\(E)[200~中") + [0xFF, 0xC2, 0x9B] + bytes("文\(E)[201~"),
         [.paste("中文", dropped: .invalidText)]),
        ("paste never closed", bytes("\(E)[200~abc"), [.paste("abc", dropped: .unfinished)]),
        ("text before and after a paste", bytes("x\(E)[200~y\(E)[201~"), [t("x"), .paste("y", dropped: nil)]),
        ("empty paste", bytes("\(E)[200~\(E)[201~"), [.paste("", dropped: nil)]),
    ]

    @Test(arguments: table)
    func decodesAsOneRead(label: String, input: [UInt8], expected: [InputEvent]) {
        #expect(decodeOnce(input) == expected, "\(label)")
    }

    /// Every cut of every entry gives the same keys (text may be grouped differently). Entries with bytes after a
    /// paste's end marker are left out: the security rule makes those depend on where the read ends.
    @Test(arguments: table)
    func decodesTheSameWhenSplit(label: String, input: [UInt8], expected: [InputEvent]) {
        guard input.count < 200, !DecoderHarness.hasBytesAfterPasteEnd(input) else { return }
        for cut in 1..<max(1, input.count) {
            #expect(merged(decodeSplit(input, at: [cut])) == merged(expected), "\(label) cut at \(cut)")
        }
        let single = Array(1..<input.count)
        #expect(merged(decodeSplit(input, at: single)) == merged(expected), "\(label) byte by byte")
    }

    @Test func tableIsLargeEnough() {
        #expect(Self.table.count >= 60)
    }

    /// The written-out strings of printable ASCII are each its byte, in order, and a typed byte decodes to its own.
    @Test func everyPrintableASCIIByteIsItsOwnText() {
        #expect(InputDecoder.ascii.count == 0x7F - 0x20)
        for byte in UInt8(0x20)..<0x7F {
            let text = String(Unicode.Scalar(byte))
            #expect(InputDecoder.ascii[Int(byte - 0x20)] == text)
            #expect(decodeOnce([byte]) == [.text(text)])
        }
    }

    /// Every key the decoder names can be written in a keymap file and reads back as the same key.
    @Test(arguments: table)
    func keyNamesRoundTripThroughNotation(label: String, input: [UInt8], expected: [InputEvent]) throws {
        for case .key(let key) in expected {
            #expect(try KeyNotation.parse(key.description) == [key], "\(label): \(key)")
        }
    }
}

/// Waiting, flushing and split reads.
struct InputDecoderStateTests {
    @Test func loneEscWaitsThenFlushesAsEsc() {
        var d = InputDecoder()
        #expect(d.decode(bytes("a\(E)")) == [t("a")])
        #expect(d.waiting == .sequence)
        #expect(d.flush() == [k("Esc")])
        #expect(d.waiting == .nothing)
    }

    @Test func sequenceSplitAcrossReads() {
        var d = InputDecoder()
        #expect(d.decode(bytes("1\(E)[1;")) == [t("1")])
        #expect(d.waiting == .sequence)
        #expect(d.decode(bytes("5D2")) == [k("C-Left"), t("2")])
        #expect(d.waiting == .nothing)
    }

    @Test func utf8SplitAcrossReads() {
        var d = InputDecoder()
        #expect(d.decode([0x61, 0xE4, 0xB8]) == [t("a")])
        #expect(d.waiting == .character)
        #expect(d.decode([0xAD, 0x62]) == [t("中"), t("b")])
    }

    /// A character's bytes one read each (a slow line): the reader waits a character's time, not an escape's, for
    /// each; a byte that cannot continue it, or a wait that runs out, refuses the bytes so far.
    @Test func aCharacterInPiecesWaitsAsACharacterAndIsRefusedWhenItCannotEnd() {
        var d = InputDecoder()
        #expect(d.decode([0xE6]) == [])
        #expect(d.waiting == .character)
        #expect(d.decode([0x98]) == [])
        #expect(d.waiting == .character)
        #expect(d.decode([0xAF]) == [t("是")])
        #expect(d.waiting == .nothing)
        #expect(d.decode(bytes("\(E)")) == [] && d.waiting == .sequence)
        #expect(d.decode([0xE4]) == [] && d.waiting == .character, "Alt and a character in pieces")
        #expect(d.decode([0xB8, 0xAD]) == [k("M-中")])
        #expect(d.decode([0xE4, 0xB8]) == [] && d.waiting == .character)
        #expect(d.decode([0x78]) == [refused, t("x")], "a byte that cannot continue the character")
        #expect(d.decode([0xE4]) == [])
        #expect(d.flush() == [.unfinishedCharacter], "a character whose last byte never came")
        #expect(d.waiting == .nothing)
    }

    @Test func incompleteSequenceFlushesAsRefused() {
        var d = InputDecoder()
        #expect(d.decode(bytes("\(E)[1;5")) == [])
        #expect(d.flush() == [refused])
        #expect(d.decode(bytes("D")) == [t("D")])  // after the wait ran out, a late byte is a new key
    }

    @Test func pasteAcrossReadsAndWaiting() {
        var d = InputDecoder()
        #expect(d.decode(bytes("\(E)[200~13")) == [])
        #expect(d.waiting == .paste)
        #expect(d.decode(bytes("8\(E)[20")) == [])
        #expect(d.waiting == .paste)
        #expect(d.decode(bytes("1~")) == [.paste("138", dropped: nil)])
        #expect(d.waiting == .nothing)
        #expect(d.decode(bytes("x\r")) == [t("x"), k("CR")])  // the next read starts normally
    }

    @Test func bytesAfterThePasteEndInTheSameReadArePasted() {
        var d = InputDecoder()
        #expect(d.decode(bytes("\(E)[200~a")) == [])
        #expect(d.decode(bytes("b\(E)[201~c\(E)[D\r")) == [.paste("abc", dropped: .control)])
        #expect(d.waiting == .nothing)
    }

    /// A sequence cut by the end of the read that ended a paste is removed into the paste, whenever it completes.
    @Test func unfinishedSequenceAfterThePasteEndIsRemoved() {
        var d = InputDecoder()
        #expect(d.decode(bytes("\(E)[200~a\(E)[201~b\(E)[")) == [])
        #expect(d.waiting == .paste)
        #expect(d.decode(bytes("CD\r")) == [.paste("ab", dropped: .control), t("D"), k("CR")])
        #expect(d.waiting == .nothing)
    }

    @Test func secondEndMarkerCutByAReadIsRemoved() {
        let whole = bytes("\(E)[200~safe\(E)[201~evil\r\(E)[201~")
        let markerStart = whole.count - 6
        for cut in (markerStart + 1)..<whole.count {
            var d = InputDecoder()
            var events = d.decode(Array(whole[..<cut]))
            events += d.decode(Array(whole[cut...]))
            events += d.flush()
            #expect(events == [.paste("safeevil", dropped: .control)], "cut at \(cut)")
        }
    }

    @Test func unfinishedUTF8AfterThePasteEndDrainsIntoIt() {
        var d = InputDecoder()
        #expect(d.decode(bytes("\(E)[200~a\(E)[201~") + [0xE4, 0xB8]) == [])
        #expect(d.decode([0xAD, 0x78]) == [.paste("a中", dropped: nil), t("x")])
    }

    @Test func unfinishedSequenceAfterThePasteEndFlushes() {
        var d = InputDecoder()
        #expect(d.decode(bytes("\(E)[200~a\(E)[201~\(E)")) == [])
        #expect(d.flush() == [.paste("a", dropped: .control)])
        #expect(d.waiting == .nothing)
    }

    @Test func pasteIsCapped() {
        let cap = PasteBuffer.cap
        var d = InputDecoder()
        var events = d.decode(bytes("\(E)[200~"))
        let chunk = [UInt8](repeating: UInt8(ascii: "7"), count: 4096)
        for _ in 0..<(cap / 4096 + 10) { events += d.decode(chunk) }
        #expect(d.paste.bytes.count == cap)
        events += d.decode(bytes("\(E)[201~"))
        #expect(events.count == 1)
        if case .paste(let text, let dropped)? = events.first {
            #expect(text.utf8.count == cap && dropped == .tooLong)
        } else {
            Issue.record("no paste: \(events)")
        }
    }

    @Test func overLongSequenceKeepsConstantMemory() {
        var d = InputDecoder()
        let digits = [UInt8](repeating: UInt8(ascii: "4"), count: 4096)
        _ = d.decode(bytes("\(E)["))
        for _ in 0..<50 { #expect(d.decode(digits) == []) }
        #expect(d.params.length == SequenceParameters.limit && d.params.overlong)
        #expect(d.decode(bytes("~z")) == [refused, t("z")])
    }

    @Test func metaBeforeASplitSequence() {
        var d = InputDecoder()
        #expect(d.decode(bytes("\(E)")) == [])
        #expect(d.decode(bytes("\(E)[")) == [])
        #expect(d.decode(bytes("D")) == [k("M-Left")])
    }

    @Test func flushIsIdleWhenNothingIsPending() {
        var d = InputDecoder()
        #expect(d.flush() == [])
        #expect(d.decode([]) == [])
    }
}

/// Key notation for the keys the decoder names.
struct KeyNotationModifierTests {
    static let parses: [(String, [Key])] = [
        ("<C-Left>", [.named("C-Left")]),
        ("<c-s-left>", [.named("C-S-Left")]),
        ("<S-C-Left>", [.named("C-S-Left")]),
        ("<M-C-Left>", [.named("C-M-Left")]),
        ("<A-b>", [.named("M-b")]),
        ("<M-b>", [.named("M-b")]),
        ("<M-B>", [.named("M-B")]),
        ("<M-S-b>", [.named("M-B")]),
        ("<C-A>", [.named("C-a")]),
        ("<C-S-a>", [.named("C-S-a")]),
        ("<C-M-H>", [.named("C-M-h")]),
        ("<M-BS>", [.named("M-BS")]),
        ("<m-backspace>", [.named("M-BS")]),
        ("<S-Tab>", [.named("S-Tab")]),
        ("<C-Del>", [.named("C-Del")]),
        ("<C-Delete>", [.named("C-Del")]),
        ("<S-CR>", [.named("S-CR")]),
        ("<C-Enter>", [.named("C-CR")]),
        ("<M-Esc>", [.named("M-Esc")]),
        ("<F1><f12><F20>", [.named("F1"), .named("F12"), .named("F20")]),
        ("<S-F5>", [.named("S-F5")]),
        ("<Begin>", [.named("Begin")]),
        ("<C-Space>", [.named("C-Space")]),
        ("<M-space>", [.named("M-Space")]),
        ("<M-.>", [.named("M-.")]),
        ("<M-lt>", [.named("M-<")]),
        ("<M-gt>", [.named("M->")]),
        ("<C-@>", [.named("C-@")]),
        ("<C-bslash>", [.named("C-\\")]),
        ("<M-é>", [.named("M-é")]),
        ("<M-[>", [.named("M-[")]),
        ("<S-a>", [.character("A")]),
        ("<C-w><BS><lt><Space>", [.named("C-w"), .named("BS"), .character("<"), .character(" ")]),
        ("<PageUp><pagedown><Insert>", [.named("PageUp"), .named("PageDown"), .named("Insert")]),
        ("a<b c>", [.character("a"), .character("<"), .character("b"), .character(" "), .character("c"),
                    .character(">")]),
    ]

    @Test(arguments: parses)
    func parse(text: String, keys: [Key]) throws {
        #expect(try KeyNotation.parse(text) == keys)
    }

    /// Every Meta and Ctrl-Meta key a terminal can send as ESC + one byte is written back as notation that reads
    /// as the same key.
    @Test func everyEscapeKeyRoundTrips() throws {
        for byte in UInt8(0)...0x7F where !"[O]P_^X\u{1B}".utf8.contains(byte) {
            let events = DecoderHarness.once([0x1B, byte])
            guard events.count == 1, case .key(let key) = events[0] else {
                Issue.record("ESC \(byte) gave \(events)")
                continue
            }
            #expect(try KeyNotation.parse(key.description) == [key], "ESC \(byte): \(key)")
        }
    }

    @Test(arguments: ["<C-Foo>", "<M-F21>", "<S-Nothing>", "<F0>"])
    func unknownNamesWithModifiersAreErrors(text: String) {
        #expect(throws: KeyNotationError.self) { try KeyNotation.parse(text) }
    }
}
