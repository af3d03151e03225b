/// The strings `DisplayWidth` is compared on with wcwidth, built from the Swift standard library's own Unicode
/// properties (not from FieldKit's generated tables), limited to what Unicode 16.0 assigns.
enum WidthCases {
    /// Scalars assigned in Unicode 16.0 (the standard library may know later versions): controls, private use and
    /// every graphic or format character; no noncharacters or unassigned code points.
    static let assigned: [Unicode.Scalar] = (0...0x10FFFF).compactMap { (value: UInt32) -> Unicode.Scalar? in
        guard let scalar = Unicode.Scalar(value), let age = scalar.properties.age,
              scalar.properties.generalCategory != .unassigned,
              age.major < 16 || (age.major == 16 && age.minor == 0) else { return nil }
        return scalar
    }

    static let modifiers: [Unicode.Scalar] = (0x1F3FB...0x1F3FF).map { Unicode.Scalar($0)! }
    static let regionalIndicators: [Unicode.Scalar] = (0x1F1E6...0x1F1FF).map { Unicode.Scalar($0)! }

    /// Every string compared, each once, in a fixed order.
    static let all: [String] = {
        var seen = Set<String>()
        var list: [String] = []
        let groups = [singles, emojiPresentation, otherVS16, modifierSequences, flags, zwjSequences, cjk,
                      conjuncts, saraAm, prepended, afterViramaJoiner, afterJoiner, prependedSymbols]
        for text in groups.joined() where seen.insert(text).inserted {
            list.append(text)
        }
        return list
    }()

    static let singles = assigned.map { string($0) }

    /// Every emoji (Emoji=Yes) followed by VS16, and VS16 alone.
    static let emojiPresentation = assigned.filter(\.properties.isEmoji).map { string($0, "\u{FE0F}") } + ["\u{FE0F}"]

    /// VS16 after characters that have no emoji form: letters, symbols, marks, kana, CJK, Hangul, fullwidth.
    static let otherVS16: [String] = {
        let bases = assigned.filter { scalar in
            (0x20...0x33FF).contains(scalar.value) && !scalar.properties.isEmoji && scalar.value != 0x7F
                && !(0x80...0x9F).contains(scalar.value)
        }
        return (bases + ["中", "한", "Ａ", "\u{20000}", "\u{FFFD}"]).map { string($0, "\u{FE0F}") }
    }()

    /// Skin tones after every Emoji_Modifier_Base and after characters that are not one.
    static let modifierSequences: [String] = {
        let bases = assigned.filter(\.properties.isEmojiModifierBase)
        let others: [Unicode.Scalar] = ["a", "1", "é", "中", "한", "\u{2764}", "\u{1F600}", "\u{1F48E}", "\u{1F3FB}"]
        return (bases + others).flatMap { base in modifiers.map { string(base, $0) } }
            + bases.prefix(8).map { string($0, "\u{1F3FD}", "\u{1F3FB}") }
    }()

    /// Every pair of regional indicators, flags and non-flags, and the tag-sequence flags.
    static let flags: [String] = regionalIndicators.flatMap { first in regionalIndicators.map { string(first, $0) } }
        + ["gbeng", "gbsct", "gbwls", "usca"].map { region in
            let tags = region.unicodeScalars.map { Unicode.Scalar($0.value + 0xE0000)! }
            return string(["\u{1F3F4}"] + tags + ["\u{E007F}"])
        }

    /// Emoji ZWJ sequences (families, roles with and without skin tones, gendered activities) and keycaps.
    static let zwjSequences: [String] = {
        let zwj: Unicode.Scalar = "\u{200D}"
        let people: [Unicode.Scalar] = ["\u{1F468}", "\u{1F469}", "\u{1F9D1}"]
        let roles: [Unicode.Scalar] = ["\u{1F4BB}", "\u{1F527}", "\u{1F680}", "\u{1F373}", "\u{1F393}", "\u{1F3A4}",
                                       "\u{1F3A8}", "\u{1F52C}", "\u{1F692}", "\u{2695}", "\u{2696}", "\u{2708}",
                                       "\u{1F9B0}", "\u{1F9B1}", "\u{1F9B2}", "\u{1F9B3}", "\u{1F9AF}", "\u{1F37C}"]
        var list: [String] = []
        for person in people {
            for tone in [nil] + modifiers.map(Optional.some) {
                let head = [person] + (tone.map { [$0] } ?? [])
                for role in roles {
                    let vs16: [Unicode.Scalar] = role.properties.isEmojiPresentation ? [] : ["\u{FE0F}"]
                    list.append(string(head + [zwj, role] + vs16))
                }
            }
        }
        let families: [[Unicode.Scalar]] = [
            ["\u{1F468}", "\u{1F469}", "\u{1F467}"], ["\u{1F468}", "\u{1F469}", "\u{1F467}", "\u{1F466}"],
            ["\u{1F469}", "\u{1F469}", "\u{1F466}"], ["\u{1F9D1}", "\u{1F9D1}", "\u{1F9D2}"],
        ]
        for family in families {
            list.append(string(Array(family.map { [$0] }.joined(separator: [zwj]))))
        }
        let actors = WidthCases.assigned.filter(\.properties.isEmojiModifierBase).prefix(40)
        for actor in actors {
            for sign: Unicode.Scalar in ["\u{2640}", "\u{2642}"] {
                list.append(string(actor, zwj, sign, "\u{FE0F}"))
                list.append(string(actor, "\u{1F3FE}", zwj, sign, "\u{FE0F}"))
            }
        }
        list += ["\u{2764}\u{FE0F}\u{200D}\u{1F525}", "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}",
                 "\u{1F43B}\u{200D}\u{2744}\u{FE0F}", "\u{1F642}\u{200D}\u{2194}\u{FE0F}",
                 "\u{1F469}\u{200D}\u{2764}\u{FE0F}\u{200D}\u{1F48B}\u{200D}\u{1F468}"]
        for key in "#*0123456789".unicodeScalars {
            list += [string(key, "\u{FE0F}", "\u{20E3}"), string(key, "\u{20E3}")]
        }
        return list
    }()

    /// CJK text, conjoining Hangul syllables, ideographic variation sequences, half- and fullwidth forms.
    static let cjk: [String] = {
        var list = ["中文字", "日本語のテキスト", "한국어", "ＡＢＣ１２３", "ｶﾀｶﾅ", "ｶﾞｷﾞﾊﾟ", "\u{FF8A}\u{FF9F}", "〈〉「」",
                    "\u{4E00}\u{E0100}", "\u{845B}\u{E0101}", "\u{3402}\u{E0100}", "\u{20000}\u{20001}",
                    "\u{2FFC}\u{2FFF}"]
        for lead: UInt32 in 0x1100...0x1112 {
            for vowel: UInt32 in 0x1161...0x1175 {
                list.append(string(Unicode.Scalar(lead)!, Unicode.Scalar(vowel)!))
                list.append(string(Unicode.Scalar(lead)!, Unicode.Scalar(vowel)!, "\u{11A8}"))
            }
        }
        return list
    }()

    /// Indic conjuncts, one cluster each since Unicode 15.1: for every virama (canonical combining class 9), pairs
    /// of letters of its 128-code-point block that the standard library's grapheme breaking joins through it into
    /// one cluster (consonant, virama, consonant: `क्ष`, 2 columns), up to 64 a virama; and the same with U+200D
    /// after the virama where that is one cluster too (`क्‍ष`, 1: a half form joined into one glyph).
    static let conjuncts: [String] = {
        var list: [String] = []
        for virama in assigned where virama.properties.canonicalCombiningClass == .virama {
            let block = virama.value & ~0x7F
            let letters = assigned.filter { $0.value & ~0x7F == block && $0.properties.generalCategory == .otherLetter }
            var found = 0
            pairs: for first in letters {
                for second in letters {
                    let joined = string(first, virama, second)
                    guard joined.count == 1 else { continue }
                    list.append(joined)
                    let halfForm = string(first, virama, "\u{200D}", second)
                    if halfForm.count == 1 { list.append(halfForm) }
                    found += 1
                    if found == 64 { break pairs }
                }
            }
        }
        return list
    }()

    /// Thai SARA AM (U+0E33) after every Thai consonant and Lao's (U+0EB3) after every Lao letter, with a tone mark
    /// between too (`กำ`, `ก้ำ`).
    static let saraAm: [String] = {
        var list: [String] = []
        for (am, tone, letters) in [(0x0E33, 0x0E49, 0x0E01...0x0E2E), (0x0EB3, 0x0EC9, 0x0E81...0x0EAE)] as [(UInt32, UInt32, ClosedRange<UInt32>)] {
            for letter in assigned where letters.contains(letter.value) && letter.properties.generalCategory == .otherLetter {
                list.append(string(letter, Unicode.Scalar(am)!))
                list.append(string(letter, Unicode.Scalar(tone)!, Unicode.Scalar(am)!))
            }
        }
        return list
    }()

    /// Each prepended concatenation mark before digits, Arabic-Indic digits and a letter (`\u{0600}12`).
    static let prepended: [String] = {
        let marks: [UInt32] = [0x0600, 0x0601, 0x0602, 0x0603, 0x0604, 0x0605, 0x06DD, 0x070F, 0x0890, 0x0891, 0x08E2, 0x110BD, 0x110CD]
        return marks.flatMap { mark in
            ["1", "12", "\u{0661}\u{0662}", "\u{0628}", "a"].map { String(Character(Unicode.Scalar(mark)!)) + $0 }
        }
    }()

    /// For every virama, each letter of its block after a consonant, the virama and U+200D where the joiner ends the
    /// cluster (scripts without conjunct clusters, such as Sinhala's `ක්‍ෂ`): the letter joins the half form the joiner
    /// asks for and takes no cell of its own, as wcwidth counts it (1).
    static let afterViramaJoiner: [String] = {
        var list: [String] = []
        for virama in assigned where virama.properties.canonicalCombiningClass == .virama {
            let block = virama.value & ~0x7F
            let letters = assigned.filter { $0.value & ~0x7F == block && $0.properties.generalCategory == .otherLetter }
            for first in letters.prefix(2) {
                for second in letters {
                    let text = string(first, virama, "\u{200D}", second)
                    if text.count == 2 { list.append(text) }
                }
            }
        }
        return list
    }()

    /// Every letter of U+0000-33FF after a narrow, a wide and a Sinhala cluster ending in U+200D, where the joiner
    /// ends the cluster (`a‍b` is 1), and a conjunct after one (its base joins, its second consonant keeps its cell).
    static let afterJoiner: [String] = {
        let letters = assigned.filter { scalar in
            scalar.value <= 0x33FF && [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter]
                .contains(scalar.properties.generalCategory)
        }
        var list: [String] = []
        for head in ["a", "中", "\u{0D9A}\u{0DCA}"] {
            for letter in letters {
                let text = head + "\u{200D}" + string(letter)
                if text.count == 2 { list.append(text) }
            }
            list.append(head + "\u{200D}\u{0915}\u{094D}\u{0937}")
            list.append(head + "\u{200D}\u{2764}\u{FE0F}")
        }
        return list
    }()

    /// Each prepended concatenation mark before symbols and punctuation (`\u{0601}※` is 2: the mark's cell and the
    /// symbol's, though UAX #29 makes them one cluster).
    static let prependedSymbols: [String] = {
        let marks: [UInt32] = [0x0600, 0x0601, 0x0602, 0x0603, 0x0604, 0x0605, 0x06DD, 0x070F, 0x0890, 0x0891, 0x08E2, 0x110BD, 0x110CD]
        let ascii = (0x21...0x7E).map { Unicode.Scalar($0)! }.filter { !$0.properties.isAlphabetic && !("0"..."9").contains($0) }
        let others: [Unicode.Scalar] = ["\u{203B}", "\u{00A9}", "\u{20AC}", "\u{00B1}", "\u{00A7}", "\u{2022}", "\u{2014}",
                                        "\u{00AB}", "\u{060C}", "\u{061F}", "\u{2665}", "\u{3002}", "\u{1F600}", "\u{2764}"]
        return marks.flatMap { mark in (ascii + others).map { string(Unicode.Scalar(mark)!, $0) } }
    }()

    static func string(_ scalars: Unicode.Scalar...) -> String { string(scalars) }

    static func string(_ scalars: [Unicode.Scalar]) -> String {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars)
        return String(text)
    }

    /// `U+1F44D U+1F3FB`, for messages and for the wcwidth script's input.
    static func hex(_ text: String) -> String {
        text.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
    }
}
