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
    /// automaton tells where a match ends, not what its groups hold. Compiled when first used.
    var nationalPrefixRewrite: (pattern: RegexPattern, transform: String)? {
        guard let source = rewriteSource else { return nil }
        if let compiled = rewrite.value { return (compiled.pattern, source.transform) }
        // The shipped data is read whole by the tests (`PhoneMetadata.parse` compiles every rule).
        guard let pattern = try? RegexPattern(source.pattern) else { fatalError("phone metadata of \(code): national_prefix_for_parsing does not compile") }
        return (rewrite.storeIfNil(Compiled(pattern)).pattern, source.transform)
    }
    /// Whether its national prefix keeps or rewrites digits (`nationalPrefixRewrite` is not nil), known without
    /// compiling the rule.
    var rewritesNationalPrefix: Bool { rewriteSource != nil }
    /// A rewriting national prefix rule as the row has it.
    struct RewriteSource {
        /// The national prefix for parsing, a regular expression with groups.
        let pattern: String
        /// What replaces its match (`$1` for its groups); empty: the match is dropped.
        let transform: String
    }
    let rewriteSource: RewriteSource?
    /// The rule's regular expression once compiled.
    private let rewrite = LazyReference<Compiled>()
    /// The rule's local-number part once compiled (`PhoneLocalNumbers`), or its absence.
    let localRule = LazyReference<LocalNumberRule>()
    private final class Compiled: Sendable {
        let pattern: RegexPattern
        init(_ pattern: RegexPattern) { self.pattern = pattern }
    }
    /// Its automata, examples and formats, read from the patterns and formats files the first time one is asked
    /// for.
    private let loaded = LazyReference<PhoneRegionNumbers>()
    /// The leading-digits index of the calling code's regions, on its main region (`leadingDigitsIndex(of:)`).
    let leadingIndex = LazyReference<LeadingDigitsIndex>()
    /// Where its numbers are read from.
    private let tables: PhoneTables

    /// Its automata, examples and formats (read on first use).
    var numbers: PhoneRegionNumbers {
        if let numbers = loaded.value { return numbers }
        switch tables.numbers(of: code) {
        case .success(let numbers): return loaded.storeIfNil(numbers)
        // The shipped data is read whole by the tests (`PhoneMetadata.parse`); failing here means a broken build.
        case .failure(let problem): fatalError("phone metadata of \(code), line \(problem.line): \(problem.message)")
        }
    }
    /// The whole-number pattern of any valid number (`general`).
    var general: DigitDFA? { numbers.general }
    /// One pattern per kind.
    var kinds: [(PhoneKind, KindPattern)] { numbers.kinds }
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
         localOnlyLengths: [Int], nationalPrefixRewrite: RewriteSource?, tables: PhoneTables) {
        self.code = code
        self.callingCode = callingCode
        self.internationalPrefix = internationalPrefix
        self.nationalPrefix = nationalPrefix
        self.nationalPrefixForParsing = nationalPrefixForParsing
        self.isMainCountry = isMainCountry
        self.leadingDigits = leadingDigits
        self.possibleLengths = possibleLengths
        self.localOnlyLengths = localOnlyLengths
        self.rewriteSource = nationalPrefixRewrite
        self.tables = tables
    }

    /// Whether a national number (digits 0-9) is valid here: it fits the region's general pattern and is one of
    /// its kinds of number (as libphonenumber's isValidNumber; short and emergency numbers are not whole numbers).
    public func isValid<C: Collection>(_ national: C) -> Bool where C.Element == UInt8 {
        // The loaded tables fetched once: each fetch goes through the lazy reference's atomic load.
        let numbers = self.numbers
        guard Self.takes(numbers.generalLengths, length: national.count), numbers.general?.matches(national) == true else { return false }
        return numbers.kinds.contains { $0.0 != .emergency && $0.0 != .shortCode && $0.1.matches(national) }
    }

    /// `isValid(national)` and of one of `wanted` (`kinds(of:)` holds one; empty: any kind), matching only the
    /// wanted kinds' automata while one of them that is a whole number's kind matches: the others (China's
    /// fixed-line one above all) are decoded when first matched, which costs more than the rest of a key.
    func isValid(_ national: [UInt8], ofOneOf wanted: [PhoneKind]) -> Bool {
        guard !wanted.isEmpty else { return isValid(national) }
        let numbers = self.numbers
        guard Self.takes(numbers.generalLengths, length: national.count), numbers.general?.matches(national) == true else { return false }
        var matchedShortOnly = false
        for (kind, pattern) in numbers.kinds where wanted.contains(kind) && pattern.matches(national) {
            if kind != .emergency && kind != .shortCode { return true }
            matchedShortOnly = true
        }
        // An emergency or short-code number of a wanted kind is valid only as another kind's number too.
        return matchedShortOnly && isValid(national)
    }

    /// Whether the general pattern may take a number of `count` digits (a cheap test before walking it).
    func generalTakes(length count: Int) -> Bool { Self.takes(generalLengths, length: count) }

    /// Whether a set of lengths (`generalLengths`) holds `count`.
    private static func takes(_ lengths: UInt64, length count: Int) -> Bool { lengths & (1 << UInt64(min(count, 63))) != 0 }

    /// Whether the general pattern may take a number of `count` digits or more: a number that long can still grow
    /// into one of the region's (a cheap test before walking it).
    func generalReaches(length count: Int) -> Bool { numbers.generalReaches(length: count) }

    /// The most digits for which `generalReaches(length:)` holds (`Int.max`: any), -1 for none.
    var reachableLength: Int { numbers.reachableLength }

    /// The kinds a valid national number is (fixed line and mobile may both match).
    public func kinds(of national: [UInt8]) -> [PhoneKind] {
        kinds.filter { $0.1.matches(national) }.map(\.0)
    }
}

/// Every region's numbers, by region code and by calling code, read from the generated data files where they lie:
/// a region is made from its rows the first time it is asked for.
public struct PhoneMetadata: Sendable {
    /// Region code → region.
    public let regions: PhoneRegions
    /// The patterns and formats files, read region by region.
    let tables: PhoneTables
    /// Every character a format writes besides its digits, and the space after a prefix.
    public var formatLiterals: Set<Character>

    /// Calling code → its regions, the main one first.
    public var byCallingCode: [Int: [String]] { regions.byCallingCode }
    /// The same regions themselves, so reading a number looks up no region code.
    var sharing: SharingRegions { SharingRegions(regions: regions) }

    /// What every shipped format writes between its digits, besides the space after a prefix. A copy of what the
    /// formats file holds, so that no phone field scans every format at start-up;
    /// `PhoneNumberTests.readingWholeAgreesWithReadingRegionByRegion` keeps it equal to the file's.
    static let shippedFormatLiterals: Set<Character> = [" ", "(", ")", "-", "."]

    /// Reads the generated data files whole, every region's automata and formats included, and checks the order
    /// the lookups rely on; the problem's text for a malformed one (the tests read the shipped files so, and custom
    /// metadata is read so).
    public static func parse(regions regionText: String, patterns patternText: String, formats formatText: String) -> Result<PhoneMetadata, ChoiceListProblem> {
        let files: (regions: SortedTableFile, tables: PhoneTables)
        switch open(regions: regionText, patterns: patternText, formats: formatText) {
        case .success(let opened): files = opened
        case .failure(let problem): return .failure(problem)
        }
        for (file, problem) in [(files.regions, tr("a region row is malformed")),
                                (files.tables.patterns, tr("a pattern row needs region, kind and a DFA")),
                                (files.tables.formats, tr("a format row is malformed"))] {
            if let found = file.problem(problem) { return .failure(found) }
        }
        var metadata = PhoneMetadata(regions: PhoneRegions(file: files.regions, tables: files.tables), tables: files.tables,
                                     formatLiterals: files.tables.formatLiterals())
        for code in metadata.regions.codes {
            switch metadata.regions.make(code, check: true) {
            case .success: break
            case .failure(let problem): return .failure(problem)
            }
            if case .failure(let problem) = metadata.tables.numbers(of: code, check: true) { return .failure(problem) }
            _ = metadata.regions[code]?.numbers
        }
        metadata.formatLiterals.insert(" ")
        return .success(metadata)
    }

    /// The shipped data files, each region's row, automata and formats read only when first asked for (a field
    /// asks about one region or a few); nothing is read at all until then but the files' header rows. The problem
    /// of a file with no header naming its region column.
    public static func load(regions regionText: String, patterns patternText: String, formats formatText: String) -> Result<PhoneMetadata, ChoiceListProblem> {
        open(regions: regionText, patterns: patternText, formats: formatText).map { files in
            PhoneMetadata(regions: PhoneRegions(file: files.regions, tables: files.tables), tables: files.tables,
                          formatLiterals: shippedFormatLiterals)
        }
    }

    /// The three files opened (their header rows read).
    private static func open(regions regionText: String, patterns patternText: String, formats formatText: String)
        -> Result<(regions: SortedTableFile, tables: PhoneTables), ChoiceListProblem> {
        switch (SortedTableFile.open(regionText, key: "value", problem: tr("a region row is malformed")),
                SortedTableFile.open(patternText, key: "region", problem: tr("a pattern row needs region, kind and a DFA")),
                SortedTableFile.open(formatText, key: "region", problem: tr("a format row is malformed"))) {
        case (.success(let regions), .success(let patterns), .success(let formats)):
            return .success((regions, PhoneTables(patterns: patterns, formats: formats)))
        case (.failure(let problem), _, _), (_, .failure(let problem), _), (_, _, .failure(let problem)):
            return .failure(problem)
        }
    }
}

/// The regions of each calling code (main region first), looked up for every number read.
struct SharingRegions {
    let regions: PhoneRegions

    /// The code's regions, nil when no region has it.
    subscript(code: Int) -> [PhoneRegion]? { regions.sharing(code) }
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
