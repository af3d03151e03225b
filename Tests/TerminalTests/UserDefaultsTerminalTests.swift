import Foundation
import Testing
@testable import TestSupport

/// What users set once (issue 31): `--on-timeout default` takes the default when nobody answers; FIELDLINE_TIMEOUT
/// and FIELDLINE_NO_BELL act as `--timeout` and `--no-bell`, and the command line wins.
@Suite struct UserDefaultsTerminalTests: TypesAskCommands {
    @Test func aTimeoutTakesTheDefaultWhenAsked() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(Self.ask("digits --timeout 0.5 --default 42 --on-timeout default"))
        #expect(try await t.result() == "rc=0 x=[42]", "\(t.dump())")
        let plain = try await TmuxTerminal(); defer { plain.close() }
        try plain.run(Self.ask("digits --timeout 0.5 --default 42"))
        #expect(try await plain.result() == "rc=124 x=[]", "\(plain.dump())")
    }

    @Test func fieldlineTimeoutIsTheDefaultTimeoutAndTheOptionWins() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run("export FIELDLINE_TIMEOUT=0.5; " + Self.ask("digits"))
        #expect(try await t.result() == "rc=124 x=[]", "\(t.dump())")
        let confirm = try await TmuxTerminal(); defer { confirm.close() }
        try confirm.run(#"FIELDLINE_TIMEOUT=0.5 fieldline confirm --default yes --on-timeout default; echo "rc=$?""#)
        #expect(try await confirm.result() == "rc=0", "\(confirm.dump())")
        // --timeout wins: a long one keeps asking past the variable's (300 s: a loaded machine may take long to type).
        let wins = try await TmuxTerminal(); defer { wins.close() }
        try wins.run("export FIELDLINE_TIMEOUT=0.3; " + Self.ask("digits --timeout 300 --prompt 'N: '"))
        try await wins.wait("N:") { $0.contains { $0.hasPrefix("N:") } }
        try await wins.holds("still asking, past the variable's 0.3 s", for: 0.9) { rows in
            rows.contains { $0.hasPrefix("N:") } && !rows.contains(where: TmuxTerminal.isResult)
        }
        try wins.type("7")
        try wins.press("Enter")
        #expect(try await wins.result() == "rc=0 x=[7]", "\(wins.dump())")
    }

    /// The bytes the terminal received, through tmux's pipe-pane, for a refused key with and without the variable.
    @Test func fieldlineNoBellSilencesRefusedKeys() async throws {
        for (environment, rings) in [("", true), ("FIELDLINE_NO_BELL=1 ", false), ("FIELDLINE_NO_BELL=0 ", true)] {
            let t = try await TmuxTerminal(); defer { t.close() }
            let log = NSTemporaryDirectory() + "fl-bell-\(UUID().uuidString)"
            defer { unlink(log); unlink(log + ".done") }
            // `done` once cat has written all it was given: after pipe-pane is closed below.
            try t.tmux("pipe-pane", "-t", "s", "-o", "cat >> '\(log)'; touch '\(log).done'")
            try t.run(#"x=$(\#(environment)fieldline ask digits --prompt 'N: '); echo "rc=$?""#)
            try await t.wait("N:") { $0.contains { $0.hasPrefix("N:") } }
            try t.type("a")
            try await t.wait { $0.contains { $0.hasPrefix("N:") && $0.hasSuffix("!") } }
            try t.press("Escape")
            #expect(try await t.result() == "rc=1", "\(t.dump())")
            try t.tmux("pipe-pane", "-t", "s")
            try await waitUntil("the pipe's cat to finish") { FileManager.default.fileExists(atPath: log + ".done") }
            let bytes = try Data(contentsOf: URL(fileURLWithPath: log))
            #expect(bytes.contains(0x07) == rings, "\(environment): bell \(bytes.contains(0x07))")
        }
    }
}
