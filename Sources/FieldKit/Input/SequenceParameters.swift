/// The parameter and intermediate bytes of one CSI or SS3 sequence, read as they arrive and kept in constant memory:
/// only the few numbers a key sequence can use are stored, everything else is counted or flagged.
struct SequenceParameters: Sendable {
    /// Parameter and intermediate bytes interpreted; a longer sequence is over-long and only swallowed.
    static let limit: UInt8 = 32

    /// Parameter and intermediate bytes seen, up to `limit` (also: bytes of a string sequence, so flush can tell
    /// Alt-] from an OSC with content).
    var length: UInt8 = 0
    /// Parameters started: 0 when there was no parameter byte, otherwise the number of `;` plus one (saturating).
    var count: UInt8 = 0
    /// Index of the current `:`-separated sub-parameter within the current parameter.
    var sub: UInt8 = 0
    /// Intermediate bytes (0x20-0x2F) seen.
    var intermediates: UInt8 = 0
    /// The first sub-parameter of the first three parameters (0 when empty), saturating at eight digits.
    var first: UInt32 = 0, second: UInt32 = 0, third: UInt32 = 0
    /// The second sub-parameter of the second parameter: kitty's event type (1 press, 2 repeat, 3 release).
    var event: UInt32 = 0
    /// More than `limit` bytes: never interpreted.
    var overlong = false
    /// A private marker (`<`, `=`, `>`, `?`): a report (SGR mouse, device attributes), never a key.
    var privateMarker = false
    /// A `:` sub-parameter separator was seen.
    var colon = false
    /// A parameter byte after an intermediate byte, which ECMA-48 does not allow.
    var malformed = false

    /// Count one byte toward the over-long limit; false once past it.
    private mutating func counted() -> Bool {
        if length >= Self.limit { overlong = true; return false }
        length += 1
        return true
    }

    /// A parameter byte 0x30-0x3F.
    mutating func parameter(_ byte: UInt8) {
        guard counted() else { return }
        if intermediates > 0 { malformed = true }
        if count == 0 { count = 1 }
        switch byte {
        case 0x30...0x39: digit(UInt32(byte - 0x30))
        case 0x3B:
            if count < 255 { count += 1 }
            sub = 0
        case 0x3A:
            colon = true
            if sub < 255 { sub += 1 }
        default: privateMarker = true
        }
    }

    /// An intermediate byte 0x20-0x2F.
    mutating func intermediate() {
        guard counted() else { return }
        if intermediates < 255 { intermediates += 1 }
    }

    /// One content byte of a string sequence (only counted, up to `limit`).
    mutating func content() {
        _ = counted()
    }

    private mutating func digit(_ d: UInt32) {
        switch (count, sub) {
        case (1, 0): first = Self.push(first, d)
        case (2, 0): second = Self.push(second, d)
        case (2, 1): event = Self.push(event, d)
        case (3, 0): third = Self.push(third, d)
        default: break
        }
    }

    /// Append a decimal digit, saturating: any number of eight or more digits is unknown to every table anyway.
    private static func push(_ value: UInt32, _ d: UInt32) -> UInt32 {
        value >= 10_000_000 ? value : value * 10 + d
    }

    /// Just one number so far (`ESC [ 7`): rxvt's `$` suffix ends such a sequence although `$` is an intermediate.
    var isPlainNumber: Bool {
        count == 1 && !colon && !privateMarker && !overlong && intermediates == 0
    }

    /// Interpretable as a key: not over-long, no private marker, no intermediates, in ECMA-48 order.
    var isKeyShaped: Bool {
        !overlong && !privateMarker && !malformed && intermediates == 0
    }
}
