/// A UTF-8 character whose bytes are still arriving, validated strictly as they come (no overlongs, no
/// surrogates, nothing above U+10FFFF), so an invalid byte is noticed at the first byte that cannot belong.
struct PartialScalar: Sendable {
    /// The bits decoded so far.
    var value: UInt32 = 0
    /// Continuation bytes still expected.
    var remaining: UInt8 = 0
    /// The range the next continuation byte must be in (narrower than 0x80-0xBF right after some leads).
    var low: UInt8 = 0x80, high: UInt8 = 0xBF
    /// The character follows an ESC: it is a Meta key, not text.
    var meta = false

    /// Begin a character at a lead byte; false when the byte cannot start one (a maximal invalid subpart by itself).
    mutating func start(_ lead: UInt8, meta: Bool) -> Bool {
        self.meta = meta
        low = 0x80
        high = 0xBF
        switch lead {
        case 0xC2...0xDF: remaining = 1; value = UInt32(lead & 0x1F)
        case 0xE0...0xEF:
            remaining = 2; value = UInt32(lead & 0x0F)
            if lead == 0xE0 { low = 0xA0 }  // overlong below U+0800
            if lead == 0xED { high = 0x9F }  // surrogates
        case 0xF0...0xF4:
            remaining = 3; value = UInt32(lead & 0x07)
            if lead == 0xF0 { low = 0x90 }  // overlong below U+10000
            if lead == 0xF4 { high = 0x8F }  // above U+10FFFF
        default: return false
        }
        return true
    }

    /// Take one continuation byte; false when it cannot continue the character.
    mutating func take(_ byte: UInt8) -> Bool {
        guard byte >= low && byte <= high else { return false }
        value = value << 6 | UInt32(byte & 0x3F)
        low = 0x80
        high = 0xBF
        remaining -= 1
        return true
    }

    /// The finished character (the lead and range checks above make every finished value a scalar).
    var scalar: Unicode.Scalar? {
        remaining == 0 ? Unicode.Scalar(value) : nil
    }
}
