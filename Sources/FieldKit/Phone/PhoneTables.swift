#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A region's numbers as the patterns and formats files give them: its automata, example numbers and formats.
/// Read the first time something of the region is asked (`PhoneRegion.numbers`): decoding every region's automata
/// and formats was most of a phone field's start-up, and a field asks about one region or a few.
final class PhoneRegionNumbers: Sendable {
    /// The whole-number pattern of any valid number.
    let general: DigitDFA?
    /// One pattern per kind, in `PhoneKind` order, each decoded when first matched.
    let kinds: [(PhoneKind, KindPattern)]
    /// The example number of each kind that has one (national digits), in `PhoneKind` order.
    let examples: [(kind: PhoneKind, number: String)]
    /// The lengths of the general pattern's numbers (every length when it has none).
    let generalLengths: UInt64
    /// Its number formats, in the metadata's order.
    let formats: [PhoneFormat]
    /// Its separate international formats, empty when the national ones serve.
    let internationalFormats: [PhoneFormat]

    init(general: DigitDFA?, kinds: [(PhoneKind, KindPattern)], examples: [(kind: PhoneKind, number: String)],
         formats: [PhoneFormat], internationalFormats: [PhoneFormat]) {
        self.general = general
        self.kinds = kinds
        self.examples = examples
        self.generalLengths = general?.acceptedLengths() ?? ~0
        self.formats = formats
        self.internationalFormats = internationalFormats
    }

    /// Whether the general pattern may take a number of `count` digits or more: a number that long can still grow
    /// into one of the region's (a cheap test before walking it).
    func generalReaches(length count: Int) -> Bool { generalLengths >> UInt64(min(count, 63)) != 0 }

    /// The most digits for which `generalReaches(length:)` holds (`Int.max`: any), -1 for none.
    var reachableLength: Int {
        let lengths = generalLengths
        if lengths == 0 { return -1 }
        let highest = 63 - lengths.leadingZeroBitCount
        return highest == 63 ? Int.max : highest
    }
}

/// The patterns and formats files of every region, a region's rows found by a binary search when first asked for
/// (`PhoneRegion.numbers`).
final class PhoneTables: Sendable {
    /// phone-patterns.tsv.
    let patterns: SortedTableFile
    /// phone-formats.tsv.
    let formats: SortedTableFile

    /// The columns read, found by name once: a region's rows are read cell by cell where they lie.
    private let kindColumn, dfaColumn, exampleColumn: Int?
    private let formatColumns: PhoneFormat.Columns

    init(patterns: SortedTableFile, formats: SortedTableFile) {
        self.patterns = patterns
        self.formats = formats
        kindColumn = patterns.columns["kind"]
        dfaColumn = patterns.columns["dfa"]
        exampleColumn = patterns.columns["example"]
        formatColumns = PhoneFormat.Columns(formats.columns)
    }

    /// The numbers of `region`: its kinds' automata and examples, and its formats; the problem of a malformed row
    /// (`check`: every format's leading-digits automata decoded now, not when first used).
    func numbers(of region: String, check: Bool = false) -> Result<PhoneRegionNumbers, ChoiceListProblem> {
        var general: DigitDFA?
        var byKind: [String: (KindPattern, String)] = [:]
        var problem: ChoiceListProblem?
        patterns.withRows(of: region) { offset, row in
            // The general pattern is decoded now (its lengths are asked for every number), the kinds' when first
            // matched (`check`: now, to find a malformed one).
            guard let kind = row.string(kindColumn), let text = row.string(dfaColumn), !text.isEmpty,
                  let pattern = KindPattern(encoded: text, check: check) else {
                problem = ChoiceListProblem(line: patterns.line(at: offset), tr("a pattern row needs region, kind and a DFA"))
                return false
            }
            if kind == "general" { general = pattern.dfa }
            // Not checked here (digits, by the generator and PhoneMetadataDataTests): a placeholder goes through
            // the field's layout, which takes digits only.
            if byKind[kind] == nil { byKind[kind] = (pattern, row.string(exampleColumn) ?? "") }
            return true
        }
        if let problem { return .failure(problem) }
        var kinds: [(PhoneKind, KindPattern)] = [], examples: [(kind: PhoneKind, number: String)] = []
        for kind in PhoneKind.allCases {
            guard let (pattern, example) = byKind[kind.rawValue] else { continue }
            kinds.append((kind, pattern))
            if !example.isEmpty { examples.append((kind, example)) }
        }
        // Its formats, and its international list when it has one of its own: some format differs abroad or is
        // not used there (libphonenumber's `intl_number_format`).
        var national: [PhoneFormat] = [], international: [PhoneFormat] = [], separate = false
        formats.withRows(of: region) { offset, row in
            guard let (format, abroad) = PhoneFormat.parse({ row.string($0) }, columns: formatColumns, check: check) else {
                problem = ChoiceListProblem(line: formats.line(at: offset), tr("a format row is malformed"))
                return false
            }
            national.append(format)
            if let abroad { international.append(abroad) }
            separate = separate || !(row.bytes(formatColumns.international)?.isEmpty ?? true)
            return true
        }
        if let problem { return .failure(problem) }
        return .success(PhoneRegionNumbers(general: general, kinds: kinds, examples: examples, formats: national,
                                           internationalFormats: separate ? international : []))
    }

    /// Every character the formats write besides digits and `$` (`NA` marks a format not used abroad), read from
    /// every row: what `PhoneMetadata.shippedFormatLiterals` copies.
    func formatLiterals() -> Set<Character> {
        var found = Set<Character>()
        let columns = ["format", "international_format"].compactMap { formats.columns[$0] }
        formats.forEachRow(cells: columns) { buffer, _, cells in
            for case let cell? in cells where !buffer[cell].elementsEqual("NA".utf8) {
                found.formUnion(String(decoding: UnsafeBufferPointer(rebasing: buffer[cell]), as: UTF8.self))
            }
            return true
        }
        return found.filter { $0 != "$" && !("0"..."9").contains($0) }
    }
}
