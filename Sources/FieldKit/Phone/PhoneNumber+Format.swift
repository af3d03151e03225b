/// How a whole number is written out, by libphonenumber's rules for its calling code's main region.
public enum PhoneNumberStyle: String, Sendable, CaseIterable {
    /// `+8613812345678`.
    case e164
    /// `+86 138 1234 5678`: calling code, then the number laid out by the region's (international) format.
    case international
    /// `138 1234 5678`, `020 7946 0958`: the region's format with its national prefix rule.
    case national
}

extension PhoneNumber {
    /// The number written in `style`. A national number no format matches is written as its digits.
    public func formatted(_ style: PhoneNumberStyle, metadata: PhoneMetadata) -> String {
        if style == .e164 { return e164 }
        let digits = Array(nationalNumber.utf8)
        let laidOut = metadata.mainRegion(for: callingCode).flatMap { region in
            PhoneNumber.layOut(digits, in: region, international: style == .international)
        } ?? digits
        let national = String(decoding: laidOut, as: UTF8.self)
        return style == .international ? "+\(callingCode) \(national)" : national
    }

    /// The digits in the first format whose last leading-digits pattern and whole pattern fit them.
    static func layOut(_ digits: [UInt8], in region: PhoneRegion, international: Bool) -> [UInt8]? {
        let list = international && !region.internationalFormats.isEmpty ? region.internationalFormats : region.formats
        let plain = digits.map { $0 &- 0x30 }
        guard let format = list.first(where: { $0.matchesWhole(digits.count) && $0.leads(plain, patternIndex: Int.max) }) else {
            return nil
        }
        // Nationally, the formatting rule (`0$1`) takes the place of the format's first group.
        guard !international, let rule = format.nationalPrefixRule else { return format.apply(digits) }
        return format.apply(digits, rule: PhoneNumber.replacingFirstGroup(of: format.format, with: rule))
    }

    /// `format` with its first group reference `$n` replaced by `rule`, in which `$1` stands for that reference
    /// (Argentina's `$2 15-$3-$4` with `0$1` is `0$2 15-$3-$4`).
    static func replacingFirstGroup(of format: String, with rule: String) -> String {
        let bytes = Array(format.utf8)
        for i in 0..<max(0, bytes.count - 1) where bytes[i] == UInt8(ascii: "$") && bytes[i + 1] >= 0x30 && bytes[i + 1] <= 0x39 {
            let reference = String(decoding: bytes[i...(i + 1)], as: UTF8.self)
            return String(decoding: bytes[..<i], as: UTF8.self) + rule.replacing("$1", with: reference)
                + String(decoding: bytes[(i + 2)...], as: UTF8.self)
        }
        return format
    }
}
