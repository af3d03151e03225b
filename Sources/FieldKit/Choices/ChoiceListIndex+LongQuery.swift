import CXXHash
import Synchronization

extension ChoiceListIndex {
    /// The rows a query of four bytes or more (`needle`, lower-cased UTF-8) finds, best first, found as they are
    /// read: the whole names at once, then each rank's rows in row order, a walk that stops once the picker's
    /// screenful is known; nil for a shorter needle.
    public func walked(_ needle: [UInt8]) -> ChoiceMatches? {
        guard needle.count >= 4 else { return nil }
        return ChoiceMatches(walking: LongQueryWalk(self, needle: needle))
    }

    /// The rows one of whose names is `needle`, ascending: those of the needle's hash among `nameHashes`, each
    /// checked against its names (two names may share a hash).
    func wholeNameRows(_ needle: [UInt8]) -> [Int] {
        let hash = needle.withUnsafeBytes { fl_xxh3_64($0.baseAddress, $0.count, 0) }
        func entry(_ k: Int) -> UInt64 { UInt64(nameHashes[3 * k]) << 32 | UInt64(nameHashes[3 * k + 1]) }
        var low = 0, high = nameHashes.count / 3
        while low < high {
            let mid = (low + high) / 2
            if entry(mid) < hash { low = mid + 1 } else { high = mid }
        }
        var found: [Int] = []
        while low < nameHashes.count / 3, entry(low) == hash {
            let row = Int(nameHashes[3 * low + 2])
            if found.last != row, bestRank(of: row, for: needle) == 0 { found.append(row) }
            low += 1
        }
        return found
    }

    /// The best rank any name of `row` gives `needle` (`ChoiceList.rank`: 0 whole name to 3 inside, 4 none); 4 for a
    /// row past the list, which only a damaged image that passed its checksum could name.
    func bestRank(of row: Int, for needle: [UInt8]) -> Int {
        guard row < rows else { return 4 }
        var best = 4
        needle.withUnsafeBufferPointer { q in
            for term in Int(rowTerms[row])..<Int(rowTerms[row + 1]) {
                let r = ChoiceList.rank(of: q, in: UnsafeBufferPointer(rebasing: termBytes[Int(termStarts[term])..<Int(termStarts[term + 1])]))
                if r < best { best = r; if r == 0 { break } }
            }
        }
        return best
    }
}

/// A four-or-more-byte query's matches, found as far as they have been asked for. A row's rank for the query is no
/// better than its rank for the query's first three-byte run, so rank c's rows are among that run's rows of rank c or
/// better: each rank is walked in row order over the smallest of those and every other run's rows, a row kept when
/// every other list holds it (galloping) and its names give it rank c exactly. Whole names come from their hashes.
final class LongQueryWalk: Sendable {
    /// How many candidate rows a query's first answer reads, beyond its screenful, to learn its count exactly.
    static let exactWithin = 256

    private let index: ChoiceListIndex
    private let needle: [UInt8]
    /// The first run's ranked ranges.
    private let firstRun: [Range<Int>]
    /// Every other distinct run's ranked ranges.
    private let otherRuns: [[Range<Int>]]
    private let progress: Mutex<Progress>

    /// How far the walk has gone.
    private struct Progress: Sendable {
        /// The rows found, best first.
        var found: [Int] = []
        /// The rank being walked, 1 to 3; 4 once every rank is done.
        var rank = 0
        /// The list walked (its ranges) and where each range is.
        var driver: [Range<Int>] = []
        var driverAt: [Int] = []
        /// The lists each row is looked for in, and where each of their ranges is.
        var checks: [[Range<Int>]] = []
        var checkAt: [[Int]] = []
        /// Candidate rows read so far.
        var read = 0
    }

    init(_ index: ChoiceListIndex, needle: [UInt8]) {
        self.index = index
        self.needle = needle
        var runs: [[Range<Int>]] = [], keys: [UInt32] = []
        for k in 0...(needle.count - 3) {
            let key = ChoiceListIndex.shortKey(needle, from: k, count: 3)
            guard !keys.contains(key) else { continue }
            keys.append(key)
            runs.append(index.shortRanked(needle, from: k, count: 3))
        }
        firstRun = runs[0]
        otherRuns = Array(runs.dropFirst())
        var progress = Progress()
        // A run no row holds: nothing to walk (the first run's ranges empty mark every rank done).
        if !runs.contains(where: \.isEmpty) { progress.found = index.wholeNameRows(needle) }
        self.progress = Mutex(progress)
        self.progress.withLock { p in
            if runs.contains(where: \.isEmpty) { p.rank = 4 } else { begin(1, &p) }
        }
    }

    /// Rows found so far.
    var known: Int { progress.withLock { $0.found.count } }
    /// Whether every match is found.
    var isEnded: Bool { progress.withLock { $0.rank == 4 } }
    /// Candidate rows read so far.
    var read: Int { progress.withLock { $0.read } }

    /// The row at `place`, found if need be; nil past the last match.
    func row(at place: Int) -> Int? {
        progress.withLock { p in
            while p.found.count <= place && p.rank < 4 { step(&p) }
            return place < p.found.count ? p.found[place] : nil
        }
    }

    /// Walks until `places` rows are known (or every match is), then on while fewer than `exactWithin` candidates
    /// are read, so a query matching few rows is counted exactly.
    func settle(knowing places: Int) {
        progress.withLock { p in
            while p.rank < 4 && (p.found.count < places || p.read < LongQueryWalk.exactWithin) { step(&p) }
        }
    }

    /// The rows found so far.
    var rows: [Int] { progress.withLock { $0.found } }

    /// Starts walking rank `rank` (or ends the walk past 3): over the smallest of the first run's ranges up to that
    /// rank and the other runs' rows, each looked for in the rest.
    private func begin(_ rank: Int, _ p: inout Progress) {
        p.rank = rank
        guard rank < 4 else { return }
        var lists = [Array(firstRun[0...rank])] + otherRuns
        func size(_ ranges: [Range<Int>]) -> Int { ranges.reduce(0) { $0 + $1.count } }
        let smallest = lists.indices.min { size(lists[$0]) < size(lists[$1]) }!
        p.driver = lists.remove(at: smallest)
        p.driverAt = p.driver.map(\.lowerBound)
        p.checks = lists
        p.checkAt = lists.map { $0.map(\.lowerBound) }
    }

    /// Reads the walked list's next row: kept if every other list holds it and it ranks as the rank walked; the
    /// next rank begun when the list is done.
    private func step(_ p: inout Progress) {
        let shortRows = index.shortRows
        var best = -1, row = UInt32.max
        for r in p.driver.indices where p.driverAt[r] < p.driver[r].upperBound && shortRows[p.driverAt[r]] < row {
            best = r
            row = shortRows[p.driverAt[r]]
        }
        guard best >= 0 else { return begin(p.rank + 1, &p) }
        p.driverAt[best] += 1
        p.read += 1
        for c in p.checks.indices {
            var held = false
            for r in p.checks[c].indices where p.checkAt[c][r] < p.checks[c][r].upperBound {
                p.checkAt[c][r] = index.firstPlace(notBelow: row, from: p.checkAt[c][r], before: p.checks[c][r].upperBound)
                if p.checkAt[c][r] < p.checks[c][r].upperBound && shortRows[p.checkAt[c][r]] == row { held = true; break }
            }
            guard held else { return }
        }
        if index.bestRank(of: Int(row), for: needle) == p.rank { p.found.append(Int(row)) }
    }
}
