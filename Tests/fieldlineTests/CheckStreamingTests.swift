import Foundation
import Testing
@testable import TestSupport

/// `check` reading from a pipe answers each line as it comes: a producer that writes one line and waits gets its
/// answer without closing its end (before, answers waited for a full buffer or the end of input).
@Suite struct CheckStreamingTests {
    /// Reads from `fd` until a newline arrives or `seconds` pass; what came.
    static func line(from fd: Int32, within seconds: Int32) -> String {
        var got: [UInt8] = []
        var byte: UInt8 = 0
        while !got.contains(0x0A) {
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, seconds * 1000) > 0, read(fd, &byte, 1) == 1 else { break }
            got.append(byte)
        }
        return String(decoding: got, as: UTF8.self)
    }

    @Test(arguments: ["value", "json"])
    func eachLineIsAnsweredBeforeTheNextArrives(output: String) throws {
        let process = try Spawn.start([fieldlineURL.path, "check", "phone-cn", "--output", output],
                                      stdin: .pipe, stdout: .pipe, stderr: .pipe)
        let out = process.output
        process.write("+86 138 1234 5678\n")
        let first = Self.line(from: out, within: 10)   // the input stays open: only streaming answers here
        #expect(first.contains("13812345678"), "no answer to the first line while the input is open: \(first.debugDescription)")
        process.write("12812345678\n")
        let second = Self.line(from: out, within: 10)
        #expect(second == "\n" || second.contains("\"valid\":false"), "\(second.debugDescription)")
        #expect(Self.line(from: process.errors, within: 10).hasPrefix("2: "))
        process.closeInput()
        #expect(process.wait() == 65)
    }
}
