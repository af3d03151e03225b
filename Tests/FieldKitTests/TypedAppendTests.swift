import Testing
@testable import FieldKit

/// The typed key's short path (`Field.appendTyped`) against the general insertion (`Field.applyGenerally`): every
/// printable ASCII key, on random states of many fields, leaves the same field both ways.
struct TypedAppendTests {
    static let specs: [(String, FieldSpec)] = {
        var upper = textField(limit: 12)
        upper.symbols.caseMapping = .upper
        var lower = BuiltinFields.shipped("hostname")
        lower.symbols.caseMapping = .lower
        var unlimited = BuiltinFields.text
        unlimited.limit = nil
        return PropertyTests.specs + [
            ("text", BuiltinFields.text),
            ("text unlimited", unlimited),
            ("text scalars 8", textField(limit: 8, unit: .scalars)),
            ("text upper 12", upper),
            ("hostname lower", lower),
            ("email", BuiltinFields.shipped("email")),
            ("digits", BuiltinFields.digits),
            ("ipv4", BuiltinFields.shipped("ipv4")),
            ("date", BuiltinFields.date),
            ("country", BuiltinFields.shipped("country")),
        ]
    }()

    /// Every part of a field a command may change.
    static func expectSame(_ a: Field, _ b: Field, _ context: @autoclosure () -> String) {
        #expect(a.state == b.state, "state, \(context())")
        #expect(a.state.changeCount == b.state.changeCount, "change count, \(context())")
        #expect(a.plainDisplay == b.plainDisplay, "kept display, \(context())")
        #expect(a.notice == b.notice, "notice, \(context())")
        #expect(a.lastKeyRefused == b.lastKeyRefused, "refused, \(context())")
        #expect(a.revealsMessage == b.revealsMessage, "message shown, \(context())")
        #expect(a.history.typing == b.history.typing, "typing run, \(context())")
        #expect(a.history.yanked == nil && b.history.yanked == nil || a.history.yanked != nil && b.history.yanked != nil,
                "yank, \(context())")
        #expect(a.choiceCache == b.choiceCache, "choices, \(context())")
        #expect(a.frame.display == b.frame.display && a.frame.counter == b.frame.counter, "frame, \(context())")
    }

    @Test(arguments: specs)
    func everyASCIIKeyLeavesTheFieldAsTheGeneralInsertionDoes(name: String, spec: FieldSpec) {
        var rng = SplitMix64(state: 0x7A11 ^ UInt64(name.utf8.count))
        var short = 0
        for _ in 0..<300 {
            var f = Field(spec: spec, context: fixedContext)
            // Mostly typing, as a run of typing is what the short path serves, with the other commands in between.
            for _ in 0..<Int.random(in: 0...14, using: &rng) {
                let command: EditCommand = Int.random(in: 0..<3, using: &rng) == 0
                    ? PropertyTests.randomCommand(&rng)
                    : .selfInsert(String(UnicodeScalar(UInt8.random(in: 0x20...0x7E, using: &rng))))
                f.apply(command)
            }
            for byte in UInt8(0x20)...0x7E {
                let command = EditCommand.selfInsert(String(UnicodeScalar(byte)))
                var probe = f
                if probe.appendTyped(byte: byte) { short += 1 }
                var viaShortPath = f, viaGeneralPath = f
                let effect = viaShortPath.apply(command)
                #expect(effect == viaGeneralPath.applyGenerally(command), "effect of \(byte) in \(name)")
                Self.expectSame(viaShortPath, viaGeneralPath, "key \(byte) after \(f.state.symbols) in \(name)")
            }
        }
        // The short path is taken where it should be: a plain field's run of typing at the end.
        if name.hasPrefix("text") || name == "email" || name == "hostname lower" {
            #expect(short > 1_000, "the short path was taken \(short) times in \(name)")
        }
    }
}
