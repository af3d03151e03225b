import Foundation
import Testing
@testable import TestSupport

/// The `Examples/` package, which uses fieldline's library products as another package would (by path): it
/// builds, `csvcolumn` reports a CSV column's invalid cells, `visitorlog` saves valid records through sinks, and
/// `installer` says there is no terminal instead of waiting when it has none.
@Suite(.serialized) struct ExamplesTests {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    /// A build folder of its own (gitignored as `.build-*/`), kept between runs so later builds are incremental.
    static let scratch = repo + "/.build-examples/test"

    /// Runs a command in the repository with the test runner's PATH (for swift and setsid) and the clean scratch HOME.
    static func sh(_ command: String, stdin: String? = nil) throws -> Run {
        try shell(command, stdin: stdin, in: repo, environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"])
    }

    /// `swift build` of the Examples package, once for all the tests here. From nothing it resolves the packages
    /// from the mirror and compiles the library targets again in its own folder, which is most of this suite's time;
    /// when nothing changed it is quick.
    static let build: Run = {
        do {
            return try sh("swift build --package-path Examples --scratch-path '\(scratch)' 2>&1")
        } catch {
            return ("", "\(error)", -1)
        }
    }()

    /// The path of a built example program.
    static func program(_ name: String) -> String { scratch + "/debug/" + name }

    @Test func csvcolumnReportsEachInvalidCellByRow() throws {
        try #require(Self.build.status == 0, "\(Self.build.out)\(Self.build.err)")
        let s = try ScratchFolder()
        // A quoted cell with a comma, a cell with a paste-style prefix, a short number, an empty cell; no newline
        // after the last record.
        let csv = "name,mobile,note\r\nZhang,+86 138 1234 5678,ok\r\n\"Li, Si\",12812345678,\"a, b\"\r\n"
            + "Wang,138 1234 567,\r\nZhao,139-1234-5678,x"
        try csv.write(toFile: s.path("people.csv"), atomically: true, encoding: .utf8)
        let bad = try Self.sh("'\(Self.program("csvcolumn"))' '\(s.path("people.csv"))' mobile phone-cn")
        #expect(bad.out == "3: not a mobile number (CN mobile numbers start 13 to 19)\n4: too short for CN\n", "\(bad.err)")
        #expect(bad.status == 65)
        // By column number, on a column that is all valid.
        let names = try Self.sh("'\(Self.program("csvcolumn"))' '\(s.path("people.csv"))' 1 text")
        #expect(names.out == "" && names.status == 0, "\(names.err)")
        let missing = try Self.sh("'\(Self.program("csvcolumn"))' '\(s.path("people.csv"))' phone phone-cn")
        #expect(missing.status == 64 && missing.err.contains("no column phone"), "\(missing.err)")
    }

    @Test func visitorlogSavesValidRecordsAndRefusesRepeats() throws {
        try #require(Self.build.status == 0, "\(Self.build.out)\(Self.build.err)")
        let input = "13812345678,11010519491231002x\n12812345678,11010519491231002X\n138-1234-5678,11010519491231002X\n"
        let r = try Self.sh("'\(Self.program("visitorlog"))'", stdin: input)
        #expect(r.out.split(separator: "\n").count == 1 && r.out.contains(#""idcard":"11010519491231002X""#), "\(r.out)")
        #expect(r.err.contains("2:mobile: not a mobile number (CN mobile numbers start 13 to 19)") && r.err.contains("3:mobile: already in record 1"), "\(r.err)")
        #expect(r.status == 65)
    }

    @Test func installerWithoutATerminalSaysSoAndExits1() throws {
        try #require(Self.build.status == 0, "\(Self.build.out)\(Self.build.err)")
        // setsid: a new session with no controlling terminal, so /dev/tty cannot be opened (as under cron or a
        // service); -w waits for the program and returns its exit code. stdin is /dev/null.
        let r = try Self.sh("timeout 20 setsid -w '\(Self.program("installer"))'")
        #expect(r.status == 1)
        #expect(r.err == "installer: no terminal to ask on; run it from a terminal\n")
        #expect(r.out == "")
    }
}
