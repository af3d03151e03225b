import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// Reads a descriptor line by line in large chunks, handing each line (without `\n`) to a closure.
public enum LineReader {
    /// Whether input can be read right now without waiting.
    public static func moreIsWaiting(_ fd: Int32) -> Bool {
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&pfd, 1, 0) > 0 && pfd.revents & Int16(POLLIN) != 0
    }

    /// Waits up to `seconds` for input (or its end) to be readable; false when the time ran out first.
    public static func waitForInput(_ fd: Int32, seconds: Double) -> Bool {
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&pfd, 1, Int32(max(0, min(seconds, 3600)) * 1000))
        // A signal or a poll that cannot watch this descriptor: read, as without the wait.
        return ready != 0
    }

    /// Hands over blocks of whole lines (each block ends with `\n`, except a last line without one).
    ///
    /// A line longer than `LineChecker.maxLineBytes` is handed over cut to one byte past that length (so the
    /// checker refuses it for its length) and the rest of it is read and dropped: memory stays bounded whatever
    /// comes in, and time linear.
    ///
    /// `whenIdle` runs before a read that would wait (nothing is waiting on a pipe or a terminal): the caller
    /// flushes its answers there, so a producer writing one line and waiting gets the answer to it at once. A
    /// regular file never waits, so bulk input pays nothing for it. It returns false to read no more (the caller
    /// has failed: it does not wait for input it will not take). Input arriving through a pipe is gathered into
    /// blocks of at least `gathered` bytes while more is already waiting, so a block is big enough to split
    /// across cores.
    public static func forEachBlock(fd: Int32, gathering gathered: Int = 1 << 18, whenIdle: () -> Bool, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> String? {
        let longest = LineChecker.maxLineBytes
        // Not zeroed: `read` fills what is used, so a short input touches (and the kernel maps) only a few pages.
        var buffer = [UInt8](unsafeUninitializedCapacity: 1 << 20) { _, count in count = 1 << 20 }
        var filled = 0
        // Bytes before this index hold no newline: each byte is searched once, so a very long line from a pipe,
        // arriving 64 KiB at a time, costs linear time rather than one scan of the whole line per read.
        var searched = 0
        // The start of the buffer is the rest of an over-long line, already handed over: drop up to its newline.
        var skipping = false
        while true {
            if filled == buffer.count { buffer.append(contentsOf: [UInt8](repeating: 0, count: buffer.count)) }
            if !moreIsWaiting(fd), !whenIdle() { break }
            // At most twice the gathering size a read: a block's slices then need buffers small enough for malloc to
            // reuse from block to block (a 1 MiB block's were each mapped afresh, a page fault per 4 KiB).
            let n = buffer.withUnsafeMutableBytes { raw in read(fd, raw.baseAddress! + filled, min(raw.count - filled, max(2 * gathered, 1 << 16))) }
            if n < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            if n == 0 { break }
            var end = filled + n
            if skipping {
                guard let newline = buffer[filled..<end].firstIndex(of: 0x0A) else { filled = 0; continue }
                end = moveToFront(&buffer, from: newline + 1, to: end)
                filled = 0
                skipping = false
                if end == 0 { continue }
            }
            // Bulk input through a pipe arrives 64 KiB at a time: keep reading while more is already waiting,
            // so blocks are big enough to split across cores; a line-by-line writer still gets answers at once.
            if end < gathered && end < buffer.count && moreIsWaiting(fd) { filled = end; continue }
            guard let lastNewline = buffer[searched..<end].lastIndex(of: 0x0A) else {
                if end > longest + 1 {
                    // One line so far, already too long: hand over its head as a line of its own, drop the rest.
                    buffer[longest + 1] = 0x0A
                    buffer.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[0...longest + 1])) }
                    filled = 0
                    searched = 0
                    skipping = true
                    continue
                }
                filled = end
                searched = end
                continue
            }
            buffer.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[0...lastNewline])) }
            filled = moveToFront(&buffer, from: lastNewline + 1, to: end)
            searched = 0
        }
        if filled > 0 && !skipping { buffer.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[0..<filled])) } }
        return nil
    }

    /// Move `buffer[from..<to]` to the front; returns its length.
    private static func moveToFront(_ buffer: inout [UInt8], from: Int, to: Int) -> Int {
        let rest = to - from
        if rest > 0 {
            buffer.withUnsafeMutableBufferPointer { b in
                for k in 0..<rest { b[k] = b[from + k] }
            }
        }
        return rest
    }

    /// Hands over each line without its `\n` (a last line without one too). Returns nil on success, or the
    /// error text when the input cannot be read.
    public static func forEachLine(fd: Int32, whenIdle: () -> Bool, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> String? {
        forEachBlock(fd: fd, whenIdle: whenIdle) { block in
            var start = 0
            for i in 0..<block.count where block[i] == 0x0A {
                body(UnsafeBufferPointer(rebasing: block[start..<i]))
                start = i + 1
            }
            if start < block.count { body(UnsafeBufferPointer(rebasing: block[start...])) }
        }
    }
}
