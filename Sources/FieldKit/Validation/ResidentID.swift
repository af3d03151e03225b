/// GB 11643-1999 citizen identification numbers: region, birth date, sequence, ISO 7064 MOD 11-2 check char.
public enum ResidentID {
    /// Weights of the 17 leading digits.
    static let weights: [Int] = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
    /// Check character for each remainder 0...10.
    static let checkCharacters: [UInt8] = Array("10X98765432".utf8)

    /// The check character for 17 leading digits, or nil if they are not all digits.
    public static func checkCharacter(_ digits: UnsafeBufferPointer<UInt8>) -> UInt8? {
        guard digits.count >= 17 else { return nil }
        var sum = 0
        for i in 0..<17 {
            let d = Int(digits[i]) &- 48
            if d < 0 || d > 9 { return nil }
            sum &+= d &* weights[i]
        }
        return checkCharacters[sum % 11]
    }

    /// The first problem with an 18-character ID, or nil if it is valid.
    public static func issue(_ id: UnsafeBufferPointer<UInt8>, context: ValidationContext) -> ValidationIssue? {
        guard id.count == 18 else { return ValidationIssue("an ID number has 18 characters, not \(id.count)") }
        guard let province = id.decimal(0..<2), ProvinceCodes.known[province] else {
            return ValidationIssue("unknown province code \(String(decoding: id[0..<2], as: UTF8.self))", at: 0)
        }
        guard let year = id.decimal(6..<10), let month = id.decimal(10..<12), let day = id.decimal(12..<14) else {
            return ValidationIssue("birth date must be digits", at: 6)
        }
        guard let birth = CalendarDate(year: year, month: month, day: day) else {
            return ValidationIssue("no such date \(CalendarDate.iso(year: year, month: month, day: day))", at: 6)
        }
        if year < 1900 { return ValidationIssue("birth date \(birth) is before 1900", at: 6) }
        if context.today < birth { return ValidationIssue("birth date \(birth) is in the future", at: 6) }
        guard let expected = checkCharacter(id) else { return ValidationIssue("the first 17 characters must be digits") }
        if id[17] != expected {
            return ValidationIssue("check character should be \(Character(Unicode.Scalar(expected)))", at: 17)
        }
        return nil
    }

    /// Birth date, sex and region of a valid ID, as named string parts for JSON output.
    public static func decode(_ id: UnsafeBufferPointer<UInt8>) -> [(String, String)] {
        guard id.count == 18, let province = id.decimal(0..<2), let year = id.decimal(6..<10),
              let month = id.decimal(10..<12), let day = id.decimal(12..<14), let sequence = id.decimal(14..<17)
        else { return [] }
        return [
            ("birthDate", CalendarDate.iso(year: year, month: month, day: day)),
            ("sex", sequence % 2 == 1 ? "male" : "female"),
            ("region", String(decoding: id[0..<6], as: UTF8.self)),
            ("province", ProvinceCodes.names[province] ?? ""),
        ]
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
