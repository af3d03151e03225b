/// What a number being typed may still turn out to be: for each way of reading its first digits (a calling code,
/// an international or national prefix), the regions it would belong to and its national digits so far. The
/// as-you-type refusals look at all of them, so a key is refused only when no reading can still become a number
/// the field takes.
struct PhoneReadings {
    /// One reading: the regions of its calling code, its national digits (0-9) so far.
    struct Reading {
        let regions: [PhoneRegion]
        let national: [UInt8]
    }

    /// The readings, or nil while the digits cannot be read yet (a calling code or a prefix still being typed).
    let readings: [Reading]?

    /// The readings of `input` (ASCII digits, `+` only first), national numbers belonging to `home`.
    init(_ input: [UInt8], home: PhoneRegion?, metadata: PhoneMetadata) {
        let plus = input.first == 0x2B
        let digits = input.dropFirst(plus ? 1 : 0).map { $0 &- 0x30 }
        if plus {
            readings = PhoneReadings.afterCallingCode(digits[...], metadata: metadata)
            return
        }
        guard let home else { readings = nil; return }
        // Still possibly an international or a national prefix: nothing is decided yet.
        if home.internationalPrefix?.canContinue(digits) == true || home.nationalPrefixForParsing?.canContinue(digits) == true {
            readings = nil
            return
        }
        var found: [Reading] = []
        for length in home.internationalPrefix?.matchingPrefixLengths(digits) ?? [] where length > 0 {
            guard let abroad = PhoneReadings.afterCallingCode(digits[length...], metadata: metadata) else {
                readings = nil  // the calling code after the prefix is still being typed
                return
            }
            found += abroad
        }
        found += PhoneReadings.national(digits, in: home, metadata: metadata)
        readings = found
    }

    /// Digits after `+` or an international prefix: the calling code's readings, nil while the code is incomplete.
    private static func afterCallingCode(_ digits: ArraySlice<UInt8>, metadata: PhoneMetadata) -> [Reading]? {
        // Calling codes start 1 to 9 (`+0…` is none, not code 1 read with a leading zero).
        for length in 1...3 where digits.count >= length && digits.first != 0 {
            let code = digits.prefix(length).reduce(0) { $0 * 10 + Int($1) }
            guard let main = metadata.mainRegion(for: code) else { continue }
            let rest = Array(digits.dropFirst(length))
            // A national prefix written after the code (`+44 (0)20…`) may still be being typed, as at the start.
            if main.nationalPrefixForParsing?.canContinue(rest) == true { return nil }
            return national(rest, in: main, metadata: metadata)
        }
        // A code not yet complete (`+4`), or none at all: the region refusal and Enter speak for those.
        return nil
    }

    /// A national number as typed, and without each national prefix it may start with (also after a calling
    /// code: `+44 (0)20…`), and as the region's transform rule rewrites it.
    private static func national(_ digits: [UInt8], in home: PhoneRegion, metadata: PhoneMetadata) -> [Reading] {
        let regions = metadata.sharing[home.callingCode] ?? [home]
        var found = [Reading(regions: regions, national: digits)]
        for length in home.nationalPrefixForParsing?.matchingPrefixLengths(digits) ?? [] where length > 0 {
            found.append(Reading(regions: regions, national: Array(digits[length...])))
        }
        if let rewritten = PhoneNumber.rewritten(digits, in: home), rewritten != digits {
            found.append(Reading(regions: regions, national: rewritten))
        }
        return found
    }

    /// Whether some reading can still grow into a whole number of one of `kinds` (empty: any kind of whole
    /// number) in one of `accepted` regions (empty: any).
    func canBecome(kinds: Set<PhoneKind>, in accepted: Set<String>) -> Bool {
        guard let readings else { return true }
        return readings.contains { reading in
            reading.national.isEmpty || reading.regions.contains { region in
                (accepted.isEmpty || accepted.contains(region.code)) && PhoneReadings.canContinue(region, reading.national, kinds: kinds)
            }
        }
    }

    /// The kinds of whole number (not short or emergency numbers) of `region` that `national` can still become.
    static func kinds(_ region: PhoneRegion, continuing national: [UInt8]) -> [PhoneKind] {
        guard region.general?.canContinue(national) != false else { return [] }
        return region.kinds.compactMap { kind, pattern in
            kind != .emergency && kind != .shortCode && pattern.canContinue(national) ? kind : nil
        }
    }

    /// Whether `national` can still become a whole number of `region` of one of `kinds` (empty: any):
    /// `kinds(_:continuing:)` asked without building its list (every refused line of `check` asks it).
    static func canContinue(_ region: PhoneRegion, _ national: [UInt8], kinds: Set<PhoneKind>) -> Bool {
        guard region.general?.canContinue(national) != false else { return false }
        return region.kinds.contains { kind, pattern in
            kind != .emergency && kind != .shortCode && (kinds.isEmpty || kinds.contains(kind)) && pattern.canContinue(national)
        }
    }

    /// The first two digits (as a number, 10 to 99) the region's numbers of `kinds` can start with.
    static func leadingPairs(_ region: PhoneRegion, kinds: Set<PhoneKind>) -> [Int] {
        let patterns = region.kinds.filter { kinds.contains($0.0) }.map(\.1)
        return (10...99).filter { pair in
            patterns.contains { $0.canContinue([UInt8(pair / 10), UInt8(pair % 10)]) }
        }
    }

    /// Two-digit starts as a few ranges (`13 to 19`); nil when there are none or they take more than four ranges.
    static func describe(_ pairs: [Int]) -> String? {
        var runs: [ClosedRange<Int>] = []
        for pair in pairs {
            if let last = runs.last, last.upperBound == pair - 1 { runs[runs.count - 1] = last.lowerBound...pair } else { runs.append(pair...pair) }
        }
        guard !runs.isEmpty, runs.count <= 4 else { return nil }
        return runs.map { $0.count == 1 ? "\($0.lowerBound)" : tr("\($0.lowerBound) to \($0.upperBound)") }.joined(separator: ", ")
    }
}
