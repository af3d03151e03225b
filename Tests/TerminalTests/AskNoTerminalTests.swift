import Foundation
import Testing
@testable import TestSupport

/// `fieldline ask` with no terminal (Spawn starts it in a session of its own) or with `--value`: validation only,
/// no UI.
@Suite struct AskNoTerminalTests {
    /// Runs `command…` with `stdin` (or /dev/null when nil); returns stdout, stderr and the exit status.
    static func run(_ command: [String], stdin: String?) throws -> (out: String, err: String, status: Int32) {
        try Spawn.run(command, stdin: stdin.map { Data($0.utf8) })
    }

    static let detached = [fieldlineURL.path, "ask", "phone-cn"]

    @Test func oneLineFromStdinIsValidated() throws {
        let r = try Self.run(Self.detached, stdin: "138 1234 5678\n")
        #expect(r.out == "13812345678\n" && r.status == 0, "\(r)")
    }

    @Test func anInvalidLineExits65() throws {
        let r = try Self.run(Self.detached, stdin: "12\n")
        #expect(r.status == 65 && r.out == "" && r.err.contains("not a mobile number (CN mobile numbers start 13 to 19)"), "\(r)")
    }

    @Test func emptyStdinExits1() throws {
        let r = try Self.run(Self.detached, stdin: "")
        #expect(r.status == 1 && r.out == "", "\(r)")
    }

    /// A line of any length takes bounded memory (issue 32): it is refused for its length as `check` refuses it.
    /// Python pipes 300 MB of one line and reads the child's peak resident set.
    @Test func aHugeLineIsRefusedInBoundedMemory() throws {
        let script = """
            import resource, subprocess, sys
            p = subprocess.Popen(["setsid", "-w", sys.argv[1], "ask", "text"], stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"})
            chunk = b"a" * (1 << 20)
            try:
                for _ in range(300): p.stdin.write(chunk)
                p.stdin.write(b"\\n"); p.stdin.close()
            except BrokenPipeError:
                pass
            out, err = p.communicate()
            print(p.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, len(out), err.decode().strip())
            """
        let r = try Self.run(["python3", "-c", script, fieldlineURL.path], stdin: nil)
        let fields = r.out.split(separator: " ", maxSplits: 3)
        #expect(fields.count == 4, "\(r)")
        guard fields.count == 4 else { return }
        #expect(fields[0] == "65" && fields[2] == "0", "\(r)")
        #expect((Int(fields[1]) ?? .max) < 64_000, "peak RSS \(fields[1]) KB")
        #expect(fields[3].contains("longer than 1 MiB"), "\(r)")
    }

    /// Bytes that are not UTF-8 are refused, never turned into U+FFFD and printed as the value.
    @Test func invalidUTF8OnStdinIsRefused() throws {
        let r = try Spawn.run([fieldlineURL.path, "ask", "text"], stdin: Data([0x61, 0xFF, 0x62, 0x0A]))
        #expect(r.status == 65 && r.out == "" && r.err.contains("not valid UTF-8"), "\(r)")
    }

    @Test func valueOptionNeedsNoTerminal() throws {
        let ok = try Self.run([fieldlineURL.path, "ask", "phone-cn", "--value", "13812345678"], stdin: nil)
        #expect(ok.out == "13812345678\n" && ok.status == 0, "\(ok)")
        let bad = try Self.run([fieldlineURL.path, "ask", "phone-cn", "--value", "123"], stdin: nil)
        #expect(bad.status == 65 && bad.out == "" && bad.err.contains("not a mobile number (CN mobile numbers start 13 to 19)"), "\(bad)")
    }
}
