import Testing
@testable import FieldKit

/// Pastes go through the same filter as typing, with country prefixes removed and the limit respected.
struct PasteTests {
    static let phonePastes: [(String, String, Bool)] = [
        ("+86 138 1234 5678", "138-1234-5678|", false),
        ("0086 13812345678", "138-1234-5678|", false),
        ("8613812345678", "138-1234-5678|", false),
        ("+86-138-1234-5678", "138-1234-5678|", false),
        ("＋８６ １３８ １２３４ ５６７８", "138-1234-5678|", false),
        ("138-1234-5678", "138-1234-5678|", false),
        ("(138) 1234 5678", "138-1234-5678|", true),        // parentheses are not this field's literals
        ("138123456789999", "138-1234-5678|", true),         // cut at the limit
        ("abc", "|", true),
        ("86", "|", true),                                   // a bare prefix is not stripped: 8 and 6 refused
    ]

    @Test(arguments: phonePastes)
    func phone(text: String, expected: String, refused: Bool) {
        let f = field(BuiltinFields.phoneCN, [.selfInsert(text)])
        #expect(f.frame.displayWithCursor == expected)
        #expect(f.frame.keyRefused == refused)
    }

    @Test func pasteInTheMiddleKeepsTheCursorAfterThePastedDigits() {
        let f = field(BuiltinFields.phoneCN, [.selfInsert("138"), .selfInsert("5678"), .backwardChar, .backwardChar,
                                              .backwardChar, .backwardChar, .selfInsert("12 34")])
        #expect(f.frame.displayWithCursor == "138-1234|-5678")
    }

    static let textPastes: [(Int, CountUnit, String, String)] = [
        (5, .graphemes, "abcdefgh", "abcde"),
        (3, .graphemes, "中文字符", "中文字"),
        (2, .graphemes, "👨‍👩‍👧👍🇨🇳", "👨‍👩‍👧👍"),
        (9, .utf16, "👨‍👩‍👧👍", "👨‍👩‍👧"),            // 8 + 2 > 9: cut at the grapheme boundary
        (5, .width, "中文字", "中文"),
        (5, .scalars, "e\u{301}e\u{301}e\u{301}", "e\u{301}e\u{301}"),
    ]

    @Test(arguments: textPastes)
    func textLimits(limit: Int, unit: CountUnit, text: String, expected: String) {
        let f = field(textField(limit: limit, unit: unit), [.selfInsert(text)])
        #expect(f.value == expected)
        #expect(f.frame.isFull || unit != .graphemes)
        #expect(f.frame.keyRefused)
    }

    @Test func controlCharactersNeverEnterText() {
        let f = field(textField(limit: 20), [.selfInsert("a\u{1B}[31mb\u{7}c")])
        #expect(f.value == "a[31mbc")
    }
}
