import Foundation
import Testing
@testable import TestSupport

/// Ctrl-R pages through every match: the list holds the query's best 200 records first (the counter says `n+` while
/// more may follow), and each time its last candidate becomes current the next 200 are fetched, so Down reaches the
/// oldest of 450 matching records and Enter opens it.
@Suite struct SearchPagingTerminalTests {
    @Test func downReachesEveryMatchAndTheLastOpens() async throws {
        let t = try await TmuxTerminal(columns: 80); defer { t.close() }
        let form = t.home + "/items.yaml", db = t.home + "/items.db"
        try "name: items\nfields:\n  - {name: code, keymap: text, prompt: 'Code: '}\n"
            .write(toFile: form, atomically: true, encoding: .utf8)
        let records = (1...450).map { #"{"code":"item \#(String(format: "%04d", $0))"}"# }.joined(separator: "\n") + "\n"
        let run = try Spawn.run([fieldlineURL.path, "form", form, "--input", "-", "--out", db], stdin: Data(records.utf8))
        #expect(run.status == 0, "import: \(run.err)")
        try t.run("fieldline form '\(form)' --out '\(db)'; echo rc=$?")
        try await t.wait("the field") { $0.contains { $0.hasPrefix("Code:") } }
        try t.press("C-r")
        try t.type("item")
        // Every record matches alike: the newest first, and only a page of them so far.
        try await t.wait("the first page") { rows in
            rows.contains { $0.hasPrefix("Find: item") && $0.hasSuffix("1/200+") } && rows.contains { $0.hasPrefix("> item 0450") }
        }
        try t.tmux("send-keys", "-t", "s", "-N", "199", "Down")
        try await t.wait("the second page, fetched at the first's last") { rows in
            rows.contains { $0.hasPrefix("Find: item") && $0.hasSuffix("200/400+") } && rows.contains { $0.hasPrefix("> item 0251") }
        }
        try t.tmux("send-keys", "-t", "s", "-N", "250", "Down")
        try await t.wait("the oldest, the last of all") { rows in
            rows.contains { $0.hasPrefix("Find: item") && $0.hasSuffix("450/450") } && rows.contains { $0.hasPrefix("> item 0001") }
        }
        try t.press("Down")
        try await t.wait("no more: refused") { rows in rows.contains { $0.hasPrefix("Find: item") && $0.hasSuffix("450/450 !") } }
        try t.press("Enter")
        try await t.wait("the oldest record opened") { rows in rows.contains("Code: item 0001") }
        try t.press("Escape")
        try await t.wait("the question") { $0.contains { $0.contains("discard this record? y/N") } }
        try t.type("y")
        try await t.wait("the empty record") { $0.contains("correction discarded; the saved record is unchanged") && $0.last { $0.hasPrefix("Code:") } == "Code:" }
        try t.press("C-d")
        #expect(try await t.result() == "rc=0", "\(t.dump())")
    }
}
