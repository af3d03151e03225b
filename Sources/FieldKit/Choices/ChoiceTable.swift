#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Choice lists written as text: the data files next to keymaps (a header row naming the columns) and the plain
/// `value<TAB>label` lines `fieldline ask choice --choices FILE` reads.
public enum ChoiceTable {
    /// A data file: `#` comment lines, then a TAB-separated header row whose first column is `value` (`label`,
    /// `aliases` — `|`-separated — and `parent` are known; any other column is an extra), then one row per choice
    /// with as many cells as the header. A `label_zh` column (`label_` and a language code) is the label in that
    /// language: it replaces `label` while that language is chosen (the country list puts Chinese names first).
    /// `cellsChecked: false` skips the check of each cell's size and controls: only for the embedded data files,
    /// which `ShippedChoiceListTests` reads with the checks (they pass, and give the same list).
    public static func parse(_ text: String, cellsChecked: Bool = true) throws(ChoiceListProblem) -> ChoiceList {
        var text = text
        // Read in place: a no-op for the embedded data files (literals) and for native strings.
        text.makeContiguousUTF8()
        var parsed = Parsed()
        let problem = text.utf8.withContiguousStorageIfAvailable { parse(bytes: $0, cellsChecked: cellsChecked, into: &parsed) }
        if let problem { if let problem { throw problem } } else { throw ChoiceListProblem(line: 0, tr("no header row and no choices")) }
        parsed.draft.text = text
        parsed.draft.extras = parsed.extras.isEmpty ? nil : ChoiceExtras(columns: parsed.extras, text: text, ranges: parsed.extraRanges)
        return try ChoiceList(parsed.draft, isSearch: false)
    }

    /// A data file's rows as byte ranges (a draft of the list), its extra columns and their cells' ranges.
    private struct Parsed {
        var draft = ChoiceListDraft(aliasSeparator: UInt8(ascii: "|"), rows: 0)
        var extras: [String] = []
        var extraRanges: [Range<Int>] = []
    }

    /// The rows of a data file's bytes, split without a String per line or cell: each row's cells are kept as byte
    /// ranges (made strings when a choice is read), each cell's size and controls are checked on the bytes as the
    /// line is read (the first row with a problem is reported by `ChoiceList`, in the order its other checks run).
    /// The first problem found, or nil when `parsed` is filled in.
    private static func parse(bytes: UnsafeBufferPointer<UInt8>, cellsChecked: Bool, into parsed: inout Parsed) -> ChoiceListProblem? {
        var header: [String]?
        let lines = lines(of: bytes)
        parsed.draft.reserve(rows: lines.count)
        var columns: (label: Int?, aliases: Int?, parent: Int?, extras: [Int]) = (nil, nil, nil, [])
        var cells = LineCells()
        func string(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
        for (n, line) in lines {
            ChoiceTable.cells(bytes, line, into: &cells)
            guard let names = header else {
                let named = cells.all.map(string)
                guard named.first == "value" else {
                    return ChoiceListProblem(line: n, tr("the first row names the columns, starting with 'value'"))
                }
                if Set(named).count != named.count { return ChoiceListProblem(line: n, tr("a column is named twice")) }
                header = named
                columns.label = named.firstIndex(of: "label_" + Language.current.rawValue) ?? named.firstIndex(of: "label")
                columns.aliases = named.firstIndex(of: "aliases")
                columns.parent = named.firstIndex(of: "parent")
                columns.extras = named.indices.filter {
                    $0 > 0 && ![columns.label, columns.aliases, columns.parent].contains($0) && !ChoiceTable.isLabel(named[$0])
                }
                parsed.extraRanges.reserveCapacity(lines.count * columns.extras.count)
                continue
            }
            guard cells.count == names.count else {
                return ChoiceListProblem(line: n, tr("\(cells.count) cells; the header has \(names.count) columns"))
            }
            let row = parsed.draft.lines.count
            if row >= ChoiceList.maxChoices {
                return ChoiceListProblem(line: n, tr("more than \(ChoiceList.maxChoices) choices"))
            }
            if cellsChecked, parsed.draft.cellProblem == nil, let problem = ChoiceTable.cellProblem(bytes, cells.all, line: n) { parsed.draft.cellProblem = (row, problem) }
            let value = cells[0]
            let none = value.upperBound..<value.upperBound
            let label = columns.label.map { cells[$0] } ?? none
            let aliases = columns.aliases.map { cells[$0] } ?? none
            // More aliases than allowed needs a long cell (each a byte and a separator): only a long one is counted.
            if parsed.draft.aliasProblem == nil, aliases.count > 2 * ChoiceList.maxAliases, aliasCount(bytes[aliases]) > ChoiceList.maxAliases {
                parsed.draft.aliasProblem = row
            }
            let parent = columns.parent.map { cells[$0] } ?? none
            parsed.draft.bounds.append(value.lowerBound)
            parsed.draft.bounds.append(value.upperBound)
            parsed.draft.bounds.append(label.lowerBound)
            parsed.draft.bounds.append(label.upperBound)
            parsed.draft.bounds.append(aliases.lowerBound)
            parsed.draft.bounds.append(aliases.upperBound)
            parsed.draft.parentBounds.append(parent.lowerBound)
            parsed.draft.parentBounds.append(parent.upperBound)
            parsed.draft.lines.append(n)
            for column in columns.extras { parsed.extraRanges.append(cells[column]) }
        }
        guard let names = header else { return ChoiceListProblem(line: 0, tr("no header row and no choices")) }
        parsed.extras = columns.extras.map { names[$0] }
        return nil
    }

    /// The non-empty `|`-separated aliases in a cell.
    private static func aliasCount(_ cell: Slice<UnsafeBufferPointer<UInt8>>) -> Int {
        var count = 0, length = 0
        for byte in cell {
            if byte == UInt8(ascii: "|") {
                if length > 0 { count += 1 }
                length = 0
            } else {
                length += 1
            }
        }
        return length > 0 ? count + 1 : count
    }

    /// The TAB-separated cells of a line, as byte ranges, into `cells` (one array serves every line: its first
    /// `cells.count` are this line's). TABs found by `ByteFinder`, eight bytes at a time.
    private static func cells(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, into cells: inout LineCells) {
        cells.count = 0
        var start = line.lowerBound
        ByteFinder.forEach(0x09, in: bytes, line) { tab in
            cells.add(start..<tab)
            start = tab + 1
        }
        cells.add(start..<line.upperBound)
    }

    /// A line's cells as byte ranges: an array kept from line to line (emptying it each time was measured), and how
    /// many of it are this line's.
    private struct LineCells {
        private(set) var ranges: [Range<Int>] = []
        var count = 0

        mutating func add(_ cell: Range<Int>) {
            if count < ranges.count { ranges[count] = cell } else { ranges.append(cell) }
            count += 1
        }

        subscript(column: Int) -> Range<Int> { ranges[column] }

        /// This line's cells.
        var all: ArraySlice<Range<Int>> { ranges[..<count] }
    }

    /// What `ChoiceList` says of the first cell of a row that is too long or holds a control character (found in
    /// its bytes by `ControlCharacters.contains(inUTF8:)`), nil when every cell is fine.
    private static func cellProblem(_ bytes: UnsafeBufferPointer<UInt8>, _ cells: ArraySlice<Range<Int>>, line: Int) -> ChoiceListProblem? {
        for cell in cells {
            if cell.count > ChoiceList.maxCellBytes {
                return ChoiceListProblem(line: line, tr("a cell is longer than \(ChoiceList.maxCellBytes) bytes"))
            }
            let cellBytes = UnsafeBufferPointer(rebasing: bytes[cell])
            if ControlCharacters.contains(inUTF8: cellBytes) {
                let text = String(decoding: cellBytes, as: UTF8.self)
                return ChoiceListProblem(line: line, tr("a cell holds a control character: \(ControlCharacters.escaped(text))"))
            }
        }
        return nil
    }

    /// Whether a column is a label (`label`, or `label_` and a language code): never an extra.
    static func isLabel(_ column: String) -> Bool {
        column == "label" || (column.hasPrefix("label_") && Language(rawValue: String(column.dropFirst(6))) != nil)
    }

    /// `--choices`: one choice per line, `value` or `value<TAB>label`; blank lines and `#` lines are skipped.
    public static func parsePairs(_ text: String) throws(ChoiceListProblem) -> ChoiceList {
        var text = text
        text.makeContiguousUTF8()
        let parsed: Result<[ChoiceRow], ChoiceListProblem> = text.utf8.withContiguousStorageIfAvailable { bytes in
            var rows: [ChoiceRow] = []
            var cells = LineCells()
            for (n, line) in lines(of: bytes) {
                if rows.count >= ChoiceList.maxChoices {
                    return .failure(ChoiceListProblem(line: n, tr("more than \(ChoiceList.maxChoices) choices")))
                }
                ChoiceTable.cells(bytes, line, into: &cells)
                if cells.count > 2 {
                    return .failure(ChoiceListProblem(line: n, tr("a line is value<TAB>label; this one has more cells")))
                }
                let value = String(decoding: UnsafeBufferPointer(rebasing: bytes[cells[0]]), as: UTF8.self)
                let label = cells.count > 1 ? String(decoding: UnsafeBufferPointer(rebasing: bytes[cells[1]]), as: UTF8.self) : ""
                rows.append(ChoiceRow(line: n, value: value, label: label))
            }
            return .success(rows)
        } ?? .success([])
        let rows = try parsed.get()
        guard !rows.isEmpty else { throw ChoiceListProblem(line: 0, tr("no choices")) }
        return try ChoiceList(rows: rows)
    }

    /// Numbered lines that are neither blank nor `#` comments, as byte ranges; LF or CRLF ends a line. Found with
    /// memchr over the text's own bytes: walking a data file by Character (grapheme breaking over its flags and
    /// Chinese names) was most of a picker's start-up.
    private static func lines(of bytes: UnsafeBufferPointer<UInt8>) -> [(Int, Range<Int>)] {
        var out: [(Int, Range<Int>)] = []
        guard let base = bytes.baseAddress else { return out }
        var start = 0, number = 0
        while start <= bytes.count {
            number += 1
            let newline = memchr(base + start, 0x0A, bytes.count - start).map { UnsafePointer<UInt8>($0.assumingMemoryBound(to: UInt8.self)) - base }
            var end = newline ?? bytes.count
            // A CR ends a line only before its LF (a CR at the very end stays, and is refused as a control).
            if newline != nil && end > start && bytes[end - 1] == 0x0D { end -= 1 }
            if end > start && bytes[start] != UInt8(ascii: "#") { out.append((number, start..<end)) }
            guard let newline else { break }
            start = newline + 1
        }
        return out
    }

}
