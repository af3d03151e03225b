/// Mainland China mobile numbers: 11 digits, `1` then 3-9.
public enum MobileNumberCN {
    /// The first problem with a mobile number, or nil if it is valid.
    public static func issue(_ number: UnsafeBufferPointer<UInt8>) -> ValidationIssue? {
        guard number.count == 11, number.decimal(0..<11) != nil else {
            return ValidationIssue(tr("a mobile number has 11 digits, not \(number.count)"))
        }
        if number[0] != 0x31 { return ValidationIssue(tr("a mobile number starts with 1"), at: 0) }
        if number[1] < 0x33 {
            return ValidationIssue(tr("a mobile number starts with 13 to 19, not 1\(Character(Unicode.Scalar(number[1])))"), at: 1)
        }
        return nil
    }
}
