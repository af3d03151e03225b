/// Where one byte occurs in a short stretch of bytes, eight at a time: a word without it is passed over whole.
/// For the TABs of a choice file's rows and the separators of their aliases cells, most of whose bytes are names
/// (a memchr call per cell measured slower on cells this short).
enum ByteFinder {
    /// Calls `body` with the offset of each `byte` in `bytes[range]`, in order.
    @inline(__always)
    static func forEach(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ body: (Int) -> Void) {
        var i = range.lowerBound
        let end = range.upperBound
        if let base = bytes.baseAddress {
            let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
            while i + 8 <= end {
                let x = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) ^ pattern
                // A byte's high bit set where x's byte is zero (the byte sought), exactly: no carry crosses a byte,
                // so a byte after a match is never taken for one (`x - 0x01…` borrows would).
                var found = ~(((x & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | x) & 0x8080_8080_8080_8080
                while found != 0 {
                    body(i + found.trailingZeroBitCount / 8)
                    found &= found &- 1
                }
                i += 8
            }
        }
        while i < end {
            if bytes[i] == byte { body(i) }
            i += 1
        }
    }
}
