/// The Luhn (mod 10) check digit used by payment card numbers.
public enum Luhn {
    /// The first problem with a digit string whose last digit is a Luhn check digit, or nil if it is valid.
    public static func issue(_ digits: UnsafeBufferPointer<UInt8>) -> ValidationIssue? {
        guard digits.count >= 2, digits.decimal(0..<digits.count) != nil else {
            return ValidationIssue(tr("a Luhn number needs at least 2 digits"))
        }
        var sum = 0
        // Double every second digit counting leftwards from the one before the check digit.
        for (offset, i) in (0..<(digits.count - 1)).reversed().enumerated() {
            var d = Int(digits[i]) - 48
            if offset % 2 == 0 { d *= 2; if d > 9 { d -= 9 } }
            sum += d
        }
        let expected = (10 - sum % 10) % 10
        let last = Int(digits[digits.count - 1]) - 48
        if last != expected { return ValidationIssue(tr("check digit should be \(expected)"), at: digits.count - 1) }
        return nil
    }
}
