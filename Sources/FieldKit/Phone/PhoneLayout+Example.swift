/// A phone field's placeholder: libphonenumber's example number of the field's region, as the field would take it.
extension PhoneLayout {
    /// The kinds a placeholder's example is taken from, in order: mobile first (what a form asks for most often,
    /// and intl-tel-input's default), fixed line, then the others in `PhoneKind` order; never an emergency or short
    /// number, which are not whole numbers. A field of some kinds takes the first of them in this order.
    static let exampleKinds: [PhoneKind] = [.mobile, .fixedLine]
        + PhoneKind.allCases.filter { ![.mobile, .fixedLine, .emergency, .shortCode].contains($0) }

    public var hasExamples: Bool { true }

    /// With no symbols, the example of the assumed region as typed nationally (`07400123456` in GB, the digits of
    /// libphonenumber's national format); after `+` and a calling code alone (`+44`), the example of that code's
    /// region (the main one, or the first the field takes) typed internationally (`+447400123456`). Nil for
    /// anything else, a region the field does not take, or a region with no example the field would take.
    public func example(continuing symbols: [Character]) -> [Character]? {
        if symbols.isEmpty {
            guard let home, regions.isEmpty || regions.contains(home.code) else { return nil }
            return example(of: home, international: false)
        }
        guard let code = callingCode(symbols), let sharing = metadata.sharing[code],
              let region = sharing.first(where: { regions.isEmpty || regions.contains($0.code) }) else { return nil }
        return example(of: region, international: true)
    }

    /// Whether `symbols` may be, or grow into, `+` and a calling code: empty, or `+` and at most three digits.
    public func mayReachExample(_ symbols: [Character]) -> Bool {
        symbols.isEmpty || (symbols.first == "+" && symbols.count <= 4)
    }

    /// The calling code `symbols` are: `+`, then one to three ASCII digits, the first not 0; nil otherwise.
    private func callingCode(_ symbols: [Character]) -> Int? {
        guard symbols.count >= 2, symbols.count <= 4, symbols.first == "+", symbols[1] != "0" else { return nil }
        var code = 0
        for symbol in symbols.dropFirst() {
            guard let digit = symbol.asciiValue, digit >= 0x30, digit <= 0x39 else { return nil }
            code = code * 10 + Int(digit - 0x30)
        }
        return code
    }

    /// The first example of `region` of a kind the field takes (in `exampleKinds` order) that the field would not
    /// refuse as it is typed (phone-us refuses the 555 exchange of the US examples): nationally the digits of its
    /// national format (with the national prefix where the format writes one), else its national number alone;
    /// internationally `+`, the calling code and the national number.
    private func example(of region: PhoneRegion, international: Bool) -> [Character]? {
        for kind in PhoneLayout.exampleKinds where kinds.isEmpty || kinds.contains(kind) {
            guard let national = region.examples.first(where: { $0.kind == kind })?.number else { continue }
            let number = PhoneNumber(region: region.code, callingCode: region.callingCode, nationalNumber: national)
            let spellings = international
                ? ["+\(region.callingCode)\(national)"]
                : [String(number.formatted(.national, metadata: metadata).filter(\.isASCIIDigit)), national]
            for spelling in spellings {
                let symbols = Array(spelling)
                if refusal(symbols) == nil { return symbols }
            }
        }
        return nil
    }
}

extension Character {
    /// `0` to `9` (ASCII only: `٣` is not a digit of a phone number's digits).
    fileprivate var isASCIIDigit: Bool { asciiValue.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
}
