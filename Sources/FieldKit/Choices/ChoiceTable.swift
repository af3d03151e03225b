/// Choice lists written as text: the data files next to keymaps (a header row naming the columns) and the plain
/// `value<TAB>label` lines `fieldline ask choice --choices FILE` reads.
public enum ChoiceTable {
    /// A data file: `#` comment lines, then a TAB-separated header row whose first column is `value` (`label`,
    /// `aliases` — `|`-separated — and `parent` are known; any other column is an extra), then one row per choice
    /// with as many cells as the header. A `label_zh` column (`label_` and a language code) is the label in that
    /// language: it replaces `label` while that language is chosen (the country list puts Chinese names first).
    public static func parse(_ text: String) throws(ChoiceListProblem) -> ChoiceList {
        var header: [String]?
        var rows: [ChoiceRow] = []
        var columns: (label: Int?, aliases: Int?, parent: Int?, extras: [Int]) = (nil, nil, nil, [])
        for (n, line) in lines(of: text) {
            let cells = line.split(separator: 0x09, omittingEmptySubsequences: false)
                .map { String(decoding: $0, as: UTF8.self) }
            guard let names = header else {
                guard cells.first == "value" else {
                    throw ChoiceListProblem(line: n, tr("the first row names the columns, starting with 'value'"))
                }
                if Set(cells).count != cells.count { throw ChoiceListProblem(line: n, tr("a column is named twice")) }
                header = cells
                columns.label = cells.firstIndex(of: "label_" + Language.current.rawValue) ?? cells.firstIndex(of: "label")
                columns.aliases = cells.firstIndex(of: "aliases")
                columns.parent = cells.firstIndex(of: "parent")
                columns.extras = cells.indices.filter {
                    $0 > 0 && ![columns.label, columns.aliases, columns.parent].contains($0) && !ChoiceTable.isLabel(cells[$0])
                }
                continue
            }
            guard cells.count == names.count else {
                throw ChoiceListProblem(line: n, tr("\(cells.count) cells; the header has \(names.count) columns"))
            }
            try guardCount(rows.count, line: n)
            rows.append(ChoiceRow(
                line: n, value: cells[0], label: columns.label.map { cells[$0] } ?? "",
                aliases: columns.aliases.map { cells[$0].utf8.split(separator: UInt8(ascii: "|")).map { String(decoding: $0, as: UTF8.self) } } ?? [],
                parent: columns.parent.map { cells[$0] }, extras: columns.extras.map { cells[$0] }))
        }
        guard let names = header else { throw ChoiceListProblem(line: 0, tr("no header row and no choices")) }
        return try ChoiceList(rows: rows, extraColumns: columns.extras.map { names[$0] })
    }

    /// Whether a column is a label (`label`, or `label_` and a language code): never an extra.
    static func isLabel(_ column: String) -> Bool {
        column == "label" || (column.hasPrefix("label_") && Language(rawValue: String(column.dropFirst(6))) != nil)
    }

    /// `--choices`: one choice per line, `value` or `value<TAB>label`; blank lines and `#` lines are skipped.
    public static func parsePairs(_ text: String) throws(ChoiceListProblem) -> ChoiceList {
        var rows: [ChoiceRow] = []
        for (n, line) in lines(of: text) {
            let cells = line.split(separator: 0x09, maxSplits: 1, omittingEmptySubsequences: false)
                .map { String(decoding: $0, as: UTF8.self) }
            try guardCount(rows.count, line: n)
            if cells.count == 2, cells[1].contains("\t") {
                throw ChoiceListProblem(line: n, tr("a line is value<TAB>label; this one has more cells"))
            }
            rows.append(ChoiceRow(line: n, value: cells[0], label: cells.count > 1 ? cells[1] : ""))
        }
        guard !rows.isEmpty else { throw ChoiceListProblem(line: 0, tr("no choices")) }
        return try ChoiceList(rows: rows)
    }

    /// Numbered lines that are neither blank nor `#` comments, as UTF-8; LF or CRLF ends a line. Split as bytes:
    /// walking a data file by Character (grapheme breaking over its flags and Chinese names) was most of a picker's
    /// start-up.
    private static func lines(of text: String) -> [(Int, ArraySlice<UInt8>)] {
        let bytes = text.utf8.withContiguousStorageIfAvailable { Array($0) } ?? Array(text.utf8)
        var out: [(Int, ArraySlice<UInt8>)] = []
        let pieces = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        for (i, piece) in pieces.enumerated() {
            // A CR ends a line only before its LF (a CR at the very end stays, and is refused as a control).
            let line = piece.last == 0x0D && i < pieces.count - 1 ? piece.dropLast() : piece
            if line.isEmpty || line.first == UInt8(ascii: "#") { continue }
            out.append((i + 1, line))
        }
        return out
    }

    private static func guardCount(_ count: Int, line: Int) throws(ChoiceListProblem) {
        if count >= ChoiceList.maxChoices { throw ChoiceListProblem(line: line, tr("more than \(ChoiceList.maxChoices) choices")) }
    }
}
