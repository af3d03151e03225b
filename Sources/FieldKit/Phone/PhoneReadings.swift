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

    /// What fits in the field: a national prefix of the home region (`0`, or a carrier code such as CN's `12812`)
    /// is a reading only while a number the field takes still fits after it within the field's limit, so
    /// phone-cn (15 digits) reads no carrier code before an 11-digit mobile (16), and `128` is refused at once.
    struct Bound {
        /// The most digits the field holds (its limit).
        let room: Int
        /// The fewest national digits of a home number the field takes.
        let shortest: Int
        /// The fewest digits after an international prefix of a number the field takes (code and national digits).
        let shortestAbroad: Int

        /// The most digits a home national prefix may take.
        var prefixRoom: Int { room - shortest }
        /// The most digits an international prefix may take (CN's `1281200` dials abroad through a carrier).
        var internationalRoom: Int { room - shortestAbroad }
    }

    /// The readings of `input` (ASCII digits, `+` only first), national numbers belonging to `home`.
    init(_ input: [UInt8], home: PhoneRegion?, metadata: PhoneMetadata, bound: Bound? = nil) {
        var found: [Reading] = []
        let readable = PhoneReadings.anyReading(input[...], home: home, metadata: metadata, bound: bound) { regions, national in
            found.append(Reading(regions: regions, national: Array(national)))
            return false
        }
        readings = readable == nil ? nil : found
    }

    /// Readings already made.
    init(_ readings: [Reading]) { self.readings = readings }

    /// Every reading of `input` when none can still grow into a whole number of one of `kinds` (empty: any) in one
    /// of `accepted` regions (empty: any), else nil (also while the digits cannot be read yet): `canBecome`'s
    /// probe that keeps what it read, for wording the refusal (`check` asks it for every refused line).
    static func refused<C: Collection>(_ input: C, home: PhoneRegion?, metadata: PhoneMetadata, kinds: Set<PhoneKind>,
                                       in accepted: Set<String>, bound: Bound? = nil) -> [Reading]? where C.Element == UInt8 {
        var found: [Reading] = []
        let live = anyReading(input, home: home, metadata: metadata, bound: bound) { regions, national in
            if canBecome(regions, national, kinds: kinds, in: accepted) { return true }
            found.append(Reading(regions: regions, national: Array(national)))
            return false
        }
        return live == false ? found : nil
    }


    /// Whether the number one digit shorter than the refused one `readings` (all its readings, from `refused`)
    /// were made of is surely not refused: a reading cut by its last digit is a reading of the shorter number
    /// (or that number cannot be read yet, which refuses nothing), so one that can still grow settles it. Readings
    /// a national prefix rule may have rewritten are left out (a rewrite of the shorter digits need not be the cut
    /// one): those of a calling code whose main region, or the field's `home` region, has such a rule (`national`
    /// applies the rule of one of those two). False says nothing; the caller then asks the shorter number itself.
    static func shorterSurelyLive(_ readings: [Reading], home: PhoneRegion?, kinds: Set<PhoneKind>, in accepted: Set<String>) -> Bool {
        readings.contains { reading in
            guard !reading.national.isEmpty, reading.regions.first?.rewritesNationalPrefix != true else { return false }
            if let home, home.rewritesNationalPrefix, reading.regions.contains(where: { $0 === home }) { return false }
            return canBecome(reading.regions, reading.national.dropLast(), kinds: kinds, in: accepted)
        }
    }

    /// Whether some reading of `input` can still grow into a whole number of one of `kinds` (empty: any) in one of
    /// `accepted` regions (empty: any): `PhoneReadings(input…).canBecome(kinds:in:)` without building the readings,
    /// stopping at the first that can (a phone field asks it for every key, `check` for every refused line).
    static func canBecome(_ input: ArraySlice<UInt8>, home: PhoneRegion?, metadata: PhoneMetadata, kinds: Set<PhoneKind>,
                          in accepted: Set<String>, bound: Bound? = nil) -> Bool {
        anyReading(input, home: home, metadata: metadata, bound: bound) { regions, national in
            canBecome(regions, national, kinds: kinds, in: accepted)
        } ?? true
    }

    /// National digits (0-9) as a reading sees them: a part of the typed number's digits, in temporary space.
    typealias Digits = Slice<UnsafeBufferPointer<UInt8>>

    /// Calls `body` with each reading of `input` (its calling code's regions and its national digits) until it
    /// answers true. Nil while the digits cannot be read yet (a calling code or a prefix still being typed; `body`
    /// may have seen readings by then), else whether `body` answered true. The one place readings are made.
    private static func anyReading<C: Collection>(_ input: C, home: PhoneRegion?, metadata: PhoneMetadata, bound: Bound?,
                                                  _ body: ([PhoneRegion], Digits) -> Bool) -> Bool? where C.Element == UInt8 {
        let plus = input.first == 0x2B
        // The digits in temporary (stack) space: a field asks this for every key, `check` for every refused line.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: input.count) { space in
            var count = 0
            for byte in input.dropFirst(plus ? 1 : 0) {
                space[count] = byte &- 0x30
                count += 1
            }
            let digits = UnsafeBufferPointer(rebasing: space[0..<count])[...]
            if plus { return afterCallingCode(digits, metadata: metadata, body) }
            guard let home else { return nil }
            // Still possibly an international or a national prefix: nothing is decided yet.
            if fits(digits, prefix: home.internationalPrefix, room: bound?.internationalRoom)
                || fits(digits, prefix: home.nationalPrefixForParsing, room: bound?.prefixRoom) {
                return nil
            }
            // An international prefix commits the number to its calling code, as libphonenumber reads it (the
            // longest match, not followed by 0): no national reading is left.
            if let length = home.internationalPrefixLength(digits) {
                guard length <= bound?.internationalRoom ?? length else { return false }
                return afterCallingCode(digits.dropFirst(length), metadata: metadata, body)
            }
            let code = home.callingCodeDigits
            // The region's own calling code without `+` (`86138…`, as contacts apps store numbers) is read as
            // libphonenumber reads it where the national reading is not a number: while the code is being typed
            // nothing is decided, after it the national digits are one more reading.
            if digits.count < code.count && code.starts(with: digits) { return nil }
            if national(digits, in: home, metadata: metadata, prefixRoom: bound?.prefixRoom, body) { return true }
            guard digits.starts(with: code), let main = metadata.mainRegion(for: home.callingCode) else { return false }
            let rest = digits.dropFirst(code.count)
            if national(rest, in: main, metadata: metadata, body) { return true }
            // libphonenumber takes a national prefix off before it takes the code, and again after (`353 0 061…`).
            for length in home.nationalPrefixForParsing?.matchingPrefixLengths(rest) ?? [] where length > 0 {
                if national(rest.dropFirst(length), in: main, metadata: metadata, body) { return true }
            }
            // It strips that prefix by the home region's rule, not the main region's: a local number after the
            // code gains the home's area code (`1 736 3363` in Antigua is 268 736 3363), and so does one still
            // being typed.
            guard home.rewritesNationalPrefix else { return false }
            if home !== main, let rewritten = PhoneNumber.rewritten(Array(rest), in: home), !rewritten.elementsEqual(rest),
               rewritten.withUnsafeBufferPointer({ national($0[...], in: main, metadata: metadata, body) }) {
                return true
            }
            guard let local = home.localNumberReading(rest) else { return false }
            return local.withUnsafeBufferPointer { body(metadata.sharing[home.callingCode] ?? [home], $0[...]) }
        }
    }

    /// Whether the digits may still be a prefix (international or national) being typed that ends within `room`
    /// digits (nil: anywhere), so a number the field takes still fits after it.
    private static func fits(_ digits: Digits, prefix: DigitDFA?, room: Int?) -> Bool {
        guard let prefix, let state = prefix.state(after: digits) else { return false }
        guard let room else { return true }
        let most = room - digits.count
        return most >= 0 && prefix.shortestCompletion(from: state, most: most) != nil
    }

    /// Digits after `+` or an international prefix: the calling code's readings, nil while the code is incomplete.
    private static func afterCallingCode(_ digits: Digits, metadata: PhoneMetadata, _ body: ([PhoneRegion], Digits) -> Bool) -> Bool? {
        // Calling codes start 1 to 9 (`+0…` is none, not code 1 read with a leading zero).
        for length in 1...3 where digits.count >= length && digits.first != 0 {
            let code = digits.prefix(length).reduce(0) { $0 * 10 + Int($1) }
            guard let main = metadata.mainRegion(for: code) else { continue }
            let rest = digits.dropFirst(length)
            // A national prefix written after the code (`+44 (0)20…`) may still be being typed, as at the start.
            if main.nationalPrefixForParsing?.canContinue(rest) == true { return nil }
            return national(rest, in: main, metadata: metadata, body)
        }
        // A code not yet complete (`+4`), or none at all: the region refusal and Enter speak for those.
        return nil
    }

    /// A national number as typed, and without each national prefix it may start with (also after a calling
    /// code: `+44 (0)20…`), and as the region's transform rule rewrites it.
    /// `prefixRoom`: the most digits a national prefix may take (the field's `Bound`), nil for any.
    private static func national(_ digits: Digits, in home: PhoneRegion, metadata: PhoneMetadata, prefixRoom: Int? = nil,
                                 _ body: ([PhoneRegion], Digits) -> Bool) -> Bool {
        let regions = metadata.sharing[home.callingCode] ?? [home]
        if body(regions, digits) { return true }
        if let prefix = home.nationalPrefixForParsing {
            for length in prefix.matchingPrefixLengths(digits) where length > 0 && length <= prefixRoom ?? length {
                if body(regions, digits.dropFirst(length)) { return true }
            }
        }
        // A rewrite that takes off more than a prefix may (CN's carrier code `12812`) leaves no room either.
        if home.rewritesNationalPrefix, let rewritten = PhoneNumber.rewritten(Array(digits), in: home),
           !rewritten.elementsEqual(digits), digits.count - rewritten.count <= prefixRoom ?? digits.count {
            return rewritten.withUnsafeBufferPointer { body(regions, $0[...]) }
        }
        return false
    }

    /// Whether some reading can still grow into a whole number of one of `kinds` (empty: any kind of whole
    /// number) in one of `accepted` regions (empty: any).
    func canBecome(kinds: Set<PhoneKind>, in accepted: Set<String>) -> Bool {
        guard let readings else { return true }
        return readings.contains { PhoneReadings.canBecome($0.regions, $0.national[...], kinds: kinds, in: accepted) }
    }

    /// Whether one reading can still grow into a whole number of one of `kinds` in one of `accepted` regions.
    private static func canBecome<C: Collection>(_ regions: [PhoneRegion], _ national: C, kinds: Set<PhoneKind>,
                                                 in accepted: Set<String>) -> Bool where C.Element == UInt8 {
        national.isEmpty || regions.contains { region in
            (accepted.isEmpty || accepted.contains(region.code)) && canContinue(region, national, kinds: kinds)
        }
    }

    /// The kinds of whole number (not short or emergency numbers) of `region` that `national` can still become.
    static func kinds(_ region: PhoneRegion, continuing national: [UInt8]) -> [PhoneKind] {
        region.kinds.map(\.0).filter { canContinue(region, national[...], kinds: [$0]) }
    }

    /// Whether `national` can still become a whole number of `region` of one of `kinds` (empty: any).
    static func canContinue<C: Collection>(_ region: PhoneRegion, _ national: C, kinds: Set<PhoneKind>) -> Bool where C.Element == UInt8 {
        // The region's tables fetched once: each `general`, `kinds` or length read fetches them again.
        let numbers = region.numbers
        guard numbers.generalReaches(length: national.count), numbers.general?.canContinue(national) != false else { return false }
        return numbers.kinds.contains { kind, pattern in
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
