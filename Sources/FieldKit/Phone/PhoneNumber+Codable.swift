/// A phone number is stored as its E.164 string (`"+8613812345678"`). Reading one back checks it against the
/// metadata the decoder carries under `PhoneNumber.metadataKey` (FieldKeymaps' `ShippedPhoneMetadata.shared` for
/// the shipped data), so a decoded number is always a valid one with its region.
extension PhoneNumber: Codable {
    /// The `userInfo` key under which a decoder carries the `PhoneMetadata` numbers are checked against.
    public static let metadataKey = CodingUserInfoKey(rawValue: "fieldline.phoneMetadata")!

    /// Writes the E.164 string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(e164)
    }

    /// Reads an E.164 string; fails for anything else, for a number its metadata finds invalid, and when the
    /// decoder carries no metadata.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let metadata = decoder.userInfo[PhoneNumber.metadataKey] as? PhoneMetadata else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "decoding a PhoneNumber needs PhoneMetadata in userInfo[PhoneNumber.metadataKey]")
        }
        guard text.first == "+", text.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an E.164 number (+ and digits only)")
        }
        switch PhoneNumber.parse(text, assumedRegion: nil, metadata: metadata) {
        case .success(let number): self = number
        case .failure(let issue): throw DecodingError.dataCorruptedError(in: container, debugDescription: issue.message)
        }
    }
}
