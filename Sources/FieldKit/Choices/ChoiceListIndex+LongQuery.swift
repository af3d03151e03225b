import CXXHash
import Synchronization

extension ChoiceListIndex {
    /// The rows a query of four bytes or more (`needle`, lower-cased UTF-8) finds, best first, found as they are
    /// read: the whole names at once, then each rank's rows in row order, a walk that stops once the picker's
    /// screenful is known; nil for a shorter needle. Ranks 1 and 2 are picked from the word starts when they are
    /// at most `startsWithin`, else walked too.
    public func walked(_ needle: [UInt8], startsWithin: Int = ChoiceListIndex.wordStartsPickedWithin) -> ChoiceMatches? {
        guard needle.count >= 4 else { return nil }
        let last = lastWalk.withLock { $0 }
        let walk: LongQueryWalk
        if let last, needle.starts(with: last.needle), let rows = last.everyMatch, rows.count <= LongQueryWalk.narrowedWithin {
            // A row the longer query finds holds the shorter one: only the last query's matches are ranked.
            walk = LongQueryWalk(self, needle: needle, among: rows)
        } else {
            walk = LongQueryWalk(self, needle: needle, startsWithin: startsWithin)
        }
        let matches = ChoiceMatches(walking: walk)
        lastWalk.withLock { $0 = walk }
        return matches
    }

    /// Most word starts a long query's ranks 1 and 2 are picked from (each pick is a pass over them); past it they
    /// are walked, as such a query's best rows are many.
    public static let wordStartsPickedWithin = 8_192

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

/// A four-or-more-byte query's matches, found as far as they have been asked for. Whole names come from their hashes.
/// Names and words starting with the query are one range of the index's word starts: when it is not too large,
/// ranks 1 and 2 are its rows, picked a few dozen at a time in row order. Otherwise, and for rank 3: a row's rank
/// for the query is no better than its rank for the query's first three-byte run, so rank c's rows are among that
/// run's rows of rank c or better: each rank is walked in row order over the smallest of those and every other run's rows, a row kept when
/// the next smallest list holds it (galloping) and its names give it rank c exactly. When another run's rows are the
/// smallest, every rank left is the same walk: one pass sorts its rows by rank, and ends them all.
final class LongQueryWalk: Sendable {
    /// How many candidate rows a query's first answer reads, beyond its screenful, to learn its count exactly.
    static let exactWithin = 64
    /// How many of the last query's matches the next key ranks instead of walking afresh (more cost more to rank
    /// than a fresh walk's first screenful from the word starts).
    static let narrowedWithin = 64
    /// How many rows of a rank one pass over the word starts picks.
    static let pickedAtOnce = 16

    private let index: ChoiceListIndex
    /// Whether the index walked has been found damaged: rows found since may be missing.
    var isDamaged: Bool { index.isDamaged }
    /// The query's lower-cased UTF-8.
    let needle: [UInt8]
    /// Each distinct three-byte run's ranked ranges, the first run's first.
    private let runs: [[Range<Int>]]
    private let progress: Mutex<Progress>

    /// How far the walk has gone.
    private struct Progress {
        /// The rows found, best first.
        var found: [Int] = []
        /// The rank being walked, 1 to 3; 4 once every rank is done.
        var rank = 0
        /// The lists of this rank, the walked one first, end to end as ranges of `shortRows`: each range's next
        /// place and end, and each list's first range (lists + 1 entries).
        var at: [Int] = []
        var ends: [Int] = []
        var listStarts: [Int] = []
        /// Whether the walk is one pass for every rank left (its rows of a later rank kept in `later`).
        var everyRank = false
        /// The rows of ranks 2 and 3 a pass for every rank has found.
        var later: [[Int]] = [[], []]
        /// Candidate rows read so far.
        var read = 0
        /// The query's word starts when ranks 1 and 2 are picked from them; nil when every rank is walked.
        var starts: Range<Int>?
        /// The rank's rows picked from `starts` (ascending, and whether no row of the rank lies past them), the
        /// next to read at `pickedAt`.
        var picked = PickedRows()
        var pickedAt = 0
        /// Rank 2's first rows, picked in the pass that picked rank 1's.
        var pickedNext: PickedRows?

        /// Whether a rank's rows are picked and more are left than picked: its count cannot be known soon.
        var isCutShort: Bool {
            starts != nil && rank < 3 && (!picked.all || pickedNext?.all == false)
        }
    }

    init(_ index: ChoiceListIndex, needle: [UInt8], startsWithin: Int) {
        self.index = index
        self.needle = needle
        var runs: [[Range<Int>]] = [], keys: [UInt32] = [], held = true
        for k in 0...(needle.count - 3) {
            let key = ChoiceListIndex.shortKey(needle, from: k, count: 3)
            guard !keys.contains(key) else { continue }
            keys.append(key)
            let ranges = index.shortRanked(needle, from: k, count: 3)
            if ranges.isEmpty { held = false }
            runs.append(ranges)
        }
        self.runs = runs
        var progress = Progress()
        // A run no row holds: nothing to walk.
        if held { progress.found = index.wholeNameRows(needle) } else { progress.rank = 4 }
        self.progress = Mutex(progress)
        guard held else { return }
        let starts = index.wordStarts(of: needle)
        if starts.count > startsWithin {
            self.progress.withLock { begin(1, &$0) }
            return
        }
        let picks = index.pickStartRows(starts, aboveNames: -1, aboveWords: -1, most: LongQueryWalk.pickedAtOnce)
        self.progress.withLock { p in
            p.starts = starts
            p.rank = 1
            p.picked = picks.names
            p.pickedNext = picks.words
        }
    }

    /// The rows of `among` (every match of a query `needle` extends) that `needle` finds, ranked at once.
    init(_ index: ChoiceListIndex, needle: [UInt8], among: [Int]) {
        self.index = index
        self.needle = needle
        runs = []
        var ranked: [[Int]] = [[], [], [], []]
        for row in among.sorted() {
            let rank = index.bestRank(of: row, for: needle)
            if rank < 4 { ranked[rank].append(row) }
        }
        var progress = Progress()
        progress.found = ranked[0] + ranked[1] + ranked[2] + ranked[3]
        progress.rank = 4
        progress.read = among.count
        self.progress = Mutex(progress)
    }

    /// Every match, when the walk has found them all.
    var everyMatch: [Int]? { progress.withLock { $0.rank == 4 ? $0.found : nil } }

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
    /// are read, so a query matching few rows is counted exactly (not when picked rows are left unread).
    func settle(knowing places: Int) {
        progress.withLock { p in
            while p.rank < 4 && (p.found.count < places || (p.read < LongQueryWalk.exactWithin && !p.isCutShort)) { step(&p) }
        }
    }

    /// The rows found so far.
    var rows: [Int] { progress.withLock { $0.found } }

    /// Reads the rank's next picked row, kept if its names give it that rank; picks the next rows when those are
    /// read, and goes on to rank 2, then to walking rank 3, when the rank has no more.
    private func stepPicked(_ starts: Range<Int>, _ p: inout Progress) {
        guard p.pickedAt < p.picked.rows.count else {
            if !p.picked.all, let last = p.picked.rows.last {
                let picks = index.pickStartRows(starts, aboveNames: p.rank == 1 ? last : nil, aboveWords: p.rank == 2 ? last : nil,
                                                most: LongQueryWalk.pickedAtOnce)
                p.picked = p.rank == 1 ? picks.names : picks.words
                p.pickedAt = 0
            } else if p.rank == 1, let next = p.pickedNext {
                p.rank = 2
                p.picked = next
                p.pickedAt = 0
                p.pickedNext = nil
            } else {
                begin(3, &p)
            }
            return
        }
        let row = p.picked.rows[p.pickedAt]
        p.pickedAt += 1
        p.read += 1
        if index.bestRank(of: row, for: needle) == p.rank { p.found.append(row) }
    }

    /// Starts walking rank `rank` (or ends the walk past 3): over the smallest of the first run's ranges up to that
    /// rank and the other runs' rows, each looked for in the rest.
    private func begin(_ rank: Int, _ p: inout Progress) {
        if p.everyRank {
            // The pass is done: every rank's rows are known, in row order within each.
            p.found += p.later[0] + p.later[1]
            p.later = [[], []]
            p.rank = 4
            return
        }
        p.rank = rank
        guard rank < 4 else { return }
        var lists: [[Range<Int>]] = [[]], sizes = [0]
        for r in 0...rank { lists[0].append(runs[0][r]); sizes[0] += runs[0][r].count }
        for run in runs.dropFirst() {
            lists.append(run)
            sizes.append(run[3].upperBound - run[0].lowerBound)
        }
        var smallest = 0
        for k in sizes.indices where sizes[k] < sizes[smallest] { smallest = k }
        if smallest > 0 && rank < 3 {
            // The walked list is the same for every rank left: the first run's rows of any rank are looked in.
            p.everyRank = true
            lists[0] = runs[0]
            sizes[0] = runs[0][3].upperBound - runs[0][0].lowerBound
        }
        lists.swapAt(0, smallest)
        sizes.swapAt(0, smallest)
        // Only the smallest other list is looked in: ranking a row's names costs less than galloping through
        // every other run's four ranges, and rejects what they would.
        if let next = lists.indices.dropFirst().min(by: { sizes[$0] < sizes[$1] }) { lists = [lists[0], lists[next]] }
        p.at = []
        p.ends = []
        p.listStarts = [0]
        for list in lists {
            for range in list { p.at.append(range.lowerBound); p.ends.append(range.upperBound) }
            p.listStarts.append(p.at.count)
        }
    }

    /// Reads the walked list's next row: kept if every other list holds it and it ranks as the rank walked; the
    /// next rank begun when the list is done.
    private func step(_ p: inout Progress) {
        if let starts = p.starts, p.rank < 3 { return stepPicked(starts, &p) }
        let shortRows = index.shortRows, ends = p.ends, listStarts = p.listStarts
        // The row read, -1 when the walked list is done, -2 when another list lacks it.
        let read: Int = p.at.withUnsafeMutableBufferPointer { at in
            var best = -1, row = UInt32.max
            for r in 0..<listStarts[1] where at[r] < ends[r] && shortRows[at[r]] < row {
                best = r
                row = shortRows[at[r]]
            }
            guard best >= 0 else { return -1 }
            at[best] += 1
            for list in 1..<(listStarts.count - 1) {
                var held = false
                for r in listStarts[list]..<listStarts[list + 1] where at[r] < ends[r] {
                    at[r] = index.firstPlace(notBelow: row, from: at[r], before: ends[r])
                    if at[r] < ends[r] && shortRows[at[r]] == row { held = true; break }
                }
                if !held { return -2 }
            }
            return Int(row)
        }
        if read == -1 { return begin(p.rank + 1, &p) }
        p.read += 1
        guard read >= 0 else { return }
        let rank = index.bestRank(of: read, for: needle)
        if rank == p.rank {
            p.found.append(read)
        } else if p.everyRank && rank > p.rank && rank < 4 {
            p.later[rank - 2].append(read)
        }
    }
}
