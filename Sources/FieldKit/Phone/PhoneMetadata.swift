import Synchronization

/// The kinds of number libphonenumber tells apart, as the data files name them.
public enum PhoneKind: String, Sendable, CaseIterable {
    case fixedLine = "fixed_line", mobile, tollFree = "toll_free", premiumRate = "premium_rate"
    case sharedCost = "shared_cost", voip, personalNumber = "personal_number", pager, uan, voicemail
    case emergency, shortCode = "short_code"
}

/// What fieldline knows of one region's numbers (keymaps/data/phone-regions.tsv and phone-patterns.tsv).
///
/// A class, immutable once read: a region holds a dozen automata and format lists, and a struct copy of it (every
/// lookup by code) would count a reference for each of them; every checked number looks regions up.
public final class PhoneRegion: Sendable {
    /// ISO 3166-1 alpha-2 code (`CN`), or `+800` and the like for non-geographic entities.
    public let code: String
    /// The country calling code (`86`).
    public let callingCode: Int
    /// Where the international prefix may end in dialled digits (`00`).
    let internationalPrefix: DigitDFA?
    /// The national (trunk) prefix (`0`), empty when none.
    public let nationalPrefix: String
    /// Where a national prefix to strip when parsing may end.
    let nationalPrefixForParsing: DigitDFA?
    /// Whether it is the main region of a calling code several share.
    public let isMainCountry: Bool
    /// Leading digits that place a number in this region when the calling code is shared.
    let leadingDigits: DigitDFA?
    /// National number lengths.
    public let possibleLengths: [Int]
    /// Lengths of numbers that can only be dialled locally (libphonenumber's `possible_length_local_only`).
    let localOnlyLengths: [Int]
    /// The national prefix for parsing as a regular expression with its transform rule (`$1` for its groups),
    /// for the regions whose prefix keeps or rewrites digits (capture groups or a transform rule): a digit
    /// automaton tells where a match ends, not what its groups hold.
    let nationalPrefixRewrite: (pattern: RegexPattern, transform: String)?
    /// Its automata, examples and formats, read from the patterns and formats files the first time one is asked
    /// for.
    private let loaded = AtomicLazyReference<PhoneRegionNumbers>()
    /// Where its numbers are read from.
    private let tables: PhoneTables

    /// Its automata, examples and formats (read on first use).
    var numbers: PhoneRegionNumbers {
        if let numbers = loaded.load() { return numbers }
        switch tables.numbers(of: code) {
        case .success(let numbers): return loaded.storeIfNil(numbers)
        // The shipped data is read whole by the tests (`PhoneMetadata.parse`); failing here means a broken build.
        case .failure(let problem): fatalError("phone metadata of \(code), line \(problem.line): \(problem.message)")
        }
    }
    /// The whole-number pattern of any valid number (`general`).
    var general: DigitDFA? { numbers.general }
    /// One pattern per kind.
    var kinds: [(PhoneKind, DigitDFA)] { numbers.kinds }
    /// The metadata's example number of each kind that has one (national significant number, digits), in
    /// `PhoneKind` order: a phone field's placeholder. Kept apart from `kinds`, which every checked number walks.
    public var examples: [(kind: PhoneKind, number: String)] { numbers.examples }
    /// The lengths of the general pattern's numbers (`DigitDFA.acceptedLengths`; every length when it has none):
    /// a number one digit too long is refused by it without walking the automata of every region sharing its code.
    private var generalLengths: UInt64 { numbers.generalLengths }
    /// Its number formats, in the metadata's order.
    public var formats: [PhoneFormat] { numbers.formats }
    /// Its separate international formats, empty when the national ones serve (libphonenumber's
    /// `intl_number_format`).
    public var internationalFormats: [PhoneFormat] { numbers.internationalFormats }

    /// A region whose automata, examples and formats are read from `tables` when first asked for.
    init(code: String, callingCode: Int, internationalPrefix: DigitDFA?, nationalPrefix: String,
         nationalPrefixForParsing: DigitDFA?, isMainCountry: Bool, leadingDigits: DigitDFA?, possibleLengths: [Int],
         localOnlyLengths: [Int], nationalPrefixRewrite: (pattern: RegexPattern, transform: String)?, tables: PhoneTables) {
        self.code = code
        self.callingCode = callingCode
        self.internationalPrefix = internationalPrefix
        self.nationalPrefix = nationalPrefix
        self.nationalPrefixForParsing = nationalPrefixForParsing
        self.isMainCountry = isMainCountry
        self.leadingDigits = leadingDigits
        self.possibleLengths = possibleLengths
        self.localOnlyLengths = localOnlyLengths
        self.nationalPrefixRewrite = nationalPrefixRewrite
        self.tables = tables
    }

    /// Whether a national number (digits 0-9) is valid here: it fits the region's general pattern and is one of
    /// its kinds of number (as libphonenumber's isValidNumber; short and emergency numbers are not whole numbers).
    public func isValid<C: Collection>(_ national: C) -> Bool where C.Element == UInt8 {
        // The loaded tables fetched once: each fetch through the lazy reference costs hundreds of instructions.
        let numbers = self.numbers
        guard Self.takes(numbers.generalLengths, length: national.count), numbers.general?.matches(national) == true else { return false }
        return numbers.kinds.contains { $0.0 != .emergency && $0.0 != .shortCode && $0.1.matches(national) }
    }

    /// Whether the general pattern may take a number of `count` digits (a cheap test before walking it).
    func generalTakes(length count: Int) -> Bool { Self.takes(generalLengths, length: count) }

    /// Whether a set of lengths (`generalLengths`) holds `count`.
    private static func takes(_ lengths: UInt64, length count: Int) -> Bool { lengths & (1 << UInt64(min(count, 63))) != 0 }

    /// Whether the general pattern may take a number of `count` digits or more: a number that long can still grow
    /// into one of the region's (a cheap test before walking it).
    func generalReaches(length count: Int) -> Bool { generalLengths >> UInt64(min(count, 63)) != 0 }

    /// The kinds a valid national number is (fixed line and mobile may both match).
    public func kinds(of national: [UInt8]) -> [PhoneKind] {
        kinds.filter { $0.1.matches(national) }.map(\.0)
    }
}

/// Every region's numbers, by region code and by calling code.
public struct PhoneMetadata: Sendable {
    /// Region code → region.
    public let regions: [String: PhoneRegion]
    /// Calling code → its regions, the main one first.
    public let byCallingCode: [Int: [String]]
    /// The same regions themselves, so reading a number looks up no region code (derived from `byCallingCode`).
    let sharing: RegionsByCallingCode
    /// The patterns and formats files, read region by region.
    let tables: PhoneTables
    /// Every character a format writes besides its digits, and the space after a prefix.
    public var formatLiterals: Set<Character> = [" "]

    /// Reads the generated data files whole, every region's automata and formats included; the problem's text for
    /// a malformed one (the tests read the shipped files so, and custom metadata is read so).
    public static func parse(regions regionText: String, patterns patternText: String, formats formatText: String) -> Result<PhoneMetadata, ChoiceListProblem> {
        let metadata: PhoneMetadata
        switch load(regions: regionText, patterns: patternText, formats: formatText) {
        case .success(let loaded): metadata = loaded
        case .failure(let problem): return .failure(problem)
        }
        for code in metadata.regions.keys.sorted() {
            if case .failure(let problem) = metadata.tables.numbers(of: code) { return .failure(problem) }
            _ = metadata.regions[code]?.numbers
        }
        return .success(metadata)
    }

    /// Reads the generated data files, each region's automata and formats only when first asked for (a field
    /// asks about one region or a few): the regions file is read whole, the others only indexed by region. The
    /// problem's text for a malformed regions file or a row with no region.
    public static func load(regions regionText: String, patterns patternText: String, formats formatText: String) -> Result<PhoneMetadata, ChoiceListProblem> {
        func rows(_ text: String) -> [(Int, TableRow)] {
            var columns: [String: Int]?
            var out: [(Int, TableRow)] = []
            var copy = text
            copy.withUTF8 { bytes in
                var lineNumber = 0, start = 0
                while start < bytes.count {
                    lineNumber += 1
                    var end = start
                    while end < bytes.count && bytes[end] != 0x0A { end += 1 }
                    defer { start = end + 1 }
                    guard end > start, bytes[start] != UInt8(ascii: "#") else { continue }
                    var cells: [String] = []
                    var cellStart = start
                    for i in start...end where i == end || bytes[i] == 0x09 {
                        cells.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[cellStart..<i]), as: UTF8.self))
                        cellStart = i + 1
                    }
                    guard let columns else {
                        // A name given twice is its first column's.
                        columns = Dictionary(cells.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { a, _ in a })
                        continue
                    }
                    out.append((lineNumber, TableRow(columns: columns, cells: cells)))
                }
            }
            return out
        }
        func dfa(_ text: String?) -> DigitDFA?? {
            guard let text, !text.isEmpty else { return .some(nil) }
            return DigitDFA(encoded: text).map { .some($0) }
        }
        let tables: PhoneTables
        switch (PhoneTableFile.index(patternText, problem: tr("a pattern row needs region, kind and a DFA")),
                PhoneTableFile.index(formatText, problem: tr("a format row is malformed"))) {
        case (.success(let patterns), .success(let formats)): tables = PhoneTables(patterns: patterns, formats: formats)
        case (.failure(let problem), _), (_, .failure(let problem)): return .failure(problem)
        }
        var regions: [String: PhoneRegion] = [:]
        var byCode: [Int: [String]] = [:]
        let regionRows = rows(regionText)
        // Each column's index looked up once, not by name in every row.
        let header = regionRows.first?.1.columns ?? [:]
        let value = header["value"], callingCode = header["calling_code"], intlDFA = header["intl_prefix_dfa"],
            nppDFA = header["national_prefix_for_parsing_dfa"], leadDFA = header["leading_digits_dfa"],
            nppText = header["national_prefix_for_parsing"], transformRule = header["national_prefix_transform_rule"],
            nationalPrefix = header["national_prefix"], main = header["main_country_for_code"],
            lengths = header["possible_lengths"], localLengths = header["possible_lengths_local_only"]
        for (line, row) in regionRows {
            guard let code = row[value], let calling = row[callingCode].flatMap({ Int($0) }),
                  let intl = dfa(row[intlDFA]), let npp = dfa(row[nppDFA]), let lead = dfa(row[leadDFA])
            else { return .failure(ChoiceListProblem(line: line, tr("a region row is malformed"))) }
            let prefix = row[nppText] ?? "", transform = row[transformRule] ?? ""
            var rewrite: (pattern: RegexPattern, transform: String)?
            if !transform.isEmpty || PhoneMetadata.hasCaptureGroup(prefix) {
                guard let pattern = try? RegexPattern(prefix) else {
                    return .failure(ChoiceListProblem(line: line, tr("national_prefix_for_parsing does not compile")))
                }
                rewrite = (pattern, transform)
            }
            let region = PhoneRegion(
                code: code, callingCode: calling, internationalPrefix: intl,
                nationalPrefix: row[nationalPrefix] ?? "", nationalPrefixForParsing: npp,
                isMainCountry: row[main] == "1", leadingDigits: lead,
                possibleLengths: (row[lengths] ?? "").split(separator: ",").compactMap { Int($0) },
                localOnlyLengths: (row[localLengths] ?? "").split(separator: ",").compactMap { Int($0) },
                nationalPrefixRewrite: rewrite, tables: tables)
            regions[code] = region
            byCode[calling, default: []].append(code)
        }
        for (code, list) in byCode {
            byCode[code] = list.sorted { a, b in
                let ma = regions[a]!.isMainCountry, mb = regions[b]!.isMainCountry
                return ma != mb ? ma : a < b
            }
        }
        var metadata = PhoneMetadata(
            regions: regions, byCallingCode: byCode, sharing: RegionsByCallingCode(byCode.mapValues { $0.compactMap { regions[$0] } }),
            tables: tables)
        metadata.formatLiterals.formUnion(tables.formats.characters(inColumns: ["format", "international_format"], except: ["NA"]))
        return .success(metadata)
    }
}

extension PhoneMetadata {
    /// Whether a national prefix pattern has a capturing group: a `(` that does not open `(?:` (as the generator
    /// tells them apart for the regions file's header).
    static func hasCaptureGroup(_ pattern: String) -> Bool {
        let bytes = Array(pattern.utf8)
        return bytes.indices.contains { i in
            bytes[i] == UInt8(ascii: "(") && !(i + 2 < bytes.count && bytes[i + 1] == UInt8(ascii: "?") && bytes[i + 2] == UInt8(ascii: ":"))
        }
    }
}

/// One row of a generated data file, its cells read by column name (one shared name table per file, not a
/// dictionary per row: the files hold some 30,000 rows, read before a phone field's first key).
struct TableRow {
    /// Column name → index, from the file's header.
    let columns: [String: Int]
    /// The row's cells.
    let cells: [String]

    /// The cell at a column index (from `columns`); nil for no index or a row that stops before it.
    subscript(_ index: Int?) -> String? {
        guard let index, index < cells.count else { return nil }
        return cells[index]
    }

    /// The cell under `name`; nil when the file has no such column or the row stops before it.
    subscript(_ name: String) -> String? {
        guard let index = columns[name], index < cells.count else { return nil }
        return cells[index]
    }
}

/// The regions of each calling code (main region first), looked up for every number read: a table indexed by the
/// code (codes are 1 to 3 digits) instead of a hashed dictionary.
struct RegionsByCallingCode: Sendable {
    private let table: [[PhoneRegion]]

    init(_ regions: [Int: [PhoneRegion]]) {
        var table = [[PhoneRegion]](repeating: [], count: 1000)
        for (code, list) in regions where code >= 0 && code < 1000 { table[code] = list }
        self.table = table
    }

    /// The code's regions, nil when no region has it.
    subscript(code: Int) -> [PhoneRegion]? {
        guard code >= 0 && code < table.count else { return nil }
        let list = table[code]
        return list.isEmpty ? nil : list
    }
}
