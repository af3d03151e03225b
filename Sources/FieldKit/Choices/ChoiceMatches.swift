/// The choices a query finds, best first: a list of rows, a list index's ranked rows for a one- to three-byte query
/// read where they lie, or a longer query's rows found as they are read (`ChoiceListIndex.walked`), so a key that
/// matches half a million rows costs what the picker shows of them (a screenful and the count), not a copy of them
/// all. A walked list knows only the rows read so far: its `count` is those, exact once `isExact`. A ranked or
/// walked list whose index turns out damaged as its rows are read answers from then on with the rows found row by row
/// (`rescued`), so a damaged block never shows a wrong row.
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
    /// The same matches found row by row, for when the index they are read from turns out damaged.
    private var rescue: MatchesRescue?

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

    /// These matches, answered by `find`'s rows (the same, found row by row) once their index is found damaged.
    func rescued(by find: @escaping @Sendable () -> [Int]) -> ChoiceMatches {
        var rescued = self
        rescued.rescue = MatchesRescue(find)
        return rescued
    }

    /// The rows found row by row, when the index these matches are read from has been found damaged.
    private var rescuedRows: [Int]? {
        guard let rescue else { return nil }
        switch storage {
        case .rows: return nil
        case .ranked(let index, _): return index.isDamaged ? rescue.rows : nil
        case .walked(let walk): return walk.isDamaged ? rescue.rows : nil
        }
    }

    /// How many choices were found (so far, for a walk not yet ended).
    public var count: Int {
        if let rows = rescuedRows { return rows.count }
        if case .walked(let walk) = storage { return walk.known }
        return fixedCount
    }

    /// Whether `count` is every choice the query finds (false while a walk has more rows to read: `N+`).
    public var isExact: Bool {
        if case .walked(let walk) = storage, rescuedRows == nil { return walk.isEnded }
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
        if case .walked(let walk) = storage {
            _ = walk.row(at: Int.max - 1)
            return rescuedRows ?? walk.rows
        }
        return Array(self)
    }

    /// The first place.
    public var startIndex: Int { 0 }
    /// Past the last place found.
    public var endIndex: Int { count }

    /// The choice at `place`: read from the index, then, if that read (or an earlier one) found the index damaged,
    /// from the rows found row by row.
    public subscript(place: Int) -> Int {
        switch storage {
        case .rows(let rows):
            return rows[place]
        case .ranked(let index, let ranges):
            var at = place
            for range in ranges {
                if at < range.count {
                    let row = index.shortRow(at: range.lowerBound + at)
                    return rescuedRows?[place] ?? row
                }
                at -= range.count
            }
            if let rows = rescuedRows { return rows[place] }
            preconditionFailure("place \(place) past the matches")
        case .walked(let walk):
            let row = walk.row(at: place)
            if let rows = rescuedRows { return rows[place] }
            guard let row else { preconditionFailure("place \(place) past the matches") }
            return row
        }
    }

    /// The same choices in the same order.
    public static func == (a: ChoiceMatches, b: ChoiceMatches) -> Bool { a.elementsEqual(b) }
}

/// A query's matches found row by row, made the first time they are asked for: what a ranked or walked list of
/// matches answers once the index it reads is found damaged.
final class MatchesRescue: Sendable {
    private let find: @Sendable () -> [Int]
    private let found = LazyReference<FoundRows>()

    /// The rescue of a query whose rows `find` finds row by row.
    init(_ find: @escaping @Sendable () -> [Int]) { self.find = find }

    /// The rows, found the first time.
    var rows: [Int] { found.value?.rows ?? found.storeIfNil(FoundRows(find())).rows }

    /// Rows kept behind a reference, as `LazyReference` holds objects.
    private final class FoundRows: Sendable {
        let rows: [Int]
        init(_ rows: [Int]) { self.rows = rows }
    }
}
