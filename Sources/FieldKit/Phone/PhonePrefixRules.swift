/// How libphonenumber decides, for digits typed without `+`, whether they start with an international prefix or
/// with the region's own calling code (`PhoneNumberUtil.maybeExtractCountryCode`), so fieldline reads such numbers
/// as it does: a recognised prefix commits the number to its international reading, and the calling code is
/// taken off only where the national reading is not a number's shape.
extension PhoneRegion {
    /// libphonenumber's verdict on a national number's length (`testNumberLength` for any kind).
    enum LengthVerdict { case possible, localOnly, tooShort, tooLong, invalidLength }

    /// The verdict on a national number of `count` digits, by the region's possible lengths.
    func lengthVerdict(_ count: Int) -> LengthVerdict {
        guard let shortest = possibleLengths.first, shortest > 0, let longest = possibleLengths.last else { return .invalidLength }
        if localOnlyLengths.contains(count) { return .localOnly }
        if count == shortest { return .possible }
        if count < shortest { return .tooShort }
        if count > longest { return .tooLong }
        return possibleLengths.dropFirst().contains(count) ? .possible : .invalidLength
    }

    /// The length of the international prefix `digits` start with, as libphonenumber takes it: the longest match
    /// (every shipped pattern's regex match is its longest, which the generator checks), and only when the digit
    /// after it is not 0 (calling codes do not start with 0). Nil when the digits do not start with one.
    func internationalPrefixLength<C: Collection>(_ digits: C) -> Int? where C.Element == UInt8 {
        guard let longest = internationalPrefix?.longestPrefixMatch(digits), longest > 0 else { return nil }
        if digits.dropFirst(longest).first == 0 { return nil }
        return longest
    }

    /// `digits` without the national prefix (or carrier code) they start with, as libphonenumber strips it
    /// (`maybeStripNationalPrefixAndCarrierCode`): the longest match taken off, or rewritten by the region's
    /// transform rule, unless a number that fitted the general pattern would no longer fit it.
    /// `rewritten`: `PhoneNumber.rewritten(digits, in: self)` when the caller has it already.
    func strippingNationalPrefix(_ digits: [UInt8], rewritten: [UInt8]?? = nil) -> [UInt8] {
        let rewrite: [UInt8]?
        switch rewritten {
        case .some(let known): rewrite = known
        case .none: rewrite = PhoneNumber.rewritten(digits, in: self)
        }
        if let rewrite { return rewrite }
        guard let length = nationalPrefixForParsing?.longestPrefixMatch(digits), length > 0 else { return digits }
        let stripped = Array(digits[length...])
        if general?.matches(digits) == true && general?.matches(stripped) != true { return digits }
        return stripped
    }

    /// The calling code's digits (0-9), as typed without `+`.
    var callingCodeDigits: [UInt8] { String(callingCode).utf8.map { $0 - 0x30 } }

    /// The national number libphonenumber keeps for `digits` read in this region: without the national prefix
    /// where what is left has a possible length (`parseHelper`), else the digits as they are.
    /// `rewritten`: as `strippingNationalPrefix` takes it.
    func nationalReading(_ digits: [UInt8], rewritten: [UInt8]?? = nil) -> [UInt8] {
        let stripped = strippingNationalPrefix(digits, rewritten: rewritten)
        switch lengthVerdict(stripped.count) {
        case .tooShort, .localOnly, .invalidLength: return digits
        case .possible, .tooLong: return stripped
        }
    }

    /// The national number of `digits` read as starting with this region's own calling code without `+` (as
    /// contacts apps store numbers: `8613812345678`), when libphonenumber reads them so: the digits start with
    /// the code, and either the digits as they are do not fit the general pattern while the rest (without a
    /// national prefix) does, or the digits are too long for a national number. Nil otherwise (read nationally).
    func callingCodeReading<C: Collection>(_ digits: C) -> [UInt8]? where C.Element == UInt8 {
        // The code's digits compared one by one, most significant first: no array of them made for every number.
        var length = 1, power = 1
        while power * 10 <= callingCode { power *= 10; length += 1 }
        var index = digits.startIndex
        while power > 0 {
            guard index != digits.endIndex, digits[index] == UInt8(callingCode / power % 10) else { return nil }
            digits.formIndex(after: &index)
            power /= 10
        }
        let national = strippingNationalPrefix(Array(digits.dropFirst(length)))
        if general?.matches(digits) != true && general?.matches(national) == true { return national }
        return lengthVerdict(digits.count) == .tooLong ? national : nil
    }
}
