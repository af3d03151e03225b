import Foundation
import Testing
@testable import TestSupport

/// Every program a test starts (TestSupport's Spawn) runs as from a fresh shell with no terminal, whatever the tests
/// run under (a developer's terminal, `setsid`, CI, stdin closed): its own session, so /dev/tty cannot be opened and
/// a prompt cannot ask on the terminal of whoever runs the tests; no signal blocked; /dev/null as standard input;
/// no other descriptor of the test runner's.
@Suite struct SpawnTests {
    /// What a started program sees of itself, one fact a line.
    static let probe = """
        import os
        print("session leader" if os.getsid(0) == os.getpid() else "in the runner's session")
        try:
            os.close(os.open("/dev/tty", os.O_RDWR)); print("a terminal")
        except OSError:
            print("no terminal")
        print(next(l.split()[1] for l in open("/proc/self/status") if l.startswith("SigBlk:")))
        print(os.readlink("/proc/self/fd/0"))
        print(" ".join(sorted(os.listdir("/proc/self/fd"))))
        """

    /// The probe's answer: the last line is its open descriptors (3: the folder listing them).
    static let expected = "session leader\nno terminal\n0000000000000000\n/dev/null\n0 1 2 3\n"

    @Test func aRunProgramHasNoTerminalNoBlockedSignalNullInputAndNoOtherDescriptor() throws {
        let run = try Spawn.run(["python3", "-I", "-c", Self.probe])
        #expect(run.out == Self.expected, "\(run.err)")
    }

    @Test func aStartedProgramHasNoTerminalEither() throws {
        let process = try Spawn.start(["python3", "-I", "-c", Self.probe], stdout: .pipe)
        #expect(process.readToEnd(process.output) == Self.expected)
        #expect(process.wait() == 0)
    }
}
