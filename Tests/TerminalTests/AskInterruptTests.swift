import Foundation
import Testing
@testable import TestSupport

/// Ctrl-C in `fieldline ask`: exit 130 by SIGINT, terminal settings restored, and a calling script sees the interrupt.
@Suite struct AskInterruptTests {
    @Test func ctrlCExits130AndRestoresTheTerminal() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run("s1=$(stty -g); fieldline ask digits")
        try await t.wait { $0.contains(">") }
        try t.type("12")
        try await t.wait { $0.contains("> 12") }
        try t.press("C-c")
        try await t.freshPrompt()
        try t.run(#"echo "rc=$?"; [ "$s1" = "$(stty -g)" ] && echo stty-same"#)
        #expect(try await t.result() == "rc=130", "\(t.dump())")
        let rows = try await t.wait { $0.contains("stty-same") }
        #expect(rows.contains("stty-same"), "\(t.dump())")
        try await t.freshPrompt()
    }

    @Test func ctrlCStopsTheCallingScript() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run("bash -c 'x=$(fieldline ask digits); echo after'")
        try await t.wait { $0.contains(">") }
        try t.type("1")
        try await t.wait { $0.contains("> 1") }
        try t.press("C-c")
        try await t.freshPrompt()
        try t.run(#"echo "rc=$?""#)
        #expect(try await t.result() == "rc=130", "\(t.dump())")
        #expect(try !t.screen().contains("after"), "\(t.dump())")
    }

    @Test func ctrlCReachesTheScriptsTrap() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(#"bash -c 'trap "echo trapped \$?" INT; x=$(fieldline ask digits); echo "rc=$?"'"#)
        try await t.wait { $0.contains(">") }
        try t.type("1")
        try await t.wait { $0.contains("> 1") }
        try t.press("C-c")
        #expect(try await t.result() == "rc=130", "\(t.dump())")
        let rows = try t.screen()
        let trapped = rows.firstIndex(of: "trapped 130"), rc = rows.firstIndex(of: "rc=130")
        #expect(trapped != nil && trapped! < rc!, "\(t.dump())")
        try await t.freshPrompt()
    }
}
