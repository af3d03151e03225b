/// Eight ASCII bytes read as one word, tested for being all digits at once.
enum DigitWord {
    /// Whether every byte of `word` is an ASCII digit: a byte is a digit when it xor "0" is at most 9, that is when
    /// neither that nor it plus 0x76 has its high bit set (a carry out of a byte follows a set bit).
    @inline(__always)
    static func isAllDigits(_ word: UInt64) -> Bool {
        let shifted = word ^ 0x3030_3030_3030_3030
        return ((shifted &+ 0x7676_7676_7676_7676) | shifted) & 0x8080_8080_8080_8080 == 0
    }
}
