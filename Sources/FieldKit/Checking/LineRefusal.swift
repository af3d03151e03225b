/// Why `appendValue` refused a line: a worded issue, or a refusal common enough that `check` words it from a
/// template made once per run (`RefusalMessages`) instead of building a message per line.
public enum LineRefusal: Sendable {
    /// A worded issue.
    case issue(ValidationIssue)
    /// An ID's check character is wrong; this (an ASCII digit or `X`) is the right one.
    case checkCharacter(UInt8)
    /// A phone number too short for the region with this code (`too short for CN`).
    case phoneTooShort(region: String)
    /// No number of the region with this code starts with these national digits (`no CN number starts 11`).
    case phoneNumberStarts(region: String, digits: PhoneDigits)

    /// The refusal as the general path words it.
    public var issue: ValidationIssue {
        switch self {
        case .issue(let issue): return issue
        case .checkCharacter(let expected): return ValidationIssue(ResidentID.checkCharacterMessage(expected), at: 17)
        case .phoneTooShort(let region): return ValidationIssue(PhoneNumber.tooShortMessage(region))
        case .phoneNumberStarts(let region, let digits):
            return ValidationIssue(PhoneLayout.numberStartsMessage(region, PhoneNumber.text(of: digits.digits)), at: 0)
        }
    }
}

/// National digits (0-9) of a refused phone number, at most 19, kept in one word: a refusal that names them is
/// made for most refused lines, and an array would be an allocation each.
public struct PhoneDigits: Sendable {
    /// The digits as a decimal number, and how many there are (leading zeros count).
    let value: UInt64, count: Int

    /// The digits; nil for more than 19.
    init?<C: Collection>(_ digits: C) where C.Element == UInt8 {
        guard digits.count <= 19 else { return nil }
        value = digits.reduce(0) { $0 &* 10 &+ UInt64($1) }
        count = digits.count
    }

    /// The digits, 0-9 each.
    var digits: [UInt8] {
        var out = [UInt8](repeating: 0, count: count), rest = value
        for i in stride(from: count - 1, through: 0, by: -1) {
            out[i] = UInt8(rest % 10)
            rest /= 10
        }
        return out
    }

    /// Writes the digits as ASCII.
    func write(to writer: inout ByteWriter) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(count, 1)) { space in
            var rest = value
            for i in stride(from: count - 1, through: 0, by: -1) {
                space[i] = UInt8(truncatingIfNeeded: rest % 10) &+ 0x30
                rest /= 10
            }
            writer.append(UnsafeBufferPointer(rebasing: space[0..<count]))
        }
    }
}

/// The messages of `LineRefusal`'s unworded cases in the current language, as bytes around their values, looked
/// up once (the language is chosen before `check` starts): a refused line's message is then a few copies, the
/// same bytes `LineRefusal.issue` words (RefusalMessageTests).
public struct RefusalMessages: Sendable {
    /// "check character should be " and what follows the character (nil when the message is not its values
    /// between texts: it is then worded by `issue`).
    let checkCharacter: MessageTemplate?
    /// `too short for` a region.
    let phoneTooShort: MessageTemplate?
    /// `no` region `number starts` digits.
    let phoneNumberStarts: MessageTemplate?

    /// The templates of the current language.
    public init() {
        let (one, two) = (MessageTemplate.slots[0], MessageTemplate.slots[1])
        checkCharacter = MessageTemplate(ResidentID.checkCharacterMessage(one), slots: 1)
        phoneTooShort = MessageTemplate(PhoneNumber.tooShortMessage(one), slots: 1)
        phoneNumberStarts = MessageTemplate(PhoneLayout.numberStartsMessage(one, two), slots: 2)
    }

    /// Append `refusal`'s message to `writer`; true when it came from a template, which holds no control
    /// character and quotes nothing of the line (so stderr's writer need not look for one).
    @discardableResult
    public func append(_ refusal: LineRefusal, to writer: inout ByteWriter) -> Bool {
        switch refusal {
        case .checkCharacter(let expected):
            guard let checkCharacter else { break }
            checkCharacter.append(to: &writer) { _, writer in writer.append(expected) }
            return true
        case .phoneTooShort(let region):
            guard let phoneTooShort else { break }
            var code = region
            code.withUTF8 { code in phoneTooShort.append(to: &writer) { _, writer in writer.append(code) } }
            return true
        case .phoneNumberStarts(let region, let digits):
            guard let phoneNumberStarts else { break }
            var code = region
            code.withUTF8 { code in
                phoneNumberStarts.append(to: &writer) { slot, writer in
                    if slot == 0 { writer.append(code) } else { digits.write(to: &writer) }
                }
            }
            return true
        case .issue: break
        }
        var message = refusal.issue.message
        message.withUTF8 { writer.append($0) }
        return false
    }
}

/// A message made with `slots` as its values, as the bytes between them and which value fills each gap (a
/// translation may put them in another order).
struct MessageTemplate: Sendable {
    /// The values a template is made with: noncharacters no message holds.
    static let slots = ["\u{FFFF}", "\u{FFFE}"]

    /// The bytes before the first value, between each two, after the last: one run, cut at `ends`.
    let bytes: [UInt8]
    /// Where each piece of `bytes` ends (one more than there are values).
    let ends: [Int]
    /// Which value (an index into `slots`) fills each gap.
    let order: [Int]

    /// The template of a message made with the first `count` slots; nil when one is missing or repeated, or the
    /// message holds a control character (a broken translation: its messages are then worded per line and
    /// stderr's writer escapes them as any other).
    init?(_ message: String, slots count: Int) {
        guard !ControlCharacters.contains(in: message) else { return nil }
        let text = Array(message.utf8)
        var found: [(at: Int, slot: Int, length: Int)] = []
        for slot in 0..<count {
            let mark = Array(MessageTemplate.slots[slot].utf8)
            let starts = text.indices.filter { text[$0...].starts(with: mark) }
            guard starts.count == 1 else { return nil }
            found.append((starts[0], slot, mark.count))
        }
        found.sort { $0.at < $1.at }
        var bytes: [UInt8] = [], ends: [Int] = [], from = 0
        for mark in found {
            bytes += text[from..<mark.at]
            ends.append(bytes.count)
            from = mark.at + mark.length
        }
        bytes += text[from...]
        ends.append(bytes.count)
        self.bytes = bytes
        self.ends = ends
        order = found.map(\.slot)
    }

    /// Writes the message, `value` writing the value of each slot where it goes.
    func append(to writer: inout ByteWriter, _ value: (Int, inout ByteWriter) -> Void) {
        bytes.withUnsafeBufferPointer { all in
            var from = 0
            for (gap, slot) in order.enumerated() {
                writer.append(UnsafeBufferPointer(rebasing: all[from..<ends[gap]]))
                value(slot, &writer)
                from = ends[gap]
            }
            writer.append(UnsafeBufferPointer(rebasing: all[from...]))
        }
    }
}
