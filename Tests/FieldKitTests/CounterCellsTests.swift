import Testing
@testable import FieldKit

/// The counter's bytes: written digit by digit, and asked whether they are printable eight at a time.
struct CounterCellsTests {
    @Test func theCounterIsTheNumbersAsTextForEveryMagnitude() {
        var numbers = [0, 1, 9, 10, 11, 99, 100, 999, 1_000, 10_000, 123_456_789, Int.max, Int.min, -1, -10]
        var power = 1
        for _ in 0..<18 {
            power *= 10
            numbers += [power - 1, power, power + 1, -power]
        }
        for count in numbers {
            for limit in [0, 7, 10, 10_000, Int.max, -5] {
                #expect(Frame.counter(count, of: limit) == "\(count)/\(limit)")
            }
        }
    }

    @Test func printableIsEveryByteBetweenSpaceAndTilde() {
        // Every length up to the capacity, each with one byte at or just past the printable bounds at every place.
        for length in 0...CounterCells.capacity {
            let plain = [UInt8]((0..<length).map { UInt8(0x20 + $0 % 0x5F) })
            #expect(cells(plain).isPrintableASCII, "length \(length)")
            for place in 0..<length {
                for byte: UInt8 in [0x00, 0x1F, 0x20, 0x7E, 0x7F, 0x80, 0xC0, 0xFF] {
                    var bytes = plain
                    bytes[place] = byte
                    #expect(cells(bytes).isPrintableASCII == (0x20...0x7E).contains(byte), "\(byte) at \(place) of \(length)")
                }
            }
        }
    }

    private func cells(_ bytes: [UInt8]) -> CounterCells {
        var cells = CounterCells()
        _ = cells.fill { buffer in
            for (k, byte) in bytes.enumerated() { buffer[k] = byte }
            return bytes.count
        }
        return cells
    }
}
