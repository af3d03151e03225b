import FieldKit
import Testing

/// Choice fields in the engine: the query filters (prefix, then word start, then substring, case-insensitive,
/// over labels and aliases), a key that leaves no match is refused, Up/Down/Tab/Enter, levels, and `check`.
@Suite struct ChoiceFieldTests {
    static let colours = try! ChoiceTable.parsePairs("red\tRed\ngreen\tGreen\nblue\tBlue\ngrey\tGrey\nsea\tSea green\n")

    static let places = try! ChoiceTable.parse("""
        # a small cascade, as keymaps/data/region-cn.tsv is written
        value\tlabel\taliases\tparent
        440000\t广东省\t广东|guangdong|gd\t
        440100\t广州市\t广州|guangzhou|gz\t440000
        440300\t深圳市\t深圳|shenzhen|sz\t440000
        110000\t北京市\t北京|beijing|bj\t
        110105\t朝阳区\t朝阳|chaoyang|cy\t110000
        210000\t辽宁省\t辽宁|liaoning|ln\t
        211300\t朝阳市\t朝阳|chaoyang|cy\t210000
        810000\t香港特别行政区\t香港|xianggang|xg\t

        """)

    static func field(_ list: ChoiceList) -> Field {
        var spec = FieldSpec(name: "pick", symbols: SymbolRules(defaultClass: .printable, normalizeFullwidth: false))
        spec.kind = .choice(list)
        return Field(spec: spec, context: fixedContext)
    }

    static func labels(_ field: Field, _ list: ChoiceList) -> [String] { field.choiceMatches.map { list.choices[$0].label } }

    @Test func theQueryFiltersPrefixFirstThenWordStartThenSubstring() {
        var f = Self.field(Self.colours)
        #expect(f.frame.counter == "0/5" && f.frame.candidates == ["Red", "Green", "Blue", "Grey", "Sea green"])
        #expect(f.currentChoice == nil && f.status != .valid)   // an empty query picks nothing by itself
        f.apply(.selfInsert("G"))
        #expect(Self.labels(f, Self.colours) == ["Green", "Grey", "Sea green"])  // "Sea green": a word starts with g
        f.apply(.selfInsert("r"))
        #expect(Self.labels(f, Self.colours) == ["Green", "Grey", "Sea green"])
        f.apply(.selfInsert("e"))
        #expect(Self.labels(f, Self.colours) == ["Green", "Grey", "Sea green"])
        #expect(f.frame.display == "Gre  > Green" && f.frame.cursor == 3 && f.frame.counter == "1/3")
        #expect(f.frame.candidates == ["Green", "Grey", "Sea green"] && f.frame.candidateIndex == 0)
        var g = Self.field(Self.colours)
        g.apply(.selfInsert("ee"))
        #expect(Self.labels(g, Self.colours) == ["Green", "Sea green"])  // only inside the word
    }

    @Test func aKeyThatLeavesNoMatchIsRefusedAndAPasteWhole() {
        var f = Self.field(Self.colours)
        f.apply(.selfInsert("gr"))
        #expect(f.apply(.selfInsert("x")) == .bell)
        #expect(f.value == "gr" && f.lastKeyRefused && f.frame.keyRefused)
        #expect(f.apply(.paste("zzz")) == .bell)
        #expect(f.value == "gr" && f.notice == "paste refused: no choice matches 'grzzz'")
        #expect(f.apply(.backwardDeleteChar) == .refresh && f.value == "g")
    }

    @Test func upDownMoveTabCompletesEnterAccepts() {
        var f = Self.field(Self.colours)
        #expect(f.apply(.acceptLine) == .bell)           // nothing picked yet
        #expect(f.frame.message == "type to search the 5 choices, or Up/Down to pick one")
        #expect(f.apply(.nextChoice) == .refresh && f.frame.counter == "1/5")
        #expect(f.apply(.previousChoice) == .bell)       // already at the first
        f.apply(.nextChoice); f.apply(.nextChoice)
        #expect(f.frame.counter == "3/5" && f.frame.display == "  > Blue")
        f.apply(.selfInsert("g"))                        // a new query starts at its best match
        #expect(f.frame.counter == "1/3")
        f.apply(.nextChoice)
        #expect(f.apply(.complete) == .refresh && f.value == "Grey" && f.frame.counter == "1/1")
        #expect(f.apply(.nextChoice) == .bell)
        #expect(f.apply(.acceptLine) == .accept("grey"))
    }

    @Test func aProvinceOpensItsCitiesAndBackspaceGoesBack() {
        let list = Self.places
        var f = Self.field(list)
        f.apply(.selfInsert("gd"))
        #expect(f.frame.display == "gd  > 广东省")
        #expect(f.status == .incomplete("Enter or Tab opens the 2 choices of 广东省"))
        #expect(f.apply(.acceptLine) == .refresh)        // not accepted: its cities come
        #expect(f.value == "" && f.frame.display == "广东省-" && Self.labels(f, list) == ["广州市", "深圳市"])
        #expect(f.frame.cursor == 4)
        #expect(f.apply(.selfInsert("x")) == .bell)      // no city of 广东 has an x
        f.apply(.selfInsert("sz"))
        #expect(f.frame.display == "广东省-sz  > 深圳市" && f.frame.cursorColumn == 9)
        #expect(f.apply(.acceptLine) == .accept("440300"))
        f.apply(.unixLineDiscard)
        #expect(f.apply(.backwardDeleteChar) == .refresh)  // on an empty query: back to the provinces
        #expect(f.frame.display == "  > 广东省" && f.frame.counter == "1/4")
        // A province with no cities (Hong Kong) is chosen itself.
        f.apply(.selfInsert("xg"))
        #expect(f.apply(.acceptLine) == .accept("810000"))
    }

    /// A field that starts with a chosen value (a form going back to it) shows the label whole among all the
    /// choices: a typed key starts a new query, a refused one keeps the label, an erasing key empties the query,
    /// Down shows the next choice whole, a cursor move makes the label a query to edit, undo brings it back.
    @Test func aChoiceShownWholeIsReplacedByTyping() {
        var f = Self.field(Self.colours)
        f.apply(.paste("Green"))
        let start = f.frame
        #expect(start.display == "Green" && start.counter == "2/5" && start.candidates.count == 5 && f.acceptedValue == "green")
        #expect(f.apply(.selfInsert("b")) == .refresh)
        let typed = f.frame
        #expect(typed.display == "b  > Blue" && typed.counter == "1/1")
        #expect(f.apply(.undo) != .bell)
        let undone = f.frame
        #expect(undone.display == "Green" && undone.counter == "2/5")
        #expect(f.apply(.selfInsert("x")) == .bell)      // no colour has an x: the label stays whole
        let refused = f.frame
        #expect(refused.display == "Green" && refused.counter == "2/5" && f.notice == "no choice matches 'x'")
        #expect(f.apply(.nextChoice) == .refresh)
        let down = f.frame
        #expect(down.display == "Blue" && down.counter == "3/5" && f.acceptedValue == "blue")
        #expect(f.apply(.backwardDeleteChar) == .refresh)
        let erased = f.frame
        #expect(erased.display == "" && erased.counter == "0/5" && f.apply(.acceptLine) == .bell)
        var g = Self.field(Self.colours)
        g.apply(.paste("Sea green"))
        g.apply(.beginningOfLine)                        // the label becomes a query to edit
        for _ in 0..<4 { g.apply(.deleteChar) }
        let edited = g.frame
        #expect(g.value == "green" && edited.display == "green  > Green" && edited.counter == "1/2")
    }

    @Test func aPasteNamingOneChoiceChoosesIt() {
        var f = Self.field(Self.places)
        f.apply(.paste("广东-深圳"))
        let chosen = f.frame
        #expect(f.status == .valid && f.acceptedValue == "440300" && chosen.display == "广东省-深圳市" && chosen.counter == "2/2")
        var g = Self.field(Self.places)
        g.apply(.paste(" 440300 "))
        #expect(g.acceptedValue == "440300")
        var h = Self.field(Self.places)
        // Two places: not chosen; typed as a query on the provinces instead, where it matches nothing.
        #expect(h.apply(.paste("朝阳")) == .bell && h.notice == "paste refused: no choice matches '朝阳'")
        h.apply(.paste("北京-朝阳"))
        #expect(h.acceptedValue == "110105")
    }

    @Test(arguments: [
        ("440300", "440300"), ("广东省-深圳市", "440300"), ("广东-深圳", "440300"), ("深圳", "440300"), ("SZ", "440300"),
        ("guangdong-shenzhen", "440300"), ("北京-朝阳", "110105"), ("辽宁-朝阳", "211300"), ("香港", "810000"),
    ])
    func checkIdentifiesALineByValueNameAliasOrPath(line: String, value: String) {
        let spec = Self.field(Self.places).spec
        let result = LineChecker(spec: spec, context: fixedContext).check(line)
        #expect(result.issue == nil && result.value == value, "\(result)")
    }

    @Test(arguments: [
        ("朝阳", "matches 2 choices: 北京市-朝阳区, 辽宁省-朝阳市"),
        ("广东", "广东省 needs one of the 2 choices under it, e.g. 广东省-广州市"),
        ("上海", "not one of the choices: '上海'"),
        ("", "no choice given (one of 4)"),
    ])
    func checkExplainsALineThatNamesNoSingleChoice(line: String, message: String) {
        let spec = Self.field(Self.places).spec
        #expect(LineChecker(spec: spec, context: fixedContext).check(line).issue?.message == message)
    }

    /// CRLF files read as LF ones; aliases split at `|`; a label with Chinese and a flag kept whole.
    @Test func aDataFileIsReadAsBytesWithItsLineEnds() throws {
        let list = try ChoiceTable.parse("# a comment\r\nvalue\tlabel\taliases\r\n\r\nCN\t🇨🇳 中国\tzhongguo|zg\r\nDE\tGermany\t\r\n")
        #expect(list.choices.map(\.value) == ["CN", "DE"])
        #expect(list.choices[0].label == "🇨🇳 中国" && list.choices[0].aliases == ["zhongguo", "zg"])
        #expect(list.choices[1].aliases.isEmpty)
        #expect(list.named("ZG") == [0] && list.matches("zhong", in: list.roots) == [0])
    }

    /// Rows given as strings are laid end to end in one text: an alias may hold a `|` (a data file's separator),
    /// an empty alias is none, and the cells, extras and look-ups come back as given.
    @Test func rowsGivenAsStringsComeBackAsGiven() throws {
        let list = try ChoiceList(rows: [
            ChoiceRow(line: 1, value: "p", label: "Province", aliases: ["a|b", "", "省"], extras: ["1"]),
            ChoiceRow(line: 2, value: "c", aliases: ["x"], parent: "p", extras: ["2"]),
        ], extraColumns: ["n"])
        #expect(list.choices[0].aliases == ["a|b", "省"] && list.choices[1].aliases == ["x"])
        #expect(list.choices[1].label == "c" && list.choices[1].parent == 0 && list.choices[0].parent == nil)
        #expect(list.choices.map(\.extras) == [["n": "1"], ["n": "2"]])
        #expect(list.index(ofValue: "c") == 1 && list.index(ofValue: "C") == nil && list.index(ofValue: "Province") == nil)
        #expect(list.named("A|B") == [0] && list.named("a") == [] && list.matches("b", in: list.roots) == [0])
        #expect(list.path(to: 1) == "Province-c" && list.children == [[1], []])
    }

    /// Cells are split eight bytes at a time: a TAB anywhere in a word, at its end, next to multi-byte text or
    /// before a backspace (0x08, which a sloppy TAB test would also find) splits where it is.
    @Test func cellsAreSplitAtEveryTabWhereverItFalls() throws {
        var text = "value\tlabel\taliases\n"
        var rows: [(value: String, label: String, aliases: [String])] = []
        for n in 0..<48 {
            let value = "v\(n)" + String(repeating: "x", count: n % 9)
            let label = String(repeating: "é", count: n % 5) + String(repeating: "y", count: n % 3)
            let aliases = (0..<(n % 4)).map { String(repeating: "a", count: ($0 + n) % 11 + 1) }
            text += "\(value)\t\(label)\t\(aliases.joined(separator: "|"))\n"
            rows.append((value, label.isEmpty ? value : label, aliases))
        }
        let list = try ChoiceTable.parse(text)
        #expect(list.choices.map(\.value) == rows.map(\.value))
        #expect(list.choices.map(\.label) == rows.map(\.label))
        #expect(list.choices.map(\.aliases) == rows.map(\.aliases))
        #expect(throws: ChoiceListProblem(line: 2, "a cell holds a control character: U+8")) {
            try ChoiceTable.parse("value\tlabel\taliases\nxxxxxx\t\u{08}\t\n")
        }
    }

    /// At most `maxAliases` aliases a choice: a data file's cell is counted only when it is long enough to hold
    /// more, and empty aliases (`||`) are none.
    @Test func aDataFileChoiceHasAtMost64Aliases() throws {
        let most = (1...64).map { "a\($0)" }.joined(separator: "|")
        let list = try ChoiceTable.parse("value\taliases\nx\t\(most)||||\n")
        #expect(list.choices[0].aliases.count == 64)
        #expect(throws: ChoiceListProblem(line: 3, "more than 64 aliases")) {
            try ChoiceTable.parse("value\taliases\nx\ta\ny\t\(most)|b\n")
        }
        #expect(throws: ChoiceListProblem(line: 2, "more than 64 aliases")) {
            try ChoiceList(rows: [ChoiceRow(line: 2, value: "x", aliases: Array(repeating: "a", count: 65))])
        }
    }

    @Test func aValueIsTakenBackEvenWhenItIsAnotherChoicesLabel() throws {
        let list = try ChoiceTable.parsePairs("a\tb\nb\tc\n")
        let spec = Self.field(list).spec
        #expect(LineChecker(spec: spec, context: fixedContext).check("b").value == "b")
    }

    @Test(arguments: [
        ("value\tlabel\nx\tX\nx\tY\n", 3, "the value 'x' is there twice"),
        ("value\tlabel\tparent\nx\tX\ty\n", 2, "the parent 'y' is not a value of the list"),
        ("value\tlabel\tparent\nx\tX\ty\ny\tY\tx\n", 2, "the parents go deeper than 8 levels, or round in a circle"),
        ("value\tlabel\nx\tX\tZ\n", 2, "3 cells; the header has 2 columns"),
        ("label\tvalue\n", 1, "the first row names the columns, starting with 'value'"),
        ("value\tlabel\nx\tA\u{1B}[2J\n", 2, "a cell holds a control character: AU+1B[2J"),
        // C1 controls are found in the bytes too (U+0085 is 0xC2 0x85), and DEL.
        ("value\tlabel\nx\tA\u{85}B\n", 2, "a cell holds a control character: AU+85B"),
        ("value\tlabel\nx\tA\u{7F}\n", 2, "a cell holds a control character: AU+7F"),
        // A CR ends a line only before its LF: one left at the very end is a control in the cell.
        ("value\tlabel\r\nx\tX\r\ny\tY\r", 3, "a cell holds a control character: YU+D"),
        // Cells are checked on the bytes as a line is read, but a problem is reported in row order among the
        // list's other checks, as when the rows are given whole.
        ("value\tlabel\nx\tX\nx\tY\ny\tA\u{1B}\n", 3, "the value 'x' is there twice"),
        ("value\tlabel\nx\tA\u{1B}\nx\tY\n", 2, "a cell holds a control character: AU+1B"),
        ("value\tlabel\nx\tX\ny\t" + String(repeating: "a", count: 1001) + "\n", 3, "a cell is longer than 1000 bytes"),
        ("value\tlabel\taliases\nx\tX\ta|\u{9B}b\n", 2, "a cell holds a control character: a|U+9Bb"),
    ])
    func aBadListIsRefusedWithItsLine(text: String, line: Int, message: String) {
        #expect(throws: ChoiceListProblem(line: line, message)) { try ChoiceTable.parse(text) }
    }
}
