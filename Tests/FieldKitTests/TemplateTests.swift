import Testing
@testable import FieldKit

/// The template formatter: slots, literals, several templates, options a field refuses.
struct TemplateTests {
    static let formats: [(String, String, String)] = [
        ("###-####-####", "13812345678", "138-1234-5678"),
        ("###-####-####", "1381", "138-1"),
        ("###-####-####", "138", "138"),
        ("(N##) N##-####", "2", "(2"),
        ("(N##) N##-####", "2125551234", "(212) 555-1234"),
        ("(N##) N##-####", "1", "1"),                 // N refuses 1: no template fits, shown as entered
        ("###-####-####", "138123456789", "138123456789"),  // longer than the template: as entered
        ("\\N##", "12", "N12"),                         // an escaped N is a literal
    ]

    @Test(arguments: formats)
    func format(pattern: String, symbols: String, expected: String) {
        let out = Formatter.format(Array(symbols), with: TemplateSet([Template(pattern)]))
        #expect(String(out.display) == expected)
    }

    @Test func exactBeatsPartialAndSpecificBeatsGeneral() {
        let set = TemplateSet([Template("########"), Template("911", options: ["emergency"]), Template("### ###")])
        #expect(set.best(for: Array("911"))?.pattern == "911")
        #expect(set.best(for: Array("912"))?.pattern == "########")  // 911 does not match; ######## listed first
        #expect(set.best(for: Array("912345"))?.pattern == "### ###") // exact beats partial
    }

    static let refusals: [(String, String, Bool)] = [
        ("911", "(91|", true),                 // emergency: the last 1 is refused once 911 is decided
        ("91", "(91|", false),                 // still undecided: the general template shows
        ("666", "(66|", true),                 // forbidden area code
        ("212555", "(212) 55|", true),         // entertainment 555
        ("2125551234", "(212) 551-234|", false),  // keys after a refused one still type
        ("8005551234", "(800) 555-1234|", false), // toll-free allowed; listed before 555, so it wins the tie
        ("6675561234", "(667) 556-1234|", false),
    ]

    @Test(arguments: refusals)
    func refusedKinds(keys: String, expected: String, refused: Bool) throws {
        let f = try frame(phoneUSLike, keys)
        #expect(f.displayWithCursor == expected)
        #expect(f.keyRefused == refused)
    }

    @Test func checkRefusesAForbiddenNumber() {
        let result = LineChecker(spec: phoneUSLike, context: fixedContext).check("(666) 123-4567")
        #expect(result.issue?.message == "forbidden numbers are not accepted")
    }

    @Test func exactTemplateRequiredOnEnter() {
        var f = field(phoneUSLike, [.selfInsert("212556")])
        #expect(f.apply(.acceptLine) == .bell)
        #expect(f.frame.message == "needs 10 digits, has 6")
    }
}

/// Vim key notation and the standard keymap.
struct KeyNotationTests {
    static let parses: [(String, [Key])] = [
        ("ab", [.character("a"), .character("b")]),
        ("<BS><bs><C-w><c-W>", [.named("BS"), .named("BS"), .named("C-w"), .named("C-w")]),
        ("<lt>x>", [.character("<"), .character("x"), .character(">")]),
        ("<3", [.character("<"), .character("3")]),
        ("a<Enter>", [.character("a"), .named("CR")]),
        ("中<Space>", [.character("中"), .character(" ")]),
    ]

    @Test(arguments: parses)
    func parse(text: String, keys: [Key]) throws {
        #expect(try KeyNotation.parse(text) == keys)
    }

    @Test func unknownKeyNamesAreErrors() {
        #expect(throws: KeyNotationError.self) { try KeyNotation.parse("<Foo>") }
    }

    static let bindings: [(String, EditCommand)] = [
        ("<BS>", .backwardDeleteChar), ("<Del>", .deleteChar), ("<Left>", .backwardChar), ("<Right>", .forwardChar),
        ("<Home>", .beginningOfLine), ("<End>", .endOfLine), ("<C-a>", .beginningOfLine), ("<C-e>", .endOfLine),
        ("<C-w>", .backwardKillWord), ("<C-u>", .unixLineDiscard), ("<C-k>", .killLine), ("<CR>", .acceptLine),
        ("<Esc>", .abort), ("<Tab>", .complete), ("<Up>", .previousHistory), ("<Down>", .nextHistory), ("<C-d>", .deleteCharOrEndOfFile), ("<S-Tab>", .previousField),
        ("x", .selfInsert("x")),
    ]

    @Test(arguments: bindings)
    func standardKeymap(key: String, command: EditCommand) throws {
        #expect(Keymap.standard.command(for: try KeyNotation.parse(key)[0]) == command)
    }

    @Test(arguments: Array(EditCommand.named))
    func commandNamesRoundTrip(name: String, command: EditCommand) {
        #expect(command.name == name)
    }
}
