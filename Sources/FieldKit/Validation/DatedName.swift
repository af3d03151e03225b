/// One name a GB/T 2260 code has had, with the years it was in force (both included).
struct DatedName: Sendable, Equatable {
    /// The first year it was in force; `openStart` when the source gives none.
    let first: Int
    /// The last year it was in force; `openEnd` when it still is.
    let last: Int
    /// The name.
    let name: String

    /// The first year of a name in force since before the records; far from any birth year, yet free of overflow.
    static let openStart = -1_000_000
    /// The last year of a name still in force.
    static let openEnd = 1_000_000

    /// How many years `year` lies outside the years the name was in force: 0 when it was in force then. A range
    /// whose last year comes before its first (the source has `[1983-1982]`) is never at 0.
    func distance(from year: Int) -> Int { Swift.max(0, first - year, year - last) }

    /// The names of one table cell: `[FIRST-LAST]NAME` joined by commas, either year left out when open, or one
    /// bare name in force in every year.
    static func parse(_ cell: Substring) -> [DatedName] {
        cell.split(separator: ",").map { part in
            guard part.first == "[", let dash = part.firstIndex(of: "-"), let close = part.firstIndex(of: "]") else {
                return DatedName(first: openStart, last: openEnd, name: String(part))
            }
            let first = Int(part[part.index(after: part.startIndex)..<dash]) ?? openStart
            let last = Int(part[part.index(after: dash)..<close]) ?? openEnd
            return DatedName(first: first, last: last, name: String(part[part.index(after: close)...]))
        }
    }

    /// The name for someone born in `year`: the first listed of the names nearest that year. So it is the one in
    /// force that year when there is one, as python-stdnum's `get_birth_place` picks it; when none was (born
    /// before the code existed or after it was retired), the one in force nearest the birth year, where stdnum
    /// refuses the ID: the code still says where the number was registered.
    static func choose(_ names: [DatedName], bornIn year: Int) -> String {
        var best: DatedName?
        var bestDistance = Int.max
        for candidate in names {
            let distance = candidate.distance(from: year)
            if distance < bestDistance { (best, bestDistance) = (candidate, distance) }
            if distance == 0 { break }
        }
        return best?.name ?? ""
    }
}
