/// A named check run on a complete value (the UTF-8 of its entered symbols).
public enum Validator: String, Sendable, CaseIterable {
    /// China mobile number, `1[3-9]` and 9 more digits.
    case cnMobile = "cn-mobile"
    /// GB 11643-1999 resident ID: province, birth date, check character.
    case gb11643
    /// A real calendar date written as 8 digits `yyyymmdd`.
    case date
    /// Luhn check digit.
    case luhn

    /// The first problem with the value, or nil if it passes.
    public func issue(_ value: UnsafeBufferPointer<UInt8>, context: ValidationContext) -> ValidationIssue? {
        switch self {
        case .cnMobile: return MobileNumberCN.issue(value)
        case .gb11643: return ResidentID.issue(value, context: context)
        case .date: return Validator.dateIssue(value)
        case .luhn: return Luhn.issue(value)
        }
    }

    /// Named parts decoded from a valid value (for JSON output); empty when the validator decodes nothing.
    public func decode(_ value: UnsafeBufferPointer<UInt8>) -> [(String, String)] {
        switch self {
        case .gb11643: return ResidentID.decode(value)
        case .date:
            guard let y = value.decimal(0..<4), let m = value.decimal(4..<6), let d = value.decimal(6..<8) else { return [] }
            return [("date", CalendarDate.iso(year: y, month: m, day: d))]
        case .cnMobile, .luhn: return []
        }
    }

    private static func dateIssue(_ value: UnsafeBufferPointer<UInt8>) -> ValidationIssue? {
        guard value.count == 8, let y = value.decimal(0..<4), let m = value.decimal(4..<6), let d = value.decimal(6..<8)
        else { return ValidationIssue("a date has 8 digits, yyyymmdd") }
        if CalendarDate(year: y, month: m, day: d) == nil {
            return ValidationIssue("no such date \(CalendarDate.iso(year: y, month: m, day: d))", at: m < 1 || m > 12 ? 4 : 6)
        }
        return nil
    }
}
