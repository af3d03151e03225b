/// Why a value is not acceptable, with the symbol it refers to.
public struct ValidationIssue: Sendable, Equatable, Error, CustomStringConvertible {
    /// A message a user can act on, e.g. "check character should be 7".
    public let message: String
    /// 0-based index of the entered symbol the message refers to, when there is one.
    public let position: Int?
    /// Whether more typing may fix it (a number still too short): the field shows it as incomplete, so the
    /// message waits for Enter instead of flagging every partial value.
    public let isIncomplete: Bool

    /// An issue at a symbol index (or nil for the value as a whole).
    public init(_ message: String, at position: Int? = nil, incomplete: Bool = false) {
        self.message = message
        self.position = position
        self.isIncomplete = incomplete
    }

    public var description: String { message }
}

/// Facts a validator needs from outside the value: today's date, for "not in the future".
public struct ValidationContext: Sendable {
    /// The local calendar date the value is checked on.
    public var today: CalendarDate

    /// Weekday names, Monday first, for a date picker's right prompt (`Mon` … or `周一` …).
    public var weekdays: [String]

    /// English weekday names, Monday first.
    public static let englishWeekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    /// Chinese weekday names, Monday first.
    public static let chineseWeekdays = ["周一", "周二", "周三", "周四", "周五", "周六", "周日"]

    /// A context for a given day.
    public init(today: CalendarDate, weekdays: [String] = ValidationContext.englishWeekdays) {
        self.today = today
        self.weekdays = weekdays.count == 7 ? weekdays : ValidationContext.englishWeekdays
    }
}
