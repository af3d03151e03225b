/// What `check` writes for each line.
public enum CheckOutput: String, Sendable, CaseIterable {
    /// The canonical value (`13812345678`).
    case value
    /// The formatted display (`138-1234-5678`).
    case display
    /// One JSON object per line.
    case json
}

/// The verdict on one checked line.
public struct CheckResult: Sendable, Equatable {
    /// The canonical value (symbols after filtering; an upgraded ID for a legacy one).
    public let value: String
    /// The value formatted for display.
    public let display: String
    /// Why the line is not acceptable, or nil when it is.
    public let issue: ValidationIssue?
}
