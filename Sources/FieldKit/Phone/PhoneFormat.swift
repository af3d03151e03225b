/// One of a region's number formats (keymaps/data/phone-formats.tsv): which national numbers it lays out, and how.
///
/// Every pattern in libphonenumber's formats is a run of digit groups (`(\d{3})(\d{4,5})`), checked when the data
/// is generated, so a format is its groups' lengths: matching a whole number is a length check, and the groups
/// split the digits the way the regex would (each group as long as the groups after it allow).
public struct PhoneFormat: Sendable {
    /// The pattern as the metadata writes it; the as-you-type formatter tells formats apart by it.
    public let pattern: String
    /// Each group's fewest and most digits.
    let groups: [ClosedRange<Int>]
    /// The fewest and most digits of a whole match (the groups' sums), kept: the as-you-type formatter asks for
    /// every format after every digit.
    let lengths: ClosedRange<Int>
    /// The replacement, groups written `$1`.
    public let format: String
    /// Prefix DFAs of the leading-digits patterns, broadest first; empty when the format has none.
    let leadingDigits: LeadingDigitPatterns
    /// The national prefix formatting rule (`0$1`, `($1)`), nil when the metadata has none.
    public let nationalPrefixRule: String?
    /// Whether the national prefix may be left out when formatting.
    let nationalPrefixOptional: Bool
    /// Whether the format has a domestic carrier code formatting rule.
    let carrierCodeRule: Bool
    /// Whether the as-you-type formatter may use it (group references and punctuation only).
    let asYouType: Bool

    /// Whether a number of `count` digits is a whole match of the pattern.
    func matchesWhole(_ count: Int) -> Bool { lengths.contains(count) }

    /// Whether the digits begin with a match of the leading-digits pattern libphonenumber uses after them: the
    /// last (most specific) one for a whole number, the (n-3)th after n digits as you type.
    func leads(_ digits: [UInt8], patternIndex: Int) -> Bool {
        guard leadingDigits.count > 0 else { return true }
        // Python's negative index, which the formatter's `min(n - 3, count - 1)` gives below 3 digits.
        var index = min(patternIndex, leadingDigits.count - 1)
        if index < 0 { index = max(0, index + leadingDigits.count) }
        let dfa = leadingDigits[index]
        return dfa.state(after: digits).map(dfa.accepts) ?? false
    }

    /// The group lengths for `count` digits: each group as long as the groups after it allow (a regex's greedy
    /// reading), or nil when the pattern cannot match that many.
    func split(_ count: Int) -> [Int]? {
        var left = count
        guard lengths.contains(count) else { return nil }
        var minAfter = lengths.lowerBound, maxAfter = lengths.upperBound
        var lengths: [Int] = []
        for group in groups {
            minAfter -= group.lowerBound
            maxAfter -= group.upperBound
            let take = min(group.upperBound, left - minAfter)
            guard take >= group.lowerBound, left - take <= maxAfter else { return nil }
            lengths.append(take)
            left -= take
        }
        return lengths
    }

    /// `rule` (a format or a formatting rule) with `$n` replaced by the n-th group of `digits` (ASCII bytes).
    static func substitute(_ rule: String, groups: [ArraySlice<UInt8>]) -> [UInt8] {
        var out: [UInt8] = []
        var bytes = rule.utf8.makeIterator()
        while let b = bytes.next() {
            guard b == UInt8(ascii: "$"), let n = bytes.next() else { out.append(b); continue }
            let index = Int(n) - 0x31
            if index >= 0 && index < groups.count { out.append(contentsOf: groups[index]) } else { out.append(b); out.append(n) }
        }
        return out
    }

    /// The digits laid out by `rule` (this format's `format` unless given), or nil when they do not match whole.
    func apply(_ digits: [UInt8], rule: String? = nil) -> [UInt8]? {
        guard let lengths = split(digits.count) else { return nil }
        var groups: [ArraySlice<UInt8>] = []
        var start = 0
        for length in lengths {
            groups.append(digits[start..<start + length])
            start += length
        }
        return PhoneFormat.substitute(rule ?? format, groups: groups)
    }
}

extension PhoneFormat {
    /// The formats file's columns, found by name once for all of its rows.
    struct Columns {
        let pattern, format, groups, leading, prefixRule, prefixOptional, carrierCode, asYouType, international,
            asYouTypeInternational: Int?

        init(_ columns: [String: Int]) {
            pattern = columns["pattern"]
            format = columns["format"]
            groups = columns["groups"]
            leading = columns["leading_digits_dfas"]
            prefixRule = columns["national_prefix_formatting_rule"]
            prefixOptional = columns["national_prefix_optional_when_formatting"]
            carrierCode = columns["carrier_code_rule"]
            asYouType = columns["as_you_type"]
            international = columns["international_format"]
            asYouTypeInternational = columns["as_you_type_international"]
        }
    }

    /// A row of phone-formats.tsv, its cells given by `cell` by column index (nil: no such column, or the row stops
    /// before it), as its national format and its international one: the row's own (the national one when empty),
    /// or nil when the format is not used internationally (`NA`). Nil when the row is malformed. Both share the
    /// row's automata, read once.
    static func parse(_ cell: (Int?) -> String?, columns: Columns, check: Bool = false) -> (national: PhoneFormat, international: PhoneFormat?)? {
        guard let pattern = cell(columns.pattern), let format = cell(columns.format), let groupText = cell(columns.groups),
              let leading = cell(columns.leading) else { return nil }
        guard let groups = groupLengths(groupText) else { return nil }
        // Each automaton is decoded when first used (`check`: all of them now, to find a malformed one).
        guard let dfas = LeadingDigitPatterns(cell: leading, check: check) else { return nil }
        let lengths = groups.reduce(0) { $0 + $1.lowerBound }...groups.reduce(0) { $0 + $1.upperBound }
        let national = PhoneFormat(
            pattern: pattern, groups: groups, lengths: lengths, format: format, leadingDigits: dfas,
            nationalPrefixRule: cell(columns.prefixRule).flatMap { $0.isEmpty ? nil : $0 },
            nationalPrefixOptional: cell(columns.prefixOptional) == "1",
            carrierCodeRule: cell(columns.carrierCode) == "1", asYouType: cell(columns.asYouType) == "1")
        let abroad: String
        switch cell(columns.international) {
        case "NA": return (national, nil)
        case let intl? where !intl.isEmpty: abroad = intl
        default: abroad = format
        }
        // libphonenumber's international list keeps none of the national-prefix settings.
        let international = PhoneFormat(
            pattern: pattern, groups: groups, lengths: lengths, format: abroad, leadingDigits: dfas,
            nationalPrefixRule: nil, nationalPrefixOptional: false, carrierCodeRule: false,
            asYouType: cell(columns.asYouTypeInternational) == "1")
        return (national, international)
    }

    /// The groups cell (`3,4-5`): each group's fewest and most digits; nil when malformed. Read as bytes, as a
    /// phone field's region's formats are read before its first key.
    static func groupLengths(_ text: String) -> [ClosedRange<Int>]? {
        var groups: [ClosedRange<Int>] = []
        var bounds: [Int] = [], number: Int?, malformed = false
        func endBound() -> Bool {
            guard let value = number else { return false }
            bounds.append(value)
            number = nil
            return true
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let value = (number ?? 0) * 10 + Int(byte - 0x30)
                guard value < 1000 else { return nil }
                number = value
            case UInt8(ascii: "-"):
                guard bounds.isEmpty, endBound() else { return nil }
            case UInt8(ascii: ","):
                // An empty part between commas is skipped, as a split omitting empty parts would.
                if number == nil && bounds.isEmpty { continue }
                guard endBound(), bounds[0] <= bounds[bounds.count - 1] else { return nil }
                groups.append(bounds[0]...bounds[bounds.count - 1])
                bounds.removeAll(keepingCapacity: true)
            default: malformed = true
            }
            if malformed { return nil }
        }
        if number != nil || !bounds.isEmpty {
            guard endBound(), bounds[0] <= bounds[bounds.count - 1] else { return nil }
            groups.append(bounds[0]...bounds[bounds.count - 1])
        }
        return groups
    }
}
