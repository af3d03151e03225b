/// The `phone` validator: a valid number of its region by libphonenumber's patterns, read the way users type
/// it (with an assumed region for national numbers), optionally of some kinds and regions only; the value is
/// stored as E.164.
public struct PhoneValidator: FieldValidator {
    /// Every region's numbers.
    public let metadata: PhoneMetadata
    /// The region a number without `+` or an international prefix belongs to.
    public let assumedRegion: String?
    /// Regions accepted (empty: all).
    public let regions: Set<String>
    /// Kinds accepted (empty: all).
    public let kinds: Set<PhoneKind>

    /// A validator over `metadata`.
    public init(metadata: PhoneMetadata, assumedRegion: String?, regions: Set<String> = [], kinds: Set<PhoneKind> = []) {
        self.metadata = metadata
        self.assumedRegion = assumedRegion
        self.regions = regions
        self.kinds = kinds
    }

    func number(_ value: UnsafeBufferPointer<UInt8>) -> Result<PhoneNumber, ValidationIssue> {
        PhoneNumber.parse(String(decoding: value, as: UTF8.self), assumedRegion: assumedRegion, metadata: metadata)
    }

    public func issue(_ value: UnsafeBufferPointer<UInt8>, context: ValidationContext) -> ValidationIssue? {
        switch number(value) {
        case .failure(let issue): return issue
        case .success(let number):
            if !regions.isEmpty && !regions.contains(number.region) {
                return ValidationIssue("a number of \(number.region); this field takes \(regions.sorted().joined(separator: ", "))")
            }
            let found = number.kinds(metadata: metadata)
            if !kinds.isEmpty && kinds.isDisjoint(with: found) {
                let names = found.map(\.rawValue).joined(separator: ", ")
                return ValidationIssue("a \(names.isEmpty ? "valid" : names) number; this field takes \(kinds.map(\.rawValue).sorted().joined(separator: ", "))")
            }
            return nil
        }
    }

    public var rewritesValues: Bool { true }

    public func canonical(_ value: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard case .success(let number) = self.number(value) else { return nil }
        return Array(number.e164.utf8)
    }

    public func decode(_ value: UnsafeBufferPointer<UInt8>) -> [(String, String)] {
        guard case .success(let number) = self.number(value) else { return [] }
        return [("region", number.region), ("calling_code", String(number.callingCode)),
                ("national_number", number.nationalNumber),
                ("kinds", number.kinds(metadata: metadata).map(\.rawValue).joined(separator: ","))]
    }
}
