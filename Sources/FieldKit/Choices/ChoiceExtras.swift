/// The extra columns of a choice list (`--output json` writes them) and every row's cells under them: given as
/// strings, or as byte ranges of a data file's text, made strings only when a choice's extras are asked for (a
/// picker's list has hundreds of rows, each with several extras nobody reads at start-up).
final class ChoiceExtras: Sendable {
    /// The extra columns' names, in file order.
    let columns: [String]
    /// Rows' cells given as strings; empty when they are byte ranges of `text`.
    private let cells: [[String]]
    /// The file's text and, row after row, each extra cell's byte range in it. Plain properties rather than an
    /// enum with two payloads: the enum's case is kept in spare bits of the array's pointer, which LeakSanitizer
    /// then no longer recognises (the fuzz targets reported the ranges as leaked).
    private let text: String
    private let ranges: [Range<Int>]

    /// Rows' cells given as strings (`ChoiceRow.extras`).
    init(columns: [String], cells: [[String]]) {
        self.columns = columns
        self.cells = cells
        text = ""
        ranges = []
    }

    /// Rows' cells as byte ranges of `text`, `columns.count` of them a row.
    init(columns: [String], text: String, ranges: [Range<Int>]) {
        self.columns = columns
        cells = []
        self.text = text
        self.ranges = ranges
    }

    /// The cells of row `row`, in column order.
    func cells(of row: Int) -> [String] {
        if ranges.isEmpty { return cells.indices.contains(row) ? cells[row] : [] }
        let width = columns.count
        guard width > 0, (row + 1) * width <= ranges.count else { return [] }
        var text = text
        return text.withUTF8 { bytes in
            ranges[row * width ..< (row + 1) * width].map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) }
        }
    }
}
