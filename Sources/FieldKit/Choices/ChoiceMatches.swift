/// The choices a query finds, best first: a list of rows, or a list index's ranked rows for a one- to three-byte
/// query read where they lie, so a key that matches half a million rows costs what the picker shows of them (a
/// screenful and the count), not a copy of them all.
public struct ChoiceMatches: RandomAccessCollection, Sendable, Equatable {
    private enum Storage: Sendable {
        case rows([Int])
        /// The index and its rows' positions in rank order, one range a rank.
        case ranked(ChoiceListIndex, [Range<Int>])
    }

    private let storage: Storage
    /// How many choices were found.
    public let count: Int

    /// The rows given, in their order.
    public init(_ rows: [Int]) {
        storage = .rows(rows)
        count = rows.count
    }

    /// `index`'s rows at `ranges` of its ranked rows, in order.
    init(_ index: ChoiceListIndex, ranked ranges: [Range<Int>]) {
        storage = .ranked(index, ranges)
        count = ranges.reduce(0) { $0 + $1.count }
    }

    /// The first place.
    public var startIndex: Int { 0 }
    /// Past the last place.
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
        }
    }

    /// The same choices in the same order.
    public static func == (a: ChoiceMatches, b: ChoiceMatches) -> Bool { a.elementsEqual(b) }
}
