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
    /// `quotingInput`: false when the caller made every byte from texts known to hold no control character (line
    /// numbers and `RefusalMessages`' templates), which are then not looked through again.
    mutating func lines(utf8 bytes: UnsafeBufferPointer<UInt8>, quotingInput: Bool = true) {
        guard quotingInput, ControlCharacters.contains(inUTF8Lines: bytes) else {
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
