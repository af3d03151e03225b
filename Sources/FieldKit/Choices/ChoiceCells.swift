/// A choice list's rows kept where they lie: one UTF-8 text and, for each row, the byte ranges of its value, label
/// and aliases, made strings only when a choice is shown, searched or returned. A picker's data file has hundreds
/// of rows of half a dozen names each, and making every one a string was most of the picker's start-up.
final class ChoiceCells: Sendable {
    /// The text the ranges are in: a data file's own (an embedded file's literal, not copied), or the cells of
    /// rows given as strings, one after another.
    private let text: String
    /// Six offsets a row: its value's, label's and aliases cell's start and end.
    private let bounds: [Int]
    /// What separates the aliases in an aliases cell: `|` in a data file; for rows given as strings a control
    /// byte, which no cell may hold (so such an alias may hold a `|`). Empty aliases are none.
    private let aliasSeparator: UInt8
    /// Each row's parent row, -1 for none.
    private let parents: [Int]
    /// The extra columns and their cells, nil when the list has none.
    let extras: ChoiceExtras?
    /// Value → row.
    private let values: ChoiceValueIndex

    /// The separator of aliases joined from strings: the ASCII unit separator, a control character.
    static let joinedAliasSeparator: UInt8 = 0x1F

    init(text: String, bounds: [Int], aliasSeparator: UInt8, parents: [Int], extras: ChoiceExtras?, values: ChoiceValueIndex) {
        self.text = text
        self.bounds = bounds
        self.aliasSeparator = aliasSeparator
        self.parents = parents
        self.extras = extras
        self.values = values
    }

    /// How many rows.
    var count: Int { parents.count }

    /// The text's bytes. A list's text is made contiguous before its ranges are taken, so the copy is never made.
    @inline(__always)
    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }

    /// The string of bytes `start..<end`.
    private func string(_ start: Int, _ end: Int) -> String {
        withBytes { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self) }
    }

    /// Row `row`'s value.
    func value(_ row: Int) -> String { string(bounds[row * 6], bounds[row * 6 + 1]) }

    /// Row `row`'s label: its value when the label is empty.
    func label(_ row: Int) -> String {
        let b = row * 6
        return bounds[b + 2] == bounds[b + 3] ? string(bounds[b], bounds[b + 1]) : string(bounds[b + 2], bounds[b + 3])
    }

    /// Row `row`'s aliases, in order.
    func aliases(_ row: Int) -> [String] {
        withBytes { bytes in
            var aliases: [String] = []
            forEachAlias(row, in: bytes) { aliases.append(String(decoding: $0, as: UTF8.self)) }
            return aliases
        }
    }

    /// Row `row`'s parent row.
    func parent(_ row: Int) -> Int? {
        let p = parents[row]
        return p < 0 ? nil : p
    }

    /// Row `row`'s value bytes within `bytes` (the text's).
    @inline(__always)
    func valueBytes(_ row: Int, in bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[bounds[row * 6] ..< bounds[row * 6 + 1]])
    }

    /// Calls `body` with each non-empty alias of row `row`, as bytes within `bytes` (the text's).
    @inline(__always)
    func forEachAlias(_ row: Int, in bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let cell = bounds[row * 6 + 4] ..< bounds[row * 6 + 5]
        var start = cell.lowerBound
        ByteFinder.forEach(aliasSeparator, in: bytes, cell) { at in
            if at > start { body(UnsafeBufferPointer(rebasing: bytes[start..<at])) }
            start = at + 1
        }
        if cell.upperBound > start { body(UnsafeBufferPointer(rebasing: bytes[start..<cell.upperBound])) }
    }

    /// Calls `body` with each name of row `row` as bytes within `bytes` (the text's): its label (its value when
    /// the label is empty), value and aliases, in that order.
    @inline(__always)
    func forEachName(_ row: Int, in bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let b = row * 6
        let value = UnsafeBufferPointer(rebasing: bytes[bounds[b] ..< bounds[b + 1]])
        body(bounds[b + 2] == bounds[b + 3] ? value : UnsafeBufferPointer(rebasing: bytes[bounds[b + 2] ..< bounds[b + 3]]))
        body(value)
        forEachAlias(row, in: bytes, body)
    }

    /// The row whose value is `value` (byte for byte).
    func row(ofValue value: String) -> Int? {
        var value = value
        return value.withUTF8 { key in
            withBytes { bytes in values.row(of: key) { valueBytes($0, in: bytes) } }
        }
    }
}

/// One entry of a choice list: the value written out, the label shown, other names it is found by, and any extra
/// columns (`--output json` writes them). Made when asked for, its strings read from the list's text then.
public struct Choice: Sendable, Equatable {
    /// Equal in value, label, aliases, extras and parent.
    public static func == (a: Choice, b: Choice) -> Bool {
        a.value == b.value && a.label == b.label && a.aliases == b.aliases && a.parent == b.parent && a.extras == b.extras
    }

    /// The list's rows, and this choice's row among them.
    let cells: ChoiceCells
    let row: Int

    /// What is printed or stored when it is chosen (`DE`, `440300`).
    public var value: String { cells.value(row) }
    /// What the list shows (`🇩🇪 Germany 德国 +49`, `深圳市`).
    public var label: String { cells.label(row) }
    /// Other names that find it and identify it in `check` (`deu`, `276`, `Germany`, `德国`, `shenzhen`, `sz`).
    public var aliases: [String] { cells.aliases(row) }
    /// Extra columns of its row, by name.
    public var extras: [String: String] {
        guard let table = cells.extras else { return [:] }
        return Dictionary(zip(table.columns, table.cells(of: row)), uniquingKeysWith: { a, _ in a })
    }
    /// The choice it is under (a city's province), as an index into the list.
    public var parent: Int? { cells.parent(row) }
}

/// Every choice of a list, in file order: each made when read (no array of every choice built at start-up).
public struct Choices: RandomAccessCollection, Sendable, Equatable {
    /// Equal choice by choice.
    public static func == (a: Choices, b: Choices) -> Bool { a.elementsEqual(b) }

    let cells: ChoiceCells

    /// 0.
    public var startIndex: Int { 0 }
    /// The number of choices.
    public var endIndex: Int { cells.count }
    /// The choice at `position`.
    public subscript(position: Int) -> Choice { Choice(cells: cells, row: position) }
}
