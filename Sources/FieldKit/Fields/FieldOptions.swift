/// Per-invocation adjustments to a field (`--limit 12`, `--count width`, `--min 4`, `--upgrade-legacy`).
public struct FieldOptions: Sendable, Equatable {
    /// Cap on the length, in count units (`--limit`, also spelled `--max`).
    public var limit: Int?
    /// Fewest units for a complete value (`--min`).
    public var minLength: Int?
    /// What is counted (`--count`).
    public var countUnit: CountUnit?
    /// Accept 15-digit pre-1999 IDs and convert them (`--upgrade-legacy`).
    public var upgradeLegacy = false

    /// No adjustments.
    public init(limit: Int? = nil, minLength: Int? = nil, countUnit: CountUnit? = nil, upgradeLegacy: Bool = false) {
        self.limit = limit
        self.minLength = minLength
        self.countUnit = countUnit
        self.upgradeLegacy = upgradeLegacy
    }

    /// Problems with the options themselves, as a message, or nil.
    public func problem(for spec: FieldSpec) -> String? {
        if let limit, limit < 1 { return "--limit must be at least 1" }
        if let minLength, minLength < 0 { return "--min must not be negative" }
        let lo = minLength ?? spec.minLength, hi = limit ?? spec.limit
        if let hi, lo > hi { return "--min (\(lo)) is larger than the limit (\(hi))" }
        if upgradeLegacy && !spec.validators.contains(.gb11643) {
            return "--upgrade-legacy only applies to resident ID fields such as idcard-cn"
        }
        return nil
    }

    /// The spec with these options applied.
    public func applied(to spec: FieldSpec) -> FieldSpec {
        var spec = spec
        if let limit { spec.limit = limit }
        if let minLength { spec.minLength = minLength }
        if let countUnit { spec.countUnit = countUnit }
        if upgradeLegacy { spec.upgradesLegacyID = true }
        return spec
    }
}
