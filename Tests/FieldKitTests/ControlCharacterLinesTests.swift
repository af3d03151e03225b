import Testing

@testable import FieldKit

/// `ControlCharacters.contains(inUTF8Lines:)`, which reads eight bytes at once, answers as the byte-by-byte rule
/// does on the same bytes without their newlines.
@Suite struct ControlCharacterLinesTests {
    @Test func wordAtATimeAgreesWithByteByByte() {
        // Printable ASCII mostly, with every kind of byte the rule treats apart: tab, newline, C0, DEL, C1 as
        // 0xC2 0x80-0x9F (also split by a newline), other UTF-8.
        let pieces: [[UInt8]] = [[0x41], [0x20], [0x7E], [0x39], [0x09], [0x0A], [0x1B], [0x7F], [0xC2, 0x85], [0xC2, 0x0A, 0x85],
                                 [0xC2, 0xA0], [0xE4, 0xB8, 0xAD], [0x80], [0x9F], [0xC2], [0x00]]
        var rng = SplitMix64(state: 45)
        var controls = 0
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...40, using: &rng) {
                // Mostly plain letters, so whole words of printable ASCII occur as in real messages.
                bytes += Int.random(in: 0..<4, using: &rng) == 0 ? pieces.randomElement(using: &rng)! : [0x61]
            }
            let expected = ControlCharacters.contains(inUTF8: bytes.lazy.filter { $0 != 0x0A })
            if expected { controls += 1 }
            #expect(bytes.withUnsafeBufferPointer { ControlCharacters.contains(inUTF8Lines: $0) } == expected, "\(bytes)")
        }
        // Both answers occur often.
        #expect(controls > 2_000 && controls < 18_000)
    }

    @Test func aC1ControlAcrossAWordBoundaryIsFound() {
        for offset in 0..<16 {
            let bytes = [UInt8](repeating: 0x61, count: offset) + [0xC2, 0x9B] + [UInt8](repeating: 0x61, count: 16)
            #expect(bytes.withUnsafeBufferPointer { ControlCharacters.contains(inUTF8Lines: $0) })
        }
    }
}
