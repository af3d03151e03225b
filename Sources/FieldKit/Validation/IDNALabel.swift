/// Whether an `xn--` label is a valid A-label (RFC 5890 §2.3.2.1, RFC 5891 §5.4): its Punycode decodes to a U-label
/// (NFC, at least one non-ASCII code point, every code point PVALID or allowed by its CONTEXTJ/CONTEXTO rule
/// (RFC 5892), no hyphens in places 3-4 or at either end, no leading combining mark, the Bidi Rule (RFC 5893)), and
/// that U-label encodes back to the same label.
enum IDNALabel {
    /// Why `label` (ASCII, starting `xn--` in any case) is not a valid A-label, or nil when it is.
    static func aLabelProblem(_ label: Substring) -> String? {
        let lower = label.lowercased()
        let encoded = lower.dropFirst(4)
        guard !encoded.isEmpty, let scalars = Punycode.decode(encoded) else {
            return tr("'\(label)' starts with xn-- but is not Punycode")
        }
        guard scalars.contains(where: { !$0.isASCII }) else {
            return tr("'\(label)' starts with xn-- but encodes no character beyond ASCII")
        }
        guard "xn--" + Punycode.encode(scalars) == lower else {
            return tr("'\(label)' is not the encoding of the name it decodes to")
        }
        return uLabelProblem(scalars).map { tr("'\(label)' encodes \($0)") }
    }

    /// Why `scalars` is not a valid U-label (IDNA2008), or nil when it is; the reason starts with what it encodes.
    static func uLabelProblem(_ scalars: [Unicode.Scalar]) -> String? {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars)
        let shown = ControlCharacters.escaped(String(text))
        // The standard library's NFC (public, underscored): FieldKit links no Foundation.
        guard String(text)._nfcCodeUnits.elementsEqual(String(text).utf8) else { return tr("'\(shown)', which is not in NFC") }
        if scalars.count >= 4 && scalars[2] == "-" && scalars[3] == "-" { return tr("'\(shown)', with -- in places 3 and 4") }
        if scalars.first == "-" || scalars.last == "-" { return tr("'\(shown)', which starts or ends with a hyphen") }
        if let first = scalars.first, isMark(first) { return tr("'\(shown)', which starts with a combining mark") }
        for (i, scalar) in scalars.enumerated() {
            let v = scalar.value
            if contains(v, IDNATable.pvalid) { continue }
            let allowed = contains(v, IDNATable.contextj) ? joinerAllowed(at: i, in: scalars)
                : contains(v, IDNATable.contexto) ? contextAllowed(at: i, in: scalars) : false
            if !allowed {
                return tr("'\(shown)', where U+\(String(v, radix: 16, uppercase: true)) is not allowed in a domain name")
            }
        }
        if let problem = bidiProblem(scalars) { return tr("'\(shown)', \(problem)") }
        return nil
    }

    // MARK: - RFC 5892 Appendix A

    /// ZERO WIDTH NON-JOINER after a virama, or between joining letters; ZERO WIDTH JOINER after a virama.
    private static func joinerAllowed(at i: Int, in s: [Unicode.Scalar]) -> Bool {
        if i > 0 && s[i - 1].properties.canonicalCombiningClass == .virama { return true }
        guard s[i].value == 0x200C else { return false }
        // (L or D) T* ZWNJ T* (R or D)
        var before = i - 1
        while before >= 0 && contains(s[before].value, IDNATable.joiningT) { before -= 1 }
        guard before >= 0, contains(s[before].value, IDNATable.joiningL) || contains(s[before].value, IDNATable.joiningD) else { return false }
        var after = i + 1
        while after < s.count && contains(s[after].value, IDNATable.joiningT) { after += 1 }
        return after < s.count && (contains(s[after].value, IDNATable.joiningR) || contains(s[after].value, IDNATable.joiningD))
    }

    /// MIDDLE DOT between two l; Greek KERAIA before Greek; Hebrew GERESH and GERSHAYIM after Hebrew; KATAKANA MIDDLE
    /// DOT with some kana or Han in the label; Arabic-Indic digits not mixed with Extended Arabic-Indic ones.
    private static func contextAllowed(at i: Int, in s: [Unicode.Scalar]) -> Bool {
        let v = s[i].value
        switch v {
        case 0x00B7: return i > 0 && i + 1 < s.count && s[i - 1] == "l" && s[i + 1] == "l"
        case 0x0375: return i + 1 < s.count && contains(s[i + 1].value, IDNATable.greek)
        case 0x05F3, 0x05F4: return i > 0 && contains(s[i - 1].value, IDNATable.hebrew)
        case 0x30FB: return s.contains { $0.value != 0x30FB && (contains($0.value, IDNATable.kana) || contains($0.value, IDNATable.han)) }
        case 0x0660...0x0669: return !s.contains { (0x06F0...0x06F9).contains($0.value) }
        case 0x06F0...0x06F9: return !s.contains { (0x0660...0x0669).contains($0.value) }
        default: return false
        }
    }

    // MARK: - RFC 5893

    private enum Bidi: UInt32 { case L, R, AL, AN, EN, ES, CS, ET, ON, BN, NSM, other }

    /// Whether a label holds a right-to-left code point (R, AL, AN): a domain with one is a "Bidi domain name", all of
    /// whose labels keep the Bidi Rule (RFC 5893 §2).
    static func isRightToLeft(_ s: [Unicode.Scalar]) -> Bool {
        s.contains { scalar in bidiClass(scalar).map { $0 == .R || $0 == .AL || $0 == .AN } ?? false }
    }

    /// Why a label of a Bidi domain name breaks the Bidi Rule (RFC 5893 §2), whatever its own characters (an ASCII
    /// label such as `418` too), or nil.
    static func bidiDomainLabelProblem(_ s: [Unicode.Scalar]) -> String? { bidiProblem(s, inBidiDomain: true) }

    /// Why the label breaks the Bidi Rule, or nil. On its own the rule applies only to a label holding a
    /// right-to-left code point (R, AL, AN); `inBidiDomain`, to every label.
    private static func bidiProblem(_ s: [Unicode.Scalar], inBidiDomain: Bool = false) -> String? {
        let classes = s.map(bidiClass)
        if let unknown = classes.firstIndex(of: nil) {
            return tr("where U+\(String(s[unknown].value, radix: 16, uppercase: true)) is newer than this build's Unicode data")
        }
        let c = classes.map { $0! }
        guard inBidiDomain || c.contains(where: { $0 == .R || $0 == .AL || $0 == .AN }) else { return nil }
        let rtl: Bool
        switch c[0] {
        case .R, .AL: rtl = true
        case .L: rtl = false
        default: return tr("whose first character is not a letter of either direction (the Bidi Rule)")
        }
        let allowed: Set<Bidi> = rtl ? [.R, .AL, .AN, .EN, .ES, .CS, .ET, .ON, .BN, .NSM] : [.L, .EN, .ES, .CS, .ET, .ON, .BN, .NSM]
        guard c.allSatisfy(allowed.contains) else {
            return rtl ? tr("which mixes right-to-left letters with others (the Bidi Rule)") : tr("which mixes directions (the Bidi Rule)")
        }
        let ending: Set<Bidi> = rtl ? [.R, .AL, .EN, .AN] : [.L, .EN]
        guard let last = c.last(where: { $0 != .NSM }), ending.contains(last) else {
            return tr("which ends with a character the Bidi Rule does not allow there")
        }
        if rtl && c.contains(.EN) && c.contains(.AN) { return tr("which mixes European and Arabic-Indic digits (the Bidi Rule)") }
        return nil
    }

    /// The code point's Bidi_Class among those the rule names, `.other` for the rest, nil when the data has none.
    private static func bidiClass(_ scalar: Unicode.Scalar) -> Bidi? {
        let table = IDNATable.bidi
        var low = 0, high = table.count / 3 - 1
        while low <= high {
            let middle = (low + high) / 2
            if scalar.value < table[3 * middle] { high = middle - 1 }
            else if scalar.value > table[3 * middle + 1] { low = middle + 1 }
            else { return Bidi(rawValue: table[3 * middle + 2]) }
        }
        // Not one of the named classes: assigned (another class) or not in the data at all.
        return scalar.properties.generalCategory == .unassigned ? nil : .other
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    private static func contains(_ value: UInt32, _ table: [UInt32]) -> Bool {
        var low = 0, high = table.count / 2 - 1
        while low <= high {
            let middle = (low + high) / 2
            if value < table[2 * middle] { high = middle - 1 }
            else if value > table[2 * middle + 1] { low = middle + 1 }
            else { return true }
        }
        return false
    }
}
