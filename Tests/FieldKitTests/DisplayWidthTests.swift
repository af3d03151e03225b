import FieldKit
import Testing

@Suite("DisplayWidth")
struct DisplayWidthTests {
    @Test("Columns of one character", arguments: [
        ("a", 1),
        ("中", 2),
        ("文", 2),
        ("１", 2),               // FULLWIDTH DIGIT ONE
        ("ｱ", 1),                // HALFWIDTH KATAKANA LETTER A
        ("\u{E9}", 1),           // precomposed é
        ("e\u{301}", 1),         // e + COMBINING ACUTE ACCENT
        ("👍", 2),
        ("👨‍👩‍👧", 2),        // ZWJ family sequence
        ("🇨🇳", 2),              // regional-indicator pair
        ("\u{2764}\u{FE0F}", 2), // heavy heart with emoji presentation
        ("\u{2764}", 1),         // heavy heart, text presentation
        ("a\u{FE0F}", 1),        // VS16 after a base with no emoji form changes nothing
        ("中\u{FE0F}", 2),
        ("\u{FE0F}", 0),         // lone VS16
        ("#\u{FE0F}\u{20E3}", 2), // keycap
        ("\u{1F44D}\u{1F3FB}", 2), // thumbs up, light skin tone: one glyph
        ("a\u{1F3FB}", 3),       // a skin tone after a non-base is its own swatch
        ("\u{1F600}\u{1F3FB}", 4),
        ("\u{1F3FB}", 2),        // lone skin tone
        ("\u{1F469}\u{1F3FD}\u{200D}\u{1F4BB}", 2), // woman technologist, medium skin tone
        ("\u{FF76}\u{FF9E}", 2), // halfwidth ｶﾞ: the voiced mark takes its own column
        ("\u{2FFC}", 2),         // Unicode 15.1: IDEOGRAPHIC DESCRIPTION CHARACTER SURROUND FROM RIGHT
        ("\u{1FAE9}", 2),        // Unicode 16.0: FACE WITH BAGS UNDER EYES
        ("\u{1FAC6}", 2),        // Unicode 16.0: FINGERPRINT
        ("\u{1FA89}", 2),        // Unicode 16.0: HARP
        ("\u{1FADF}", 2),        // Unicode 16.0: SPLATTER
        ("\u{4DC0}", 2),         // HEXAGRAM FOR THE CREATIVE HEAVEN, wide since 16.0
        ("\u{600}", 1),          // ARABIC NUMBER SIGN is drawn
        ("\u{2028}", 0),         // LINE SEPARATOR
        ("한", 2),
        ("\u{200B}", 0),         // ZERO WIDTH SPACE
        ("\u{AD}", 1),           // SOFT HYPHEN is drawn
        ("\u{301}", 0),          // lone combining mark
        ("\t", 0),
        ("\u{7}", 0),            // BEL
        ("\u{7F}", 0),           // DEL
        ("\u{85}", 0),           // C1 NEXT LINE
    ] as [(Character, Int)])
    func character(_ character: Character, expected: Int) {
        #expect(DisplayWidth.columns(of: character) == expected)
    }

    @Test("Columns of a whole string", arguments: [
        ("", 0),
        ("abc", 3),
        ("中文abc", 7),
        ("e\u{301}te\u{301}", 3),
        ("👍 ok", 5),
        ("🇨🇳🇯🇵", 4),
        ("a\tb\r\n", 2),
        ("한국어", 6),
        ("ｱｲｳ", 3),
    ] as [(String, Int)])
    func string(_ text: String, expected: Int) {
        #expect(DisplayWidth.columns(of: text) == expected)
    }

    @Test("Substrings count like strings")
    func substring() {
        let text = "xx中文yy"
        #expect(DisplayWidth.columns(of: text.dropFirst(2).dropLast(2)) == 4)
    }

    @Test("Columns of one scalar", arguments: [
        ("a" as Unicode.Scalar, 1),
        ("\u{4E2D}", 2),
        ("\u{1F44D}", 2),
        ("\u{301}", 0),
        ("\u{FE0F}", 0),
        ("\u{1160}", 0),         // Hangul medial vowel joins its initial
        ("\u{1F1E8}", 2),        // lone regional indicator
        ("\u{0}", 0),
    ] as [(Unicode.Scalar, Int)])
    func scalar(_ scalar: Unicode.Scalar, expected: Int) {
        #expect(DisplayWidth.columns(of: scalar) == expected)
    }
}
