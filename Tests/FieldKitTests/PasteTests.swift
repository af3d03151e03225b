import Testing
@testable import FieldKit

/// Pastes go through the same filter as typing, with country prefixes removed, formatting dropped and the limit
/// respected; a paste the field cannot take whole is refused whole, never changed.
struct PasteTests {
    static let phonePastes: [(String, String, Bool)] = [
        ("+86 138 1234 5678", "138-1234-5678|", false),
        ("0086 13812345678", "138-1234-5678|", false),
        ("8613812345678", "138-1234-5678|", false),
        ("+86-138-1234-5678", "138-1234-5678|", false),
        ("＋８６ １３８ １２３４ ５６７８", "138-1234-5678|", false),
        ("138-1234-5678", "138-1234-5678|", false),
        ("(138) 1234 5678", "138-1234-5678|", false),       // declared separators
        ("+86 (186) 7240-3197", "186-7240-3197|", false),
        ("  13812345678\t", "138-1234-5678|", false),       // white space trimmed at the ends
        ("138123456789999", "|", true),                      // past the limit: nothing, not the first 11
        ("138_1234_5678", "|", true),                        // not formatting for this field: nothing
        ("abc", "|", true),
        ("86", "86|", false),                                // the calling code without +, 86 138…, may follow
        ("87", "|", true),                                   // no CN mobile starts 87, and 87 is no calling code of CN
    ]

    @Test(arguments: phonePastes)
    func phone(text: String, expected: String, refused: Bool) {
        let f = field(BuiltinFields.phoneCN, [.paste(text)])
        #expect(f.frame.displayWithCursor == expected)
        #expect(f.frame.keyRefused == refused)
    }

    @Test func pasteInTheMiddleKeepsTheCursorAfterThePastedDigits() {
        let f = field(BuiltinFields.phoneCN, [.selfInsert("138"), .selfInsert("5678"), .backwardChar, .backwardChar,
                                              .backwardChar, .backwardChar, .paste("12 34")])
        #expect(f.frame.displayWithCursor == "138-1234|-5678")
    }

    static let textPastes: [(Int, CountUnit, String, String)] = [
        (5, .graphemes, "abcdefgh", "at most 5 characters, has 9"),
        (3, .graphemes, "中文字符", "at most 3 characters, has 5"),
        (3, .graphemes, "👨‍👩‍👧👍🇨🇳", "at most 3 characters, has 4"),
        (10, .utf16, "👨‍👩‍👧👍", "at most 10 UTF-16 units, has 11"),
        (6, .width, "中文字", "at most 6 columns, has 7"),
        (6, .scalars, "e\u{301}e\u{301}e\u{301}", "at most 6 Unicode scalars, has 7"),
    ]

    /// A paste past the limit is not cut to fit (the value would silently lose its end): it is refused, and the
    /// notice says how long it was.
    @Test(arguments: textPastes)
    func pastesPastTheLimitAreRefusedWhole(limit: Int, unit: CountUnit, text: String, notice: String) {
        let f = field(textField(limit: limit, unit: unit), [.selfInsert("a"), .paste(text)])
        #expect(f.value == "a")
        #expect(f.frame.keyRefused)
        #expect(f.notice == "paste refused: " + notice)
    }

    @Test func controlCharactersNeverEnterText() {
        let f = field(textField(limit: 20), [.paste("a\u{1B}[31mb\u{7}c")])
        #expect(f.value == "")
        #expect(f.notice == "paste refused: unexpected U+1B at column 2: position 2 takes a printable character")
    }

    /// The examples: white space inside a value is never dropped to make it fit.
    @Test func whiteSpaceInsideAValueIsKeptAndRefused() {
        let email = FieldSpec(name: "email", symbols: SymbolRules(defaultClass: SymbolClass(ranges: [0x21...0x7E], name: "one of [!-~]")), limit: 254)
        let f = field(email, [.paste("john doe@example.com")])
        #expect(f.value == "")
        #expect(f.notice?.hasPrefix("paste refused: unexpected ' ' at column 5") == true)
        #expect(f.frame.message == f.notice)
        // The next command replaces the notice; typed keys are still filtered one by one, a refused one saying why.
        var g = f
        g.apply(.selfInsert("a b"))
        #expect(g.value == "ab" && g.notice == "position 2 takes one of [!-~]")
        g.apply(.selfInsert("c"))
        #expect(g.value == "abc" && g.notice == nil)
    }

    /// A refused paste leaves what was there, cursor included.
    @Test func aRefusedPasteChangesNothing() {
        let f = field(BuiltinFields.phoneCN, [.selfInsert("138"), .backwardChar, .paste("12x")])
        #expect(f.frame.displayWithCursor == "13|8")
        #expect(f.notice == "paste refused: unexpected 'x' at column 3: position 5 takes a digit")
    }
}
