import Foundation
import Testing
@testable import TestSupport

/// A refused key says why on the status line, in the locale's language (issue 41): not only the bell and ` !`.
@Suite struct RefusalReasonTerminalTests: TypesAskCommands {
    @Test(arguments: [("C.UTF-8", "position 5 takes a digit"), ("zh_CN.UTF-8", "第 5 位只能是数字")])
    func aRefusedKeyInAnIDCardSaysWhatThePlaceTakes(locale: String, reason: String) async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run("export LANG=\(locale); " + Self.ask("idcard-cn --prompt 'ID: '"))
        try await t.waitRow("ID:", "0/18")
        try t.type("1101x")
        try await t.wait("'\(reason)' on the status line under the refused field") { rows in
            guard let field = rows.firstIndex(where: { $0.hasPrefix("ID: 1101") }) else { return false }
            return rows[field].hasSuffix("4/18 !") && rows[(field + 1)...].contains { $0.contains(reason) }
        }
        // The next accepted key takes the reason away.
        try t.type("0")
        try await t.wait("the reason gone after an accepted key") { rows in
            rows.contains { $0.hasPrefix("ID: 11010") } && !rows.contains { $0.contains(reason) }
        }
        try t.press("Escape")
        #expect(try await t.result() == "rc=1 x=[]", "\(t.dump())")
    }
}
