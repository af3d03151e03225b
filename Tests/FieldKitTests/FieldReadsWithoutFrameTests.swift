import Testing
@testable import FieldKit

/// `Field.writeCounter(into:)` and `Field.keptDisplay` are what a terminal reads on every key
/// instead of building a frame: they must always equal the frame's counter, display and cursor. (The property
/// tests check this after every random sequence on every field they run.)
@Suite struct FieldReadsWithoutFrameTests {
    /// The frame-free reads of `field` against its frame.
    static func expectSameAsFrame(_ field: Field, _ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let frame = field.frame
        let written = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer -> [UInt8]? in
            field.writeCounter(into: buffer).map { Array(buffer[..<$0]) }
        }
        #expect(written == Array(frame.counter.utf8), "written counter, \(context)", sourceLocation: sourceLocation)
        if let kept = field.keptDisplay {
            #expect(kept.utf8 == Array(frame.display.utf8), "kept display, \(context)", sourceLocation: sourceLocation)
            #expect(kept.cursor == frame.cursor, "kept cursor, \(context)", sourceLocation: sourceLocation)
            #expect(kept.columns == DisplayWidth.columns(of: frame.display), "kept width, \(context)",
                    sourceLocation: sourceLocation)
        } else {
            if case .plain = field.spec.kind {
                Issue.record("a plain field keeps its display, \(context)", sourceLocation: sourceLocation)
            }
        }
    }

    /// Type, paste and delete in a field, comparing after each step.
    static func exercise(_ spec: FieldSpec, _ steps: [EditCommand]) {
        var field = Field(spec: spec, context: fixedContext)
        expectSameAsFrame(field, "\(spec.name) empty")
        for (i, step) in steps.enumerated() {
            field.apply(step)
            expectSameAsFrame(field, "\(spec.name) after step \(i + 1), \(step)")
        }
    }

    @Test func aDatePickerShowsItsWeekdayAndTheDigitCounterBefore() {
        var field = Field(spec: BuiltinFields.date, context: fixedContext)
        for c in "20240229" { field.apply(.selfInsert(String(c))) }
        // A complete date's counter is its weekday, not digits: the case that must not take the `count/limit` road.
        #expect(!field.frame.counter.contains("/") && !field.frame.counter.isEmpty)
        Self.exercise(BuiltinFields.date, "2024022".map { .selfInsert(String($0)) } + [.selfInsert("9"), .backwardDeleteChar])
    }

    @Test func aChoiceFieldCountsItsMatches() {
        var spec = FieldSpec(name: "pick", symbols: SymbolRules(defaultClass: .printable, normalizeFullwidth: false))
        spec.kind = .choice(ChoiceFieldTests.colours)
        Self.exercise(spec, [.selfInsert("g"), .selfInsert("r"), .nextChoice, .backwardDeleteChar, .selfInsert("x")])
    }

    @Test func fieldsWithoutALimitOrWithTemplatesAgreeToo() {
        Self.exercise(FieldSpec(name: "free", symbols: SymbolRules(defaultClass: .printable, normalizeFullwidth: false)),
                      [.selfInsert("ab中👍"), .backwardChar, .selfInsert("e\u{301}"), .paste(" x y")])
        Self.exercise(BuiltinFields.phoneCN, "13812345678".map { .selfInsert(String($0)) } + [.backwardChar, .backwardDeleteChar])
        Self.exercise(BuiltinFields.idcardCN, "11010519900307123X".map { .selfInsert(String($0)) })
    }

    @Test func aBufferShorterThanTheLongestCounterGetsNoneRatherThanACutOne() {
        var spec = BuiltinFields.text
        spec.limit = Int.max
        let field = Field(spec: spec, context: fixedContext)
        let long = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 41) { buffer in
            field.writeCounter(into: buffer).map { String(decoding: buffer[..<$0], as: UTF8.self) }
        }
        let short = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { field.writeCounter(into: $0) }
        #expect(long == "0/9223372036854775807" && short == nil)
    }
}
