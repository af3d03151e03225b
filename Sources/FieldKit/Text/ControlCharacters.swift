/// Control characters in text that may reach a terminal: an escape sequence from a keymap file or from input data
/// must be named, never sent, so it cannot retitle the window or clear the screen.
public enum ControlCharacters {
    /// Whether a terminal would act on this scalar: C0 other than tab, DEL, or C1 (U+0080-U+009F).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar.value != 0x09) || (0x7F...0x9F).contains(scalar.value)
    }

    /// Whether `text` holds a control (`isControl`), read as UTF-8 bytes: C0 and DEL are single bytes, C1
    /// (U+0080-U+009F) is 0xC2 then 0x80-0x9F, and no other scalar's encoding holds those bytes in those places.
    public static func contains(in text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { contains(inUTF8: $0) } ?? contains(inUTF8: Array(text.utf8))
    }

    /// `contains(in:)` of UTF-8 bytes read in place (a cell of a data file, before it is made a string).
    /// Inlinable so a caller's byte sequence is specialized (`check`'s messages are scanned a byte at a time).
    @inlinable
    public static func contains<Bytes: Sequence>(inUTF8 bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        var previous: UInt8 = 0
        for byte in bytes {
            // Printable ASCII, the common byte, is one comparison.
            if byte &- 0x20 >= 0x5F {
                if (byte < 0x20 && byte != 0x09) || byte == 0x7F || (previous == 0xC2 && byte >= 0x80 && byte <= 0x9F) { return true }
            }
            previous = byte
        }
        return false
    }

    /// `contains(inUTF8:)` of lines of UTF-8 bytes without their newlines (`check`'s messages, read on one thread).
    /// Eight bytes are read at once, and a word of printable ASCII is passed over in a few instructions; any
    /// other word is read byte by byte as `contains(inUTF8:)` reads it (LineCheckerFastPathTests compares the two).
    public static func contains(inUTF8Lines bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        var previous: UInt8 = 0
        var i = 0
        while i + 8 <= bytes.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
            // A byte below 0x20, or at or above 0x7F, sets its high bit in one of the two terms.
            let below = (word &- ones &* 0x20) & ~word & highs
            let above = ((word &+ ones) | word) & highs
            if below | above == 0 {
                previous = base[i + 7]
                i += 8
                continue
            }
            for k in i..<i + 8 where base[k] != 0x0A {
                if isControlByte(base[k], after: previous) { return true }
                previous = base[k]
            }
            i += 8
        }
        while i < bytes.count {
            if base[i] != 0x0A {
                if isControlByte(base[i], after: previous) { return true }
                previous = base[i]
            }
            i += 1
        }
        return false
    }

    /// `contains(inUTF8:)`'s test of one byte, `previous` being the byte before it.
    @inline(__always)
    private static func isControlByte(_ byte: UInt8, after previous: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09) || byte == 0x7F || (previous == 0xC2 && byte >= 0x80 && byte <= 0x9F)
    }

    /// The first control in `text`, if there is one.
    public static func first(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first(where: isControl)
    }

    /// How a control is named in messages: `U+1B`.
    public static func name(_ scalar: Unicode.Scalar) -> String {
        "U+" + String(scalar.value, radix: 16, uppercase: true)
    }

    /// `text` with every control replaced by its name; text without one is returned as it is.
    public static func escaped(_ text: String) -> String {
        guard first(in: text) != nil else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) { out += name(scalar) } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}
