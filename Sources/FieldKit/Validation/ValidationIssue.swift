/// Why a value is not acceptable, with the symbol it refers to.
public struct ValidationIssue: Sendable, Equatable, Error, CustomStringConvertible {
    /// A message a user can act on, e.g. "check character should be 7".
    public let message: String
    /// 0-based index of the entered symbol the message refers to, when there is one.
    public let position: Int?

    /// An issue at a symbol index (or nil for the value as a whole).
    public init(_ message: String, at position: Int? = nil) {
        self.message = message
        self.position = position
    }

    public var description: String { message }
}

/// Facts a validator needs from outside the value: today's date, for "not in the future".
public struct ValidationContext: Sendable {
    /// The local calendar date the value is checked on.
    public var today: CalendarDate

    /// A context for a given day.
    public init(today: CalendarDate) { self.today = today }
}
