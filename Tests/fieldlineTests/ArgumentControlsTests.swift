import Foundation
import Testing
@testable import TestSupport

/// Values from the command line reach stderr named, never sent (issue 32): an escape sequence in a path, a
/// number or a database name must not clear the screen of whoever reads the message.
@Suite struct ArgumentControlsTests {
    static let visitor = FormImportTests.visitor
    static let escape = "\u{1B}[2J\u{1B}]0;pwned\u{07}"

    static let commands: [[String]] = [
        ["ask", "text", "--limit", "9" + escape],                                   // ArgumentParser's usage error
        ["ask", "te" + escape + "xt"],                                              // an unknown keymap
        ["check", "digits", "--keymap-file", "/nonexistent/" + escape],
        ["form", visitor, "--input", "/nonexistent/in" + escape],
        ["form", visitor, "--input", "/dev/null", "--out", "/nonexistent/" + escape + ".jsonl"],
        ["form", visitor, "--input", "/dev/null", "--out", "/nonexistent/" + escape + ".db"],
        ["form", visitor, "--input", "/dev/null", "--out", "postgresql:///db" + escape + "?host=/nonexistent"],
        ["form", visitor, "--input", "/dev/null", "--out", escape],
        ["form", "/nonexistent/" + escape + ".yaml", "--input", "/dev/null"],
    ]

    @Test(arguments: commands)
    func controlsInArgumentsAreNamedOnStderr(arguments: [String]) throws {
        let run = try fieldline(arguments)
        #expect(run.status != 0, "\(run)")
        #expect(!run.err.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "raw control on stderr: \(run.err.debugDescription)")
        #expect(run.err.contains("U+1B"), "\(run.err.debugDescription)")
    }
}
