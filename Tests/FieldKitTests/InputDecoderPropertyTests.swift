import Testing
@testable import FieldKit

/// A piece of generated terminal input and what it must decode to.
private enum Token {
    /// Printable text: must come out as `.text`, exactly.
    case text(String)
    /// One key or sequence: must come out as exactly one non-text event.
    case sequence([UInt8])
    /// A bracketed paste whose filtered content is known.
    case paste([UInt8], content: String)

    var bytes: [UInt8] {
        switch self {
        case .text(let s): return Array(s.utf8)
        case .sequence(let b), .paste(let b, _): return b
        }
    }
}

private let ESC: UInt8 = 0x1B

/// Random terminal input built from tokens whose decoding is known.
private struct TokenGenerator {
    var rng: SplitMix64

    static let asciiText = (0x20...0x7E).map { String(Character(Unicode.Scalar(UInt8($0)))) }
    static let wideText = ["中", "文", "é", "👍", "👨‍👩‍👧", "ｱ", "\u{301}", "한", "€", "𝄞"]
    /// Named keys as terminals send them (xterm, VTE, rxvt, linux, kitty): one event each.
    static let keys: [String] = [
        "\u{1B}[A", "\u{1B}OA", "\u{1B}[1;5D", "\u{1B}[3~", "\u{1B}[3;5~", "\u{1B}[15~", "\u{1B}OP", "\u{1B}[[A",
        "\u{1B}[7$", "\u{1B}[3^", "\u{1B}[3@", "\u{1B}Od", "\u{1B}[d", "\u{1B}\u{1B}[D", "\u{1B}[97;5u", "\u{1B}[13;2u",
        "\u{1B}[27;5;13~", "\u{1B}[Z", "\u{1B}O5D", "\u{1B}[5D", "\u{1B}[I", "\u{1B}[<0;1;2M", "\u{1B}[97u",
        "\u{1B}[201~", "\u{1B}[?1;2c", "\r", "\t", "\u{7F}", "\u{01}", "\u{00}", "\u{1F}",
    ]
    /// Invalid UTF-8 that is one maximal subpart, so one `.refused`.
    static let invalid: [[UInt8]] = [
        [0x80], [0xBF], [0xC1], [0xF8], [0xFF], [0xE4, 0xB8], [0xF0, 0x9F, 0x98], [0xC2, 0x85],
    ]

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
    mutating func byte(_ range: ClosedRange<UInt8>) -> UInt8 { UInt8.random(in: range, using: &rng) }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

    mutating func text(wide: Bool, ascii: Bool) -> String {
        (0..<int(1...4)).map { _ in
            ascii && (!wide || int(0...1) == 0) ? pick(Self.asciiText) : pick(Self.wideText)
        }.joined()
    }

    /// A random CSI that is one sequence: parameters, intermediates (never rxvt's `$`), a final byte; never a paste
    /// marker, and not the linux `ESC [ [` or X10 mouse forms, which take more bytes.
    mutating func randomCSI() -> [UInt8] {
        let paramBytes = Array("0123456789;:<=>?".utf8)
        let params = (0..<int(0...6)).map { _ in pick(paramBytes) }
        let intermediates = (0..<int(0...2)).map { _ in pick((UInt8(0x20)...0x2F).filter { $0 != 0x24 }) }
        var final = byte(0x40...0x7E)
        if params.isEmpty && intermediates.isEmpty && (final == UInt8(ascii: "[") || final == UInt8(ascii: "M")) {
            final = UInt8(ascii: "A")
        }
        if final == UInt8(ascii: "~"), intermediates.isEmpty, params.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
           let n = Int(String(decoding: params, as: UTF8.self)), n == 200 || n == 201 {
            final = UInt8(ascii: "D")
        }
        return [ESC, UInt8(ascii: "[")] + params + intermediates + [final]
    }

    /// A complete non-text token, ASCII only when asked.
    mutating func sequence(asciiOnly: Bool, inPaste: Bool = false) -> [UInt8] {
        // Inside a paste a stray end marker is the end of the paste, not a token.
        let keys = inPaste ? Self.keys.filter { !$0.hasSuffix("[201~") } : Self.keys
        switch int(0...(asciiOnly ? 8 : 11)) {
        case 0, 1: return Array(pick(keys).utf8)
        case 2: return randomCSI()
        case 3: return [ESC, UInt8(ascii: "O")] + (0..<int(0...2)).map { _ in byte(0x30...0x39) } + [byte(0x40...0x7E)]
        case 4:
            let content = (0..<int(0...40)).map { _ in asciiOnly ? byte(0x20...0x7E) : pick(Array(UInt8(0x20)...0xFF)) }
            let end: [UInt8] = int(0...1) == 0 ? [0x07] : [ESC, UInt8(ascii: "\\")]
            return [ESC, pick(Array("]P_^X".utf8))] + content + end
        case 5:
            let printable = (UInt8(0x20)...0x7E).filter { !"[O]P_^X".utf8.contains($0) }
            let meta = pick(printable + [0x7F, 0x00, 0x01, 0x08, 0x0D])
            return [ESC, meta]
        case 6:  // over-long
            let body = (0..<int(33...400)).map { _ in pick(Array("0123456789;".utf8)) }
            return [ESC, UInt8(ascii: "[")] + body + [pick(Array("D~uA".utf8))]
        case 7: return [ESC, UInt8(ascii: "[")] + [UInt8(ascii: "M")] + (0..<3).map { _ in byte(0x20...0x7E) }
        case 8:  // Meta before a CSI or SS3 key
            return [ESC] + Array(pick(keys.filter { $0.hasPrefix("\u{1B}[") || $0.hasPrefix("\u{1B}O") }).utf8)
        case 9: return [ESC] + Array(pick(Self.wideText.filter { $0.unicodeScalars.count == 1 }).utf8)
        case 10: return pick(Self.invalid)
        default: return [ESC, UInt8(ascii: "[")] + [UInt8(ascii: "M")] + (0..<3).map { _ in byte(0x20...0xFF) }
        }
    }

    /// A bracketed paste of text, keys and sequences; its content is the text tokens inside.
    mutating func paste() -> Token {
        var body: [UInt8] = []
        var content = ""
        var last: [UInt8] = []
        for _ in 0..<int(0...8) {
            if int(0...1) == 0 {
                let s = text(wide: true, ascii: true)
                body += Array(s.utf8)
                content += s
                last = []
            } else {
                last = nextSequence(after: last, asciiOnly: false, inPaste: true)
                body += last
            }
        }
        return .paste([ESC] + Array("[200~".utf8) + body + [ESC] + Array("[201~".utf8), content: content)
    }

    /// A sequence that cannot merge with the one before: a truncated UTF-8 lead is not followed by a continuation.
    mutating func nextSequence(after previous: [UInt8], asciiOnly: Bool, inPaste: Bool = false) -> [UInt8] {
        while true {
            let s = sequence(asciiOnly: asciiOnly, inPaste: inPaste)
            if let lead = previous.first, lead >= 0xC0, previous.count == 1 || previous.last! >= 0x80,
               let next = s.first, next >= 0x80 && next < 0xC0 {
                continue
            }
            return s
        }
    }

    /// Tokens for property (a).
    mutating func tokens() -> [Token] {
        var tokens: [Token] = []
        var last: [UInt8] = []
        for _ in 0..<int(1...24) {
            switch int(0...9) {
            case 0...4:
                tokens.append(.text(text(wide: true, ascii: true)))
                last = []
            case 5: tokens.append(paste()); last = []
            default:
                last = nextSequence(after: last, asciiOnly: false)
                tokens.append(.sequence(last))
            }
        }
        return tokens
    }
}

/// Random inputs against the decoder's promises.
struct InputDecoderPropertyTests {
    static let seeds: [UInt64] = Array(1...8)

    /// Text tokens come out as exactly their text, and every other token as exactly one event, however the
    /// input is cut into reads (a read always ends after a paste, which takes the rest of its read).
    @Test(arguments: seeds)
    func tokensDecodeToTheirEvents(seed: UInt64) {
        var gen = TokenGenerator(rng: SplitMix64(state: seed))
        for _ in 0..<400 {
            let tokens = gen.tokens()
            var input: [UInt8] = []
            var cuts: [Int] = []
            for token in tokens {
                input += token.bytes
                if case .paste = token { cuts.append(input.count) }
            }
            for _ in 0..<gen.int(0...4) { cuts.append(gen.int(0...input.count)) }
            let events = DecoderHarness.split(input, at: cuts)

            let expectedText = tokens.map { if case .text(let s) = $0 { s } else { "" } }.joined()
            let text = events.map { if case .text(let s) = $0 { s } else { "" } }.joined()
            #expect(text == expectedText, "seed \(seed): \(Self.show(input))")
            let nonText = events.filter { if case .text = $0 { false } else { true } }
            let sequences = tokens.filter { if case .text = $0 { false } else { true } }
            #expect(nonText.count == sequences.count, "seed \(seed): \(Self.show(input)) gave \(events.prefix(40))")
            let pastes = events.compactMap { if case .paste(let s, _) = $0 { s } else { nil } }
            let pasted = tokens.compactMap { if case .paste(_, let s) = $0 { s } else { nil } }
            #expect(pastes == pasted, "seed \(seed): \(Self.show(input))")
            if text != expectedText || nonText.count != sequences.count || pastes != pasted { return }
        }
    }

    /// Without pastes, where the reads end never changes the events (text runs aside).
    @Test(arguments: seeds)
    func splitsDoNotChangeEvents(seed: UInt64) {
        var gen = TokenGenerator(rng: SplitMix64(state: seed &+ 1000))
        for _ in 0..<300 {
            let input = gen.tokens().filter { if case .paste = $0 { false } else { true } }.flatMap(\.bytes)
            let cuts = (0..<gen.int(1...6)).map { _ in gen.int(0...input.count) }
            let whole = DecoderHarness.merged(DecoderHarness.once(input))
            let split = DecoderHarness.merged(DecoderHarness.split(input, at: cuts))
            #expect(whole == split, "seed \(seed): \(Self.show(input)) cut at \(cuts.sorted())")
            if whole != split { return }
        }
    }

    /// Fully random bytes, heavy in what sequences are made of, in random reads with random timeouts: no trap, and
    /// text and pastes never carry a control character, DEL or ESC.
    @Test(arguments: seeds)
    func randomBytesNeverLeakControls(seed: UInt64) {
        var rng = SplitMix64(state: seed &* 7919)
        let alphabet: [UInt8] = [ESC, ESC, ESC, ESC, 0x5B, 0x5B, 0x5B, 0x4F, 0x5D, 0x50, 0x5C, 0x07]
            + Array("0123456789;;::~~u$^@<?DAMz ".utf8)
            + [0x0D, 0x0A, 0x09, 0x7F, 0x00, 0x18, 0x80, 0x9F, 0xC2, 0x85, 0xE4, 0xB8, 0xAD, 0xF0, 0x9F, 0x98, 0x80]
            + [0xED, 0xA0, 0xFF]
        let markers = [Array("\u{1B}[200~".utf8), Array("\u{1B}[201~".utf8)]
        for _ in 0..<300 {
            var d = InputDecoder()
            var events: [InputEvent] = []
            for _ in 0..<Int.random(in: 1...12, using: &rng) {
                var chunk: [UInt8] = []
                for _ in 0..<Int.random(in: 0...40, using: &rng) {
                    if Int.random(in: 0..<30, using: &rng) == 0 { chunk += markers.randomElement(using: &rng)! }
                    chunk.append(alphabet.randomElement(using: &rng)!)
                }
                chunk.withUnsafeBufferPointer { d.decode($0, into: &events) }
                #expect(d.paste.bytes.count <= PasteBuffer.cap && d.params.length <= SequenceParameters.limit)
                if Bool.random(using: &rng) { d.flush(into: &events) }
            }
            d.flush(into: &events)
            #expect(d.waiting == .nothing)
            for event in events {
                switch event {
                case .text(let s):
                    #expect(!s.isEmpty && Self.isClean(s), "seed \(seed): text \(Array(s.unicodeScalars))")
                case .paste(let s, _):
                    #expect(Self.isClean(s), "seed \(seed): paste \(Array(s.unicodeScalars))")
                case .key, .refused, .unfinishedCharacter, .cursorReport: break
                }
            }
        }
    }

    /// With only wide text typed and only ASCII sequences (complete or cut short anywhere), no ASCII byte of a
    /// sequence ever shows up as text, whatever the reads and timeouts.
    @Test(arguments: seeds)
    func sequenceBytesNeverBecomeText(seed: UInt64) {
        var gen = TokenGenerator(rng: SplitMix64(state: seed &+ 5000))
        for _ in 0..<400 {
            var d = InputDecoder()
            var events: [InputEvent] = []
            var pending: [UInt8] = []
            for _ in 0..<gen.int(1...16) {
                var token: [UInt8]
                if gen.int(0...2) == 0 {
                    token = Array(gen.text(wide: true, ascii: false).utf8)
                } else {
                    token = gen.sequence(asciiOnly: true)
                    if token.first == ESC && gen.int(0...2) == 0 {
                        token = Array(token.prefix(gen.int(1...token.count)))  // cut short
                    }
                }
                pending += token
                // Reads end anywhere inside the pending bytes; a timeout (flush) only between tokens.
                if gen.int(0...2) == 0 {
                    let cut = gen.int(0...pending.count)
                    Array(pending[..<cut]).withUnsafeBufferPointer { d.decode($0, into: &events) }
                    Array(pending[cut...]).withUnsafeBufferPointer { d.decode($0, into: &events) }
                    pending = []
                    if gen.int(0...1) == 0 { d.flush(into: &events) }
                }
            }
            pending.withUnsafeBufferPointer { d.decode($0, into: &events) }
            d.flush(into: &events)
            for case .text(let s) in events {
                #expect(!s.unicodeScalars.contains { $0.isASCII },
                        "seed \(seed): \(Array(s.unicodeScalars).prefix(40))")
            }
        }
    }

    /// The first bytes of a failing input, readable.
    static func show(_ input: [UInt8]) -> String {
        input.prefix(300).map {
            $0 < 0x20 || $0 > 0x7E ? "\\x" + String($0, radix: 16) : String(UnicodeScalar($0))
        }.joined()
    }

    /// No C0 or C1 control, DEL or ESC.
    static func isClean(_ s: String) -> Bool {
        !s.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }
}

