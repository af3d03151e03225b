#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A generated data file whose rows are sorted by one column (the region code, as scripts/gen-phone-metadata.py
/// writes them), read where it lies: a key's rows are found by a binary search over the file's bytes, and only they
/// are split into cells. Nothing is indexed or copied when the file is opened, so a phone field starts by reading
/// the few rows of its own region. `problems()` checks the order the search relies on (the tests read every
/// shipped file so).
final class SortedTableFile: Sendable {
    /// The file's text, its UTF-8 contiguous (read in place).
    private let text: String
    /// Column name → index, from the header row.
    let columns: [String: Int]
    /// The index of the column the rows are sorted by.
    private let keyColumn: Int
    /// Where the rows start: the byte after the header row.
    private let bodyStart: Int
    /// The line number of the header row (1-based), for the line numbers of rows.
    private let headerLine: Int

    /// Opens `text`: its comment lines, then a header row naming `key`; the problem `problem` at the header when
    /// the file has none.
    static func open(_ text: String, key: String, problem: String) -> Result<SortedTableFile, ChoiceListProblem> {
        var text = text
        // A no-op for native strings and literals: the bytes are read through one pointer from here on.
        text.makeContiguousUTF8()
        var found: (columns: [String: Int], end: Int, line: Int)?
        text.utf8.withContiguousStorageIfAvailable { buffer in
            var line = 0, start = 0
            while start < buffer.count {
                line += 1
                let end = SortedTableFile.lineEnd(buffer, from: start)
                defer { start = end + 1 }
                guard end > start, buffer[start] != UInt8(ascii: "#") else { continue }
                var columns: [String: Int] = [:]
                for (index, cell) in SortedTableFile.cells(buffer, start..<end).enumerated() {
                    let name = String(decoding: UnsafeBufferPointer(rebasing: buffer[cell]), as: UTF8.self)
                    // A name given twice is its first column's.
                    if columns[name] == nil { columns[name] = index }
                }
                found = (columns, min(end + 1, buffer.count), line)
                return
            }
        }
        guard let found, let keyColumn = found.columns[key] else {
            return .failure(ChoiceListProblem(line: found?.line ?? 1, problem))
        }
        return .success(SortedTableFile(text: text, columns: found.columns, keyColumn: keyColumn, bodyStart: found.end,
                                        headerLine: found.line))
    }

    private init(text: String, columns: [String: Int], keyColumn: Int, bodyStart: Int, headerLine: Int) {
        self.text = text
        self.columns = columns
        self.keyColumn = keyColumn
        self.bodyStart = bodyStart
        self.headerLine = headerLine
    }

    /// Runs `body` on the file's bytes (contiguous since `open`).
    private func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        // `open` made the text contiguous, so the fallback copy never runs; it keeps this total.
        text.utf8.withContiguousStorageIfAvailable(body) ?? Array(text.utf8).withUnsafeBufferPointer(body)
    }

    /// The byte after the last of a line that starts at `start` (its newline, or the end).
    private static func lineEnd(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = buffer.baseAddress, start < buffer.count else { return buffer.count }
        // memchr: rows hold long automata, and a byte loop would be most of a search.
        return memchr(base + start, 0x0A, buffer.count - start).map { UnsafePointer<UInt8>($0.assumingMemoryBound(to: UInt8.self)) - base } ?? buffer.count
    }

    /// The cell ranges of one line (TAB-separated).
    static func cells(_ buffer: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> [Range<Int>] {
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

    /// The range of cell `column` of one line, nil when the line has fewer cells.
    static func cell(_ buffer: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, column: Int) -> Range<Int>? {
        guard let base = buffer.baseAddress else { return nil }
        var start = line.lowerBound
        for _ in 0..<column {
            guard let tab = memchr(base + start, 0x09, line.upperBound - start) else { return nil }
            start = UnsafePointer<UInt8>(tab.assumingMemoryBound(to: UInt8.self)) - base + 1
        }
        let end = memchr(base + start, 0x09, line.upperBound - start).map { UnsafePointer<UInt8>($0.assumingMemoryBound(to: UInt8.self)) - base }
        return start..<(end ?? line.upperBound)
    }

    /// How the key cell of the line at `line` compares with `key`: negative when it sorts before it (byte order).
    private func compareKey(_ buffer: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, _ key: UnsafeBufferPointer<UInt8>) -> Int {
        let cell = SortedTableFile.cell(buffer, line, column: keyColumn) ?? line.lowerBound..<line.lowerBound
        let common = min(cell.count, key.count)
        if common > 0, let a = buffer.baseAddress, let b = key.baseAddress {
            let order = memcmp(a + cell.lowerBound, b, common)
            if order != 0 { return Int(order) }
        }
        return cell.count - key.count
    }

    /// Calls `body` with the byte offset and the cells, where they lie, of each row whose key is `key`, in file
    /// order (found by a binary search); `body` returns false to stop. The cells are valid only inside `body`.
    func withRows(of key: String, _ body: (Int, RowCells) -> Bool) {
        var key = key
        key.withUTF8 { key in
            withBytes { buffer in
                // The first row whose key is not below `key`: `low` and `high` are always at row starts.
                var low = bodyStart, high = buffer.count
                while low < high {
                    // The first row starting after the middle, or the one at `low` when none starts before `high`.
                    let middle = low + (high - low) / 2
                    var start = SortedTableFile.lineEnd(buffer, from: middle) + 1
                    if middle == low || start >= high { start = low }
                    let end = SortedTableFile.lineEnd(buffer, from: start)
                    if compareKey(buffer, start..<end, key) < 0 { low = min(end + 1, buffer.count) } else { high = start }
                }
                var start = low
                while start < buffer.count {
                    let end = SortedTableFile.lineEnd(buffer, from: start)
                    guard compareKey(buffer, start..<end, key) == 0,
                          body(start, RowCells(buffer: buffer, cells: SortedTableFile.cells(buffer, start..<end))) else { break }
                    start = end + 1
                }
            }
        }
    }

    /// Calls `body` with every row's byte offset and the cell ranges of `columns` (nil where a row stops before
    /// one; valid only during the call), in file order; `body` returns false to stop.
    func forEachRow(cells wanted: [Int], _ body: (UnsafeBufferPointer<UInt8>, Int, UnsafeBufferPointer<Range<Int>?>) -> Bool) {
        // One buffer of cells for all rows, and one walk from tab to tab up to the last column wanted, with no
        // closure or array made per row: the calling-code index reads three cells of every row of the regions file.
        let last = wanted.max() ?? -1
        // Column → its first place in `cells` (-1: not wanted); a column wanted twice is copied to its other places.
        var place = [Int](repeating: -1, count: last + 1)
        for (i, column) in wanted.enumerated().reversed() where column >= 0 { place[column] = i }
        let cells = UnsafeMutableBufferPointer<Range<Int>?>.allocate(capacity: wanted.count)
        cells.initialize(repeating: nil)
        defer { cells.deallocate() }
        withBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var start = bodyStart
            while start < buffer.count {
                let end = SortedTableFile.lineEnd(buffer, from: start)
                for i in cells.indices { cells[i] = nil }
                var cellStart = start, column = 0
                while column <= last {
                    let tab = memchr(base + cellStart, 0x09, end - cellStart).map { UnsafePointer<UInt8>($0.assumingMemoryBound(to: UInt8.self)) - base }
                    if place[column] >= 0 { cells[place[column]] = cellStart..<(tab ?? end) }
                    guard let tab else { break }
                    cellStart = tab + 1
                    column += 1
                }
                for (i, column) in wanted.enumerated() where column >= 0 && place[column] != i { cells[i] = cells[place[column]] }
                guard body(buffer, start, UnsafeBufferPointer(cells)) else { return }
                start = end + 1
            }
        }
    }

    /// Calls `body` with the cells `read` of every row whose cell `column` holds exactly `value`, in file order.
    /// Only that cell is found in rows that do not match (one memchr per tab before it).
    func forEachRow(where column: Int, is value: [UInt8], read: [Int], _ body: (UnsafeBufferPointer<UInt8>, [Range<Int>?]) -> Void) {
        withBytes { buffer in
            var start = bodyStart
            while start < buffer.count {
                let end = SortedTableFile.lineEnd(buffer, from: start)
                if let cell = SortedTableFile.cell(buffer, start..<end, column: column), cell.count == value.count,
                   buffer[cell].elementsEqual(value) {
                    body(buffer, read.map { $0 < 0 ? nil : SortedTableFile.cell(buffer, start..<end, column: $0) })
                }
                start = end + 1
            }
        }
    }

    /// The line number (1-based) of the row at byte `offset`, for a problem's position.
    func line(at offset: Int) -> Int {
        withBytes { buffer in
            var line = 1
            for byte in buffer[..<min(offset, buffer.count)] where byte == 0x0A { line += 1 }
            return line
        }
    }

    /// The first row that breaks what the search relies on: an empty or comment line among the rows, a row with
    /// no key (problem `problem`), or a key sorting before the one above it (`tr("rows are not sorted by …")`).
    func problem(_ problem: String) -> ChoiceListProblem? {
        var found: ChoiceListProblem?
        var previous: [UInt8]?
        var line = headerLine
        forEachRow(cells: [keyColumn]) { buffer, start, cells in
            line += 1
            guard let cell = cells[0], !cell.isEmpty, buffer[start] != UInt8(ascii: "#") else {
                found = ChoiceListProblem(line: line, problem)
                return false
            }
            let key = Array(buffer[cell])
            if let previous, previous.lexicographicallyPrecedes(key) == false, previous != key {
                found = ChoiceListProblem(line: line, tr("the rows are not sorted by region"))
                return false
            }
            previous = key
            return true
        }
        return found
    }
}

/// One row's cells where they lie in a table file's bytes, read by column index (valid only while the file's
/// bytes are lent: inside `SortedTableFile.withRows`).
struct RowCells {
    /// The whole file.
    let buffer: UnsafeBufferPointer<UInt8>
    /// Each cell's byte range, in column order.
    let cells: [Range<Int>]

    /// The bytes of the cell at `column`; nil for no column or a row that stops before it.
    func bytes(_ column: Int?) -> UnsafeBufferPointer<UInt8>? {
        guard let column, column < cells.count else { return nil }
        return UnsafeBufferPointer(rebasing: buffer[cells[column]])
    }

    /// The cell at `column` as text; nil for no column or a row that stops before it.
    func string(_ column: Int?) -> String? {
        bytes(column).map { String(decoding: $0, as: UTF8.self) }
    }
}
