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
    /// "check character should be " and what follows the character, as one run of bytes, and the character's
    /// place in it (-1 when the message is not one value between two texts: it is then worded by `issue`).
    let checkCharacterBytes: [UInt8]
    let checkCharacterSlot: Int

    /// The templates of the current language.
    public init() {
        // A template with a control character in it (a broken translation) is not used: its messages are worded
        // per line, and stderr's writer escapes them as any other.
        let message = ResidentID.checkCharacterMessage(RefusalMessages.slot)
        let template = ControlCharacters.contains(in: message) ? nil : RefusalMessages.split(message)
        checkCharacterBytes = template.map { $0.before + $0.after } ?? []
        checkCharacterSlot = template?.before.count ?? -1
    }

    /// Append `refusal`'s message to `writer`; true when it came from a template, which holds no control
    /// character and quotes nothing of the line (so stderr's writer need not look for one).
    @discardableResult
    public func append(_ refusal: LineRefusal, to writer: inout ByteWriter) -> Bool {
        if case .checkCharacter(let expected) = refusal, checkCharacterSlot >= 0 {
            let slot = checkCharacterSlot
            checkCharacterBytes.withUnsafeBufferPointer { template in
                writer.append(UnsafeBufferPointer(rebasing: template[..<slot]))
                writer.append(expected)
                writer.append(UnsafeBufferPointer(rebasing: template[slot...]))
            }
            return true
        }
        var message = refusal.issue.message
        message.withUTF8 { writer.append($0) }
        return false
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
