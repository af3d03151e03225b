extension PhoneReadings {
    /// Which beginnings of a number written with `+` (ASCII, `+` first) typing refuses: bit `L` set when no
    /// reading of the first `L` bytes can still grow into a whole number of one of `kinds` (empty: any) in one of
    /// `accepted` regions (empty: any), as `canBecome` says of each beginning, for every `L` up to the number's
    /// length. Nil where this one pass does not answer and `canBecome` must be asked: no `+`, more than 63 bytes,
    /// or a calling code whose main region's national prefix rule rewrites digits (a regular expression's
    /// rewrite of each beginning is not one walk).
    ///
    /// One walk over the digits per automaton: every reading of a beginning is a reading of the whole number cut
    /// short (the calling code, then the national digits as written or after a national prefix ending within the
    /// beginning), and each automaton can continue a beginning exactly while the whole number's walk has not died
    /// by then. So each reading's life is a length: the last national digit some region's general and kind
    /// automata can still continue.
    static func refusedBeginnings(_ input: UnsafeBufferPointer<UInt8>, metadata: PhoneMetadata, kinds: Set<PhoneKind>,
                                  in accepted: Set<String>) -> UInt64? {
        guard input.first == 0x2B, input.count <= 63 else { return nil }
        for byte in input.dropFirst() where byte &- 0x30 >= 10 { return nil }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: input.count) { space -> UInt64? in
            var count = 0
            for byte in input.dropFirst() {
                space[count] = byte &- 0x30
                count += 1
            }
            let digits = UnsafeBufferPointer(rebasing: space[0..<count])
            // The calling code `afterCallingCode` reads: the first of 1-3 digits with a region. A beginning shorter
            // than it has none (the shorter codes tried first have no region whatever follows them).
            guard let (codeLength, main) = callingCode(digits, metadata: metadata) else { return 0 }
            guard !main.rewritesNationalPrefix else { return nil }
            let rest = digits[codeLength...]
            let prefix = main.nationalPrefixForParsing
            // National digits that may still be a national prefix being typed: read as nothing yet, never refused.
            let prefixLive = prefix.map { $0.liveLength(rest) } ?? -1
            // Where the national number may start: as written, or after each national prefix (one ending beyond a
            // beginning is no reading of it).
            var starts = [0]
            for length in prefix?.matchingPrefixLengths(rest) ?? [] where length > 0 { starts.append(length) }
            let regions = metadata.sharing[main.callingCode] ?? [main]
            let lives = starts.map { start in
                regions.reduce(-1) { most, region in
                    max(most, life(region, rest.dropFirst(start), kinds: kinds, in: accepted))
                }
            }
            var refused: UInt64 = 0
            for length in (codeLength + 1)..<(input.count + 1) {
                let national = length - 1 - codeLength
                if national <= prefixLive { continue }
                let dead = zip(starts, lives).allSatisfy { start, life in
                    start > national || (national > start && national - start > life)
                }
                if dead { refused |= 1 << UInt64(length) }
            }
            return refused
        }
    }

    /// The length of the calling code of digits after `+` and its main region, as `afterCallingCode` finds it.
    private static func callingCode(_ digits: UnsafeBufferPointer<UInt8>, metadata: PhoneMetadata) -> (Int, PhoneRegion)? {
        guard digits.first != 0 else { return nil }
        for length in 1...3 where digits.count >= length {
            let code = digits.prefix(length).reduce(0) { $0 * 10 + Int($1) }
            if let main = metadata.mainRegion(for: code) { return (length, main) }
        }
        return nil
    }

    /// The most national digits of `national` a number of `region` (if accepted) of one of `kinds` can still begin
    /// with (`canContinue` of each shorter beginning, read off one walk per automaton); -1 for none.
    private static func life(_ region: PhoneRegion, _ national: Slice<UnsafeBufferPointer<UInt8>>, kinds: Set<PhoneKind>,
                             in accepted: Set<String>) -> Int {
        guard accepted.isEmpty || accepted.contains(region.code) else { return -1 }
        let numbers = region.numbers
        var life = numbers.reachableLength
        if life < 0 { return -1 }
        if let general = numbers.general { life = min(life, general.liveLength(national)) }
        var kindLife = -1
        for (kind, pattern) in numbers.kinds where kind != .emergency && kind != .shortCode && (kinds.isEmpty || kinds.contains(kind)) {
            kindLife = max(kindLife, pattern.liveLength(national))
            if kindLife >= life { break }
        }
        return min(life, kindLife)
    }
}
