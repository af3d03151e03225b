/// Why text does not read as a valid phone number, worded only when someone asks: `check` explains most refused
/// lines by where typing them would have been refused, and wording a reason costs more than reading the number.
struct PhoneReadFailure: Error {
    /// What went wrong, with what the wording needs.
    enum Cause {
        /// Already worded: a stray character, no digits, no calling code.
        case worded(ValidationIssue)
        /// None of these national readings (with and without a national prefix) is valid in the region (for a
        /// shared calling code, the region the number is explained for).
        case readings([[UInt8]], region: PhoneRegion)
        /// `readings` of one reading (a number after its calling code), kept without a list around it.
        case reading([UInt8], region: PhoneRegion)
    }

    /// What went wrong.
    let cause: Cause

    /// A failure already worded.
    init(_ issue: ValidationIssue) { cause = .worded(issue) }

    /// A failure worded when asked.
    init(_ cause: Cause) { self.cause = cause }

    /// Whether more digits may still make the text a valid number (the message then says it is too short).
    var isIncomplete: Bool {
        switch cause {
        case .worded(let issue): return issue.isIncomplete
        case .readings(let readings, let region): return PhoneNumber.canGrow(readings, in: region)
        case .reading(let reading, let region): return PhoneNumber.canGrow(CollectionOfOne(reading), in: region)
        }
    }

    /// The failure as a message.
    var issue: ValidationIssue { issue(incomplete: nil) }

    /// `issue(incomplete:)`, with a number too short left unworded (`PhoneNumber.refusal`).
    func refusal(incomplete: Bool?) -> LineRefusal {
        switch cause {
        case .worded(let issue): return .issue(issue)
        case .readings(let readings, let region): return PhoneNumber.refusal(readings, region: region, growable: incomplete)
        case .reading(let reading, let region): return PhoneNumber.refusal(CollectionOfOne(reading), region: region, growable: incomplete)
        }
    }

    /// The failure as a message, `isIncomplete` given when the caller has just asked it.
    func issue(incomplete: Bool?) -> ValidationIssue {
        switch cause {
        case .worded(let issue): return issue
        case .readings(let readings, let region): return PhoneNumber.issue(readings, region: region, growable: incomplete)
        case .reading(let reading, let region): return PhoneNumber.issue(CollectionOfOne(reading), region: region, growable: incomplete)
        }
    }
}
