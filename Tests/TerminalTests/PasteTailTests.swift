import FieldKit
import Testing
@testable import FieldTerminal
#if canImport(Glibc)
import Glibc
#endif

/// The input reader on a pipe, where a read boundary can be placed exactly: the read right behind a paste that
/// ended at a read's end is the paste's tail, and the session will not let a tail accept or cancel.
@Suite struct PasteTailTests {
    /// Writes `bytes` into a new pipe and returns its read end (the write end is closed after).
    static func pipe(with bytes: [UInt8]) -> Int32 {
        var fds: [Int32] = [0, 0]
        _ = Glibc.pipe(&fds)
        _ = bytes.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
        close(fds[1])
        return fds[0]
    }

    @Test func theReadWaitingBehindAPasteIsItsTail() throws {
        // 6 + 4084 + 6 = 4096 bytes, the reader's read size: the paste ends exactly where the first read does.
        let body = "12" + String(repeating: "x", count: 4096 - 14)
        let fd = Self.pipe(with: Array(("\u{1B}[200~" + body + "\u{1B}[201~\r").utf8))
        defer { close(fd) }
        var reader = InputReader()
        guard case .event(.paste(let text, _), let first) = reader.next(fd: fd, deadline: nil) else {
            Issue.record("no paste first"); return
        }
        #expect(text == body && !first)
        guard case .event(.key(.named("CR")), let tail) = reader.next(fd: fd, deadline: nil) else {
            Issue.record("no CR second"); return
        }
        #expect(tail, "the CR waiting behind the paste was taken as a key the user typed")
    }

    @Test func keysLongAfterAPasteAreTheUsers() throws {
        var fds: [Int32] = [0, 0]
        _ = Glibc.pipe(&fds)
        defer { close(fds[0]); close(fds[1]) }
        let paste = Array("\u{1B}[200~12\u{1B}[201~".utf8)
        _ = paste.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
        var reader = InputReader()
        guard case .event(.paste, _) = reader.next(fd: fds[0], deadline: nil) else { Issue.record("no paste"); return }
        usleep(50_000)  // the input's gap, kept: the CR comes well past the tail window
        _ = write(fds[1], "\r", 1)
        guard case .event(.key(.named("CR")), let tail) = reader.next(fd: fds[0], deadline: nil) else {
            Issue.record("no CR"); return
        }
        #expect(!tail)
    }
}
