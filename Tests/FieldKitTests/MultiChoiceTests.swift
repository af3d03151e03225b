import FieldKit
import Testing

/// Multi-select choice fields in the engine: Tab (and `toggle-choice`) marks and unmarks, typing still filters,
/// Enter takes the marks in list order (none marked: the current match), the bounds, pastes of joined values,
/// undo, and `check`'s reading of a joined line.
@Suite struct MultiChoiceTests {
    static let colours = ChoiceFieldTests.colours  // Red, Green, Blue, Grey, Sea green

    static func field(_ selection: ChoiceSelection = ChoiceSelection(), list: ChoiceList = colours) -> Field {
        var spec = FieldSpec(name: "pick", symbols: SymbolRules(defaultClass: .printable, normalizeFullwidth: false))
        spec.kind = .choice(list)
        spec.selection = selection
        return Field(spec: spec, context: fixedContext)
    }

    static func marked(_ f: Field) -> [String] { f.state.choiceMarks.map { colours.choices[$0].value } }

    @Test func tabMarksTheMatchAndEmptiesTheQueryEnterTakesThemInListOrder() {
        var f = Self.field()
        f.apply(.selfInsert("blu"))
        #expect(f.apply(.complete) == .refresh)
        #expect(Self.marked(f) == ["blue"] && f.value == "" && f.frame.counter == "1 selected · 0/5")
        // Typing still filters; the marks stay.
        f.apply(.selfInsert("re"))
        #expect(f.frame.candidates == ["Red", "Green", "Grey", "Sea green"] && f.frame.candidateMarks == [false, false, false, false])
        #expect(f.apply(.toggleChoice) == .refresh)   // Red, the best match
        #expect(Self.marked(f) == ["red", "blue"], "list order, not the order marked")
        #expect(f.frame.candidateMarks == [true, false, true, false, false] && f.frame.candidates.count == 5)
        #expect(f.acceptedValue == "red,blue" && f.frame.display == "  ✓ Red, Blue", "the line names the marks")
        f.apply(.nextChoice)
        f.apply(.nextChoice)
        #expect(f.frame.display == "  > Green", "a current match is shown instead")
        #expect(f.apply(.acceptLine) == .accept("red,blue"))
        #expect(f.frame.display == "  ✓ Red, Blue", "the line left on the screen shows what was taken")
    }

    @Test func tabOnAMarkedMatchTakesTheMarkAwayAndKeepsItCurrent() {
        var f = Self.field()
        f.apply(.nextChoice)
        f.apply(.nextChoice)   // Green, reached with nothing typed
        #expect(f.apply(.complete) == .refresh && Self.marked(f) == ["green"] && f.currentChoice == 1)
        #expect(f.apply(.complete) == .refresh && Self.marked(f) == [] && f.currentChoice == 1)
        #expect(f.apply(.complete) == .refresh && f.apply(.undo) == .refresh && Self.marked(f) == [], "undo takes a mark back")
    }

    @Test func enterWithNothingMarkedTakesTheCurrentMatchAlone() {
        var f = Self.field()
        #expect(f.apply(.acceptLine) == .bell, "nothing marked, nothing current")
        f.apply(.selfInsert("gre"))
        #expect(f.apply(.acceptLine) == .accept("green"))
    }

    @Test func theFewestAndTheMostAreSaidAndEnforced() {
        var f = Self.field(ChoiceSelection(min: 2, max: 2))
        f.apply(.selfInsert("red"))
        #expect(f.apply(.acceptLine) == .bell && f.frame.message == "choose at least 2", "the current match alone is one")
        f.apply(.complete)
        #expect(f.apply(.acceptLine) == .bell && f.notice == "choose at least 2" && f.status == .incomplete("choose at least 2"))
        f.apply(.selfInsert("blue"))
        f.apply(.complete)
        f.apply(.selfInsert("grey"))
        #expect(f.apply(.complete) == .bell && f.frame.message == "at most 2 choices" && f.frame.keyRefused)
        #expect(Self.marked(f) == ["red", "blue"] && f.value == "grey", "the refused mark changes nothing")
        #expect(f.apply(.acceptLine) == .accept("red,blue"))
    }

    @Test func noChoiceAtAllIsAnAnswerOnlyWithMinZero() {
        var f = Self.field(ChoiceSelection(min: 0))
        #expect(f.status == .valid && f.apply(.acceptLine) == .accept(""))
    }

    @Test func toggleChoiceIsRefusedInAOneChoiceFieldWhereTabStillCompletes() {
        var f = ChoiceFieldTests.field(Self.colours)
        f.apply(.selfInsert("gre"))
        #expect(f.apply(.toggleChoice) == .bell && f.state.choiceMarks.isEmpty)
        #expect(f.apply(.complete) == .refresh && f.value == "Green" && f.frame.candidateMarks.isEmpty)
        #expect(f.frame.counter == "1/2")  // Green, Sea green
    }

    @Test func aPasteOfJoinedValuesMarksThemAllOrNone() {
        var f = Self.field(ChoiceSelection(max: 3))
        #expect(f.apply(.paste("grey, red")) == .refresh && Self.marked(f) == ["red", "grey"])
        #expect(f.apply(.paste("blue,nothing-like-it")) == .bell && Self.marked(f) == ["red", "grey"])
        #expect(f.notice?.hasPrefix("paste refused: item 2: ") == true)
        #expect(f.apply(.paste("blue,green")) == .bell && f.notice == "paste refused: at most 3 choices")
        var typed = Self.field()
        #expect(typed.apply(.selfInsert("blue,red")) == .refresh && Self.marked(typed) == ["red", "blue"], "a --default, typed at once")
        #expect(typed.apply(.selfInsert(",")) == .bell && typed.notice == "no choice matches ','", "a typed separator is a query key, refused")
        var g = Self.field(ChoiceSelection(separator: ";"))
        #expect(g.apply(.paste("blue;red")) == .refresh && g.acceptedValue == "red;blue")
    }

    @Test func checkReadsAJoinedLineItemByItem() {
        var spec = Self.field().spec
        spec.selection = ChoiceSelection(min: 1, max: 3, separator: ",")
        let checker = LineChecker(spec: spec, context: fixedContext)
        #expect(checker.check("Grey, red").value == "red,grey")
        #expect(checker.check("Grey, red").display == "Red,Grey")
        #expect(checker.check("red,purple").issue?.message == "item 2: not one of the choices: 'purple'")
        #expect(checker.check("red,Red").issue?.message == "Red is chosen twice")
        #expect(checker.check("red,blue,grey,green").issue?.message == "at most 3 choices")
        #expect(checker.check("").issue?.message == "choose at least 1")
        #expect(checker.check("red,").issue?.message.hasPrefix("item 2: no choice given") == true)
    }

    @Test func aSeparatorInAValueOrEmptyIsAProblem() {
        let list = try! ChoiceTable.parsePairs("a,b\tAB\nc\tC\n")
        #expect(ChoiceSelection().problem(for: list) == "the separator ',' is in the value 'a,b'; choose another separator")
        #expect(ChoiceSelection(separator: ";").problem(for: list) == nil)
        #expect(ChoiceSelection(separator: "").problem(for: list) != nil)
        #expect(ChoiceSelection(min: 3, max: 2).problem(for: list) == "the fewest choices (3) is more than the most (2)")
    }

    /// A joined value must split back into the values it was joined from: a value that ends with the start of a
    /// separator that overlaps itself would have the separator found one place early (`a`+`aa`+`b` is `aaab`, read as
    /// `a`, `ab`; `x-`+`--`+`y` is `x---y`, read as `x`, `-y`).
    @Test func aValueEndingWhereASelfOverlappingSeparatorStartsIsAProblem() throws {
        func problem(_ values: [String], _ separator: String) throws -> String? {
            let list = try ChoiceTable.parsePairs(values.map { "\($0)\t\($0.uppercased())\n" }.joined())
            return ChoiceSelection(separator: separator).problem(for: list)
        }
        func overlap(_ value: String, _ separator: String) -> String {
            "the value '\(value)' ends with the start of the separator '\(separator)', which overlaps itself, so a joined value would be split in the wrong place; choose another separator"
        }
        #expect(try problem(["a", "b"], "aa") == overlap("a", "aa"))
        #expect(try problem(["x-", "y"], "--") == overlap("x-", "--"))
        #expect(try problem(["y", "x-"], "-x-") == nil)
        #expect(try problem(["y", "a-x"], "-x-") == overlap("a-x", "-x-"))
        #expect(try problem(["b", "ab"], "abab") == overlap("ab", "abab"))
        #expect(try problem(["x |", "y"], " | ") == overlap("x |", " | "))
        #expect(try problem(["是", "否中"], "中中") == overlap("否中", "中中"))
        #expect(try problem(["x-", "y"], "-") == "the separator '-' is in the value 'x-'; choose another separator")
        #expect(try problem(["a", "b"], "") != nil)
    }

    /// Any other separator is found only where it was joined in, even one that overlaps itself or shares a value's
    /// start or end (`--` after `x`, `-+` after `x-`); labels are shown, never split (`Korea, Republic of` in a `,`
    /// list), so they may hold it.
    @Test func anyOtherSeparatorSplitsWhatItJoined() throws {
        let list = try ChoiceTable.parsePairs("x-\tX\n+y\tY\nz\tZ -+ z\na|b\tA | B\n-w\tW\n")
        for separator in ["-+", " | ", "ab", "+-", "--", "aa"] {
            let selection = ChoiceSelection(separator: separator)
            let problem = selection.problem(for: list)
            #expect((problem == nil) == (separator != "--"), "\(separator): \(problem ?? "")")
            guard problem == nil else { continue }
            let all = Array(0..<list.choices.count)
            let joined = all.map { list.choices[$0].value }.joined(separator: separator)
            #expect(list.resolveAll(joined, selection) == .success(all), "\(joined)")
        }
    }

    @Test func optionsMakeAChoiceFieldMultiAndCountChoices() {
        var options = FieldOptions(limit: 2, minLength: 1)
        options.multiple = true
        let spec = options.applied(to: ChoiceFieldTests.field(Self.colours).spec)
        #expect(spec.selection == ChoiceSelection(min: 1, max: 2) && spec.limit == nil, "--max counts choices, not the query")
        var text = FieldOptions()
        text.multiple = true
        #expect(text.problem(for: BuiltinFields.text)?.hasPrefix("--multi is for choice fields") == true)
        var separator = FieldOptions()
        separator.separator = ";"
        #expect(separator.problem(for: ChoiceFieldTests.field(Self.colours).spec)?.hasPrefix("--separator is for") == true)
    }
}
