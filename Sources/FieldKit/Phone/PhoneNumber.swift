/// A telephone number as stored: its calling code and national number, and the region they belong to. Printed
/// and compared as E.164 (`+8613812345678`).
public struct PhoneNumber: Sendable, Hashable, CustomStringConvertible {
    /// The region (`CN`, `GB`, or `+800` for a non-geographic entity).
    public let region: String
    /// The country calling code.
    public let callingCode: Int
    /// The national significant number's digits (no national prefix).
    public let nationalNumber: String

    /// `+` calling code national number.
    public var e164: String { String(decoding: e164UTF8, as: UTF8.self) }

    /// The E.164 form's bytes, written digit by digit (`check` writes one per valid line).
    var e164UTF8: [UInt8] {
        var bytes: [UInt8] = []
        // One allocation: reserved before the first byte (an array literal would allocate, then reallocate).
        bytes.reserveCapacity(4 + nationalNumber.utf8.count)
        bytes.append(0x2B)
        var divisor = 1
        while divisor * 10 <= callingCode { divisor *= 10 }
        while divisor > 0 { bytes.append(UInt8(truncatingIfNeeded: callingCode / divisor % 10) &+ 0x30); divisor /= 10 }
        bytes.append(contentsOf: nationalNumber.utf8)
        return bytes
    }

    /// The E.164 form.
    public var description: String { e164 }

    /// Reads a number as users type or paste it: `+44 20 7946 0958`, `0044 20 7946 0958` or `(020) 7946 0958`
    /// with an assumed region, national prefixes (`018562755191` in China), formatting characters (spaces,
    /// `-`, `.`, `(`, `)`, `/`). The number must be a valid number of its region (libphonenumber's patterns).
    public static func parse(_ text: String, assumedRegion: String?, metadata: PhoneMetadata) -> Result<PhoneNumber, ValidationIssue> {
        read(text, assumedRegion: assumedRegion, metadata: metadata).mapError(\.issue)
    }

    /// `parse`, with a failure worded only when asked.
    static func read(_ text: String, assumedRegion: String?, metadata: PhoneMetadata) -> Result<PhoneNumber, PhoneReadFailure> {
        var digits: [UInt8] = []
        var plus = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "0"..."9": digits.append(UInt8(scalar.value - 48))
            case "０"..."９": digits.append(UInt8(scalar.value - 0xFF10))
            case "+", "＋":
                guard digits.isEmpty, !plus else { return .failure(PhoneReadFailure(ValidationIssue(tr("'+' only starts a number")))) }
                plus = true
            case " ", "-", ".", "(", ")", "/", "\u{A0}", "\u{3000}": continue
            default: return .failure(PhoneReadFailure(ValidationIssue(tr("unexpected '\(Character(scalar))' in a phone number"))))
            }
        }
        return read(digits: digits, plus: plus, assumedRegion: assumedRegion, metadata: metadata)
    }

    /// `parse` of UTF-8 text: ASCII (what `check` and the field hand over) is read byte by byte, anything else as text.
    static func parse(_ utf8: UnsafeBufferPointer<UInt8>, assumedRegion: String?, metadata: PhoneMetadata) -> Result<PhoneNumber, ValidationIssue> {
        read(utf8, assumedRegion: assumedRegion, metadata: metadata).mapError(\.issue)
    }

    /// `parse` of UTF-8 text, with a failure worded only when asked.
    /// `home`: the assumed region itself when the caller holds it (`metadata.regions[assumedRegion]`, looked up here
    /// otherwise), so a number read for every line does not hash the region's code.
    static func read(_ utf8: UnsafeBufferPointer<UInt8>, assumedRegion: String?, metadata: PhoneMetadata,
                     home: PhoneRegion? = nil) -> Result<PhoneNumber, PhoneReadFailure> {
        // The digits in temporary (stack) space: `check` reads a number per line, and an array would be a large
        // part of that.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: utf8.count) { space in
            var count = 0
            var plus = false
            for byte in utf8 {
                switch byte {
                case 0x30...0x39:
                    space[count] = byte &- 0x30
                    count += 1
                case 0x2B:
                    guard count == 0, !plus else { return .failure(PhoneReadFailure(ValidationIssue(tr("'+' only starts a number")))) }
                    plus = true
                case 0x20, 0x2D, 0x2E, 0x28, 0x29, 0x2F: continue
                default: return read(String(decoding: utf8, as: UTF8.self), assumedRegion: assumedRegion, metadata: metadata)
                }
            }
            return read(digits: UnsafeBufferPointer(rebasing: space[0..<count]), plus: plus, assumedRegion: assumedRegion, metadata: metadata,
                        home: home)
        }
    }

    /// A number from its digits (0-9) and whether `+` came first.
    private static func read<D: RandomAccessCollection>(digits: D, plus: Bool, assumedRegion: String?, metadata: PhoneMetadata,
                                                        home known: PhoneRegion? = nil) -> Result<PhoneNumber, PhoneReadFailure>
        where D.Element == UInt8 {
        guard !digits.isEmpty else {
            return .failure(PhoneReadFailure(ValidationIssue(plus ? tr("type the country calling code") : tr("no digits"), incomplete: plus)))
        }
        if plus { return international(digits, metadata: metadata) }
        guard let assumed = assumedRegion, let home = known ?? metadata.regions[assumed] else {
            return .failure(PhoneReadFailure(ValidationIssue(tr("an international number starts with + and the country calling code"))))
        }
        // An international prefix (00 in China, 011 in the US) commits the number to its calling code, as
        // libphonenumber reads it: a failed international reading is not read again nationally.
        if let length = home.internationalPrefixLength(digits) { return international(digits.dropFirst(length), metadata: metadata) }
        // The region's own calling code without `+` (`8613812345678`), where the national reading is not a number.
        if let national = home.callingCodeReading(digits) { return afterCallingCode(national, code: home.callingCode, metadata: metadata) }
        return national(Array(digits), in: home, metadata: metadata)
    }

    /// The national digits libphonenumber reads after a calling code typed without `+`: a national prefix after
    /// it dropped where the rest keeps a possible length, then placed in the code's regions.
    private static func afterCallingCode(_ national: [UInt8], code: Int, metadata: PhoneMetadata) -> Result<PhoneNumber, PhoneReadFailure> {
        guard let main = metadata.mainRegion(for: code), let regions = metadata.sharing[code] else {
            return .failure(PhoneReadFailure(ValidationIssue(tr("no country has the calling code this number starts with"))))
        }
        let reading = main.nationalReading(national)
        if let found = number(reading, callingCode: code, regions: regions, metadata: metadata) { return .success(found) }
        let region = PhoneLayout.region(ofDigits: reading, main: main, metadata: metadata, knownInvalid: true)
        return .failure(PhoneReadFailure(.reading(reading, region: region)))
    }

    /// Digits after `+`: a calling code (codes are prefix-free, 1 to 3 digits), then the national number.
    static func international<D: RandomAccessCollection>(_ digits: D, metadata: PhoneMetadata) -> Result<PhoneNumber, PhoneReadFailure>
        where D.Element == UInt8 {
        // Calling codes start 1 to 9 (`+0…` is none, not code 1 read with a leading zero).
        for length in 1...3 where digits.count >= length && digits.first != 0 {
            let code = digits.prefix(length).reduce(0) { $0 * 10 + Int($1) }
            guard let regions = metadata.sharing[code], let main = metadata.mainRegion(for: code) else { continue }
            let rest = digits.dropFirst(length)
            // No national prefix after the code (the common case): the digits are the national number.
            if !main.rewritesNationalPrefix, (main.nationalPrefixForParsing?.longestPrefixMatch(rest) ?? 0) == 0 {
                if let found = number(rest, callingCode: code, regions: regions, metadata: metadata) { return .success(found) }
            } else {
                // A national prefix written after the calling code (+44 (0)20…) is dropped as libphonenumber drops
                // it; the failure is the one reading as typed, whatever the prefix rules made.
                if let found = number(main.nationalReading(Array(rest)), callingCode: code, regions: regions, metadata: metadata) {
                    return .success(found)
                }
            }
            let national = Array(rest)
            let region = PhoneLayout.region(ofDigits: national, main: main, metadata: metadata, knownInvalid: true)
            return .failure(PhoneReadFailure(.reading(national, region: region)))
        }
        // `+4` may still become `+44`, and `+979` needs a digit after its code.
        let typed = String(digits.map { Character(Unicode.Scalar($0 + 0x30)) })
        if digits.count <= 3, metadata.byCallingCode.keys.contains(where: { String($0).hasPrefix(typed) }) {
            return .failure(PhoneReadFailure(ValidationIssue(tr("type the country calling code"), incomplete: true)))
        }
        return .failure(PhoneReadFailure(ValidationIssue(tr("no country has the calling code this number starts with"))))
    }

    /// A number written the national way in `home`: its national prefix, if any, stripped where that leaves a
    /// valid number.
    /// `plainTried`: the digits as they are are already known not to be valid (only the stripped readings are new).
    static func national(_ digits: [UInt8], in home: PhoneRegion, metadata: PhoneMetadata, plainTried: Bool = false) -> Result<PhoneNumber, PhoneReadFailure> {
        var rewrite: [UInt8]?
        if let found = nationalNumber(digits, in: home, metadata: metadata, plainTried: plainTried, rewrite: &rewrite) {
            return .success(found)
        }
        if let rewrite { return .failure(PhoneReadFailure(.reading(rewrite, region: home))) }
        // The readings tried, the most prefix stripped first, then the digits as typed.
        var readings: [[UInt8]] = []
        for length in (home.nationalPrefixForParsing?.matchingPrefixLengths(digits) ?? []).reversed() where length > 0 {
            readings.append(Array(digits[length...]))
        }
        readings.append(digits)
        return .failure(PhoneReadFailure(.readings(readings, region: home)))
    }

    /// `national`'s number without the failure: nil when no reading is valid. `rewrite` is set to the one reading
    /// of a region whose national prefix rule rewrites digits (its failure speaks of that reading).
    static func nationalNumber(_ digits: [UInt8], in home: PhoneRegion, metadata: PhoneMetadata, plainTried: Bool,
                               rewrite: inout [UInt8]?) -> PhoneNumber? {
        let regions = metadata.sharing[home.callingCode] ?? [home]
        let rewritten = rewritten(digits, in: home)
        if let rewritten { rewrite = rewritten }
        // The one reading libphonenumber validates: without the national prefix where the rest has a possible length
        // (the rewrite just made given, not made again).
        let reading = home.nationalReading(digits, rewritten: rewritten)
        if reading == digits && plainTried { return nil }
        return number(reading, callingCode: home.callingCode, regions: regions, metadata: metadata)
    }

    /// For a region whose national prefix keeps or rewrites digits, the one reading libphonenumber makes of a
    /// national number: the prefix matched at the start is dropped, or the match replaced by the transform rule
    /// with its groups; the number stays as it was when the match is not there, or when a number that fitted the
    /// region's general pattern would no longer fit it. Nil for other regions (the automata serve them).
    static func rewritten(_ digits: [UInt8], in region: PhoneRegion) -> [UInt8]? {
        guard region.rewritesNationalPrefix else { return nil }
        // The automaton of the same pattern (the generator makes it from it) accepting no start of the digits, the
        // pattern matches none either: no regular expression is run (or compiled) for most numbers (PhoneRewriteTests).
        if let automaton = region.nationalPrefixForParsing, automaton.longestPrefixMatch(digits) == nil { return digits }
        guard let (pattern, transform) = region.nationalPrefixRewrite else { return nil }
        let text = digits.map { $0 + 0x30 }
        guard !digits.isEmpty, let match = text.withUnsafeBufferPointer({ pattern.prefixMatch($0) }) else { return digits }
        let fitted = region.general?.matches(digits) == true
        var reading: [UInt8]
        if transform.isEmpty || match.groups.last.map({ $0 == nil }) ?? true {
            reading = Array(text[match.end...])
        } else {
            let groups = match.groups.map { $0.map { text[$0] } ?? [] }
            reading = PhoneFormat.substitute(transform, groups: groups) + text[match.end...]
        }
        reading = reading.map { $0 - 0x30 }
        if fitted && region.general?.matches(reading) != true { return digits }
        return reading
    }

    /// Why none of the readings of a national number (with and without a national prefix) is valid in `region`:
    /// too short while one of them can still grow into a number of the region (more typing may fix that), too
    /// long when all are, else not a number of the region.
    /// `growable`: whether `canGrow` holds, when the caller has just asked.
    static func issue<R: Collection>(_ readings: R, region: PhoneRegion, growable: Bool? = nil) -> ValidationIssue where R.Element == [UInt8] {
        let most = region.possibleLengths.max() ?? 17
        if growable ?? canGrow(readings, in: region) { return ValidationIssue(tooShortMessage(region.code), incomplete: true) }
        if readings.allSatisfy({ $0.count > most }) { return ValidationIssue(tr("too long for \(region.code)")) }
        // The reading with the most prefix stripped is the one a plan's rule speaks of.
        if let shortest = readings.min(by: { $0.count < $1.count }), let hint = PhoneHint.explain(shortest, region: region) {
            return ValidationIssue(hint)
        }
        return ValidationIssue(tr("not a valid number for \(region.code)"))
    }

    /// `issue`, with a number too short left unworded for `check`'s template (`RefusalMessages`).
    static func refusal<R: Collection>(_ readings: R, region: PhoneRegion, growable: Bool?) -> LineRefusal where R.Element == [UInt8] {
        if growable ?? canGrow(readings, in: region) { return .phoneTooShort(region: region.code) }
        return .issue(issue(readings, region: region, growable: false))
    }

    /// The message of a number too short for the region with this code.
    static func tooShortMessage(_ region: String) -> String { tr("too short for \(region)") }

    /// Whether one of the readings can still grow into a whole number of one of the region's kinds (its general
    /// pattern is broader): such a number is too short, not wrong.
    static func canGrow<R: Collection>(_ readings: R, in region: PhoneRegion) -> Bool where R.Element == [UInt8] {
        let most = region.possibleLengths.max() ?? 17
        let numbers = region.numbers
        return readings.contains { digits in
            digits.count < most && numbers.generalReaches(length: digits.count) && numbers.general?.canContinue(digits) != false
                && numbers.kinds.contains { $0.0 != .emergency && $0.0 != .shortCode && $0.1.canContinue(digits) }
        }
    }

    /// The national number placed in the first of the calling code's regions it is valid in (leading digits first);
    /// nil when it is valid in none (the callers say why, once they have tried every reading: a message built for
    /// each reading tried would cost more than the tries).
    /// `indexed`: the first pass takes its regions from the code's `LeadingDigitsIndex` (else walks each); the same.
    static func number<C: Collection>(_ national: C, callingCode: Int, regions: [PhoneRegion], metadata: PhoneMetadata,
                                      indexed: Bool = true) -> PhoneNumber?
        where C.Element == UInt8 {
        func found(_ region: PhoneRegion) -> PhoneNumber {
            PhoneNumber(region: region.code, callingCode: callingCode, nationalNumber: text(of: national))
        }
        // Regions whose leading digits the number has come first (a shared code's), then all in order. The leading
        // digits are asked first: they are in the region's row, while its lengths and patterns are read from the
        // patterns file the first time (+1 is shared by 25 regions, and a US number needs only the US's).
        func placed(_ region: PhoneRegion) -> Bool {
            region.leadingDigits?.canContinue(national) == true && region.generalTakes(length: national.count) && region.isValid(national)
        }
        // A shared code's regions whose leading digits the first two digits leave possible, from its index (the
        // same automata, walked once for every start); the others cannot continue the whole number either.
        var second = national.startIndex
        if national.count >= 2 { national.formIndex(after: &second) }
        if indexed, regions.count > 1, national.count >= 2, national[national.startIndex] < 10, national[second] < 10,
           let index = regions[0].leadingDigitsIndex(of: regions) {
            var mask = index.masks[Int(national[national.startIndex]) * 10 + Int(national[second])]
            while mask != 0 {
                let region = regions[mask.trailingZeroBitCount]
                mask &= mask &- 1
                if placed(region) { return found(region) }
            }
        } else {
            for region in regions where placed(region) { return found(region) }
        }
        for region in regions where region.isValid(national) { return found(region) }
        return nil
    }

    /// Digits (0-9) as text, written straight into the string (no array in between): a valid number's national
    /// digits, and the digits a refusal names.
    static func text<C: Collection>(of digits: C) -> String where C.Element == UInt8 {
        String(unsafeUninitializedCapacity: digits.count) { buffer in
            for (i, digit) in digits.enumerated() { buffer[i] = digit &+ 0x30 }
            return digits.count
        }
    }

    /// What kinds of number it is in its region (fixed line and mobile may both be).
    public func kinds(metadata: PhoneMetadata) -> [PhoneKind] {
        metadata.regions[region]?.kinds(of: nationalNumber.utf8.map { $0 - 48 }) ?? []
    }
}
