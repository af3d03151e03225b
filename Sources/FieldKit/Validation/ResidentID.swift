/// GB 11643-1999 citizen identification numbers: region, birth date, sequence, ISO 7064 MOD 11-2 check char.
public enum ResidentID {
    /// The check character for 17 leading digits, or nil if they are not all digits.
    public static func checkCharacter(_ digits: UnsafeBufferPointer<UInt8>) -> UInt8? {
        guard digits.count >= 17, let p = digits.baseAddress else { return nil }
        var bad = false
        @inline(__always) func d(_ i: Int) -> Int {
            let v = Int(p[i]) &- 48
            if v < 0 || v > 9 { bad = true }
            return v
        }
        // Unrolled with the weights as literals: this runs once per line of a million-line batch.
        var sum = d(0) &* 7 &+ d(1) &* 9 &+ d(2) &* 10 &+ d(3) &* 5 &+ d(4) &* 8 &+ d(5) &* 4
        sum &+= d(6) &* 2 &+ d(7) &* 1 &+ d(8) &* 6 &+ d(9) &* 3 &+ d(10) &* 7 &+ d(11) &* 9
        sum &+= d(12) &* 10 &+ d(13) &* 5 &+ d(14) &* 8 &+ d(15) &* 4 &+ d(16) &* 2
        if bad { return nil }
        return checkCharacter(remainder: sum % 11)
    }

    /// "10X98765432"[r], without touching an array.
    @inline(__always)
    private static func checkCharacter(remainder r: Int) -> UInt8 {
        r == 0 ? 0x31 : r == 1 ? 0x30 : r == 2 ? 0x58 : UInt8(0x30 + (12 - r))
    }

    /// The first problem with an 18-character ID, or nil if it is valid.
    public static func issue(_ id: UnsafeBufferPointer<UInt8>, context: ValidationContext) -> ValidationIssue? {
        refusal(id, context: context)?.issue
    }

    /// `issue`, with a wrong check character (the commonest refusal) left unworded: `check` words it from a
    /// template filled with the expected character's byte (`RefusalMessages`), the other problems are worded here.
    static func refusal(_ id: UnsafeBufferPointer<UInt8>, context: ValidationContext) -> LineRefusal? {
        // The usual ID: its 17 leading digits read once, for province, date and check character together. Any
        // other refusal, and any ID with a non-digit among them, is worded by `wordedRefusal`, which judges in
        // the order its messages promise.
        guard id.count == 18, let p = id.baseAddress else { return wordedRefusal(id, context: context) }
        // The 17 digits tested eight bytes a word: a byte is a digit when it xor "0" is at most 9, that is when
        // neither that nor it plus 0x76 has its high bit set (a carry out of a byte follows a set bit).
        let raw = UnsafeRawPointer(p)
        let low = raw.loadUnaligned(as: UInt64.self) ^ 0x3030_3030_3030_3030
        let high = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self) ^ 0x3030_3030_3030_3030
        let ones: UInt64 = 0x7676_7676_7676_7676, marks: UInt64 = 0x8080_8080_8080_8080
        let bad = ((low &+ ones) | low | (high &+ ones) | high) & marks != 0 || p[16] &- 0x30 > 9
        @inline(__always) func d(_ i: Int) -> Int { Int(p[i]) &- 48 }
        let d0 = d(0), d1 = d(1), d2 = d(2), d3 = d(3), d4 = d(4), d5 = d(5), d6 = d(6), d7 = d(7), d8 = d(8)
        let d9 = d(9), d10 = d(10), d11 = d(11), d12 = d(12), d13 = d(13), d14 = d(14), d15 = d(15), d16 = d(16)
        guard !bad, ProvinceCodes.isKnown(d0 &* 10 &+ d1) else { return wordedRefusal(id, context: context) }
        let year = d6 &* 1000 &+ d7 &* 100 &+ d8 &* 10 &+ d9
        let month = d10 &* 10 &+ d11, day = d12 &* 10 &+ d13
        let today = context.today
        // Every month has 28 days: the month's length is looked up for the last few days only.
        guard year >= 1900, month >= 1, month <= 12, day >= 1, day <= 28 || day <= CalendarDate.daysIn(month: month, year: year),
              (year, month, day) <= (today.year, today.month, today.day)
        else { return wordedRefusal(id, context: context) }
        var sum = d0 &* 7 &+ d1 &* 9 &+ d2 &* 10 &+ d3 &* 5 &+ d4 &* 8 &+ d5 &* 4
        sum &+= d6 &* 2 &+ d7 &* 1 &+ d8 &* 6 &+ d9 &* 3 &+ d10 &* 7 &+ d11 &* 9
        sum &+= d12 &* 10 &+ d13 &* 5 &+ d14 &* 8 &+ d15 &* 4 &+ d16 &* 2
        let expected = checkCharacter(remainder: sum % 11)
        return p[17] == expected ? nil : .checkCharacter(expected)
    }

    /// `refusal` judged step by step, each problem worded where it is found.
    static func wordedRefusal(_ id: UnsafeBufferPointer<UInt8>, context: ValidationContext) -> LineRefusal? {
        guard id.count == 18 else { return .issue(ValidationIssue(tr("an ID number has 18 characters, not \(id.count)"))) }
        guard let province = id.decimal(0..<2), ProvinceCodes.isKnown(province) else {
            return .issue(ValidationIssue(tr("unknown province code \(String(decoding: id[0..<2], as: UTF8.self))"), at: 0))
        }
        guard let year = id.decimal(6..<10), let month = id.decimal(10..<12), let day = id.decimal(12..<14) else {
            return .issue(ValidationIssue(tr("birth date must be digits"), at: 6))
        }
        guard let birth = CalendarDate(year: year, month: month, day: day) else {
            return .issue(ValidationIssue(tr("no such date \(CalendarDate.iso(year: year, month: month, day: day))"), at: 6))
        }
        if year < 1900 { return .issue(ValidationIssue(tr("birth date \(birth) is before 1900"), at: 6)) }
        if context.today < birth { return .issue(ValidationIssue(tr("birth date \(birth) is in the future"), at: 6)) }
        guard let expected = checkCharacter(id) else { return .issue(ValidationIssue(tr("the first 17 characters must be digits"))) }
        if id[17] != expected { return .checkCharacter(expected) }
        return nil
    }

    /// "check character should be X", for `expected` an ASCII digit or `X` (or a placeholder, for a template).
    static func checkCharacterMessage(_ expected: String) -> String { tr("check character should be \(expected)") }

    /// `checkCharacterMessage` of a check character.
    static func checkCharacterMessage(_ expected: UInt8) -> String {
        checkCharacterMessage(String(decoding: CollectionOfOne(expected), as: UTF8.self))
    }

    /// The names `decode` gives its parts.
    public static let partNames = ["birthDate", "sex", "region", "province", "prefecture", "county"]

    /// Birth date, sex and region of a valid ID, as named string parts for JSON output: the region's code, its
    /// province, and the prefecture and county GB/T 2260 gives its code, the names in force in the birth year or
    /// the nearest to it (empty when the code is not one it has had: the ID stays valid, only the province is
    /// judged).
    public static func decode(_ id: UnsafeBufferPointer<UInt8>) -> [(String, String)] {
        guard let fields = DecodedFields(id) else { return [] }
        return partNames.map { ($0, fields.part($0)) }
    }

    /// The one part of `decode` named `name`, or nil when `decode` gives none so named. A form's derived field
    /// asks for one part per record: the others (the county's names above all, a table read in full the first
    /// time) are not worked out.
    public static func decodedPart(_ name: String, of id: UnsafeBufferPointer<UInt8>) -> String? {
        guard partNames.contains(name), let fields = DecodedFields(id) else { return nil }
        return fields.part(name)
    }

    /// The numbers an ID's digits give, read once; each part is made from them on its own.
    private struct DecodedFields {
        let id: UnsafeBufferPointer<UInt8>
        let province: Int, region: Int, year: Int, month: Int, day: Int, sequence: Int

        init?(_ id: UnsafeBufferPointer<UInt8>) {
            guard id.count == 18, let province = id.decimal(0..<2), let region = id.decimal(0..<6),
                  let year = id.decimal(6..<10), let month = id.decimal(10..<12), let day = id.decimal(12..<14),
                  let sequence = id.decimal(14..<17)
            else { return nil }
            (self.id, self.province, self.region, self.year, self.month, self.day, self.sequence)
                = (id, province, region, year, month, day, sequence)
        }

        /// Part `name`, one of `partNames`.
        func part(_ name: String) -> String {
            switch name {
            case "birthDate": return CalendarDate.iso(year: year, month: month, day: day)
            case "sex": return sequence % 2 == 1 ? "male" : "female"
            case "region": return String(decoding: id[0..<6], as: UTF8.self)
            case "province": return ProvinceCodes.names[province] ?? ""
            case "prefecture": return CountyNames.place(of: region, bornIn: year)?.prefecture ?? ""
            case "county": return CountyNames.place(of: region, bornIn: year)?.county ?? ""
            default: return ""
            }
        }
    }

    /// Convert a 15-digit pre-1999 ID to 18 digits: insert `19` before the two-digit year, append the check char.
    public static func upgradeLegacy(_ old: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard old.count == 15, old.decimal(0..<15) != nil else { return nil }
        var new: [UInt8] = Array(old[0..<6]) + [0x31, 0x39] + Array(old[6..<15])
        let check = new.withUnsafeBufferPointer { checkCharacter($0) }!
        new.append(check)
        return new
    }
}
