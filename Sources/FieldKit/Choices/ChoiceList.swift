import Synchronization

/// A field's list of choices, possibly in levels (provinces, then each one's cities): what is matched against
/// the typed query and what `check` identifies a line with. Built once when the keymap is loaded.
/// A class, immutable once made: a field's kind holds it and every key of a choice field reads it, and a struct of
/// seven tables would be copied (a reference counted for each) wherever the kind is switched on.
public final class ChoiceList: Sendable {
    /// Every choice, in file order (each read from the list's text when asked for).
    public let choices: Choices
    /// The choices without a parent, in order: the first level.
    public let roots: [Int]
    /// Each choice's children, in order (empty for a leaf).
    public let children: [[Int]]
    /// The extra columns' names, in file order.
    public let extraColumns: [String]
    /// A search's list, fetched again by its owner for every query (saved records found at a form's Ctrl-R): a
    /// query it does not match stands, as the next list may match it, and the line shows the query alone (the
    /// candidates, each a whole record, are listed below it).
    public let isSearch: Bool
    /// A search's list that holds only the first matches its owner fetched: more may follow (the counter says
    /// `n+`, and moving past the last candidate fetches the next ones).
    public let mayHaveMore: Bool

    /// Each choice's search terms, lower-cased UTF-8: label, value, aliases (for filtering).
    var terms: [[[UInt8]]] { builtTerms.value?.terms ?? builtTerms.storeIfNil(ChoiceTerms(choices.cells)).terms }
    /// Lower-cased value, label and alias → the choices that have it (for `check`).
    var exact: [String: [Int]] {
        builtNames.value?.exact ?? builtNames.storeIfNil(ChoiceNameIndex(builtTerms.value ?? builtTerms.storeIfNil(ChoiceTerms(choices.cells)))).exact
    }
    /// The terms, made from the names' bytes the first time a query is typed; the names' index, made from the
    /// terms once whole-name look-ups are more than `scannedLookupsMost`. Lower-casing every name of a list of
    /// thousands was a large part of a picker's start-up, and `ask … --value` needs neither.
    private let builtTerms = LazyReference<ChoiceTerms>()
    private let builtNames = LazyReference<ChoiceNameIndex>()
    /// A large list file's compiled search index (`ChoiceListIndex`), attached once it is read or built.
    let searchIndex = LazyReference<ChoiceListIndex>()
    /// Whole-name look-ups answered without the index so far: the first `scannedLookupsMost` are scans of the
    /// names (a single `ask --value`, whose path `广东-深圳` is three look-ups), the index is built from the next
    /// one on (`check` of a file looks up every line). A scan costs about a fortieth of building the index.
    private let scannedLookups = Atomic<Int>(0)
    static let scannedLookupsMost = 8

    /// The choices one of whose names is `text` (case-insensitive), each once, in order.
    func choices(named text: String) -> [Int] {
        let lower = ChoiceSearchIndex.lowered(text)
        if builtNames.value == nil, scannedLookups.add(1, ordering: .relaxed).newValue <= ChoiceList.scannedLookupsMost {
            return ChoiceSearchIndex.scan(choices.cells, for: lower)
        }
        return exact[lower] ?? []
    }

    /// The choice whose value is `value`, byte for byte (values are unique).
    public func index(ofValue value: String) -> Int? { choices.cells.row(ofValue: value) }

    /// Most rows a list may have, and most bytes in one cell, aliases per choice and levels: keeps a hostile file
    /// from costing unbounded memory or time.
    public static let maxChoices = 1_000_000
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
    /// Joined by hand: the generic `reversed().joined(separator:)` had the runtime look up its associated types by
    /// name the first time, a start-up cost paid in `ask region-cn --value`'s one call.
    public func path(to index: Int) -> String {
        var labels: [String] = []
        var at: Int? = index
        while let i = at, labels.count <= ChoiceList.maxDepth {
            labels.append(choices[i].label)
            at = choices[i].parent
        }
        var path = labels[labels.count - 1]
        for i in stride(from: labels.count - 2, through: 0, by: -1) {
            path += "-"
            path += labels[i]
        }
        return path
    }

    /// A list of rows (each a value, a label, aliases, a parent's value and extra cells), checked: unique non-empty
    /// values, parents that exist, no cycles, no control characters, the size limits. The cells are laid end to end
    /// in one text, read as a data file's are.
    public convenience init(rows: [ChoiceRow], extraColumns: [String] = [], isSearch: Bool = false,
                            mayHaveMore: Bool = false) throws(ChoiceListProblem) {
        guard rows.count <= ChoiceList.maxChoices else {
            throw ChoiceListProblem(line: rows[ChoiceList.maxChoices].line, tr("more than \(ChoiceList.maxChoices) choices"))
        }
        var draft = ChoiceListDraft(aliasSeparator: ChoiceCells.joinedAliasSeparator, rows: rows.count)
        var bytes: [UInt8] = []
        func put(_ cell: String) {
            draft.bounds.append(bytes.count)
            bytes.append(contentsOf: cell.utf8)
            draft.bounds.append(bytes.count)
        }
        for (i, row) in rows.enumerated() {
            if draft.cellProblem == nil, let problem = ChoiceList.cellProblem(row) { draft.cellProblem = (i, problem) }
            if draft.aliasProblem == nil && row.aliases.count > ChoiceList.maxAliases { draft.aliasProblem = i }
            put(row.value)
            put(row.label)
            draft.bounds.append(bytes.count)
            for (k, alias) in row.aliases.enumerated() {
                if k > 0 { bytes.append(ChoiceCells.joinedAliasSeparator) }
                bytes.append(contentsOf: alias.utf8)
            }
            draft.bounds.append(bytes.count)
            draft.parentBounds.append(bytes.count)
            bytes.append(contentsOf: (row.parent ?? "").utf8)
            draft.parentBounds.append(bytes.count)
            draft.lines.append(row.line)
        }
        draft.text = String(decoding: bytes, as: UTF8.self)
        draft.extras = extraColumns.isEmpty ? nil : ChoiceExtras(columns: extraColumns, cells: rows.map(\.extras))
        try self.init(draft, isSearch: isSearch, mayHaveMore: mayHaveMore)
    }

    /// Why a row given as strings cannot be read: a cell too long or holding a control character.
    /// The cells are checked where they lie, in that order: an array of them all cost a row an allocation.
    private static func cellProblem(_ row: ChoiceRow) -> ChoiceListProblem? {
        func problem(_ cell: String) -> ChoiceListProblem? {
            if cell.utf8.count > ChoiceList.maxCellBytes {
                return ChoiceListProblem(line: row.line, tr("a cell is longer than \(ChoiceList.maxCellBytes) bytes"))
            }
            if ControlCharacters.contains(in: cell) {
                return ChoiceListProblem(line: row.line, tr("a cell holds a control character: \(ControlCharacters.escaped(cell))"))
            }
            return nil
        }
        if let found = problem(row.value) ?? problem(row.label) ?? problem(row.parent ?? "") { return found }
        for cell in row.aliases { if let found = problem(cell) { return found } }
        for cell in row.extras { if let found = problem(cell) { return found } }
        return nil
    }

    /// A list of rows read into a draft (a data file's, or rows given as strings), checked: unique non-empty
    /// values, parents that exist, no cycles, the draft's cell and alias problems where each row's checks meet
    /// them. No string is made but for a message.
    init(_ draft: ChoiceListDraft, isSearch: Bool, mayHaveMore: Bool = false) throws(ChoiceListProblem) {
        var text = draft.text
        var links = ChoiceLinks(rows: draft.lines.count)
        if let problem = text.withUTF8({ ChoiceList.link(draft, $0, into: &links) }) { throw problem }
        let cells = ChoiceCells(text: text, bounds: draft.bounds, aliasSeparator: draft.aliasSeparator, parents: links.parents,
                                extras: draft.extras, values: links.values)
        self.choices = Choices(cells: cells)
        self.roots = links.roots
        self.children = links.children
        self.extraColumns = draft.extras?.columns ?? []
        self.isSearch = isSearch
        self.mayHaveMore = isSearch && mayHaveMore
    }

    /// A draft's rows checked (in file order: each row's own problems, then its value unique) and linked: the
    /// value index, each row's parent row, the roots and each row's children.
    /// The first problem found, or nil when `links` is filled in.
    private static func link(_ draft: ChoiceListDraft, _ bytes: UnsafeBufferPointer<UInt8>, into links: inout ChoiceLinks) -> ChoiceListProblem? {
        let count = draft.lines.count
        let bounds = draft.bounds
        func valueOf(_ row: Int) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[bounds[row * 6] ..< bounds[row * 6 + 1]]) }
        func text(_ cell: UnsafeBufferPointer<UInt8>) -> String { ControlCharacters.escaped(String(decoding: cell, as: UTF8.self)) }
        for row in 0..<count {
            if let cellProblem = draft.cellProblem, cellProblem.row == row { return cellProblem.problem }
            let value = valueOf(row)
            guard !value.isEmpty else { return ChoiceListProblem(line: draft.lines[row], tr("a choice needs a value")) }
            if draft.aliasProblem == row {
                return ChoiceListProblem(line: draft.lines[row], tr("more than \(ChoiceList.maxAliases) aliases"))
            }
            if links.values.insert(row, value, valueOf: valueOf) != nil {
                return ChoiceListProblem(line: draft.lines[row], tr("the value '\(text(value))' is there twice"))
            }
        }
        // Rows under one parent usually follow each other (a province's cities): the previous row's parent is
        // tried first, by its bytes, before the index is asked.
        var previous: (name: UnsafeBufferPointer<UInt8>, row: Int)?
        for row in 0..<count {
            let name = UnsafeBufferPointer(rebasing: bytes[draft.parentBounds[row * 2] ..< draft.parentBounds[row * 2 + 1]])
            if name.isEmpty { links.roots.append(row); continue }
            let parent: Int
            if let previous, ChoiceValueIndex.equal(previous.name, name) {
                parent = previous.row
            } else {
                guard let found = links.values.row(of: name, valueOf: valueOf) else {
                    return ChoiceListProblem(line: draft.lines[row], tr("the parent '\(text(name))' is not a value of the list"))
                }
                parent = found
                previous = (name, found)
            }
            links.parents[row] = parent
        }
        // Each parent's children in one allocation, counted first.
        var counts = [Int](repeating: 0, count: count)
        for parent in links.parents where parent >= 0 { counts[parent] += 1 }
        for parent in 0..<count where counts[parent] > 0 { links.children[parent].reserveCapacity(counts[parent]) }
        for row in 0..<count where links.parents[row] >= 0 { links.children[links.parents[row]].append(row) }
        // Every choice must reach a root within the depth limit (a cycle never does).
        for row in 0..<count {
            var at = links.parents[row], depth = 1
            while at >= 0 {
                depth += 1
                guard depth <= ChoiceList.maxDepth else {
                    return ChoiceListProblem(line: draft.lines[row], tr("the parents go deeper than \(ChoiceList.maxDepth) levels, or round in a circle"))
                }
                at = links.parents[at]
            }
        }
        return nil
    }
}

/// A list's rows linked: the value index, each row's parent row (-1 for none), the roots and each row's children.
struct ChoiceLinks {
    var values: ChoiceValueIndex
    var parents: [Int]
    var roots: [Int] = []
    var children: [[Int]]

    /// No links yet, for `rows` rows.
    init(rows: Int) {
        values = ChoiceValueIndex(rows: rows)
        parents = [Int](repeating: -1, count: rows)
        children = [[Int]](repeating: [], count: rows)
    }
}

/// A choice list as read, before its checks: one text, each row's cells as byte ranges of it (value, label and
/// aliases in `bounds`, six offsets a row; the parent's value in `parentBounds`, two a row, empty for none), the
/// rows' lines, and the first rows whose cells or aliases the reader found wrong (reported by the list's checks
/// in row order).
struct ChoiceListDraft {
    var text = ""
    let aliasSeparator: UInt8
    var bounds: [Int] = []
    var parentBounds: [Int] = []
    var lines: [Int] = []
    var cellProblem: (row: Int, problem: ChoiceListProblem)?
    var aliasProblem: Int?
    var extras: ChoiceExtras?

    /// An empty draft with room for `rows` rows.
    init(aliasSeparator: UInt8, rows: Int) {
        self.aliasSeparator = aliasSeparator
        reserve(rows: rows)
    }

    /// Room for `rows` rows.
    mutating func reserve(rows: Int) {
        bounds.reserveCapacity(rows * 6)
        parentBounds.reserveCapacity(rows * 2)
        lines.reserveCapacity(rows)
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
