import Foundation
import Testing
@testable import TestSupport

/// Output that cannot be written ends with a message and EX_IOERR (74), never exit 0 with the output lost; and
/// controls from the input are named in messages, never echoed.
@Suite struct OutputErrorTests {
    @Test(arguments: [
        #""$FL" check digits > /dev/full"#, #""$FL" check digits >&-"#, #""$FL" ask digits --value 12 > /dev/full"#,
        #""$FL" replay digits 12 > /dev/full"#, #""$FL" keymaps list > /dev/full"#,
    ])
    func unwritableOutputExits74(_ line: String) throws {
        let run = try shell(line, stdin: "123\n")
        #expect(run.status == 74, "\(line): \(run.err)")
        #expect(run.err.hasPrefix("fieldline: cannot write the output: "), "\(run.err)")
    }

    /// A standard error that cannot be written (closed, full, a reader gone with SIGPIPE ignored) loses the
    /// messages but not the run: `check` still ends with its usual status, never retrying the write for ever.
    @Test(arguments: [#"timeout 10 "$FL" check digits 2>&-"#, #"timeout 10 "$FL" check digits 2>/dev/full"#])
    func unwritableStandardErrorDropsMessages(_ line: String) throws {
        let run = try shell(line, stdin: "1a\n2\n")
        #expect(run.status == 65, "\(line)")
    }

    @Test func c1ControlsInInputAreNamedNotEchoed() throws {
        let run = try fieldline(["check", "digits"], stdinData: Data([0xC2, 0x9B, 0x32, 0x4A, 0x0A]))
        #expect(run.status == 65)
        #expect(run.err == "1: unexpected U+9B at column 1: position 1 takes a digit\n")
        #expect(!run.err.unicodeScalars.contains { (0x80...0x9F).contains($0.value) })
    }
}
