import Testing
@testable import FieldKit

/// `DigitWord.isAllDigits`, which lets the byte loop take eight digits at once, says what a byte-by-byte test says.
struct DigitWordTests {
    static func byteByByte(_ bytes: [UInt8]) -> Bool { bytes.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }

    static func word(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) } }

    @Test func everyByteInEveryPlace() {
        var rng = SplitMix64(state: 11)
        for place in 0..<8 {
            for byte in 0...255 {
                var bytes = (0..<8).map { _ in UInt8.random(in: 0x30...0x39, using: &rng) }
                bytes[place] = UInt8(byte)
                #expect(DigitWord.isAllDigits(Self.word(bytes)) == Self.byteByByte(bytes), "\(bytes)")
            }
        }
    }

    @Test func randomWords() {
        var rng = SplitMix64(state: 12)
        let near: [UInt8] = [0x00, 0x2F, 0x30, 0x35, 0x39, 0x3A, 0x7F, 0x80, 0xB0, 0xB9, 0xFF]
        for _ in 0..<100_000 {
            let bytes = (0..<8).map { _ in near.randomElement(using: &rng)! }
            #expect(DigitWord.isAllDigits(Self.word(bytes)) == Self.byteByByte(bytes), "\(bytes)")
        }
    }
}
