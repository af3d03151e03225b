import Testing
@testable import FieldKit

/// Keys in, display with cursor out: typing, mid-line edits, deletions next to literals, kills.
struct EditingTests {
    static let phone: [(String, String)] = [
        ("13812345678", "138-1234-5678|"),
        ("138", "138|"),                                     // no literal after the last symbol
        ("1381", "138-1|"),
        ("1381<BS>", "138|"),                                // Backspace after the group edge removes a digit
        ("1381<Left><BS>", "13|1"),                          // cursor before the hyphen: the digit goes
        ("13812345678<Left><Left><Left><Left><BS>", "138-123|5-678"),
        ("13812345678<Left><Left><Left><Left><Left><BS>", "138-12|45-678"),
        ("13812<Home><Right><Right><Right><Del>", "138|-2"),  // Delete after the hyphen removes a digit
        ("1381234<Home><Right><Right><Right>9", "138-9|123-4"),
        ("13812345678<Left><Left><Left><Left>", "138-1234|-5678"),  // Left skips the literal
        ("13812345678<Home><End>", "138-1234-5678|"),
        ("13812345678<C-a><C-f><C-f><C-f><C-f>", "138-1|234-5678"),
        ("13812345678<C-w>", "138-1234|"),                   // Ctrl-W removes a template group
        ("13812345678<C-w><C-w>", "138|"),
        ("1381234<Left><Left><C-w>", "138|-34"),
        ("1381234<Left><Left><C-k>", "138-12|"),
        ("1381234<Left><Left><C-u>", "138-12|34"),           // refused: `3` cannot move to place 1
        ("1381234<C-a><Del>", "|138-1234"),                  // refused: the leading 1 stays
        ("1381234<C-u>", "|"),
        ("a", "|"),
        ("2", "|"),                                          // the first digit must be 1
        ("138123456789", "138-1234-5678|"),                  // the 12th digit is refused
        ("１３８", "138|"),                                   // fullwidth digits normalised
        ("1٣8", "18|"),                                      // Arabic-Indic digits refused
        ("1中8", "18|"),
        ("<BS><Del><Left><Right>", "|"),
        ("13812345678<M-b>", "138-1234|-5678"),             // word motion goes by template group
        ("13812345678<M-b><C-Left>", "138|-1234-5678"),
        ("13812345678<C-a><M-f>", "138|-1234-5678"),
        ("13812345678<C-a><C-Right><M-f>", "138-1234|-5678"),
        ("13812345678<C-a><C-Right><M-f><M-f>", "138-1234-5678|"),
        ("1381234<C-Left><M-d>", "138|"),                    // Alt-d kills the group after the cursor
        ("1381534<C-a><M-d>", "|153-4"),                     // the leading 1 of "1534" keeps place 1 legal
        ("1381234<C-a><M-d>", "|138-1234"),                  // refused: no mobile number starts 12
        ("13812345678<M-BS>", "138-1234|"),
    ]

    @Test(arguments: phone)
    func phoneKeys(keys: String, expected: String) throws {
        #expect(try frame(BuiltinFields.phoneCN, keys).displayWithCursor == expected)
    }

    static let idcard: [(String, String)] = [
        ("11010519900307123x", "110105 19900307 123X|"),
        ("1234X", "1234|"),                                  // X only in place 18
        ("11010519900307123", "110105 19900307 123|"),
        ("11010519900307123X<Home><Del>", "|110105 19900307 123X"),  // refused: X would move to place 17
        ("11010519900307123X<BS>1", "110105 19900307 1231|"),
        ("110105<BS><BS>", "1101|"),
        ("110105199<C-w>", "110105|"),
    ]

    @Test(arguments: idcard)
    func idcardKeys(keys: String, expected: String) throws {
        #expect(try frame(BuiltinFields.idcardCN, keys).displayWithCursor == expected)
    }

    static let text: [(String, String)] = [
        ("hello world<C-w>", "hello |"),
        ("hello world  <C-w>", "hello |"),
        ("hi big dog<M-b><M-b><M-d>", "hi | dog"),
        ("hi big dog<C-a><M-f>", "hi| big dog"),
        ("hi big dog<C-a><C-Right><C-Right><C-Right>", "hi big dog|"),
        ("hi dog<M-BS><C-M-h>", "|"),
        ("中文<BS>", "中|"),
        ("a👨‍👩‍👧b<Left><BS>", "a|b"),
        ("abc<Home>x", "x|abc"),
        ("<lt>tag>", "<tag>|"),
        ("abcdefghijklmn", "abcdefghijkl|"),                 // limit 12
        ("🇨🇳🇯<Home>🇵", "🇵🇨|🇳🇯"),                       // indicators pair from the left, as terminals draw them
        ("🇨x🇳🇯<Left><BS>", "🇨🇳|🇯"),             // regional indicators re-pair after a deletion
    ]

    @Test(arguments: text)
    func textKeys(keys: String, expected: String) throws {
        #expect(try frame(textField(limit: 12), keys).displayWithCursor == expected)
    }

    @Test func refusedKeyLeavesStateAndSetsFlag() {
        var f = field(BuiltinFields.phoneCN, [.selfInsert("138")])
        let before = f.state
        #expect(f.apply(.selfInsert("x")) == .bell)
        #expect(f.state == before)
        #expect(f.frame.keyRefused)
        #expect(f.apply(.selfInsert("1")) == .refresh)
        #expect(!f.frame.keyRefused)
    }

    /// An unbound key (a Meta or control key no binding handles) changes nothing but the refusal mark, which the
    /// next accepted key clears.
    @Test func refusedUnboundKeyOnlyMarksTheField() {
        var f = field(BuiltinFields.phoneCN, [.selfInsert("138"), .backwardChar])
        let before = f.state
        f.refuseKey(because: "<M-x> does nothing here")
        #expect(f.state == before && f.notice == "<M-x> does nothing here")
        #expect(f.frame.keyRefused)
        #expect(f.frame.displayWithCursor == "13|8")
        #expect(f.apply(.endOfLine) == .refresh)
        #expect(!f.frame.keyRefused)
    }

    @Test func acceptAndAbortEffects() {
        var f = field(BuiltinFields.phoneCN, [.selfInsert("1381234")])
        #expect(f.apply(.acceptLine) == .bell)
        #expect(f.frame.message == "too short for CN")
        #expect(f.apply(.selfInsert("5678")) == .refresh)
        #expect(f.frame.message == nil)  // the incomplete message goes once editing resumes
        #expect(f.apply(.acceptLine) == .accept("13812345678"))
        #expect(f.apply(.abort) == .cancel)
        #expect(f.apply(.complete) == .bell)
    }

    @Test func cursorColumnCountsWideCharacters() throws {
        let f = try frame(textField(limit: 10), "中文ab<Left>")
        #expect(f.cursor == 3)
        #expect(f.cursorColumn == 5)
    }

    @Test func combiningMarkTypedAloneJoinsItsLetter() {
        let f = field(textField(limit: 5), [.selfInsert("e"), .selfInsert("\u{301}"), .selfInsert("x")])
        #expect(f.state.symbols == ["é", "x"])
        #expect(f.frame.counter == "2/5")
    }

    /// A key that would join its neighbour into a wider symbol past the limit (❤ is 1 column, ❤ + VS16 is 2) is
    /// refused and leaves the line exactly as before, at the end and in the middle of the line.
    @Test(arguments: [
        (["a", "b", "❤"], 0, "ab❤|"),
        (["a", "❤", "b"], 1, "a❤|b"),
        (["❤", "a", "b"], 2, "❤|ab"),
    ])
    func joiningPastTheLimitIsRefused(typed: [String], lefts: Int, expected: String) {
        var f = field(textField(limit: 3, unit: .width), typed.map { .selfInsert($0) })
        for _ in 0..<lefts { f.apply(.backwardChar) }
        let before = f.state
        #expect(f.apply(.selfInsert("\u{FE0F}")) == .bell)
        #expect(f.state == before)
        #expect(f.frame.displayWithCursor == expected)
        #expect(f.frame.counter == "3/3")
    }

    /// A character after one ending in U+200D joins it (`b‍中` is 1 column); typing between them hands the cell on to
    /// the wide one (`b‍x中` would be 3), which the limit sees though each key's own cost is 1.
    @Test func insertingAfterAJoinerPastTheLimitIsRefused() {
        var f = field(textField(limit: 2, unit: .width),
                      [.selfInsert("中"), .beginningOfLine, .selfInsert("\u{200D}"), .beginningOfLine, .selfInsert("b")])
        #expect(f.state.symbols == ["b\u{200D}", "中"])
        #expect(f.frame.counter == "1/2")
        let before = f.state
        #expect(f.apply(.selfInsert("x")) == .bell)
        #expect(f.state == before)
    }

    @Test func zwjSequenceTypedScalarByScalarIsOneGrapheme() {
        let parts = ["👨", "\u{200D}", "👩", "\u{200D}", "👧"]
        let f = field(textField(limit: 3), parts.map { .selfInsert($0) })
        #expect(f.state.symbols.count == 1)
        #expect(f.frame.counter == "1/3")
    }
}
