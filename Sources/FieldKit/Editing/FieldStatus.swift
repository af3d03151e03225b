/// Whether the current value could be accepted.
public enum FieldStatus: Sendable, Equatable {
    /// Acceptable as it is.
    case valid
    /// Not finished yet (too short); the message says what is missing.
    case incomplete(String)
    /// Wrong in a way more typing will not fix; the issue says where.
    case invalid(ValidationIssue)

    /// `valid`, `incomplete` or `invalid`.
    public var name: String {
        switch self {
        case .valid: return "valid"
        case .incomplete: return "incomplete"
        case .invalid: return "invalid"
        }
    }

    /// The message, if not valid.
    public var message: String? {
        switch self {
        case .valid: return nil
        case .incomplete(let m): return m
        case .invalid(let issue): return issue.message
        }
    }
}

/// What a terminal (or a test) shows for a field at one moment; derived, never stored.
public struct Frame: Sendable, Equatable {
    /// The formatted text, literals included.
    public let display: String
    /// Cursor position in Characters of `display`.
    public let cursor: Int
    /// Cursor position in terminal columns (CJK and emoji count 2).
    public let cursorColumn: Int
    /// `n/limit`, or empty for a field without a limit.
    public let counter: String
    /// Whether the value could be accepted now.
    public let status: FieldStatus
    /// The message to show now: an invalid value's at once, an incomplete one's after a refused Enter.
    public let message: String?
    /// Display index of the character the message refers to, when it refers to one.
    public let messagePosition: Int?
    /// The field holds as much as its limit allows, or a complete value its layout says no more symbols could keep
    /// acceptable (a phone number valid at its own length, `11/11`).
    public let isFull: Bool
    /// The last key was refused (or did nothing), so a terminal rings the bell and marks the counter.
    public let keyRefused: Bool
    /// A choice field's candidates to list under the line (a few around the current one), labels as shown.
    public var candidates: [String] = []
    /// Which of `candidates` is the current one.
    public var candidateIndex: Int? = nil
    /// A multi-select field: whether each of `candidates` is marked (empty for a one-choice field).
    public var candidateMarks: [Bool] = []
}
