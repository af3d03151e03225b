import Foundation
import Testing
@testable import FieldKit

/// Random command sequences against every field: the invariants of ARCHITECTURE.md must always hold.
struct PropertyTests {
    /// Characters a user might type or paste: the field's own symbols, junk, wide, joining and control characters.
    static let alphabet: [String] = [
        "0", "1", "2", "3", "5", "8", "9", "1", "1", "X", "x", "a", "Z", " ", "-", "+", "(", ")", "\t",
        "１", "８", "＋", "٣", "中", "文", "👍", "👨", "\u{200D}", "\u{301}", "\u{FE0F}", "❤", "🇨", "🇳", "é", "\u{1B}", "<", "\u{600}",
    ]

    static let specs: [(String, FieldSpec)] = [
        ("phone-cn", BuiltinFields.phoneCN),
        ("idcard-cn", BuiltinFields.idcardCN),
        // A limit below the positions with classes of their own: the byte loop's stepping stops at the limit.
        ("idcard-cn limit 10", FieldOptions(limit: 10).applied(to: BuiltinFields.idcardCN)),
        ("text graphemes 10", textField(limit: 10)),
        ("text width 7", textField(limit: 7, unit: .width)),
        ("text utf16 9", textField(limit: 9, unit: .utf16)),
        ("digits max 6", FieldOptions(limit: 6, minLength: 2).applied(to: BuiltinFields.digits)),
        ("phone-us-like", phoneUSLike),
        // Laid out as you type by libphonenumber's rules, refusing countries as their calling code completes.
        ("phone", BuiltinFields.shipped("phone")),
        ("phone GB only", {
            var options = FieldOptions()
            options.validatorOptions = ["assume": "GB", "countries": "GB,US"]
            return options.applied(to: BuiltinFields.shipped("phone"))
        }()),
    ]

    static func randomCommand(_ rng: inout SplitMix64) -> EditCommand {
        switch Int.random(in: 0..<20, using: &rng) {
        case 0..<8: return .selfInsert(alphabet.randomElement(using: &rng)!)
        case 8, 9:
            let n = Int.random(in: 0...16, using: &rng)
            return .selfInsert((0..<n).map { _ in alphabet.randomElement(using: &rng)! }.joined())
        case 10: return .selfInsert(["+86 138 1234 5678", "0086", "11010519900307123X", "(800) 555-1234", "+4420794",
                                     "0207946"].randomElement(using: &rng)!)
        case 11: return .paste(["+86 138 1234 5678", "0086", "11010519900307123X", "(800) 555-1234", " ab c ", "+44 20 7946 0958",
                                "\u{600}1", "e\u{301}"].randomElement(using: &rng)!)
        default:
            let named: [EditCommand] = [.backwardDeleteChar, .deleteChar, .backwardChar, .forwardChar, .beginningOfLine,
                                        .endOfLine, .backwardKillWord, .killWord, .backwardWord, .forwardWord,
                                        .unixLineDiscard, .killLine, .acceptLine, .complete, .toggleChoice, .previousChoice,
                                        .nextChoice, .yank, .yankPop, .undo]
            return named.randomElement(using: &rng)!
        }
    }

    /// The state invariants checked after every command.
    static func checkState(_ f: Field, _ seed: UInt64) {
        let s = f.state
        #expect(s.cursor >= 0 && s.cursor <= s.symbols.count, "cursor out of range, seed \(seed)")
        #expect(f.spec.positionViolation(s.symbols) == nil, "key rules broken: \(s.symbols), seed \(seed)")
        if let limit = f.spec.limit {
            #expect(f.spec.countUnit.count(of: s.symbols) <= limit, "over the limit: \(s.symbols), seed \(seed)")
        }
        // The display kept between keys is exactly the one built from the symbols.
        if let kept = f.plainDisplay {
            #expect(kept == PlainDisplay(s.symbols), "kept display \(kept) is not the symbols' \(s.symbols), seed \(seed)")
        }
    }

    /// The display invariants checked at the end of each sequence.
    static func checkFrame(_ f: Field, _ seed: UInt64, _ commands: [EditCommand] = []) {
        let frame = f.frame
        let formatted = Formatter.format(f.state.symbols, as: f.spec.kind)
        let display = Array(frame.display)
        guard display == formatted.display else {
            Issue.record("display \(display) is not format(symbols) \(formatted.display), seed \(seed) after \(commands)")
            return
        }
        // Every symbol appears in order where the formatter says it ends; nothing else but literals.
        #expect(formatted.symbolEnds.count == f.state.symbols.count)
        for (i, end) in formatted.symbolEnds.enumerated() where display[end - 1] != f.state.symbols[i] {
            Issue.record("symbol \(i) not at its place in \(frame.display), seed \(seed)")
        }
        // The display never ends in a literal.
        if let last = formatted.symbolEnds.last { #expect(last == display.count, "trailing literal, seed \(seed)") }
        // The cursor is at the start or right after an entered symbol.
        #expect(frame.cursor == 0 || formatted.symbolEnds.contains(frame.cursor), "cursor not after a symbol, seed \(seed)")
        // Symbols are whole grapheme clusters.
        #expect(Array(String(f.state.symbols)).count == f.state.symbols.count, "symbols not grapheme-normal, seed \(seed)")
        // What a terminal reads without a frame is the frame's own.
        FieldReadsWithoutFrameTests.expectSameAsFrame(f, "seed \(seed)")
    }

    /// How many times the default number of sequences to run (`FIELDLINE_PROPERTY_SCALE`, at least 1).
    static let scale = max(1, ProcessInfo.processInfo.environment["FIELDLINE_PROPERTY_SCALE"].flatMap { Int($0) } ?? 1)

    @Test(arguments: specs)
    func randomSequencesKeepTheInvariants(name: String, spec: FieldSpec) {
        // 25,000 sequences of up to 8 commands per field in `make test` (a debug build); FIELDLINE_PROPERTY_SCALE
        // multiplies them for a longer run (e.g. 40 for a million). The engine fuzz target checks the same
        // invariants on millions of longer sequences (docs/fuzzing.md).
        let sequences = 25_000 * PropertyTests.scale
        var rng = SplitMix64(state: 0xF1E1D ^ UInt64(name.utf8.count))
        for _ in 0..<sequences {
            let seed = rng.next()
            var local = SplitMix64(state: seed)
            var f = Field(spec: spec, context: fixedContext)
            var commands: [EditCommand] = []
            for _ in 0..<Int.random(in: 1...8, using: &local) {
                let command = Self.randomCommand(&local)
                commands.append(command)
                let effect = f.apply(command)
                Self.checkState(f, seed)
                if case .accept(let value) = effect { #expect(f.status == .valid && value == f.acceptedValue) }
            }
            Self.checkFrame(f, seed, commands)
        }
    }

    /// The batch checker's ASCII fast path must agree with the engine path on every line.
    @Test(arguments: specs)
    func fastAndSlowCheckAgree(name: String, spec: FieldSpec) {
        let checker = LineChecker(spec: spec, context: fixedContext)
        // Mostly ASCII; a few non-ASCII characters (which send a line to the general path, and which the byte tables,
        // 128 entries long, must never be indexed with) at either end or inside.
        let ascii: [String] = ["0", "1", "3", "8", "9", "X", "x", " ", "-", "+", "a", "(", ")", "\t", "\r", "6", "5",
                               "1", "2", "7", "\u{A0}", "\u{9B}", "中", "１", "\u{3000}"]
        var rng = SplitMix64(state: 42)
        for _ in 0..<20_000 {
            let n = Int.random(in: 0...22, using: &rng)
            var line = (0..<n).map { _ in ascii.randomElement(using: &rng)! }.joined()
            if Bool.random(using: &rng) { line = ["+86 ", "0086", "86", ""].randomElement(using: &rng)! + line }
            var bytes = Array(line.utf8)
            let (fast, slow) = bytes.withUnsafeMutableBufferPointer { b in
                (checker.check(UnsafeBufferPointer(b)), checker.check(UnsafeBufferPointer(b), fastPath: false))
            }
            #expect(fast == slow, "fast and slow disagree on \(line.debugDescription)")
        }
    }

    /// Lines of long digit runs, which the byte loop takes eight digits at a time while their positions take a
    /// digit as itself: the same verdicts as the engine, wherever a run stops (a non-digit, the limit, the end).
    /// Not `phone`: its byte path and the engine already read some national numbers differently (`86011295`: too
    /// short, against no CN number starts 11), the disagreement of issue 45 item 1.
    @Test(arguments: specs.filter { $0.0 != "phone" })
    func digitRunsAgree(name: String, spec: FieldSpec) {
        let checker = LineChecker(spec: spec, context: fixedContext)
        let others: [String] = ["X", "x", " ", "-", "\t", "\r", "a", "/", ":", "\u{7F}", "\u{1B}", "中", "１"]
        var rng = SplitMix64(state: 7)
        for _ in 0..<20_000 {
            let n = Int.random(in: 0...26, using: &rng)
            var line = (0..<n).map { _ in
                Int.random(in: 0..<16, using: &rng) == 0 ? others.randomElement(using: &rng)!
                    : String(Int.random(in: 0...9, using: &rng))
            }.joined()
            if Int.random(in: 0..<8, using: &rng) == 0 { line = ["+86 ", "0086", " ", "\t"].randomElement(using: &rng)! + line }
            var bytes = Array(line.utf8)
            let (fast, slow) = bytes.withUnsafeMutableBufferPointer { b in
                (checker.check(UnsafeBufferPointer(b)), checker.check(UnsafeBufferPointer(b), fastPath: false))
            }
            #expect(fast == slow, "fast and slow disagree on \(line.debugDescription)")
        }
    }
}
