/// How the accepted value is written out.
public enum ValueForm: String, Sendable, CaseIterable {
    /// The entered symbols (`13812345678`).
    case symbols
    /// The formatted display (`2024-02-29` for a date field).
    case display
}

/// A change applied to the accepted value.
public enum ValueTransform: String, Sendable, CaseIterable {
    /// Lower-case everything (host names).
    case lowercase
    /// Upper-case everything.
    case uppercase
    /// Lower-case the part after the last `@` (e-mail domains are case-insensitive, local parts are not).
    case lowercaseDomain = "lowercase-domain"

    /// Apply to a value.
    public func apply(_ value: String) -> String {
        switch self {
        case .lowercase: return value.lowercased()
        case .uppercase: return value.uppercased()
        case .lowercaseDomain:
            guard let at = value.lastIndex(of: "@") else { return value }
            return String(value[...at]) + value[value.index(after: at)...].lowercased()
        }
    }
}
