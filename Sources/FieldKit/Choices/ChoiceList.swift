import Synchronization

/// A choice list's lookup tables: each choice's lower-cased search terms and every lower-cased name's choices.
final class ChoiceSearchIndex: Sendable {
    /// Each choice's search terms, lower-cased UTF-8: label, value, aliases.
    let terms: [[[UInt8]]]
    /// Lower-cased value, label and alias → the choices that have it.
    let exact: [String: [Int]]

    init(_ choices: [Choice]) {
        var exact: [String: [Int]] = [:]
        var terms: [[[UInt8]]] = []
        terms.reserveCapacity(choices.count)
        for (i, choice) in choices.enumerated() {
            var mine: [[UInt8]] = []
            func add(_ name: String) {
                let lower = ChoiceSearchIndex.lowered(name)
                let bytes = Array(lower.utf8)
                if !mine.contains(bytes) { mine.append(bytes) }
                ChoiceSearchIndex.appendOnce(i, to: &exact[lower, default: []])
            }
            add(choice.label)
            add(choice.value)
            for alias in choice.aliases { add(alias) }
            terms.append(mine)
        }
        self.terms = terms
        self.exact = exact
    }

    /// A name as the index keys it: lower-cased, as `lowercased()` does. Names of ASCII, CJK ideographs, kana and
    /// their punctuation (U+3000-U+9FFF) and emoji and symbols (U+1F000-U+1FFFF: flags) are lowered from their
    /// bytes, as only their ASCII capitals have a lower case; anything else goes through Unicode's mapping, which
    /// for the few thousand names of a list was most of building its index.
    static func lowered(_ name: String) -> String {
        var capitals = false
        var utf8 = name.utf8.makeIterator()
        while let byte = utf8.next() {
            if byte < 0x80 {
                if byte >= 0x41 && byte <= 0x5A { capitals = true }
                continue
            }
            if byte >= 0xE3 && byte <= 0xE9 { _ = utf8.next(); _ = utf8.next(); continue }
            if byte == 0xF0, utf8.next() == 0x9F { _ = utf8.next(); _ = utf8.next(); continue }
            return name.lowercased()
        }
        guard capitals else { return name }
        return String(decoding: name.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
    }

    /// Whether `lowered(name) == lower`, compared byte by byte with no string made while the name is of the kinds
    /// `lowered` reads from bytes (a difference there is a difference in the lowered names, as those bytes lower
    /// the same whatever follows them).
    static func lowers(_ name: String, to lower: String) -> Bool {
        var a = name.utf8.makeIterator(), b = lower.utf8.makeIterator()
        var following = 0  // continuation bytes of a caseless scalar, compared as they are
        while let byte = a.next() {
            var expected = byte
            if following > 0 {
                following -= 1
            } else if byte < 0x80 {
                if byte >= 0x41 && byte <= 0x5A { expected = byte + 0x20 }
            } else if byte >= 0xE3 && byte <= 0xE9 {
                following = 2
            } else if byte == 0xF0 {
                guard a.next() == 0x9F else { return name.lowercased() == lower }
                guard b.next() == 0xF0 else { return false }
                expected = 0x9F
                following = 2
            } else {
                return name.lowercased() == lower
            }
            guard b.next() == expected else { return false }
        }
        return b.next() == nil
    }

    /// The choices one of whose names is `lower` (lower-cased as `lowered` does), each once, in order: the index's
    /// answer found by reading every name once, for a single look-up (`ask --value 北京市`) that an index of every
    /// name would cost far more than.
    static func scan(_ choices: [Choice], for lower: String) -> [Int] {
        var found: [Int] = []
        for (i, choice) in choices.enumerated() {
            if lowers(choice.label, to: lower) || lowers(choice.value, to: lower) || choice.aliases.contains(where: { lowers($0, to: lower) }) {
                found.append(i)
            }
        }
        return found
    }

    /// Appends `i` unless it is already last (one look-up of the name, through the dictionary's in-place access).
    private static func appendOnce(_ i: Int, to list: inout [Int]) {
        if list.last != i { list.append(i) }
    }
}

/// One entry of a choice list: the value written out, the label shown, other names it is found by, and any extra
/// columns (`--output json` writes them).
public struct Choice: Sendable, Equatable {
    /// Equal in value, label, aliases, extras and parent.
    public static func == (a: Choice, b: Choice) -> Bool {
        a.value == b.value && a.label == b.label && a.aliases == b.aliases && a.parent == b.parent && a.extras == b.extras
    }

    /// What is printed or stored when it is chosen (`DE`, `440300`).
    public let value: String
    /// What the list shows (`🇩🇪 Germany 德国 +49`, `深圳市`).
    public let label: String
    /// Other names that find it and identify it in `check` (`deu`, `276`, `Germany`, `德国`, `shenzhen`, `sz`).
    public let aliases: [String]
    /// Extra columns of its row, by name.
    public var extras: [String: String] {
        guard let extraTable else { return [:] }
        return Dictionary(zip(extraTable.columns, extraTable.cells(of: row)), uniquingKeysWith: { a, _ in a })
    }
    /// The list's extra columns and cells (one table shared by every choice) and this choice's row in it: a
    /// dictionary per choice, made for every row of a list at start-up, was read only by `--output json`.
    let extraTable: ChoiceExtras?
    let row: Int
    /// The choice it is under (a city's province), as an index into the list.
    public let parent: Int?
}

/// A field's list of choices, possibly in levels (provinces, then each one's cities): what is matched against
/// the typed query and what `check` identifies a line with. Built once when the keymap is loaded.
/// A class, immutable once made: a field's kind holds it and every key of a choice field reads it, and a struct of
/// seven tables would be copied (a reference counted for each) wherever the kind is switched on.
public final class ChoiceList: Sendable {
    /// Every choice, in file order.
    public let choices: [Choice]
    /// The choices without a parent, in order: the first level.
    public let roots: [Int]
    /// Each choice's children, in order (empty for a leaf).
    public let children: [[Int]]
    /// The extra columns' names, in file order.
    public let extraColumns: [String]
    /// Each choice's search terms, lower-cased UTF-8: label, value, aliases (for filtering).
    var terms: [[[UInt8]]] { searchIndex.terms }
    /// Lower-cased value, label and alias → the choices that have it (for `check`).
    var exact: [String: [Int]] { searchIndex.exact }
    /// Whole-name look-ups answered without the index so far: the first is a scan of the names (a single
    /// `ask --value`), the index is built from the second on (`check` of a file looks up every line).
    private let scannedLookups = Atomic<Int>(0)

    /// The choices one of whose names is `text` (case-insensitive), each once, in order.
    func choices(named text: String) -> [Int] {
        let lower = ChoiceSearchIndex.lowered(text)
        if builtIndex.value == nil, scannedLookups.add(1, ordering: .relaxed).newValue == 1 {
            return ChoiceSearchIndex.scan(choices, for: lower)
        }
        return exact[lower] ?? []
    }
    /// The terms and names, made the first time a query or a whole name is looked up: lower-casing every name of
    /// a list of thousands was a large part of a picker's start-up, and `ask … --value` of a value needs none.
    private let builtIndex = LazyReference<ChoiceSearchIndex>()
    private var searchIndex: ChoiceSearchIndex {
        if let index = builtIndex.value { return index }
        return builtIndex.storeIfNil(ChoiceSearchIndex(choices))
    }
    /// Value → its choice (values are unique).
    public let byValue: [String: Int]
    /// A search's list, fetched again by its owner for every query (saved records found at a form's Ctrl-R): a
    /// query it does not match stands, as the next list may match it, and the line shows the query alone (the
    /// candidates, each a whole record, are listed below it).
    public let isSearch: Bool

    /// Most rows a list may have, and most bytes in one cell, aliases per choice and levels: keeps a hostile file
    /// from costing unbounded memory or time.
    public static let maxChoices = 100_000
    /// Most bytes in one cell of a choice list.
    public static let maxCellBytes = 1_000
    /// Most aliases one choice may have.
    public static let maxAliases = 64
    /// Most levels of choices under choices (province, city, district, …).
    public static let maxDepth = 8

    /// The choices a level offers: the first level for an empty path, else the children of its last choice.
    public func level(under path: [Int]) -> [Int] {
        guard let last = path.last else { return roots }
        return children.indices.contains(last) ? children[last] : []
    }

    /// The labels from the first level down to `index`, joined with `-` (`广东省-深圳市`).
    public func path(to index: Int) -> String {
        var labels: [String] = []
        var at: Int? = index
        while let i = at, labels.count <= ChoiceList.maxDepth {
            labels.append(choices[i].label)
            at = choices[i].parent
        }
        return labels.reversed().joined(separator: "-")
    }

    /// A list of rows (each a value, a label, aliases, a parent's value and extra cells), checked: unique non-empty
    /// values, parents that exist, no cycles, no control characters, the size limits.
    public convenience init(rows: [ChoiceRow], extraColumns: [String] = [], isSearch: Bool = false) throws(ChoiceListProblem) {
        try self.init(rows: rows, extras: ChoiceExtras(columns: extraColumns, cells: rows.map(\.extras)), isSearch: isSearch,
                      cellsChecked: false, cellProblem: nil)
    }

    /// `init(rows:extraColumns:)` of rows whose cells a data file's reader has checked already, on their bytes:
    /// `cellProblem` is the first row with a cell too long or holding a control, reported where the checks here
    /// would have found it.
    convenience init(rows: [ChoiceRow], extras: ChoiceExtras, checkedCells cellProblem: (row: Int, problem: ChoiceListProblem)?) throws(ChoiceListProblem) {
        try self.init(rows: rows, extras: extras, isSearch: false, cellsChecked: true, cellProblem: cellProblem)
    }

    private init(rows: [ChoiceRow], extras: ChoiceExtras, isSearch: Bool, cellsChecked: Bool,
                 cellProblem: (row: Int, problem: ChoiceListProblem)?) throws(ChoiceListProblem) {
        guard rows.count <= ChoiceList.maxChoices else {
            throw ChoiceListProblem(line: rows[ChoiceList.maxChoices].line, tr("more than \(ChoiceList.maxChoices) choices"))
        }
        var position: [String: Int] = [:]
        for (i, row) in rows.enumerated() {
            if let cellProblem, cellProblem.row == i { throw cellProblem.problem }
            for cell in cellsChecked ? [] : [row.value, row.label, row.parent ?? ""] + row.aliases + row.extras {
                if cell.utf8.count > ChoiceList.maxCellBytes {
                    throw ChoiceListProblem(line: row.line, tr("a cell is longer than \(ChoiceList.maxCellBytes) bytes"))
                }
                if ControlCharacters.contains(in: cell) {
                    throw ChoiceListProblem(line: row.line, tr("a cell holds a control character: \(ControlCharacters.escaped(cell))"))
                }
            }
            guard !row.value.isEmpty else { throw ChoiceListProblem(line: row.line, tr("a choice needs a value")) }
            guard row.aliases.count <= ChoiceList.maxAliases else {
                throw ChoiceListProblem(line: row.line, tr("more than \(ChoiceList.maxAliases) aliases"))
            }
            if position[row.value] != nil {
                throw ChoiceListProblem(line: row.line, tr("the value '\(ControlCharacters.escaped(row.value))' is there twice"))
            }
            position[row.value] = i
        }
        var choices: [Choice] = []
        choices.reserveCapacity(rows.count)
        var children = [[Int]](repeating: [], count: rows.count)
        var roots: [Int] = []
        for (i, row) in rows.enumerated() {
            var parent: Int?
            if let name = row.parent, !name.isEmpty {
                guard let p = position[name] else {
                    throw ChoiceListProblem(line: row.line, tr("the parent '\(ControlCharacters.escaped(name))' is not a value of the list"))
                }
                parent = p
                children[p].append(i)
            } else {
                roots.append(i)
            }
            choices.append(Choice(value: row.value, label: row.label.isEmpty ? row.value : row.label,
                                  aliases: row.aliases, extraTable: extras.columns.isEmpty ? nil : extras, row: i, parent: parent))
        }
        // Every choice must reach a root within the depth limit (a cycle never does).
        for (i, row) in rows.enumerated() {
            var at = choices[i].parent, depth = 1
            while let p = at {
                depth += 1
                guard depth <= ChoiceList.maxDepth else {
                    throw ChoiceListProblem(line: row.line, tr("the parents go deeper than \(ChoiceList.maxDepth) levels, or round in a circle"))
                }
                at = choices[p].parent
            }
        }
        self.choices = choices
        self.roots = roots
        self.children = children
        self.extraColumns = extras.columns
        self.byValue = position
        self.isSearch = isSearch
    }
}

/// One row of a choice list as read from a file, before it is checked.
public struct ChoiceRow: Sendable {
    /// The line it came from (1-based), for messages.
    public var line: Int
    /// The value cell.
    public var value: String
    /// The label cell (the value when empty).
    public var label: String
    /// The alias cells.
    public var aliases: [String]
    /// The parent's value, if any.
    public var parent: String?
    /// The extra cells, in the order of the list's extra columns.
    public var extras: [String]

    /// A row.
    public init(line: Int, value: String, label: String = "", aliases: [String] = [], parent: String? = nil, extras: [String] = []) {
        self.line = line
        self.value = value
        self.label = label
        self.aliases = aliases
        self.parent = parent
        self.extras = extras
    }
}

/// Why a choice list was refused, and the line it is about.
public struct ChoiceListProblem: Error, Sendable, Equatable {
    /// The 1-based line (0 when the problem is not about one line).
    public let line: Int
    /// One sentence.
    public let message: String

    /// A problem at a line.
    public init(line: Int, _ message: String) {
        self.line = line
        self.message = message
    }
}
