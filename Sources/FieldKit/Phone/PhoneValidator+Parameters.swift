extension PhoneValidator {
    /// The settings a keymap's `phone:` gives, as it writes them (`assumed-region`, `regions`, `kinds`, `value`).
    public var parameters: [(String, JSONText.Value)] {
        var out: [(String, JSONText.Value)] = []
        if let assumedRegion { out.append(("assumed-region", .string(assumedRegion))) }
        if !regions.isEmpty { out.append(("regions", .array(regions.sorted().map { .string($0) }))) }
        if !kinds.isEmpty {
            let written = PhoneKind.allCases.filter(kinds.contains).map { String($0.rawValue.map { $0 == "_" ? "-" : $0 }) }
            out.append(("kinds", .array(written.map { .string($0) })))
        }
        out.append(("value", .string(storesNationalNumber ? "national" : "e164")))
        return out
    }
}
