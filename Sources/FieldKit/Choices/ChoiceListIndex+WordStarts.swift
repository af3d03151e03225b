extension ChoiceListIndex {
    /// Every word start of the terms (`rowTerms`, `termStarts`, `termBytes` as the image lays them), ordered by the
    /// bytes from there to the term's end, then by row: the places, their terms' ends, and the rows with
    /// `nameStartBit` set where the place is a term's first byte.
    static func wordStarts(rowTerms: [UInt32], termStarts: [UInt32], termBytes: [UInt8]) -> (places: [UInt32], ends: [UInt32], rows: [UInt32]) {
        /// A word start; `key` is its first eight bytes, zero-padded, so most comparisons never read the names.
        struct Start { var key: UInt64; var place: UInt32; var end: UInt32; var row: UInt32 }
        var starts: [Start] = []
        termBytes.withUnsafeBufferPointer { bytes in
            for row in 0..<(rowTerms.count - 1) {
                for term in Int(rowTerms[row])..<Int(rowTerms[row + 1]) {
                    let first = Int(termStarts[term]), end = Int(termStarts[term + 1])
                    for k in first..<end where k == first || ChoiceList.isWordBreak(bytes[k - 1]) {
                        var key: UInt64 = 0
                        for j in k..<(k + 8) { key = key << 8 | (j < end ? UInt64(bytes[j]) : 0) }
                        starts.append(Start(key: key, place: UInt32(k), end: UInt32(end), row: UInt32(row) | (k == first ? nameStartBit : 0)))
                    }
                }
            }
            starts.sort { a, b in
                if a.key != b.key { return a.key < b.key }
                let order = compare(UnsafeBufferPointer(rebasing: bytes[Int(a.place)..<Int(a.end)]),
                                    UnsafeBufferPointer(rebasing: bytes[Int(b.place)..<Int(b.end)]))
                if order != 0 { return order < 0 }
                return (a.row & ~nameStartBit, a.row) < (b.row & ~nameStartBit, b.row)
            }
        }
        return (starts.map(\.place), starts.map(\.end), starts.map(\.row))
    }

    /// -1, 0 or 1 as `a` sorts before, with or after `b`, byte by byte (a prefix first).
    static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        for k in 0..<min(a.count, b.count) where a[k] != b[k] { return a[k] < b[k] ? -1 : 1 }
        return a.count == b.count ? 0 : a.count < b.count ? -1 : 1
    }

    /// The word starts (places in `startPlaces`) whose bytes begin with `needle`, by bisection. Its probes land on
    /// names anywhere in the list, and each read through the block checks would check a block of them: they read
    /// the names' bytes unchecked (every place and end still bounded), then the range's edges are compared through
    /// the checks. The section being sorted, those alone make the range exact; an edge found wrong (a damaged block led
    /// a probe astray) has the bisection done again, every read checked.
    func wordStarts(of needle: [UInt8]) -> Range<Int> {
        needle.withUnsafeBufferPointer { q in
            let guess = wordStarts(of: q, checked: false)
            let count = startPlaces.count, lower = guess.lowerBound, upper = guess.upperBound
            let exact = (lower == 0 || order(of: lower - 1, q, checked: true) < 0) && (upper == count || order(of: upper, q, checked: true) > 0)
                && (lower == upper || (order(of: lower, q, checked: true) == 0 && order(of: upper - 1, q, checked: true) == 0))
            return exact ? guess : wordStarts(of: q, checked: true)
        }
    }

    /// The word starts whose bytes begin with `q`, by bisection, the names read through the block checks or not.
    private func wordStarts(of q: UnsafeBufferPointer<UInt8>, checked: Bool) -> Range<Int> {
        func first(from low: Int, above: Int) -> Int {
            var low = low, high = startPlaces.count
            while low < high {
                let mid = (low + high) / 2
                if order(of: mid, q, checked: checked) <= above { low = mid + 1 } else { high = mid }
            }
            return low
        }
        let lower = first(from: 0, above: -1)
        return lower..<first(from: lower, above: 0)
    }

    /// How word start `k`'s bytes, cut to `q`'s length, sort against `q` (-1, 0, 1).
    private func order(of k: Int, _ q: UnsafeBufferPointer<UInt8>, checked: Bool) -> Int {
        let place = Int(startPlaces[k]), end = Int(startEnds[k]), row = Int(startRows[k] & ~ChoiceListIndex.nameStartBit)
        guard row < rows, place < end, end <= termBytes.count else { return 1 }
        let cut = place..<min(end, place + q.count)
        return ChoiceListIndex.compare(UnsafeBufferPointer(rebasing: checked ? termBytes[cut] : termBytes.unchecked(cut)), q)
    }

    /// The rows of the word starts `range` above `aboveNames` among its name starts and above `aboveWords` among its
    /// other word starts (nil: that class not wanted): each class's `most` smallest, ascending, each once, and
    /// whether they are all there are. One pass over the range, keeping the smallest found so far.
    func pickStartRows(_ range: Range<Int>, aboveNames: Int?, aboveWords: Int?, most: Int) -> (names: PickedRows, words: PickedRows) {
        var names = PickedRows(), words = PickedRows()
        names.rows.reserveCapacity(most + 1)
        words.rows.reserveCapacity(most + 1)
        // A row at or past a class's cut is not kept: the list's end, then the largest kept once `most` are. Most
        // rows of a long range are past it, so the loop's common path is two comparisons.
        var nameCut = rows, wordCut = rows
        let nameFloor = aboveNames ?? Int.max, wordFloor = aboveWords ?? Int.max, limit = rows
        let mask = ~ChoiceListIndex.nameStartBit
        for word in startRows.words(range) {
            let entry = UInt32(littleEndian: word), row = Int(entry & mask)
            if entry != UInt32(row) {
                if row < nameCut {
                    if row > nameFloor, names.offer(row, most: most) { nameCut = names.rows[most - 1] }
                } else if row > nameCut && row < limit {
                    names.all = false
                }
            } else if row < wordCut {
                if row > wordFloor, words.offer(row, most: most) { wordCut = words.rows[most - 1] }
            } else if row > wordCut && row < limit {
                words.all = false
            }
        }
        return (names, words)
    }
}

/// A class's rows picked from a range of word starts: the smallest so far, ascending, each once, and whether no row
/// was left out.
struct PickedRows {
    var rows: [Int] = []
    var all = true

    /// Keeps `row` (below the largest kept when `most` are) unless kept already; true when `most` are kept.
    mutating func offer(_ row: Int, most: Int) -> Bool {
        var at = rows.count
        while at > 0 && rows[at - 1] > row { at -= 1 }
        if at > 0 && rows[at - 1] == row { return rows.count == most }
        rows.insert(row, at: at)
        if rows.count > most {
            rows.removeLast()
            all = false
        }
        return rows.count == most
    }
}
