/// What libphonenumber's AsYouTypeFormatter shows after each digit (or the leading `+`) typed in order, worked
/// out from the same metadata, so a field's display matches what users of libphonenumber-based forms see.
///
/// The formatter is a state machine whose output depends only on the characters fed so far. This is an
/// independent Swift rendering of its documented steps: before three characters the input is shown as typed; at
/// three, an international prefix (`+`, `00`, `011`) or a national prefix is split off; a calling code switches
/// the region; from three national digits the region's formats whose leading digits fit are tried in order, the
/// first whose pattern can hold the digits becoming a template that the digits fill; a number that matches a
/// format whole is shown in that format; a number no format holds is shown as typed.
public struct PhoneAsYouType: Sendable {
    /// The metadata the region codes refer to.
    let metadata: PhoneMetadata
    /// The region numbers without `+` are dialled from (its calling code's main region is used).
    let home: PhoneRegion?

    /// The formatter for numbers typed in `assumedRegion` (nil: only `+` numbers are formatted).
    public init(metadata: PhoneMetadata, assumedRegion: String?) {
        self.metadata = metadata
        self.home = assumedRegion.flatMap { metadata.regions[$0] }.flatMap { metadata.mainRegion(for: $0.callingCode) }
    }

    /// What the formatter shows and knows after some input.
    public struct Output {
        /// The display (ASCII).
        public let display: [UInt8]
        /// The region whose formats apply so far (its calling code's main region); nil before a `+` number's
        /// calling code is complete.
        public let region: PhoneRegion?
        /// The national number's digits, without international, calling-code or national prefixes.
        public let nationalNumber: [UInt8]
    }

    /// The last input and the formatter's state after it: typing at the end of the number (the common case)
    /// then feeds only the new digit instead of the whole number again.
    private let last = SharedState<(input: [UInt8], machine: Machine)?>(nil)

    /// The output after feeding `input` (ASCII digits, `+` only first) one character at a time.
    /// The machine is stepped where it is kept, under the lock: copied out and back, its arrays cost more than the
    /// step of one digit.
    public func format(_ input: [UInt8]) -> Output {
        last.value.withLock { state in
            // Compared in place: binding the kept state to a name would copy the machine's arrays.
            if state != nil, state!.input.count <= input.count, input.starts(with: state!.input) {
                state!.input = input
            } else {
                state = (input, Machine(metadata: metadata, region: home))
            }
            for c in input[state!.machine.accrued.count...] { state!.machine.feed(c) }
            return Output(display: state!.machine.output, region: state!.machine.regionKnown ? state!.machine.region : nil,
                          nationalNumber: state!.machine.nationalNumber)
        }
    }
}


extension PhoneMetadata {
    /// The main region of a calling code (whose formats its other regions share).
    public func mainRegion(for callingCode: Int) -> PhoneRegion? {
        regions.main(of: callingCode)
    }

    /// The region codes of a calling code, the main one first (none made).
    func regionCodes(sharing callingCode: Int) -> [String] {
        regions.codes(sharing: callingCode)
    }
}

/// The formatter's state; each method is one of its steps.
private struct Machine: Sendable {
    static let placeholder: UInt8 = 0x00
    let metadata: PhoneMetadata
    /// The metadata formats are taken from (the home region's, then the calling code's).
    var region: PhoneRegion?
    var regionKnown: Bool
    var accrued: [UInt8] = []
    var nationalNumber: [UInt8] = []
    var prefix: [UInt8] = []
    var extractedNationalPrefix: [UInt8] = []
    var template: [UInt8] = []
    var lastMatch = 0
    var currentPattern: String?
    var spaceAfterNationalPrefix = false
    var ableToFormat = true
    var completeNumber = false
    var expectingCallingCode = false
    var possible: [PhoneFormat] = []
    var output: [UInt8] = []

    init(metadata: PhoneMetadata, region: PhoneRegion?) {
        self.metadata = metadata
        self.region = region
        self.regionKnown = region != nil
    }

    mutating func feed(_ c: UInt8) {
        accrued.append(c)
        if c != UInt8(ascii: "+") { nationalNumber.append(c) } else { regionKnown = false }
        output = step(c)
    }

    private mutating func step(_ c: UInt8) -> [UInt8] {
        if !ableToFormat {
            if extractInternationalPrefix() {
                if extractCallingCode() { return choosePatternAfterPrefix() }
            } else if extractLongerNationalPrefix() {
                prefix.append(0x20)
                return choosePatternAfterPrefix()
            }
            return accrued
        }
        if accrued.count <= 2 { return accrued }
        if accrued.count == 3 {
            if extractInternationalPrefix() {
                expectingCallingCode = true
            } else {
                extractedNationalPrefix = removeNationalPrefix()
                return chooseFormattingPattern()
            }
        }
        if expectingCallingCode {
            if extractCallingCode() { expectingCallingCode = false }
            return prefix + nationalNumber
        }
        guard !possible.isEmpty else { return chooseFormattingPattern() }
        let partial = inputDigit(c)
        let whole = formatWhole()
        if !whole.isEmpty { return whole }
        narrow(by: nationalNumber)
        if makeTemplate() { return inputNationalNumber() }
        return ableToFormat ? appendNational(partial) : accrued
    }

    private mutating func choosePatternAfterPrefix() -> [UInt8] {
        ableToFormat = true
        expectingCallingCode = false
        possible = []
        lastMatch = 0
        template = []
        currentPattern = nil
        return chooseFormattingPattern()
    }

    /// `+` or the region's international prefix at the start: the rest is a calling code and a number.
    private mutating func extractInternationalPrefix() -> Bool {
        var end = 0
        if accrued.first == UInt8(ascii: "+") {
            end = 1
        } else if let dfa = region?.internationalPrefix {
            end = dfa.matchingPrefixLengths(accrued.map { $0 &- 0x30 }).last ?? 0
        }
        guard end > 0 else { return false }
        completeNumber = true
        regionKnown = false
        nationalNumber = Array(accrued[end...])
        prefix = Array(accrued[..<end])
        if accrued[0] != UInt8(ascii: "+") { prefix.append(0x20) }
        return true
    }

    /// A calling code (1-3 digits, not starting 0) at the start of the national number switches the region.
    private mutating func extractCallingCode() -> Bool {
        guard let first = nationalNumber.first, first != 0x30 else { return false }
        for length in 1...min(3, nationalNumber.count) {
            let code = nationalNumber.prefix(length).reduce(0) { $0 * 10 + Int($1 - 0x30) }
            guard let main = metadata.mainRegion(for: code) else { continue }
            nationalNumber.removeFirst(length)
            region = main
            regionKnown = true
            prefix += Array(String(code).utf8) + [0x20]
            extractedNationalPrefix = []
            return true
        }
        return false
    }

    /// The national prefix (or NANP's leading 1) split off the first digits.
    private mutating func removeNationalPrefix() -> [UInt8] {
        var start = 0
        if region?.callingCode == 1, nationalNumber.count >= 2, nationalNumber[0] == 0x31,
           nationalNumber[1] != 0x30, nationalNumber[1] != 0x31 {
            start = 1
            prefix += [0x31, 0x20]
            completeNumber = true
        } else if let dfa = region?.nationalPrefixForParsing,
                  let end = dfa.matchingPrefixLengths(nationalNumber.map { $0 &- 0x30 }).last, end > 0 {
            completeNumber = true
            start = end
            prefix += nationalNumber[..<end]
        }
        let removed = Array(nationalNumber[..<start])
        nationalNumber.removeFirst(start)
        return removed
    }

    /// Whether putting the national prefix back and splitting again finds a different one.
    private mutating func extractLongerNationalPrefix() -> Bool {
        if !extractedNationalPrefix.isEmpty {
            nationalNumber = extractedNationalPrefix + nationalNumber
            if let at = lastIndex(of: extractedNationalPrefix, in: prefix) { prefix.removeSubrange(at...) }
        }
        return extractedNationalPrefix != removeNationalPrefix()
    }

    private func lastIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        return stride(from: haystack.count - needle.count, through: 0, by: -1).first {
            Array(haystack[$0..<$0 + needle.count]) == needle
        }
    }

    private mutating func chooseFormattingPattern() -> [UInt8] {
        guard nationalNumber.count >= 3 else { return appendNational(nationalNumber) }
        availableFormats()
        let whole = formatWhole()
        if !whole.isEmpty { return whole }
        return makeTemplate() ? inputNationalNumber() : accrued
    }

    /// The formats that may lay out this number: international or national ones, those whose national-prefix
    /// rule fits whether a prefix was typed, narrowed by leading digits.
    private mutating func availableFormats() {
        guard let region else { return }
        let international = completeNumber && extractedNationalPrefix.isEmpty
        let list = international && !region.internationalFormats.isEmpty ? region.internationalFormats : region.formats
        for format in list {
            let firstGroupOnly = Machine.isFirstGroupOnly(format.nationalPrefixRule)
            if !extractedNationalPrefix.isEmpty && firstGroupOnly && !format.nationalPrefixOptional && !format.carrierCodeRule {
                continue
            }
            if extractedNationalPrefix.isEmpty && !completeNumber && !firstGroupOnly && !format.nationalPrefixOptional {
                continue
            }
            if format.asYouType { possible.append(format) }
        }
        narrow(by: nationalNumber)
    }

    /// A rule that writes the first group alone (`$1`, `($1)`): the format shows no national prefix.
    static func isFirstGroupOnly(_ rule: String?) -> Bool {
        guard let rule else { return true }
        var text = Substring(rule)
        if text.first == "(" { text = text.dropFirst() }
        if text.last == ")" { text = text.dropLast() }
        return text == "$1"
    }

    private mutating func narrow(by digits: [UInt8]) {
        let plain = digits.map { $0 &- 0x30 }
        possible.removeAll { !$0.leads(plain, patternIndex: digits.count - 3) }
    }

    /// A format whose pattern matches the whole national number lays it out at once.
    private mutating func formatWhole() -> [UInt8] {
        for format in possible where format.matchesWhole(nationalNumber.count) {
            spaceAfterNationalPrefix = Machine.separates(format.nationalPrefixRule)
            guard let laidOut = format.apply(nationalNumber) else { continue }
            let full = appendNational(laidOut)
            if full.filter({ ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: "+") }) == accrued { return full }
        }
        return []
    }

    /// Whether a national-prefix rule puts a space or hyphen after the prefix.
    static func separates(_ rule: String?) -> Bool {
        rule.map { $0.utf8.contains(0x20) || $0.utf8.contains(UInt8(ascii: "-")) } ?? false
    }

    /// The first format that can hold the digits becomes the template (formats that cannot are dropped).
    private mutating func makeTemplate() -> Bool {
        // Each format is either used or dropped, so the first one is always the next to try.
        while let format = possible.first {
            if currentPattern == format.pattern { return false }
            if let filled = templateFor(format) {
                template = filled
                currentPattern = format.pattern
                spaceAfterNationalPrefix = Machine.separates(format.nationalPrefixRule)
                lastMatch = 0
                return true
            }
            possible.removeFirst()
        }
        ableToFormat = false
        return false
    }

    /// The format laid over the longest number its pattern matches within 15 digits, digits as placeholders;
    /// nil when that is shorter than the digits typed.
    private func templateFor(_ format: PhoneFormat) -> [UInt8]? {
        var longest = 0
        var budget = 15
        var minimumAfter = format.groups.reduce(0) { $0 + $1.lowerBound }
        guard minimumAfter <= budget else { return nil }
        for group in format.groups {
            minimumAfter -= group.lowerBound
            let take = min(group.upperBound, budget - minimumAfter)
            longest += take
            budget -= take
        }
        guard longest >= nationalNumber.count,
              let laidOut = format.apply([UInt8](repeating: 0x39, count: longest)) else { return nil }
        return laidOut.map { $0 == 0x39 ? Machine.placeholder : $0 }
    }

    /// One digit into the template's next placeholder; the template up to it, or the input as typed when full.
    private mutating func inputDigit(_ c: UInt8) -> [UInt8] {
        if let at = template[lastMatch...].firstIndex(of: Machine.placeholder) {
            template[at] = c
            lastMatch = at
            return Array(template[...at])
        }
        if possible.count == 1 { ableToFormat = false }
        currentPattern = nil
        return accrued
    }

    private mutating func inputNationalNumber() -> [UInt8] {
        guard !nationalNumber.isEmpty else { return prefix }
        var partial: [UInt8] = []
        for d in nationalNumber { partial = inputDigit(d) }
        return ableToFormat ? appendNational(partial) : accrued
    }

    private func appendNational(_ national: [UInt8]) -> [UInt8] {
        if spaceAfterNationalPrefix, let last = prefix.last, last != 0x20 { return prefix + [0x20] + national }
        return prefix + national
    }
}
