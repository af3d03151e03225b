/// Why `appendValue` refused a line: a worded issue, or a refusal common enough that `check` words it from a
/// template made once per run (`RefusalMessages`) instead of building a message per line.
public enum LineRefusal: Sendable {
    /// A worded issue.
    case issue(ValidationIssue)
    /// An ID's check character is wrong; this (an ASCII digit or `X`) is the right one.
    case checkCharacter(UInt8)

    /// The refusal as the general path words it.
    public var issue: ValidationIssue {
        switch self {
        case .issue(let issue): return issue
        case .checkCharacter(let expected): return ValidationIssue(ResidentID.checkCharacterMessage(expected), at: 17)
        }
    }
}

/// The messages of `LineRefusal`'s unworded cases in the current language, as bytes around their one value,
/// looked up once (the language is chosen before `check` starts): a refused line's message is then two copies
/// and a byte, the same bytes `LineRefusal.issue` words (RefusalMessageTests).
public struct RefusalMessages: Sendable {
    /// "check character should be " and what follows the character, or nil when the message is not one value
    /// between two texts (it is then worded by `issue`).
    let checkCharacter: (before: [UInt8], after: [UInt8])?

    /// The templates of the current language.
    public init() {
        checkCharacter = RefusalMessages.split(ResidentID.checkCharacterMessage(RefusalMessages.slot))
    }

    /// Append `refusal`'s message to `bytes`.
    @inline(__always)
    public func append(_ refusal: LineRefusal, to bytes: inout [UInt8]) {
        if case .checkCharacter(let expected) = refusal, let template = checkCharacter {
            bytes.append(contentsOf: template.before)
            bytes.append(expected)
            bytes.append(contentsOf: template.after)
        } else {
            bytes.append(contentsOf: refusal.issue.message.utf8)
        }
    }

    /// The value a template is made with: a noncharacter no message holds.
    static let slot = "\u{FFFF}"

    /// A message made with `slot` as its one value, as the bytes before and after it.
    static func split(_ message: String) -> (before: [UInt8], after: [UInt8])? {
        let bytes = Array(message.utf8), mark = Array(slot.utf8)
        let starts = bytes.indices.filter { bytes[$0...].starts(with: mark) }
        guard starts.count == 1, let at = starts.first else { return nil }
        return (Array(bytes[..<at]), Array(bytes[(at + mark.count)...]))
    }
}
