import CXXHash
import Synchronization

/// A flat choice list's search terms compiled into one byte image (kept in the user's cache, `ListFileIndexCache`):
/// each row's lower-cased names, and for every one-, two- and three-byte run in them, the rows that hold it already
/// ranked (whole name, name start, word start, inside). A query of up to three bytes is answered from its ranked
/// rows without a look at any name; a longer one is matched only against the rows holding all its three-byte runs,
/// and one that extends the previous one only against the previous one's matches, or walked lazily in rank order as
/// the picker reads it (`walked`, with the whole names found by their hashes and the names and words starting with
/// it by a bisection of every word start); the answer is `ChoiceList.matches`' own, rank for rank.
/// Unchecked `Sendable`: its sections are read-only views of `memory`, which it holds and nothing writes.
public final class ChoiceListIndex: @unchecked Sendable {
    /// The image's bytes, which the sections below view (a copy, or a file mapped read-only).
    private let memory: ImageMemory
    /// The image's body checked block by block as it is read (`ImageBlocks`).
    private let blocks: ImageBlocks
    /// The rows the index covers (the list's choices, in file order).
    public let rows: Int
    /// Row → its first term (rows + 1 entries).
    let rowTerms: ImageWords
    /// Term → its first byte in `termBytes` (terms + 1 entries).
    let termStarts: ImageWords
    /// Every term's lower-cased UTF-8 bytes, end to end.
    let termBytes: ImageBytes
    /// The one-, two- and three-byte runs found, ascending (`shortKey`).
    private let shortKeys: ImageWords
    /// Short run → the first of its rows in `shortRows` for each rank, 0 to 3 (4 × runs + 1 entries).
    private let shortStarts: ImageWords
    /// Each short run's rows by rank (the best rank a name of the row gives it), ascending within a rank.
    let shortRows: ImageWords
    /// Every name's XXH3-64 and row, three words an entry (hash's high word, low word, row), ascending: a whole
    /// name's rows by bisection.
    let nameHashes: ImageWords
    /// Every word start of every name (a name's first byte, and each byte after a word break), ordered by the bytes
    /// from there to the name's end (then by row): the place in `termBytes`, then (in `startEnds`) the name's end,
    /// so comparing a start reads only its bytes, then (in `startRows`) the row with `nameStartBit` set for a name's
    /// first byte. A query's name-start and word-start rows are one bisected range.
    let startPlaces: ImageWords
    let startEnds: ImageWords
    let startRows: ImageWords
    /// Set in a `startRows` entry whose place is a name's first byte.
    static let nameStartBit: UInt32 = 1 << 31
    /// The last query's needle and the rows it matched, ascending: the next key's candidates when it extends it.
    private let previous = Mutex<(needle: [UInt8], rows: [UInt32])?>(nil)
    /// The last long query's walk: the next key's rows when it extends it and the walk found every match.
    let lastWalk = Mutex<LongQueryWalk?>(nil)

    /// What the image was made from: a list file's identity (device, inode, size, modification and change times in
    /// nanoseconds, as `stat` gave them before the file was read) and the XXH3-64 of the bytes read. Which of these
    /// must match for an image to be used is the cache's rule (`ListFileIndexCache`).
    public struct Source: Equatable, Sendable {
        /// The file's size in bytes.
        public var size: UInt64
        /// The file's modification time, in nanoseconds since the epoch.
        public var modified: Int64
        /// XXH3-64 of the file's bytes.
        public var hash: UInt64
        /// The file's status change time (ctime), in nanoseconds since the epoch: moved by every write.
        public var changed: Int64
        /// The device the file is on.
        public var device: UInt64
        /// The file's inode number.
        public var inode: UInt64

        /// A source key.
        public init(size: UInt64, modified: Int64, hash: UInt64, changed: Int64 = 0, device: UInt64 = 0, inode: UInt64 = 0) {
            self.size = size
            self.modified = modified
            self.hash = hash
            self.changed = changed
            self.device = device
            self.inode = inode
        }
    }

    /// XXH3-64 of `bytes`: a list file's content key.
    public static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 { fl_xxh3_64(bytes.baseAddress, bytes.count, 0) }

    static let magic: [UInt8] = Array("FLCI".utf8)
    /// Bumped whenever the layout or the terms' making changes: an older image is rebuilt, never read.
    static let version: UInt32 = 6
    static let headerBytes = 128

    /// A one- to three-byte needle's key among `shortKeys`: its length in the top byte, then its bytes.
    static func shortKey(_ bytes: [UInt8], from start: Int, count: Int) -> UInt32 {
        var key: UInt32 = 0
        for k in start..<(start + count) { key = key << 8 | UInt32(bytes[k]) }
        return UInt32(count) << 24 | key
    }

    // MARK: Building

    /// The image of `terms` (each row's distinct lower-cased names, as `ChoiceTerms` makes them) for `source`,
    /// built at `built` (nanoseconds since the epoch).
    public static func image(terms: [[[UInt8]]], source: Source, built: Int64 = 0) -> [UInt8] {
        var image: [UInt8] = []
        sections(terms: terms).write(source: source, built: built) { image.append(contentsOf: $0); return true }
        return image
    }

    /// The sections of the image of `terms`.
    public static func sections(terms: [[[UInt8]]]) -> Sections {
        var rowTerms: [UInt32] = [0], termStarts: [UInt32] = [0], termBytes: [UInt8] = []
        var shortPairs: [UInt64] = []  // short run << 34 | rank << 32 | row
        var mineShort: [UInt32] = []  // this row's short runs, key << 2 | rank
        var names: [(hash: UInt64, row: UInt32)] = []
        for (row, mine) in terms.enumerated() {
            mineShort.removeAll(keepingCapacity: true)
            for term in mine {
                names.append((term.withUnsafeBytes { fl_xxh3_64($0.baseAddress, $0.count, 0) }, UInt32(row)))
                for k in term.indices {
                    let start: UInt32 = k == 0 ? 1 : ChoiceList.isWordBreak(term[k - 1]) ? 2 : 3
                    for length in 1...min(3, term.count - k) {
                        mineShort.append(shortKey(term, from: k, count: length) << 2 | (k == 0 && term.count == length ? 0 : start))
                    }
                }
                termBytes.append(contentsOf: term)
                termStarts.append(UInt32(termBytes.count))
            }
            rowTerms.append(UInt32(termStarts.count - 1))
            // Each run once a row, at the best rank its names give it.
            mineShort.sort()
            var lastKey = UInt32.max
            for entry in mineShort where entry >> 2 != lastKey {
                lastKey = entry >> 2
                shortPairs.append(UInt64(entry) << 32 | UInt64(row))
            }
        }
        shortPairs.sort()
        var shortKeys: [UInt32] = [], shortStarts: [UInt32] = [], shortRows: [UInt32] = []
        shortRows.reserveCapacity(shortPairs.count)
        for pair in shortPairs {
            let key = UInt32(pair >> 34), rank = Int(pair >> 32 & 3)
            if shortKeys.last != key {
                shortKeys.append(key)
                shortStarts.append(contentsOf: repeatElement(UInt32(shortRows.count), count: 4))
            }
            for r in (rank + 1)..<4 { shortStarts[shortStarts.count - 4 + r] += 1 }
            shortRows.append(UInt32(truncatingIfNeeded: pair))
        }
        shortStarts.append(UInt32(shortRows.count))
        let (startPlaces, startEnds, startRows) = wordStarts(rowTerms: rowTerms, termStarts: termStarts, termBytes: termBytes)
        names.sort { ($0.hash, $0.row) < ($1.hash, $1.row) }
        var nameHashes: [UInt32] = []
        nameHashes.reserveCapacity(3 * names.count)
        for (k, name) in names.enumerated() where k == 0 || names[k - 1] != name {
            nameHashes += [UInt32(name.hash >> 32), UInt32(truncatingIfNeeded: name.hash), name.row]
        }
        return Sections(rows: terms.count, rowTerms: rowTerms, termStarts: termStarts, termBytes: termBytes,
                        shortKeys: shortKeys, shortStarts: shortStarts, shortRows: shortRows, nameHashes: nameHashes,
                        startPlaces: startPlaces, startEnds: startEnds, startRows: startRows)
    }

    // MARK: Reading

    /// The index in a copy of `image` if it is whole and made from `source` (as `init(memory:source:)` checks).
    public convenience init?(image: UnsafeRawBufferPointer, source: Source) {
        guard image.count >= ChoiceListIndex.headerBytes, image.baseAddress != nil else { return nil }
        self.init(memory: ImageMemory(copying: image), source: source)
    }

    /// The index in `memory` if it is whole and made from exactly `source`.
    public convenience init?(memory: ImageMemory, source: Source) {
        self.init(memory: memory, accepting: { made, _ in made == source })
    }

    /// The index in `memory`, read where it lies, if its header is whole and `accepting` takes the source it was
    /// made from and when it was built (nanoseconds since the epoch): the header's magic, version, lengths against
    /// the image's, the checksum of the header and the block table, and the first and last words of each section
    /// of offsets; nil otherwise (the caller rebuilds it). The body is checked block by block as it is read
    /// (`ImageBlocks`); `whenDamaged` is called if a block fails.
    public init?(memory: ImageMemory, accepting: (Source, Int64) -> Bool, whenDamaged: (@Sendable () -> Void)? = nil) {
        let image = memory.bytes
        guard let header = ImageHeader(image), accepting(header.source, header.built) else { return nil }
        let base = ChoiceListIndex.headerBytes
        let blocks = ImageBlocks(image: image, bodyStart: base, bodyEnd: base + header.bodyBytes,
                                 sums: UnsafeRawBufferPointer(rebasing: image[(base + header.bodyBytes)...]), whenDamaged: whenDamaged)
        var at = base
        func words(_ count: Int, offsetsUpTo end: Int? = nil) -> ImageWords {
            defer { at += 4 * count }
            if let end { blocks.addOffsets(start: at, count: count, end: UInt32(end)) }
            return ImageWords(blocks: blocks, start: at, count: count, fallback: end.map(UInt32.init) ?? 0)
        }
        let rows = header.rows
        let rowTerms = words(rows + 1, offsetsUpTo: header.terms), termStarts = words(header.terms + 1, offsetsUpTo: header.termBytes)
        let termBytes = ImageBytes(blocks: blocks, start: at, count: header.termBytes)
        at += header.termBytes + (4 - header.termBytes % 4) % 4
        let shortKeys = words(header.shorts), shortStarts = words(4 * header.shorts + 1, offsetsUpTo: header.shortRows)
        let shortRows = words(header.shortRows)
        let nameHashes = words(3 * header.names)
        // Sorted by their bytes, the word starts are not offsets: each place and row is bounded where it is read.
        let startPlaces = words(header.starts), startEnds = words(header.starts), startRows = words(header.starts)
        // Each offsets section starts at 0 and ends at its end: with every block's words ascending (checked as it
        // is read), every range read from two offsets is within its section.
        for (section, end) in [(rowTerms, header.terms), (termStarts, header.termBytes), (shortStarts, header.shortRows)] {
            guard section[0] == 0, Int(section[section.count - 1]) == end, !blocks.isDamaged else { return nil }
        }
        self.memory = memory
        self.blocks = blocks
        self.rows = rows
        self.rowTerms = rowTerms
        self.termStarts = termStarts
        self.termBytes = termBytes
        self.shortKeys = shortKeys
        self.shortStarts = shortStarts
        self.shortRows = shortRows
        self.nameHashes = nameHashes
        self.startPlaces = startPlaces
        self.startEnds = startEnds
        self.startRows = startRows
    }

    /// Whether a block of the image failed its check since it was opened: what the index answered may be wrong,
    /// and the list answers row by row instead.
    public var isDamaged: Bool { blocks.isDamaged }

    // MARK: Matching

    /// The rows `needle` (a lower-cased query's UTF-8) finds, best first, as `ChoiceList.matches` ranks them over
    /// all rows.
    public func matches(_ needle: [UInt8]) -> [Int] {
        if let ranked = ranked(needle) { return Array(ranked) }
        let candidates = self.candidates(needle)
        var whole: [Int] = [], prefix: [Int] = [], wordStart: [Int] = [], inside: [Int] = []
        var matched: [UInt32] = []
        do {
            let bytes = termBytes
            needle.withUnsafeBufferPointer { q in
                func rank(_ row: Int) {
                    guard row < rows else { return }
                    var best = 4
                    for term in Int(rowTerms[row])..<Int(rowTerms[row + 1]) {
                        let r = ChoiceList.rank(of: q, in: UnsafeBufferPointer(rebasing: bytes[Int(termStarts[term])..<Int(termStarts[term + 1])]))
                        if r < best { best = r; if r == 0 { break } }
                    }
                    switch best {
                    case 0: whole.append(row)
                    case 1: prefix.append(row)
                    case 2: wordStart.append(row)
                    case 3: inside.append(row)
                    default: return
                    }
                    matched.append(UInt32(row))
                }
                if let candidates { for row in candidates { rank(Int(row)) } } else { for row in 0..<rows { rank(row) } }
            }
        }
        previous.withLock { $0 = (needle, matched) }
        return whole + prefix + wordStart + inside
    }

    /// The rows that may hold `needle`, ascending; nil for every row. The previous query's matches when the needle
    /// extends it (a row holding the needle holds its start), else the rows holding all the needle's three-byte runs.
    /// A run's rows are its ranked rows: four ascending ranges, one a rank, each row in one of them.
    private func candidates(_ needle: [UInt8]) -> [UInt32]? {
        var narrowed: [UInt32]?, narrowedBy = 0
        previous.withLock { last in
            if let last, last.needle.count <= needle.count, needle.starts(with: last.needle) {
                narrowed = last.rows
                narrowedBy = last.needle.count
            }
        }
        guard needle.count >= 3 else { return narrowed }
        // The previous matches hold every run of the previous needle: only the runs the added bytes end are looked up.
        let first = max(0, narrowedBy - 2)
        guard first <= needle.count - 3 else { return narrowed }
        var lists: [[Range<Int>]] = []
        for k in first...(needle.count - 3) {
            let ranges = shortRanked(needle, from: k, count: 3)
            guard !ranges.isEmpty else { return [] }
            lists.append(ranges)
        }
        func size(_ ranges: [Range<Int>]) -> Int { ranges.reduce(0) { $0 + $1.count } }
        lists.sort { size($0) < size($1) }
        var found: [UInt32]
        if let narrowed, narrowed.count < size(lists[0]) { found = narrowed } else { found = merged(lists[0]) }
        for list in lists where found.count > 0 {
            found = intersect(found, list)
        }
        return found
    }

    /// The rows a one- to three-byte `needle` finds, best first, read from the ranked rows where they lie; nil for a
    /// longer or empty needle.
    public func ranked(_ needle: [UInt8]) -> ChoiceMatches? {
        guard (1...3).contains(needle.count) else { return nil }
        let ranges = shortRanked(needle, from: 0, count: needle.count)
        previous.withLock { $0 = nil }
        return ChoiceMatches(self, ranked: ranges)
    }

    /// The row at `position` of the ranked rows; row 0 for a row past the list, which only a damaged image that
    /// passed its checksum could hold.
    func shortRow(at position: Int) -> Int {
        let row = Int(shortRows[position])
        return row < rows ? row : 0
    }

    /// The rows of the one- to three-byte run of `bytes` at `start` in `shortRows`, one range a rank (whole name,
    /// name start, word start, inside); none when no row holds it.
    func shortRanked(_ bytes: [UInt8], from start: Int, count: Int) -> [Range<Int>] {
        let key = ChoiceListIndex.shortKey(bytes, from: start, count: count)
        var low = 0, high = shortKeys.count
        while low < high {
            let mid = (low + high) / 2
            if shortKeys[mid] < key { low = mid + 1 } else { high = mid }
        }
        guard low < shortKeys.count, shortKeys[low] == key else { return [] }
        let at = 4 * low
        return [Int(shortStarts[at])..<Int(shortStarts[at + 1]), Int(shortStarts[at + 1])..<Int(shortStarts[at + 2]),
                Int(shortStarts[at + 2])..<Int(shortStarts[at + 3]), Int(shortStarts[at + 3])..<Int(shortStarts[at + 4])]
    }

    /// The rows of a run's ranked `ranges` in one ascending list (a row is in one range only).
    private func merged(_ ranges: [Range<Int>]) -> [UInt32] {
        var rows: [UInt32] = []
        rows.reserveCapacity(ranges.reduce(0) { $0 + $1.count })
        var at = ranges.map(\.lowerBound)
        while true {
            var best = -1, bestRow = UInt32.max
            for r in ranges.indices where at[r] < ranges[r].upperBound && shortRows[at[r]] < bestRow {
                best = r
                bestRow = shortRows[at[r]]
            }
            guard best >= 0 else { return rows }
            rows.append(bestRow)
            at[best] += 1
        }
    }

    /// The rows of `rows` (ascending) also in one of a run's ranked `ranges`: each looked for in each range by
    /// galloping from the last place reached there, so a short list against a long one costs little more than the
    /// short one.
    private func intersect(_ rows: [UInt32], _ ranges: [Range<Int>]) -> [UInt32] {
        var kept: [UInt32] = []
        var at = ranges.map(\.lowerBound)
        for row in rows {
            for r in ranges.indices where at[r] < ranges[r].upperBound {
                at[r] = firstPlace(notBelow: row, from: at[r], before: ranges[r].upperBound)
                if at[r] < ranges[r].upperBound && shortRows[at[r]] == row { kept.append(row); break }
            }
        }
        return kept
    }

    /// The first place of `shortRows[from..<end]` (ascending) holding `row` or more; `end` if none does.
    func firstPlace(notBelow row: UInt32, from: Int, before end: Int) -> Int {
        var low = from, bound = from, step = 1
        while bound < end && shortRows[bound] < row { low = bound + 1; bound += step; step *= 2 }
        var high = min(bound, end)
        while low < high {
            let mid = (low + high) / 2
            if shortRows[mid] < row { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
