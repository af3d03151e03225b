import Testing
@testable import FieldKit

/// `ByteWriter`, which `check` writes values and messages into, holds exactly what an array appended the same way
/// holds, across growth.
struct ByteWriterTests {
    /// Emptied and written again (`check` keeps a slice's writers from block to block), it holds the new bytes only.
    @Test func writesAfreshAfterRemoveAll() {
        var writer = ByteWriter(capacity: 1)
        for round in 0..<3 {
            let run = (0..<(1_000 >> round)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ round) }
            writer.reserveCapacity(round * 300)
            run.withUnsafeBufferPointer { writer.append($0) }
            writer.appendDecimal(round)
            #expect(writer.bytes == run + Array(String(round).utf8))
            writer.removeAll()
            #expect(writer.count == 0 && writer.bytes.isEmpty)
        }
    }

    @Test func holdsWhatAnArrayHolds() {
        var rng = SplitMix64(state: 7)
        var writer = ByteWriter(capacity: 1)
        var expected: [UInt8] = []
        for _ in 0..<5_000 {
            switch Int.random(in: 0..<3, using: &rng) {
            case 0:
                let byte = UInt8.random(in: 0...255, using: &rng)
                writer.append(byte)
                expected.append(byte)
            case 1:
                let run = (0..<Int.random(in: 0...300, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
                run.withUnsafeBufferPointer { writer.append($0) }
                expected.append(contentsOf: run)
            default:
                let n = [0, 9, 10, 99, 100, Int.max, Int.random(in: 0...Int.max, using: &rng)].randomElement(using: &rng)!
                writer.appendDecimal(n)
                expected.append(contentsOf: String(n).utf8)
            }
        }
        #expect(writer.count == expected.count)
        #expect(writer.bytes == expected)
    }

    @Test func anEmptyBufferAppendsNothing() {
        var writer = ByteWriter()
        writer.append(UnsafeBufferPointer<UInt8>(start: nil, count: 0))
        #expect(writer.bytes == [])
    }
}
