/// A phone field's live display: libphonenumber's as-you-type grouping, the region's flag, code and digit count
/// in the right prompt, and numbers of a country the field does not take refused as soon as their calling code
/// is complete.
/// A class, immutable once made: the validator hands it to every key and every refused line, and a struct copy
/// would count a reference for each of its tables.
public final class PhoneLayout: LiveLayout {
    /// The grouping.
    let formatter: PhoneAsYouType
    /// Every region's numbers.
    let metadata: PhoneMetadata
    /// The region of numbers typed without `+` or an international prefix.
    let home: PhoneRegion?
    /// Regions accepted (empty: all).
    let regions: Set<String>
    /// Kinds accepted (empty: all).
    let kinds: Set<PhoneKind>
    /// Region code → name, for refusals (`+44 is United Kingdom`).
    let names: RegionNames
    /// The keymap's own grouping of national numbers, in place of the region's formats.
    let grouping: PhoneGrouping?
    /// What the formats put between digits, and the space after a prefix.
    public let literals: Set<Character>
    /// Whether the field takes numbers of every country and kind in the region's own grouping (kept: asking the
    /// optional grouping copies it).
    let takesEveryNumber: Bool
    /// What fits in the field, for reading a national prefix (nil: no limit given).
    let bound: PhoneReadings.Bound?
    /// Whether a number may be refused for its country or its grouping before its digits are read.
    private let refusesBeforeReading: Bool
    /// The one region accepted, when there is one: a valid number's region compared with it, not hashed.
    let soleRegion: String?
    /// Whether the grouping refuses any template's numbers (else a valid number's digits need no look).
    let groupingRefuses: Bool
    /// `kinds` as a list: a few compared one by one cost less than hashing each.
    let kindList: [PhoneKind]
    /// The home region's calling code (ASCII digits; empty without one): numbers typed with it but no `+`.
    private let homeCallingCode: [UInt8]
    /// The last number asked about and the answer: a key's refusal check and the frame's status after it ask about
    /// the same digits.
    private let lastRefusal = SharedState<(bytes: [UInt8], reason: String?)?>(nil)

    /// The layout for numbers typed in `assumedRegion`, accepting `regions` and `kinds` (empty: all), grouped by
    /// the region's formats or by `grouping`, in a field of at most `limit` symbols (nil: any).
    public init(metadata: PhoneMetadata, assumedRegion: String?, regions: Set<String> = [], kinds: Set<PhoneKind> = [],
                names: RegionNames = [:], grouping: PhoneGrouping? = nil, limit: Int? = nil) {
        self.formatter = PhoneAsYouType(metadata: metadata, assumedRegion: assumedRegion)
        self.metadata = metadata
        self.home = assumedRegion.flatMap { metadata.regions[$0] }
        self.regions = regions
        self.kinds = kinds
        self.names = names
        self.grouping = grouping
        self.literals = metadata.formatLiterals.union(grouping?.templates.literals ?? [])
        self.takesEveryNumber = regions.isEmpty && kinds.isEmpty && grouping == nil
        self.refusesBeforeReading = !regions.isEmpty || grouping != nil
        self.soleRegion = regions.count == 1 ? regions.first : nil
        self.groupingRefuses = !(grouping?.refused.isEmpty ?? true)
        self.kindList = Array(kinds)
        self.homeCallingCode = home.map { Array(String($0.callingCode).utf8) } ?? []
        self.bound = PhoneLayout.bound(home: home, limit: limit, metadata: metadata, regions: regions, kinds: kinds)
    }

    /// The field's `Bound`: its limit, the fewest national digits of a home number of a kind it takes, and the
    /// fewest digits a number it takes needs after an international prefix (calling code and national number);
    /// nil without a limit or when it takes no home number (no national prefix is read for it then anyway).
    private static func bound(home: PhoneRegion?, limit: Int?, metadata: PhoneMetadata, regions: Set<String>,
                              kinds: Set<PhoneKind>) -> PhoneReadings.Bound? {
        guard let home, let limit, regions.isEmpty || regions.contains(home.code), let shortest = fewestDigits(home, kinds: kinds) else {
            return nil
        }
        // A field of every country: a calling code and one digit at least (looking at every region is not worth it).
        let abroad = regions.isEmpty ? 2 : regions.compactMap { code in
            metadata.regions[code].flatMap { region in fewestDigits(region, kinds: kinds).map { String(region.callingCode).count + $0 } }
        }.min() ?? 2
        return PhoneReadings.Bound(room: limit, shortest: shortest, shortestAbroad: abroad)
    }

    /// The fewest national digits of a whole number of `region` of one of `kinds` (empty: any); nil for none.
    private static func fewestDigits(_ region: PhoneRegion, kinds: Set<PhoneKind>) -> Int? {
        region.kinds.lazy
            .filter { kind, _ in kind != .emergency && kind != .shortCode && (kinds.isEmpty || kinds.contains(kind)) }
            .map { $0.1.acceptedLengths() }
            .filter { $0 != 0 }
            .map(\.trailingZeroBitCount)
            .min()
    }

    /// The symbols as the formatter's input: ASCII digits and a leading `+`; nil for anything else.
    private func input(_ symbols: [Character]) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(symbols.count)
        for symbol in symbols {
            // One UTF-8 byte is one ASCII scalar: cheaper to ask than `asciiValue`, which this runs twice a key.
            let utf8 = symbol.utf8
            guard utf8.count == 1, let ascii = utf8.first,
                  (ascii >= 0x30 && ascii <= 0x39) || (ascii == 0x2B && bytes.isEmpty) else {
                return nil
            }
            bytes.append(ascii)
        }
        return bytes
    }

    public func layout(_ symbols: [Character]) -> (display: [Character], counter: String?)? {
        layout(symbols, counting: true)
    }

    /// Without `counting`, no number is judged: the counter asks whether it is complete, which reads the kinds'
    /// automata (an example hint at the prompt would otherwise decode them all before the first key).
    public func layout(_ symbols: [Character], counting: Bool) -> (display: [Character], counter: String?)? {
        guard let typed = input(symbols) else { return nil }
        // A number typed with the home calling code but no `+` is laid out as if the `+` were there, without it.
        let abroad = readsOwnCallingCode(typed)
        let bytes = abroad ? [0x2B] + typed : typed
        let output = formatter.format(bytes)
        var display = grouping.flatMap { grouped(bytes, output, by: $0) } ?? output.display.map { Character(Unicode.Scalar($0)) }
        if abroad, display.first == "+" { display.removeFirst() }
        return (display, counting ? counter(output) : nil)
    }

    /// Whether digits typed without `+` are read with the home region's own calling code (`86 138…`): they start
    /// with it, with no international prefix, and either libphonenumber reads the whole number so or no national
    /// reading (as typed, or without a national prefix) can still become a number of the region.
    func readsOwnCallingCode(_ typed: [UInt8]) -> Bool {
        guard let home, typed.first != 0x2B, typed.count > homeCallingCode.count, typed.starts(with: homeCallingCode) else { return false }
        let digits = typed.map { $0 &- 0x30 }
        if home.internationalPrefixLength(digits) != nil { return false }
        if home.callingCodeReading(digits) != nil { return true }
        guard let general = home.general, !general.canContinue(digits) else { return false }
        return !(home.nationalPrefixForParsing?.matchingPrefixLengths(digits) ?? []).contains { $0 > 0 && general.canContinue(digits[$0...]) }
    }

    /// The display with the national number laid out by the keymap's templates: what comes before it (`+86`,
    /// `0086`, a national prefix) as the formatter shows it, a space, then the grouped digits. Nil when the
    /// national number is not the typed digits' tail (a region whose prefix rule rewrites digits).
    private func grouped(_ bytes: [UInt8], _ output: PhoneAsYouType.Output, by grouping: PhoneGrouping) -> [Character]? {
        let national = output.nationalNumber
        guard output.region != nil, !national.isEmpty, bytes.count >= national.count, bytes.suffix(national.count).elementsEqual(national) else {
            return nil
        }
        let before = bytes.count - national.count
        var display: [Character] = []
        if before > 0 {
            var seen = 0
            for c in output.display where seen < before {
                display.append(Character(Unicode.Scalar(c)))
                if c == 0x2B || (c >= 0x30 && c <= 0x39) { seen += 1 }
            }
            while display.last == " " { display.removeLast() }
            display.append(" ")
        }
        return display + grouping.display(national)
    }

    /// The region's flag, code and national digits out of its longest numbers, once the region is known; a field
    /// that takes one country shows its digits only (the flag would say nothing), towards the keymap's longest
    /// template when it groups by its own. A complete number counts towards its own length (`11/11` for a CN
    /// mobile, though CN has 12-digit numbers): the counter says how far the number is from done.
    private func counter(_ output: PhoneAsYouType.Output) -> String? {
        guard let main = output.region else { return nil }
        let region = PhoneLayout.region(of: output.nationalNumber, main: main, metadata: metadata)
        let count = output.nationalNumber.count
        let most = isComplete(output.nationalNumber, in: region) ? count : grouping?.longest ?? region.possibleLengths.max() ?? 0
        if soleRegion == region.code { return "\(count)/\(most)" }
        let code = region.code.hasPrefix("+") ? region.code : PhoneLayout.flag(region.code) + " " + region.code
        return "\(code) \(count)/\(most)"
    }

    public func isComplete(_ symbols: [Character]) -> Bool {
        guard let typed = input(symbols) else { return false }
        let output = formatter.format(readsOwnCallingCode(typed) ? [0x2B] + typed : typed)
        guard let main = output.region else { return false }
        let region = PhoneLayout.region(of: output.nationalNumber, main: main, metadata: metadata)
        return isComplete(output.nationalNumber, in: region)
    }

    /// Whether a national number (ASCII digits) is a valid number of `region` of the field's kinds that no further
    /// digit could keep one of them: done, whatever room the field's limit still leaves.
    func isComplete(_ national: [UInt8], in region: PhoneRegion) -> Bool {
        guard !national.isEmpty else { return false }
        let digits = national.map { $0 &- 0x30 }
        guard region.isValid(digits, ofOneOf: kindList) else { return false }
        return !canContinueByOneDigit(digits, in: region)
    }

    /// Whether some digit more keeps a number (digits 0-9) able to become a whole number of `region` of the field's
    /// kinds: `PhoneReadings.canContinue` of each of the ten longer numbers, the automata walked over the number once.
    private func canContinueByOneDigit(_ digits: [UInt8], in region: PhoneRegion) -> Bool {
        guard region.generalReaches(length: digits.count + 1) else { return false }
        let general = region.general
        let generalState = general?.state(after: digits)
        if general != nil && generalState == nil { return false }
        let continuing = region.kinds.compactMap { kind, pattern -> (DigitDFA, Int)? in
            guard kind != .emergency && kind != .shortCode && (kindList.isEmpty || kindList.contains(kind)) else { return nil }
            return pattern.dfa.state(after: digits).map { (pattern.dfa, $0) }
        }
        for d in UInt8(0)...9 {
            if let general, let generalState, general.state(from: generalState, after: d) == nil { continue }
            if continuing.contains(where: { dfa, state in dfa.state(from: state, after: d) != nil }) { return true }
        }
        return false
    }

    /// The refusal typing a whole number (UTF-8 of the field's symbols) one key at a time meets first, if any.
    /// `onePass`: which beginnings are refused is read off one walk of the digits where `PhoneReadings` can
    /// (`refusedBeginnings`), else each beginning looked at is read afresh; the answer is the same.
    func firstRefusal(_ value: UnsafeBufferPointer<UInt8>, onePass: Bool = true) -> String? {
        firstRefusalWords(value, onePass: onePass)?.issue.message
    }

    /// `firstRefusal`, with the commonest refusal left unworded for `check`'s template (`RefusalMessages`); each
    /// refusal's issue is at the number's start.
    func firstRefusalWords(_ value: UnsafeBufferPointer<UInt8>, onePass: Bool = true) -> LineRefusal? {
        for (i, byte) in value.enumerated() {
            guard (byte >= 0x30 && byte <= 0x39) || (byte == 0x2B && i == 0) else { return nil }
        }
        // A refused beginning makes every longer number refused too (a reading once dead stays dead, and no prefix
        // completes later), so a whole number that passes had none (most lines stop here), and the first refused
        // length is found by halving. Only whether a length is refused is asked until the first is known; its
        // reason is worded once.
        guard !value.isEmpty else { return nil }
        let bytes: [UInt8]
        var refusedBeginnings: UInt64?
        if !refusesBeforeReading {
            // Only the readings can refuse: the probe of the whole number keeps them, and a number refused only
            // at its last digit (one digit too long, the common case) is worded from them with no third reading.
            guard let readings = PhoneReadings.refused(value, home: home, metadata: metadata, kinds: kinds, in: regions, bound: bound) else { return nil }
            if value.count == 1 || PhoneReadings.shorterSurelyLive(readings, home: home, kinds: kinds, in: regions) {
                return numberRefusalWords(readings)
            }
            if onePass { refusedBeginnings = PhoneReadings.refusedBeginnings(value, metadata: metadata, kinds: kinds, in: regions) }
            bytes = Array(value)
            if !isRefused(bytes, length: bytes.count - 1, known: refusedBeginnings) { return numberRefusalWords(readings) }
        } else {
            bytes = Array(value)
            if !isRefused(bytes[...]) { return nil }
            if bytes.count == 1 || !isRefused(bytes[..<(bytes.count - 1)]) {
                return refusal(bytes[...], worded: true, knownRefused: true).map { .issue(ValidationIssue($0, at: 0)) }
            }
        }
        // The last digit is known refused (see above): halve what is before it.
        var passes = 0, refused = bytes.count - 1
        while refused - passes > 1 {
            let middle = (passes + refused) / 2
            if isRefused(bytes, length: middle, known: refusedBeginnings) { refused = middle } else { passes = middle }
        }
        // Only the readings refuse here (`refusal` then words its number as `numberRefusal` does).
        if !refusesBeforeReading { return numberRefusalWords(Array(bytes[..<refused]), knownRefused: true) }
        return refusal(bytes[..<refused], worded: true, knownRefused: true).map { .issue(ValidationIssue($0, at: 0)) }
    }

    /// Whether typing the first `length` bytes is refused: a bit of `known` (`PhoneReadings.refusedBeginnings`),
    /// else `isRefused` of them.
    private func isRefused(_ bytes: [UInt8], length: Int, known: UInt64?) -> Bool {
        if let known { return known & (1 << UInt64(length)) != 0 }
        return isRefused(bytes[..<length])
    }

    public func refusal(_ symbols: [Character]) -> String? {
        input(symbols).flatMap { refusal(bytes: $0) }
    }

    /// Why typing the number (ASCII digits, `+` only first) is refused, if it is.
    func refusal(bytes: [UInt8]) -> String? {
        if let known = lastRefusal.value.withLock({ $0.flatMap { $0.bytes == bytes ? $0 : nil } }) { return known.reason }
        let reason = freshRefusal(bytes)
        lastRefusal.value.withLock { $0 = (bytes, reason) }
        return reason
    }

    /// `refusal(bytes:)` worked out.
    private func freshRefusal(_ bytes: [UInt8]) -> String? { refusal(bytes[...], worded: true) }

    /// Whether typing the number is refused: `refusal(bytes:) != nil`, without wording the reason.
    func isRefused(_ bytes: ArraySlice<UInt8>) -> Bool { refusal(bytes, worded: false) != nil }

    /// Why typing the number is refused; unworded (an empty reason) when only whether it is counts.
    /// `knownRefused`: the number is known to be refused (`isRefused` said so), so its readings are not asked again.
    private func refusal(_ bytes: ArraySlice<UInt8>, worded: Bool, knownRefused: Bool = false) -> String? {
        if refusesBeforeReading {
            let whole = Array(bytes)
            if let reason = regionRefusal(whole) { return reason }
            if let grouping, !grouping.refused.isEmpty {
                let output = formatter.format(whole)
                if output.region != nil, let reason = grouping.refusal(output.nationalNumber) { return reason }
            }
        }
        if worded { return numberRefusal(Array(bytes), knownRefused: knownRefused) }
        return PhoneReadings.canBecome(bytes, home: home, metadata: metadata, kinds: kinds, in: regions, bound: bound) ? nil : ""
    }

    /// Whether typed bytes (ASCII) are surely a number dialled within the formatter's home region: no `+`, and no
    /// beginning of them is, or can still become, its international prefix. The formatter's region is then the
    /// home region, known without running it (typing `138…` in a CN field asks this on every key).
    func surelyNational(_ bytes: [UInt8]) -> Bool {
        guard let home = formatter.home, bytes.first != 0x2B else { return false }
        guard let prefix = home.internationalPrefix else { return true }
        if prefix.accepts(0) { return false }
        var state = 0
        for byte in bytes {
            guard let next = prefix.state(from: state, after: byte &- 0x30) else { return true }
            if prefix.accepts(next) { return false }
            state = next
        }
        return false
    }

    /// Why a number is refused for its country alone, once its calling code is complete: the field does not take it.
    func regionRefusal(_ bytes: [UInt8]) -> String? {
        guard !regions.isEmpty else { return nil }
        let main: PhoneRegion
        if surelyNational(bytes), let home = formatter.home {
            main = home
        } else {
            guard let found = formatter.format(bytes).region else { return nil }
            main = found
        }
        // The main region shares its calling code with itself: a field that takes it needs no list of the others
        // (read from the table on every key otherwise).
        if regions.contains(main.code) { return nil }
        let codes = metadata.regionCodes(sharing: main.callingCode), sharing = codes.isEmpty ? [main.code] : codes
        guard regions.isDisjoint(with: sharing) else { return nil }
        let named = sharing.map { code in names[code].map { "\(code) (\($0))" } ?? code }.joined(separator: ", ")
        return tr("+\(main.callingCode) is \(named); this field takes \(regions.sorted().joined(separator: ", "))")
    }

    /// Why no number the field takes can begin with these digits, read every way they can be (with or without an
    /// international or national prefix): of a kind the field refuses, of another country sharing the calling
    /// code, or of no kind at all (with the numbering plan's rule where one explains it). Nil while some reading
    /// can still become a number the field takes, or the digits cannot be read yet.
    func numberRefusal(_ bytes: [UInt8], knownRefused: Bool = false) -> String? {
        numberRefusalWords(bytes, knownRefused: knownRefused)?.issue.message
    }

    /// `numberRefusal`, with the commonest refusal left unworded (`LineRefusal.phoneNumberStarts`).
    private func numberRefusalWords(_ bytes: [UInt8], knownRefused: Bool) -> LineRefusal? {
        guard knownRefused || !PhoneReadings.canBecome(bytes[...], home: home, metadata: metadata, kinds: kinds, in: regions, bound: bound) else { return nil }
        guard let all = PhoneReadings(bytes, home: home, metadata: metadata, bound: bound).readings else { return nil }
        return numberRefusalWords(all)
    }

    /// The message of a number no number of the region with this code starts as.
    static func numberStartsMessage(_ region: String, _ typed: String) -> String { tr("no \(region) number starts \(typed)") }

    /// `numberRefusal` of a refused number's readings (all of them; none can become a number the field takes),
    /// each refusal's issue at the number's start.
    private func numberRefusalWords(_ all: [PhoneReadings.Reading]) -> LineRefusal? {
        numberRefusalMessage(all).map { .issue(ValidationIssue($0, at: 0)) } ?? plainNumberRefusal(all)
    }

    /// The refusal of a number whose readings are of no kind the field restricts and of no other country: no
    /// number of its region starts so (where no numbering plan's rule says more).
    private func plainNumberRefusal(_ all: [PhoneReadings.Reading]) -> LineRefusal? {
        guard let shortest = all.min(by: { $0.national.count < $1.national.count }), let region = shortest.regions.first else { return nil }
        if let hint = PhoneHint.explain(shortest.national, region: region) { return .issue(ValidationIssue(hint, at: 0)) }
        guard let digits = PhoneDigits(shortest.national) else {
            return .issue(ValidationIssue(PhoneLayout.numberStartsMessage(region.code, PhoneNumber.text(of: shortest.national)), at: 0))
        }
        return .phoneNumberStarts(region: region.code, digits: digits)
    }

    /// The message of a refused number's readings for a field that restricts kinds or countries; nil for the
    /// others (`plainNumberRefusal` words those).
    private func numberRefusalMessage(_ all: [PhoneReadings.Reading]) -> String? {
        let readings = PhoneReadings(all)
        // A number of the field's kinds in another country is worded by the country; anything else, in a field of
        // some kinds, by the kinds (one message whether or not another kind could begin so: `12` and `10` alike).
        let elsewhere = !regions.isEmpty && readings.canBecome(kinds: kinds, in: [])
        if !kinds.isEmpty, !elsewhere || readings.canBecome(kinds: [], in: regions) {
            let wanted = PhoneKind.describe(kinds)
            // How the field's numbers begin says more than the kinds a partial number could still be; when the
            // number begins that way, the digits typed say where it went wrong.
            let home = all.first?.regions.first { regions.isEmpty || regions.contains($0.code) }
            if let home, let shortest = all.min(by: { $0.national.count < $1.national.count }) {
                let pairs = PhoneReadings.leadingPairs(home, kinds: kinds)
                let national = shortest.national
                if national.count >= 2, pairs.contains(Int(national[0]) * 10 + Int(national[1])) {
                    let typed = PhoneNumber.text(of: national)
                    return tr("no \(home.code) \(wanted) number starts \(typed)")
                }
                if let starts = PhoneReadings.describe(pairs) {
                    return tr("not a \(wanted) number (\(home.code) \(wanted) numbers start \(starts))")
                }
            }
            return tr("not a \(wanted) number")
        }
        if elsewhere {
            let elsewhere = all.lazy.flatMap { reading in
                reading.regions.lazy.filter { region in
                    !self.regions.contains(region.code)
                        && PhoneReadings.kinds(region, continuing: reading.national).contains { self.kinds.isEmpty || self.kinds.contains($0) }
                }.map(\.code)
            }
            let named = elsewhere.first.map { code in names[code].map { "\(code) (\($0))" } ?? code } ?? tr("another country")
            return tr("a number of \(named); this field takes \(regions.sorted().joined(separator: ", "))")
        }
        return nil
    }

    /// Which of the calling code's regions a (partial) national number belongs to: the one it is valid in, else
    /// the one whose leading digits it starts with, else the main one.
    /// `knownInvalid`: the number is valid in none of them (the caller has just tried), so only leading digits count.
    static func region(of national: [UInt8], main: PhoneRegion, metadata: PhoneMetadata, knownInvalid: Bool = false) -> PhoneRegion {
        region(ofDigits: national.map { $0 &- 0x30 }, main: main, metadata: metadata, knownInvalid: knownInvalid)
    }

    /// `region(of:main:metadata:knownInvalid:)` of a national number's digits (0-9).
    static func region(ofDigits digits: [UInt8], main: PhoneRegion, metadata: PhoneMetadata, knownInvalid: Bool = false) -> PhoneRegion {
        let sharing = metadata.sharing[main.callingCode] ?? []
        guard sharing.count > 1, !digits.isEmpty else { return main }
        if !knownInvalid, let valid = sharing.first(where: { $0.isValid(digits) }) { return valid }
        return sharing.first { region in
            guard let leading = region.leadingDigits, let state = leading.state(after: digits) else { return false }
            return leading.accepts(state)
        } ?? main
    }

    /// The flag emoji of a region code (its letters as regional indicator symbols).
    static func flag(_ code: String) -> String {
        var flag = ""
        for scalar in code.unicodeScalars where scalar.value >= 0x41 && scalar.value <= 0x5A {
            flag.unicodeScalars.append(Unicode.Scalar(0x1F1E6 + scalar.value - 0x41)!)
        }
        return flag
    }
}
