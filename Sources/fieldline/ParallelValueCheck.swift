import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import FieldKit

/// `check --output value` over big inputs: each block of complete lines is cut into slices at newlines and the
/// slices are checked on all cores; outputs and messages are then written in input order.
enum ParallelValueCheck {
    /// What one slice of input produced: stdout bytes, and stderr's `line: message` lines for invalid lines
    /// (written by the slice's own thread, so they are made in parallel too, not on the main thread alone).
    /// Handed on as written: the caller copies the bytes once, into its output.
    struct SliceResult: ~Copyable {
        var out: ByteWriter
        var errors: ByteWriter
        var invalid = 0
        var lines = 0
        /// Whether a message was worded for its line (and may quote it): only then can `errors` hold a control
        /// character. Messages from `RefusalMessages`' templates hold none.
        var quotesInput = false

        /// Empty again, its writers keeping their memory.
        mutating func reset() {
            out.removeAll()
            errors.removeAll()
            (invalid, lines, quotesInput) = (0, 0, false)
        }
    }

    /// The slices' results, kept from block to block: a writer's memory, once written, is written again for the
    /// next block, not freed and taken afresh from the kernel (a page fault per 4 KiB touched).
    final class Workspace: @unchecked Sendable {
        let results: UnsafeMutablePointer<SliceResult>

        init() {
            results = .allocate(capacity: ParallelValueCheck.slicesPerBlock)
            for k in 0..<ParallelValueCheck.slicesPerBlock {
                (results + k).initialize(to: SliceResult(out: ByteWriter(), errors: ByteWriter()))
            }
        }

        deinit {
            results.deinitialize(count: ParallelValueCheck.slicesPerBlock)
            results.deallocate()
        }
    }

    /// Blocks smaller than this are checked on one thread: splitting them costs more than it saves.
    static let splitThreshold = 1 << 18

    /// Check every line of a slice (the last line may lack its newline); its first line is line `firstLine` + 1
    /// of the input.
    /// `result`: emptied first, then filled.
    static func check(_ slice: UnsafeBufferPointer<UInt8>, checker: LineChecker, firstLine: Int,
                      messages: RefusalMessages, into result: inout SliceResult) {
        // Written into `ByteWriter`s (a line's few appends inlined).
        result.reset()
        result.out.reserveCapacity(slice.count + 64)
        var scratch: [UInt8] = []
        scratch.reserveCapacity(256)
        var start = 0
        func line(_ range: Range<Int>) {
            result.lines += 1
            if let refusal = checker.appendValueOrRefusal(of: UnsafeBufferPointer(rebasing: slice[range]), to: &result.out, scratch: &scratch) {
                result.invalid += 1
                result.errors.appendDecimal(firstLine + result.lines)
                result.errors.append(0x3A)
                result.errors.append(0x20)
                if !messages.append(refusal, to: &result.errors) { result.quotesInput = true }
                result.errors.append(0x0A)
            }
            result.out.append(0x0A)
        }
        while let end = newline(in: slice, from: start) {
            line(start..<end)
            start = end + 1
        }
        if start < slice.count { line(start..<slice.count) }
    }

    /// How many slices a large block is cut into: more than the cores, so a slice of costly lines (refused
    /// numbers are worded, valid ones are not) does not leave the other core waiting at the block's end.
    static let slicesPerBlock = 8

    /// Check a block of lines, in slices on all cores at once when it is large; `each` is given the slices'
    /// results in input order. `firstLine`: the lines of the input before the block.
    /// `messages`: the current language's, made once per run (`RefusalMessages()` when not given); `workspace`:
    /// one per run.
    static func check(block: UnsafeBufferPointer<UInt8>, checker: LineChecker, firstLine: Int,
                      messages: RefusalMessages = RefusalMessages(), workspace: Workspace = Workspace(),
                      each: (borrowing SliceResult) -> Void) {
        let results = workspace.results
        guard block.count >= splitThreshold else {
            check(block, checker: checker, firstLine: firstLine, messages: messages, into: &results[0])
            return each(results[0])
        }
        // Cut at the first newline after each equal share; every slice but the last ends with a newline.
        var bounds = [0]
        for k in 1..<slicesPerBlock {
            guard let cut = newline(after: max(block.count * k / slicesPerBlock, bounds.last!), in: block) else { break }
            if cut > bounds.last! { bounds.append(cut) }
        }
        bounds.append(block.count)
        nonisolated(unsafe) let slices = (0..<bounds.count - 1).map { UnsafeBufferPointer(rebasing: block[bounds[$0]..<bounds[$0 + 1]]) }
        // A slice's first line number: the newlines of the slices before it.
        var starts = [firstLine]
        for slice in slices.dropLast() {
            var lines = 0, at = 0
            while let end = newline(in: slice, from: at) { lines += 1; at = end + 1 }
            starts.append(starts.last! + lines)
        }
        // Each iteration writes only its own slot; concurrentPerform returns after all finish.
        nonisolated(unsafe) let slots = results
        let lineNumbers = starts
        DispatchQueue.concurrentPerform(iterations: slices.count) { k in
            check(slices[k], checker: checker, firstLine: lineNumbers[k], messages: messages, into: &slots[k])
        }
        for k in 0..<slices.count { each(results[k]) }
    }

    /// Index of the first newline at or after `index`, or nil: `memchr`, which skips a line's bytes many at a time.
    @inline(__always)
    private static func newline(in bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int? {
        guard index < bytes.count, let base = bytes.baseAddress,
              let found = memchr(base + index, 0x0A, bytes.count - index) else { return nil }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
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
    /// Append a non-negative integer in decimal without building a String: the digits are written from the end of
    /// a buffer on the stack, then appended at once.
    mutating func appendDecimal(_ n: Int) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: Int.max has 19 digits
        Swift.withUnsafeMutableBytes(of: &digits) { raw in
            let d = raw.bindMemory(to: UInt8.self)
            var v = n, k = d.count
            repeat { k -= 1; d[k] = UInt8(truncatingIfNeeded: 48 &+ v % 10); v /= 10 } while v > 0
            append(contentsOf: UnsafeBufferPointer(rebasing: d[k...]))
        }
    }
}
