import FieldKit

/// The cells of a list file a form's choices come from (`choices: {file: sites.csv, …}`): CSV (RFC 4180 quoting,
/// a quoted cell on one line) or, for a `.tsv` file, TAB-separated cells without quoting. The first line names the
/// columns. Read from untrusted files, so bounded as keymap data files are: the file's size (`ChoiceFile.maxBytes`),
/// each line's length, the columns, each cell's size and characters, the rows (`ChoiceList.maxChoices`); each
/// problem is placed at its line and column (in characters).
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
        var header: [String]?
        var rows: [(line: Int, cells: [String])] = []
        var number = 0
        for line in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            var bytes = line
            if bytes.last == 0x0D { bytes = bytes.dropLast() }
            if bytes.isEmpty { continue }
            guard bytes.count <= ListFileTable.maxLineBytes else {
                throw Problem(line: number, column: 1, message: tr("a line is longer than \(ListFileTable.maxLineBytes) bytes"))
            }
            let cells = try ListFileTable.cells(Array(bytes), line: number, tabs: tabs)
            guard let names = header else {
                guard cells.count <= ListFileTable.maxColumns else {
                    throw Problem(line: number, column: 1, message: tr("more than \(ListFileTable.maxColumns) columns"))
                }
                for (k, name) in cells.enumerated() {
                    if name.text.isEmpty { throw Problem(line: number, column: name.column, message: tr("column \(k + 1) has no name")) }
                    if cells[..<k].contains(where: { $0.text == name.text }) {
                        throw Problem(line: number, column: name.column, message: tr("the column '\(ControlCharacters.escaped(name.text))' is named twice"))
                    }
                }
                header = cells.map(\.text)
                continue
            }
            guard cells.count == names.count else {
                let column = cells.count > names.count ? cells[names.count].column : ListFileTable.characters(in: Array(bytes)) + 1
                throw Problem(line: number, column: column, message: tr("\(cells.count) cells; the header has \(names.count) columns"))
            }
            guard rows.count < ChoiceList.maxChoices else {
                throw Problem(line: number, column: 1, message: tr("more than \(ChoiceList.maxChoices) choices"))
            }
            rows.append((number, cells.map(\.text)))
        }
        guard let names = header else { throw Problem(line: 1, column: 1, message: tr("no header row and no choices")) }
        columns = names
        self.rows = rows
    }

    /// The cells of one line, each with the column (in characters) it starts at.
    private static func cells(_ bytes: [UInt8], line: Int, tabs: Bool) throws(Problem) -> [(text: String, column: Int)] {
        let separator: UInt8 = tabs ? 0x09 : UInt8(ascii: ",")
        let quote = UInt8(ascii: "\"")
        var cells: [(text: String, column: Int)] = []
        var i = 0
        var characters = 0  // characters before `i`
        func advance() {
            if bytes[i] & 0xC0 != 0x80 { characters += 1 }
            i += 1
        }
        while true {
            let start = characters + 1
            var cell: [UInt8] = []
            if !tabs, i < bytes.count, bytes[i] == quote {
                advance()
                while true {
                    guard i < bytes.count else {
                        throw Problem(line: line, column: start, message: tr("a quote opened here is not closed on its line"))
                    }
                    if bytes[i] == quote {
                        advance()
                        if i < bytes.count, bytes[i] == quote { cell.append(quote); advance(); continue }
                        break
                    }
                    cell.append(bytes[i])
                    advance()
                }
                if i < bytes.count, bytes[i] != separator {
                    throw Problem(line: line, column: characters + 1, message: tr("text after the closing quote of a cell"))
                }
            } else {
                while i < bytes.count, bytes[i] != separator {
                    if !tabs, bytes[i] == quote {
                        throw Problem(line: line, column: characters + 1, message: tr("a quote inside a cell that does not start with one (quote the whole cell and double its quotes)"))
                    }
                    cell.append(bytes[i])
                    advance()
                }
            }
            guard cells.count < maxColumns else {
                throw Problem(line: line, column: start, message: tr("more than \(maxColumns) columns"))
            }
            guard cell.count <= ChoiceList.maxCellBytes else {
                throw Problem(line: line, column: start, message: tr("a cell is longer than \(ChoiceList.maxCellBytes) bytes"))
            }
            let text = String(decoding: cell, as: UTF8.self)
            if ControlCharacters.contains(in: text) {
                throw Problem(line: line, column: start, message: tr("a cell holds a control character: \(ControlCharacters.escaped(text))"))
            }
            cells.append((text, start))
            guard i < bytes.count else { break }
            advance()  // the separator
        }
        return cells
    }

    /// The characters (Unicode scalars) in UTF-8 `bytes`.
    private static func characters(in bytes: [UInt8]) -> Int { bytes.reduce(0) { $1 & 0xC0 != 0x80 ? $0 + 1 : $0 } }
}
