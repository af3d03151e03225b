/// The choices a query finds, best first: a list of rows, a list index's ranked rows for a one- to three-byte query
/// read where they lie, or a longer query's rows found as they are read (`ChoiceListIndex.walked`), so a key that
/// matches half a million rows costs what the picker shows of them (a screenful and the count), not a copy of them
/// all. A walked list knows only the rows read so far: its `count` is those, exact once `isExact`.
public struct ChoiceMatches: RandomAccessCollection, Sendable, Equatable {
    private enum Storage: Sendable {
        case rows([Int])
        /// The index and its rows' positions in rank order, one range a rank.
        case ranked(ChoiceListIndex, [Range<Int>])
        /// A long query's walk, as far as it has gone.
        case walked(LongQueryWalk)
    }

    private let storage: Storage
    /// How many choices a list of rows or ranked rows holds.
    private let fixedCount: Int

    /// The rows given, in their order.
    public init(_ rows: [Int]) {
        storage = .rows(rows)
        fixedCount = rows.count
    }

    /// `index`'s rows at `ranges` of its ranked rows, in order.
    init(_ index: ChoiceListIndex, ranked ranges: [Range<Int>]) {
        storage = .ranked(index, ranges)
        fixedCount = ranges.reduce(0) { $0 + $1.count }
    }

    /// The rows `walk` finds, a screenful of them found now and the rest when they are reached.
    init(walking walk: LongQueryWalk) {
        walk.settle(knowing: ChoiceMatches.screenful)
        storage = .walked(walk)
        fixedCount = 0
    }

    /// How many rows a walk finds before its list is first shown: more than a picker's window.
    static let screenful = 8

    /// How many choices were found (so far, for a walk not yet ended).
    public var count: Int {
        if case .walked(let walk) = storage { return walk.known }
        return fixedCount
    }

    /// Whether `count` is every choice the query finds (false while a walk has more rows to read: `N+`).
    public var isExact: Bool {
        if case .walked(let walk) = storage { return walk.isEnded }
        return true
    }

    /// How many candidate rows a walk has read so far (0 for other lists): what finding its matches cost.
    public var rowsRead: Int {
        if case .walked(let walk) = storage { return walk.read }
        return 0
    }

    /// Finds the choices up to `place` (and `screenful` past it), where a walk has not yet: moving on through the
    /// list walks on.
    public func reach(_ place: Int) {
        if case .walked(let walk) = storage { _ = walk.row(at: place + ChoiceMatches.screenful) }
    }

    /// Every choice, the walk read to its end.
    public var all: [Int] {
        if case .walked(let walk) = storage { _ = walk.row(at: Int.max - 1); return walk.rows }
        return Array(self)
    }

    /// The first place.
    public var startIndex: Int { 0 }
    /// Past the last place found.
    public var endIndex: Int { count }

    /// The choice at `place`.
    public subscript(place: Int) -> Int {
        switch storage {
        case .rows(let rows):
            return rows[place]
        case .ranked(let index, let ranges):
            var at = place
            for range in ranges {
                if at < range.count { return index.shortRow(at: range.lowerBound + at) }
                at -= range.count
            }
            preconditionFailure("place \(place) past the matches")
        case .walked(let walk):
            guard let row = walk.row(at: place) else { preconditionFailure("place \(place) past the matches") }
            return row
        }
    }

    /// The same choices in the same order.
    public static func == (a: ChoiceMatches, b: ChoiceMatches) -> Bool { a.elementsEqual(b) }
}
