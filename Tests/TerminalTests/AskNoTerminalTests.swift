import Foundation
import Testing

/// `fieldline ask` with no terminal (setsid: no controlling tty) or with `--value`: validation only, no UI.
@Suite struct AskNoTerminalTests {
    /// Runs `command…` with `stdin` (or /dev/null when nil); returns stdout, stderr and the exit status.
    static func run(_ command: [String], stdin: String?) throws -> (out: String, err: String, status: Int32) {
        try Spawn.run(command, stdin: stdin.map { Data($0.utf8) })
    }

    static let detached = ["setsid", "-w", fieldlineURL.path, "ask", "phone-cn"]

    @Test func oneLineFromStdinIsValidated() throws {
        let r = try Self.run(Self.detached, stdin: "138 1234 5678\n")
        #expect(r.out == "13812345678\n" && r.status == 0, "\(r)")
    }

    @Test func anInvalidLineExits65() throws {
        let r = try Self.run(Self.detached, stdin: "12\n")
        #expect(r.status == 65 && r.out == "" && r.err.contains("not a valid number for CN"), "\(r)")
    }

    @Test func emptyStdinExits1() throws {
        let r = try Self.run(Self.detached, stdin: "")
        #expect(r.status == 1 && r.out == "", "\(r)")
    }

    @Test func valueOptionNeedsNoTerminal() throws {
        let ok = try Self.run([fieldlineURL.path, "ask", "phone-cn", "--value", "13812345678"], stdin: nil)
        #expect(ok.out == "13812345678\n" && ok.status == 0, "\(ok)")
        let bad = try Self.run([fieldlineURL.path, "ask", "phone-cn", "--value", "123"], stdin: nil)
        #expect(bad.status == 65 && bad.out == "" && bad.err.contains("not a valid number for CN"), "\(bad)")
    }
}
