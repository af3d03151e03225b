import Dispatch
import FieldKit

/// `check --output value` over big inputs: each block of complete lines is split in two at a newline and the
/// halves are checked on both cores; outputs and messages are then written in input order.
enum ParallelValueCheck {
    /// What one slice of input produced: stdout bytes, and stderr's `line: message` lines for invalid lines
    /// (written by the slice's own thread: done on the main thread, they were a tenth of a run's time).
    struct SliceResult {
        var out: [UInt8] = []
        var errors: [UInt8] = []
        var invalid = 0
        var lines = 0
    }

    /// Blocks smaller than this are checked on one thread: splitting them costs more than it saves.
    static let splitThreshold = 1 << 18

    /// Check every line of a slice (the last line may lack its newline); its first line is line `firstLine` + 1
    /// of the input.
    static func check(_ slice: UnsafeBufferPointer<UInt8>, checker: LineChecker, firstLine: Int) -> SliceResult {
        var result = SliceResult()
        result.out.reserveCapacity(slice.count + 64)
        var scratch: [UInt8] = []
        scratch.reserveCapacity(256)
        var start = 0
        func line(_ range: Range<Int>) {
            result.lines += 1
            if let issue = checker.appendValue(of: UnsafeBufferPointer(rebasing: slice[range]), to: &result.out, scratch: &scratch) {
                result.invalid += 1
                result.errors.appendDecimal(firstLine + result.lines)
                result.errors.append(contentsOf: [0x3A, 0x20])
                result.errors.append(contentsOf: issue.message.utf8)
                result.errors.append(0x0A)
            }
            result.out.append(0x0A)
        }
        for i in 0..<slice.count where slice[i] == 0x0A {
            line(start..<i)
            start = i + 1
        }
        if start < slice.count { line(start..<slice.count) }
        return result
    }

    /// Check a block of lines, in two halves at once when it is large; results in input order. `firstLine`: the
    /// lines of the input before the block.
    static func check(block: UnsafeBufferPointer<UInt8>, checker: LineChecker, firstLine: Int) -> [SliceResult] {
        guard block.count >= splitThreshold, let split = newline(after: block.count / 2, in: block) else {
            return [check(block, checker: checker, firstLine: firstLine)]
        }
        nonisolated(unsafe) let halves = [UnsafeBufferPointer(rebasing: block[0..<split]), UnsafeBufferPointer(rebasing: block[split...])]
        // The first half ends with a newline, so its lines are its newlines.
        var firstHalfLines = 0
        for byte in halves[0] where byte == 0x0A { firstHalfLines += 1 }
        let starts = [firstLine, firstLine + firstHalfLines]
        let results = UnsafeMutablePointer<SliceResult>.allocate(capacity: 2)
        results.initialize(repeating: SliceResult(), count: 2)
        defer { results.deinitialize(count: 2); results.deallocate() }
        // Each iteration writes only its own slot; concurrentPerform returns after both finish.
        nonisolated(unsafe) let slots = results
        DispatchQueue.concurrentPerform(iterations: 2) { k in
            slots[k] = check(halves[k], checker: checker, firstLine: starts[k])
        }
        return [results[0], results[1]]
    }

    /// Index just after the first newline at or after `index`, or nil.
    private static func newline(after index: Int, in block: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = index
        while i < block.count {
            if block[i] == 0x0A { return i + 1 < block.count ? i + 1 : nil }
            i += 1
        }
        return nil
    }
}

// Here rather than with `OutputBuffer`: the fuzz target compiles this file without the rest of the CLI.
extension Array where Element == UInt8 {
    /// Append a non-negative integer in decimal without building a String.
    mutating func appendDecimal(_ n: Int) {
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var v = n, k = 0
        Swift.withUnsafeMutableBytes(of: &digits) { d in
            repeat { d[k] = UInt8(48 + v % 10); v /= 10; k += 1 } while v > 0
            while k > 0 { k -= 1; append(d[k]) }
        }
    }
}
