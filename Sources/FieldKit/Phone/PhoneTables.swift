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
    /// One pattern per kind, in `PhoneKind` order.
    let kinds: [(PhoneKind, DigitDFA)]
    /// The example number of each kind that has one (national digits), in `PhoneKind` order.
    let examples: [(kind: PhoneKind, number: String)]
    /// The lengths of the general pattern's numbers (every length when it has none).
    let generalLengths: UInt64
    /// Its number formats, in the metadata's order.
    let formats: [PhoneFormat]
    /// Its separate international formats, empty when the national ones serve.
    let internationalFormats: [PhoneFormat]

    init(general: DigitDFA?, kinds: [(PhoneKind, DigitDFA)], examples: [(kind: PhoneKind, number: String)],
         formats: [PhoneFormat], internationalFormats: [PhoneFormat]) {
        self.general = general
        self.kinds = kinds
        self.examples = examples
        self.generalLengths = general?.acceptedLengths() ?? ~0
        self.formats = formats
        self.internationalFormats = internationalFormats
    }
}

/// One generated data file kept as bytes, with where each region's rows are: found with one pass that looks at
/// line ends and the region cell only (the rows hold long automata), so a region's rows are split into cells only
/// when the region is first asked about.
final class PhoneTableFile: Sendable {
    /// The file's bytes.
    private let bytes: [UInt8]
    /// Column name → index, from the header row.
    let columns: [String: Int]
    /// Region code → its rows: line number (1-based) and byte range, in file order.
    private let rowsByRegion: [String: [(line: Int, range: Range<Int>)]]

    /// Indexes `text`: its header row, then rows whose `region` column names their region; the problem of a
    /// file with no header or a row with no region.
    static func index(_ text: String, problem: String) -> Result<PhoneTableFile, ChoiceListProblem> {
        // Copied whole from the string's contiguous bytes (a byte-by-byte copy of the megabyte costs millions).
        let bytes = text.utf8.withContiguousStorageIfAvailable { Array($0) } ?? Array(text.utf8)
        var columns: [String: Int]?
        var regionColumn = 0
        var rows: [String: [(line: Int, range: Range<Int>)]] = [:]
        var failure: ChoiceListProblem?
        var current: (name: String, rows: [(line: Int, range: Range<Int>)])?
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var line = 0, start = 0
            while start < buffer.count {
                line += 1
                // memchr: the files are a megabyte of long lines, and a byte loop would be most of the pass.
                let end = memchr(base + start, 0x0A, buffer.count - start).map { UnsafePointer<UInt8>($0.assumingMemoryBound(to: UInt8.self)) - base } ?? buffer.count
                defer { start = end + 1 }
                guard end > start, buffer[start] != UInt8(ascii: "#") else { continue }
                guard columns != nil else {
                    let cells = PhoneTableFile.cells(buffer, start..<end)
                    // A name given twice is its first column's.
                    let names = cells.map { String(decoding: UnsafeBufferPointer(rebasing: buffer[$0]), as: UTF8.self) }
                    columns = Dictionary(names.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { a, _ in a })
                    guard let region = columns?["region"] else {
                        failure = ChoiceListProblem(line: line, problem)
                        return
                    }
                    regionColumn = region
                    continue
                }
                guard let cell = PhoneTableFile.cell(buffer, start..<end, column: regionColumn), !cell.isEmpty else {
                    failure = ChoiceListProblem(line: line, problem)
                    return
                }
                // Rows come grouped by region: a region's list is stored when the next region starts.
                let same = current.map { buffer[cell].elementsEqual($0.name.utf8) } ?? false
                if !same {
                    if let done = current { rows[done.name, default: []].append(contentsOf: done.rows) }
                    current = (String(decoding: UnsafeBufferPointer(rebasing: buffer[cell]), as: UTF8.self), [])
                }
                current?.rows.append((line, start..<end))
            }
        }
        if let failure { return .failure(failure) }
        if let done = current { rows[done.name, default: []].append(contentsOf: done.rows) }
        return .success(PhoneTableFile(bytes: bytes, columns: columns ?? [:], rowsByRegion: rows))
    }

    private init(bytes: [UInt8], columns: [String: Int], rowsByRegion: [String: [(line: Int, range: Range<Int>)]]) {
        self.bytes = bytes
        self.columns = columns
        self.rowsByRegion = rowsByRegion
    }

    /// The cell ranges of one line (TAB-separated). Tabs are found with memchr: most cells are long automata.
    private static func cells(_ buffer: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> [Range<Int>] {
        var cells: [Range<Int>] = []
        guard let base = buffer.baseAddress else { return cells }
        var cellStart = line.lowerBound
        while true {
            guard let tab = memchr(base + cellStart, 0x09, line.upperBound - cellStart) else {
                cells.append(cellStart..<line.upperBound)
                break
            }
            let end = UnsafePointer<UInt8>(tab.assumingMemoryBound(to: UInt8.self)) - base
            cells.append(cellStart..<end)
            cellStart = end + 1
        }
        return cells
    }

    /// The range of cell `column` of one line, nil when the line has fewer cells (no array made: the index and
    /// the literal scan ask one or two cells of every row).
    private static func cell(_ buffer: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, column: Int) -> Range<Int>? {
        guard let base = buffer.baseAddress else { return nil }
        var start = line.lowerBound
        for _ in 0..<column {
            guard let tab = memchr(base + start, 0x09, line.upperBound - start) else { return nil }
            start = UnsafePointer<UInt8>(tab.assumingMemoryBound(to: UInt8.self)) - base + 1
        }
        let end = memchr(base + start, 0x09, line.upperBound - start).map { UnsafePointer<UInt8>($0.assumingMemoryBound(to: UInt8.self)) - base }
        return start..<(end ?? line.upperBound)
    }

    /// The region's rows, each with its line number, split into cells.
    func rows(of region: String) -> [(line: Int, row: TableRow)] {
        guard let found = rowsByRegion[region] else { return [] }
        return bytes.withUnsafeBufferPointer { buffer in
            found.map { line, range in
                let cells = PhoneTableFile.cells(buffer, range).map { String(decoding: UnsafeBufferPointer(rebasing: buffer[$0]), as: UTF8.self) }
                return (line, TableRow(columns: columns, cells: cells))
            }
        }
    }

    /// Every character the named columns hold besides digits and `$` (what formats write between digits), but
    /// for cells that are one of `markers` (`NA`), read from the bytes of every row without splitting whole rows.
    func characters(inColumns names: [String], except markers: Set<String>) -> Set<Character> {
        let wanted = Set(names.compactMap { columns[$0] }).sorted()
        var found = Set<Character>()
        // ASCII bytes are marked in a table; a cell with anything else is read as characters.
        var ascii = [Bool](repeating: false, count: 128)
        let longestMarker = markers.map(\.utf8.count).max() ?? 0
        bytes.withUnsafeBufferPointer { buffer in
            for rows in rowsByRegion.values {
                for (_, range) in rows {
                    for column in wanted {
                        guard let cell = PhoneTableFile.cell(buffer, range, column: column) else { continue }
                        let text = UnsafeBufferPointer(rebasing: buffer[cell])
                        if text.count <= longestMarker && markers.contains(String(decoding: text, as: UTF8.self)) { continue }
                        if text.allSatisfy({ $0 < 0x80 }) {
                            for byte in text { ascii[Int(byte)] = true }
                            continue
                        }
                        found.formUnion(String(decoding: text, as: UTF8.self))
                    }
                }
            }
        }
        for (byte, seen) in ascii.enumerated() where seen { found.insert(Character(Unicode.Scalar(UInt8(byte)))) }
        found = found.filter { $0 != "$" && !("0"..."9").contains($0) }
        return found
    }
}

/// The patterns and formats files of every region, read region by region (`PhoneRegion.numbers`).
final class PhoneTables: Sendable {
    /// phone-patterns.tsv.
    let patterns: PhoneTableFile
    /// phone-formats.tsv.
    let formats: PhoneTableFile

    init(patterns: PhoneTableFile, formats: PhoneTableFile) {
        self.patterns = patterns
        self.formats = formats
    }

    /// The numbers of `region`: its kinds' automata and examples, and its formats; the problem of a malformed row.
    func numbers(of region: String) -> Result<PhoneRegionNumbers, ChoiceListProblem> {
        var general: DigitDFA?
        var byKind: [String: (DigitDFA, String)] = [:]
        for (line, row) in patterns.rows(of: region) {
            guard let kind = row["kind"], let text = row["dfa"], !text.isEmpty, let dfa = DigitDFA(encoded: text) else {
                return .failure(ChoiceListProblem(line: line, tr("a pattern row needs region, kind and a DFA")))
            }
            if kind == "general" { general = dfa }
            // Not checked here (digits, by the generator and PhoneMetadataDataTests): a placeholder goes through
            // the field's layout, which takes digits only.
            if byKind[kind] == nil { byKind[kind] = (dfa, row["example"] ?? "") }
        }
        var kinds: [(PhoneKind, DigitDFA)] = [], examples: [(kind: PhoneKind, number: String)] = []
        for kind in PhoneKind.allCases {
            guard let (pattern, example) = byKind[kind.rawValue] else { continue }
            kinds.append((kind, pattern))
            if !example.isEmpty { examples.append((kind, example)) }
        }
        // Its formats, and its international list when it has one of its own: some format differs abroad or is
        // not used there (libphonenumber's `intl_number_format`).
        var national: [PhoneFormat] = [], international: [PhoneFormat] = [], separate = false
        for (line, row) in formats.rows(of: region) {
            guard let (format, abroad) = PhoneFormat.parse(row) else {
                return .failure(ChoiceListProblem(line: line, tr("a format row is malformed")))
            }
            national.append(format)
            if let abroad { international.append(abroad) }
            separate = separate || !(row["international_format"] ?? "").isEmpty
        }
        return .success(PhoneRegionNumbers(general: general, kinds: kinds, examples: examples, formats: national,
                                           internationalFormats: separate ? international : []))
    }
}
