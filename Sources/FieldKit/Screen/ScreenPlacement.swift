/// Where written text lands on a terminal row by row: characters go left to right and wrap at the width, and a
/// character wider than the room left on its row goes whole to the next row (the cell left behind stays blank),
/// as terminals place it. A position at a row's end means "after the last cell", the next character's row decides.
struct ScreenPlacement: Equatable {
    /// The terminal's width in columns (at least 1).
    let width: Int
    /// The row, from the first row written.
    private(set) var row = 0
    /// Columns used on the row (`width` after its last cell, before the next character wraps).
    private(set) var column = 0

    /// A placement at the start of a row.
    init(width: Int) { self.width = max(width, 1) }

    /// After one character `cells` columns wide (0 for one that joins the one before).
    mutating func advance(_ cells: Int) {
        guard cells > 0 else { return }
        if column + cells > width { row += 1; column = 0 }
        column += min(cells, width)
    }

    /// After every character of `text`.
    mutating func advance(over text: String) {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return advanceASCII(text.utf8.count) }
        var run = DisplayWidth.Run()
        for character in text { advance(run.columns(of: character)) }
    }

    /// After `count` printable ASCII characters: arithmetic, no walk.
    mutating func advanceASCII(_ count: Int) {
        guard count > 0 else { return }
        if column == width { row += 1; column = 0 }
        let end = column + count
        row += (end - 1) / width
        column = (end - 1) % width + 1
    }

    /// The cell the next character would go to when it is one column wide: the next row's first after a full row.
    var nextCell: (row: Int, column: Int) { column == width ? (row + 1, 0) : (row, column) }

    /// The cell a character `cells` columns wide would start in.
    func cell(for cells: Int) -> (row: Int, column: Int) {
        cells > 0 && column + cells > width ? (row + 1, 0) : nextCell
    }
}

extension ScreenPlacement {
    /// Where the cursor and the line's end fall for `prompt` followed by `text` (UTF-8) with the cursor after
    /// `cursor` of its Characters: the cursor's cell and the end's placement.
    static func field(prompt: String, text: [UInt8], cursor: Int, width: Int) -> (cursor: (row: Int, column: Int), end: ScreenPlacement) {
        var place = ScreenPlacement(width: width)
        place.advance(over: prompt)
        if text.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            var before = place
            before.advanceASCII(min(max(cursor, 0), text.count))
            place.advanceASCII(text.count)
            return (before.nextCell, place)
        }
        // The cursor stands where the character after it goes: a wide one that does not fit goes to the next row.
        var at: (row: Int, column: Int)?
        var index = 0
        var run = DisplayWidth.Run()
        for character in String(decoding: text, as: UTF8.self) {
            let cells = run.columns(of: character)
            if index == cursor { at = place.cell(for: cells) }
            place.advance(cells)
            index += 1
        }
        return (at ?? place.nextCell, place)
    }

    /// The cell after `prompt` alone.
    static func start(after prompt: String, width: Int) -> (row: Int, column: Int) {
        var place = ScreenPlacement(width: width)
        place.advance(over: prompt)
        return place.nextCell
    }

    /// How many rows a line of `text` takes (one at least), written from a row's start.
    static func rows(of text: String, width: Int) -> Int {
        var place = ScreenPlacement(width: width)
        place.advance(over: text)
        return place.row + 1
    }
}
