@testable import FieldKit
import Testing

/// Readline's kill ring and undo in every kind of field (issue 31): Ctrl-Y yanks what Ctrl-K, Ctrl-U, Ctrl-W or
/// Alt-D killed through the field's filter, whole or not at all; Alt-Y cycles the ring right after a yank; Ctrl-_
/// undoes one change, a run of typed characters being one.
@Suite struct KillRingUndoTests {
    static let today = ValidationContext(today: CalendarDate(year: 2026, month: 11, day: 26)!)

    static func field(_ spec: FieldSpec, _ commands: [EditCommand]) -> Field {
        var f = Field(spec: spec, context: today)
        for c in commands { f.apply(c) }
        return f
    }

    @Test func aKilledTextIsYankedBackInEveryKind() {
        let cases: [(FieldSpec, String)] = [
            (BuiltinFields.text, "hello world"), (BuiltinFields.digits, "12345"), (BuiltinFields.phoneCN, "13812345678"),
            (BuiltinFields.idcardCN, "11010519491231002X"), (BuiltinFields.shipped("phone"), "+8613812345678"),
            (BuiltinFields.date, "20261125"), (BuiltinFields.shipped("country"), "Germany"),
        ]
        for (spec, typed) in cases {
            var f = Self.field(spec, [.selfInsert(typed)])
            let whole = f.value
            #expect(f.apply(.unixLineDiscard) == .refresh, "\(spec.name)")
            #expect(f.value.isEmpty, "\(spec.name): \(f.value)")
            #expect(f.apply(.yank) == .refresh, "\(spec.name)")
            // A choice field takes a yank as a paste: a name that identifies a choice picks it (its label shows).
            let picked = spec.choices != nil && f.value.contains(whole)
            #expect(f.value == whole || picked, "\(spec.name): yanked \(f.value), killed \(whole)")
            // Undo takes the yank back, then the kill.
            #expect(f.apply(.undo) == .refresh && f.value.isEmpty, "\(spec.name)")
            #expect(f.apply(.undo) == .refresh && f.value == whole, "\(spec.name)")
        }
    }

    @Test func aYankIsFilteredWholeLikeAPaste() {
        var text = Self.field(BuiltinFields.text, [.selfInsert("abc"), .unixLineDiscard])
        var digits = Field(spec: BuiltinFields.digits, context: Self.today)
        // The ring is the field's: the digits field has killed nothing yet.
        #expect(digits.apply(.yank) == .bell)
        digits.apply(.selfInsert("12"))
        digits.apply(.unixLineDiscard)
        digits.apply(.selfInsert("9"))
        #expect(digits.apply(.yank) == .refresh && digits.value == "912")
        // Letters killed in a text field, typed into a digits field and killed there, are refused whole.
        text.apply(.yank)
        #expect(text.value == "abc")
        var mixed = Field(spec: BuiltinFields.digits, context: Self.today)
        mixed.apply(.paste("12"))
        mixed.apply(.unixLineDiscard)
        mixed.apply(.selfInsert("3"))
        mixed.apply(.backwardChar)
        #expect(mixed.apply(.yank) == .refresh && mixed.value == "123")
    }

    @Test func yankPopCyclesTheRingOnlyRightAfterAYank() {
        var f = Self.field(BuiltinFields.text, [.selfInsert("one two"), .backwardKillWord, .backwardKillWord])
        #expect(f.value.isEmpty)
        #expect(f.apply(.yankPop) == .bell, "no yank before it")
        f.apply(.yank)
        #expect(f.value == "one ")
        #expect(f.apply(.yankPop) == .refresh && f.value == "two")
        #expect(f.apply(.yankPop) == .refresh && f.value == "one ")
        f.apply(.backwardChar)
        #expect(f.apply(.yankPop) == .bell && f.value == "one ", "a move in between ends the yank")
    }

    @Test func undoGroupsARunOfTypingAndStopsAtTheStart() {
        var f = Self.field(BuiltinFields.text, [.selfInsert("a"), .selfInsert("b"), .selfInsert("c"), .backwardChar,
                                                 .selfInsert("x"), .endOfLine, .backwardDeleteChar])
        #expect(f.value == "abx")
        #expect(f.apply(.undo) == .refresh && f.value == "abxc")   // the Backspace
        #expect(f.apply(.undo) == .refresh && f.value == "abc")    // the x, typed after a move: its own step
        #expect(f.state.cursor == 2)
        #expect(f.apply(.undo) == .refresh && f.value == "")       // "abc", typed in one run
        #expect(f.apply(.undo) == .bell && f.value == "")
    }

    /// Random commands in every property-test field, kills and yanks included: undoing until undo is refused
    /// always ends at the empty field the sequence started from (each sequence makes fewer changes than undo keeps).
    @Test func undoingEverythingReturnsToTheStart() {
        var rng = SplitMix64(state: 2026_11_26)
        for (name, spec) in PropertyTests.specs {
            for _ in 0..<150 {
                var f = Field(spec: spec, context: Self.today)
                for _ in 0..<Int.random(in: 1...30, using: &rng) {
                    let command = PropertyTests.randomCommand(&rng)
                    if command == .acceptLine { continue }
                    f.apply(command)
                }
                var steps = 0
                while f.apply(.undo) != .bell && steps < 200 { steps += 1 }
                #expect(f.value.isEmpty && f.state.symbols.isEmpty, "\(name): \(f.state.symbols) after undoing \(steps) steps")
            }
        }
    }
}
