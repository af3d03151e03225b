import FieldKit

/// The cells of a list file a form's choices come from (`choices: {file: sites.csv, …}`): CSV read by `CSVReader`, as
/// an import reads it (a byte-order mark skipped, RFC 4180 quoting, CRLF), or, for a `.tsv` file, TAB-separated
/// cells without quoting. The first line names the columns. Read from untrusted files, so bounded as keymap data
/// files are: the file's size (`ChoiceFile.maxBytes`), each line's length, the columns, each cell's size and
/// characters (a line break in a quoted cell is refused where its quote opens), the rows (`ChoiceList.maxChoices`);
/// each problem is placed at its line and column (in characters).
struct ListFileTable {
    /// The longest line read, in bytes: 64 columns of 1,000 bytes fit, a runaway line does not.
    static let maxLineBytes = 65_536
    /// The most columns a list file may have.
    static let maxColumns = 64

    /// The header's column names.
    let columns: [String]
    /// Each row's cells (as many as the header has), with its line number.
    let rows: [(line: Int, cells: [String])]

    /// Why a list file cannot be read, and where (line and column 1-based; column in characters).
    struct Problem: Error {
        let line: Int
        let column: Int
        let message: String
    }

    /// The table in `text`; `tabs` for a TSV file. Blank lines are skipped.
    init(_ text: String, tabs: Bool) throws(Problem) {
        let bytes = Array(text.utf8)
        var reader = CSVReader(limit: ListFileTable.maxLineBytes, separator: tabs ? 0x09 : UInt8(ascii: ","), quoting: !tabs, locating: true)
        var header: [String]?
        var rows: [(line: Int, cells: [String])] = []
        func take(_ event: CSVReader.Event) throws(Problem) {
            let record: CSVRecord, number: Int
            switch event {
            case .refused(let problem): throw ListFileTable.problem(problem, in: bytes)
            case .record(let r, let line): (record, number) = (r, line)
            }
            if record.count == 1 && record[0].isEmpty { return }
            func place(_ index: Int) -> (line: Int, column: Int) { ListFileTable.place(record.starts[index], in: bytes) }
            func problem(_ index: Int, _ message: String) -> Problem {
                let (line, column) = place(index)
                return Problem(line: line, column: column, message: message)
            }
            var cells: [String] = []
            cells.reserveCapacity(record.count)
            for index in record.indices {
                let cell = record[index]
                guard index < ListFileTable.maxColumns else { throw problem(index, tr("more than \(ListFileTable.maxColumns) columns")) }
                // Only a quoted cell holds a line break; a choice shows on one line.
                guard !cell.contains(0x0A) else { throw problem(index, tr("a quote opened here is not closed on its line")) }
                guard cell.count <= ChoiceList.maxCellBytes else {
                    throw problem(index, tr("a cell is longer than \(ChoiceList.maxCellBytes) bytes"))
                }
                let text = String(decoding: cell, as: UTF8.self)
                if ControlCharacters.contains(in: text) {
                    throw problem(index, tr("a cell holds a control character: \(ControlCharacters.escaped(text))"))
                }
                cells.append(text)
            }
            guard let names = header else {
                for (k, name) in cells.enumerated() {
                    if name.isEmpty { throw problem(k, tr("column \(k + 1) has no name")) }
                    if cells[..<k].contains(name) {
                        throw problem(k, tr("the column '\(ControlCharacters.escaped(name))' is named twice"))
                    }
                }
                header = cells
                return
            }
            guard cells.count == names.count else {
                let message = tr("\(cells.count) cells; the header has \(names.count) columns")
                guard cells.count < names.count else { throw problem(names.count, message) }
                let (line, column) = ListFileTable.lineEnd(after: record.starts[cells.count - 1], in: bytes)
                throw Problem(line: line, column: column, message: message)
            }
            guard rows.count < ChoiceList.maxChoices else {
                throw Problem(line: number, column: 1, message: tr("more than \(ChoiceList.maxChoices) choices"))
            }
            rows.append((number, cells))
        }
        try bytes.withUnsafeBufferPointer { (all) throws(Problem) in
            try reader.feed(all, take)
            try reader.finish(take)
        }
        guard let names = header else { throw Problem(line: 1, column: 1, message: tr("no header row and no choices")) }
        columns = names
        self.rows = rows
    }

    /// A record the reader refused, in the list file's words, at its place.
    private static func problem(_ problem: CSVProblem, in bytes: [UInt8]) -> Problem {
        let (line, column) = place(problem.offset ?? 0, in: bytes)
        switch problem.kind {
        case .quoteInUnquoted:
            return Problem(line: line, column: column, message: tr("a quote inside a cell that does not start with one (quote the whole cell and double its quotes)"))
        case .textAfterQuote:
            return Problem(line: line, column: column, message: tr("text after the closing quote of a cell"))
        case .unclosedQuote, .quoteOpenAtLineEnd, .tooLong(_, _?):
            return Problem(line: line, column: column, message: tr("a quote opened here is not closed on its line"))
        case .tooLong(_, nil):
            return Problem(line: line, column: 1, message: tr("a line is longer than \(ListFileTable.maxLineBytes) bytes"))
        }
    }

    /// The line and column (in characters, a byte-order mark not counted) of byte `offset` of `bytes`.
    private static func place(_ offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        let before = bytes[..<min(offset, bytes.count)]
        let line = 1 + before.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
        var lineStart = (before.lastIndex(of: 0x0A) ?? -1) + 1
        if lineStart == 0, bytes.starts(with: CSVReader.byteOrderMark) { lineStart = CSVReader.byteOrderMark.count }
        let characters = bytes[lineStart..<before.endIndex].reduce(0) { $1 & 0xC0 != 0x80 ? $0 + 1 : $0 }
        return (line, characters + 1)
    }

    /// The place just past the end of the line byte `offset` is on (its line end not counted).
    private static func lineEnd(after offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var end = bytes[offset...].firstIndex(of: 0x0A) ?? bytes.endIndex
        if end > offset, bytes[end - 1] == 0x0D { end -= 1 }
        return place(end, in: bytes)
    }
}
