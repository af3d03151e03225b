import Foundation
import Testing
@testable import TestSupport

/// Every program a test starts (TestSupport's Spawn) runs as from a fresh shell with no terminal, whatever the tests
/// run under (a developer's terminal, `setsid`, CI, stdin closed): its own session, so /dev/tty cannot be opened and
/// a prompt cannot ask on the terminal of whoever runs the tests; no signal blocked; /dev/null as standard input.
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
        """

    @Test func aRunProgramHasNoTerminalNoBlockedSignalAndNullInput() throws {
        let run = try Spawn.run(["python3", "-I", "-c", Self.probe])
        #expect(run.out == "session leader\nno terminal\n0000000000000000\n/dev/null\n", "\(run.err)")
    }

    @Test func aStartedProgramHasNoTerminalEither() throws {
        let process = try Spawn.start(["python3", "-I", "-c", Self.probe], stdout: .pipe)
        #expect(process.readToEnd(process.output) == "session leader\nno terminal\n0000000000000000\n/dev/null\n")
        #expect(process.wait() == 0)
    }
}
