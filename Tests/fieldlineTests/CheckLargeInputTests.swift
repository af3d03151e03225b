import Foundation
import Testing
@testable import TestSupport

/// Inputs big enough that `check` splits blocks across both cores: every line's output and every message's line
/// number must come out exactly as for a line-by-line run.
struct CheckLargeInputTests {
    @Test func splitBlocksKeepLineOrderAndNumbers() throws {
        let count = 60_000  // about 720 KB: several blocks above the split threshold
        var input = ""
        var expectedOut = ""
        var expectedErr = ""
        for i in 1...count {
            let digits = String(i).count < 8 ? String(repeating: "0", count: 8 - String(i).count) + String(i) : String(i)
            if i % 7 == 0 {
                input += "100" + digits + "\n"
                expectedOut += "\n"
                expectedErr += "\(i): not a mobile number (CN mobile numbers start 13 to 19)\n"
            } else if i % 11 == 0 {
                input += "+86 139 " + digits + "\r\n"  // prefix, spaces and CRLF are accepted
                expectedOut += "139" + digits + "\n"
            } else {
                input += "138" + digits + "\n"
                expectedOut += "138" + digits + "\n"
            }
        }
        input += "13800000000"  // a last line without a newline
        expectedOut += "13800000000\n"
        // Through a pipe (blocks gathered while input is waiting) and from a file (one large read, always split).
        let (out, err, status) = try fieldline(["check", "phone-cn"], stdin: input)
        #expect(status == 65)
        #expect(out == expectedOut)
        #expect(err == expectedErr)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("fieldline-large-\(UUID().uuidString).txt")
        try input.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let fromFile = try Spawn.run(["/bin/sh", "-c", "exec \"$0\" check phone-cn < \"$1\"", fieldlineURL.path, file.path])
        #expect(fromFile.status == 65)
        #expect(fromFile.out == expectedOut)
        #expect(fromFile.err == expectedErr)
    }
}

/// A line far longer than one read, through a pipe, followed by short lines: every line is checked whole, once.
/// (Each byte is searched for a newline once; before, every read scanned the whole pending line again.)
@Suite struct LongLineThroughAPipeTests {
    @Test func aLongLineThenShortOnes() throws {
        let long = String(repeating: "7", count: 1_000_000)  // many reads long, under the 1 MiB line cap
        let run = try fieldline(["check", "digits"], stdin: long + "\n12\n" + long + "x\n34")
        #expect(run.status == 65)
        let lines = run.out.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 5)
        #expect(lines[0].count == 1_000_000 && lines[1] == "12" && lines[2] == "" && lines[3] == "34")
        #expect(run.err == "3: unexpected 'x' at column 1000001: position 1000001 takes a digit\n")
    }
}

/// Lines longer than 1 MiB are refused for their length and read past without being kept: a 64 MB line through a
/// pipe, in every output mode, in an address space of 150 MB (the old reader grew its buffer to hold the line,
/// and the engine path held 16 bytes per character).
@Suite struct OverLongLineTests {
    static let longLine = "1: the line is longer than 1 MiB (1048576 bytes); it is not checked\n"

    @Test(arguments: [["digits"], ["text"], ["text", "--output", "json"], ["text", "--output", "display"]])
    func aHugeLineIsRefusedInBoundedMemory(arguments: [String]) throws {
        let input = Data(repeating: UInt8(ascii: "7"), count: 64_000_000) + Data("\n42\n".utf8)
        let script = "ulimit -v 150000; exec \"$0\" check \"$@\""
        let run = try Spawn.run(["/bin/bash", "-c", script, fieldlineURL.path] + arguments, stdin: input)
        #expect(run.status == 65, "\(run.err.prefix(500))")
        #expect(run.err == Self.longLine)
        let lines = run.out.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3)
        #expect(lines.dropFirst().first.map { $0 == "42" || $0.contains("\"value\":\"42\"") } == true)
    }

    /// A CJK line over the cap, and one just under it that is refused at its first wrong character: both answer
    /// with the line's own message, and the next line is still checked.
    @Test func nonASCIILinesAreRefusedAtOnce() throws {
        let over = String(repeating: "中", count: 400_000)  // 1.2 MB
        let under = String(repeating: "中", count: 300_000)  // 0.9 MB
        let run = try fieldline(["check", "digits"], stdin: over + "\n" + under + "\n9\n")
        #expect(run.status == 65)
        #expect(run.out == "\n\n9\n")
        #expect(run.err == Self.longLine + "2: unexpected '中' at column 1: position 1 takes a digit\n")
    }

    /// Exactly the cap is still checked.
    @Test func aLineOfExactlyTheCapIsChecked() throws {
        let run = try fieldline(["check", "digits"], stdin: String(repeating: "5", count: 1 << 20) + "\n")
        #expect(run.status == 0)
        #expect(run.out.count == (1 << 20) + 1)
    }
}
