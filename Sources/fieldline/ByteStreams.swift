import FieldKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Buffered writes to a file descriptor; one `write` per 64 KiB instead of one per line.
struct OutputBuffer {
    /// Bytes not yet written; callers may append to it directly.
    var bytes: [UInt8] = []
    private let fd: Int32

    /// A buffer for stdout or another descriptor; standard error is written through `ErrorOutput`, which escapes.
    init(fd: Int32) {
        precondition(fd != 2, "standard error is written through ErrorOutput")
        self.init(unescaped: fd)
    }

    fileprivate init(unescaped fd: Int32) {
        self.fd = fd
        bytes.reserveCapacity(1 << 16)
    }

    mutating func append(_ s: String) { bytes.append(contentsOf: s.utf8) }
    mutating func append(_ b: UInt8) { bytes.append(b) }
    mutating func append<C: Collection>(contentsOf c: C) where C.Element == UInt8 { bytes.append(contentsOf: c) }

    /// Append a non-negative integer in decimal without building a String.
    mutating func appendDecimal(_ n: Int) { bytes.appendDecimal(n) }

    mutating func flushIfFull() { if bytes.count >= 1 << 16 { flush() } }

    mutating func flush() {
        var offset = 0
        bytes.withUnsafeBytes { raw in
            while offset < raw.count {
                let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 {
                    OutputBuffer.writeFailed(fd: fd)
                    // Only stderr gets here (other streams exit): its messages are dropped. Going on would add -1 to
                    // the offset and retry forever, one byte further before the buffer each time.
                    break
                }
                offset += n
            }
        }
        bytes.removeAll(keepingCapacity: true)
    }
}

extension OutputBuffer {
    /// Output that cannot be written is lost output: say so and end with EX_IOERR (74) rather than exit 0 with
    /// nothing written. A failing stderr has nowhere to report to; its messages are dropped.
    static func writeFailed(fd: Int32) {
        guard fd != 2 else { return }
        let reason = String(cString: strerror(errno))
        var err = ErrorOutput()
        err.line(tr("fieldline: cannot write the output: \(reason)"))
        err.flush()
        exit(Exit.ioError.rawValue)
    }
}

/// Standard error, the one way text reaches it: every line is written with its control characters shown as `U+1B`
/// (`ControlCharacters.escaped`), whatever it quotes (a value, a path, a stored `operator`, a database's message),
/// so nothing read from outside can send an escape sequence to a terminal.
struct ErrorOutput {
    private var buffer = OutputBuffer(unescaped: 2)

    /// `text` and a line end; a line break inside `text` is kept (several lines of a diagnostic), any other control
    /// is named. A report (`RECORD:FIELD: message`) is one line whatever it quotes: its line breaks are named too.
    mutating func line(_ text: String, report: Bool = false) {
        if report && ControlCharacters.contains(in: text) {
            buffer.append(ControlCharacters.escaped(text))
        } else if ControlCharacters.contains(in: text) {
            buffer.append(text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { ControlCharacters.escaped(String($0)) }.joined(separator: "\n"))
        } else {
            buffer.append(text)
        }
        buffer.append(0x0A)
    }

    /// Lines already made as UTF-8 bytes (each ended by `\n`), escaped as `line` escapes.
    mutating func lines(utf8 bytes: [UInt8]) {
        guard ControlCharacters.contains(inUTF8: bytes.lazy.filter { $0 != 0x0A }) else {
            buffer.append(contentsOf: bytes)
            return
        }
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        for line in lines { self.line(String(decoding: line, as: UTF8.self)) }
    }

    mutating func flushIfFull() { if buffer.bytes.count >= 1 << 16 { flush() } }

    /// Writes what is buffered, an import's progress line erased first (`StderrStatusLine`).
    mutating func flush() {
        guard !buffer.bytes.isEmpty else { return }
        StderrStatusLine.clearedForWriting { buffer.flush() }
    }
}

/// Reads a descriptor line by line in large chunks, handing each line (without `\n`) to a closure.
enum LineReader {
    /// Whether input can be read right now without waiting.
    static func moreIsWaiting(_ fd: Int32) -> Bool {
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&pfd, 1, 0) > 0 && pfd.revents & Int16(POLLIN) != 0
    }

    /// Waits up to `seconds` for input (or its end) to be readable; false when the time ran out first.
    static func waitForInput(_ fd: Int32, seconds: Double) -> Bool {
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
    /// has failed: it does not wait for input it will not take).
    static func forEachBlock(fd: Int32, whenIdle: () -> Bool, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> String? {
        let longest = LineChecker.maxLineBytes
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var filled = 0
        // Bytes before this index hold no newline: each byte is searched once, so a very long line from a pipe,
        // arriving 64 KiB at a time, costs linear time rather than one scan of the whole line per read.
        var searched = 0
        // The start of the buffer is the rest of an over-long line, already handed over: drop up to its newline.
        var skipping = false
        while true {
            if filled == buffer.count { buffer.append(contentsOf: [UInt8](repeating: 0, count: buffer.count)) }
            if !moreIsWaiting(fd), !whenIdle() { break }
            let n = buffer.withUnsafeMutableBytes { raw in read(fd, raw.baseAddress! + filled, raw.count - filled) }
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
            if end < ParallelValueCheck.splitThreshold && end < buffer.count && moreIsWaiting(fd) { filled = end; continue }
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
    static func forEachLine(fd: Int32, whenIdle: () -> Bool, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> String? {
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
