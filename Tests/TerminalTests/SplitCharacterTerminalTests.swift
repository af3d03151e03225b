import Foundation
import Testing
@testable import TestSupport

/// A character whose UTF-8 bytes come in two reads (a slow terminal, ssh, a serial console): the prompt waits for
/// its last bytes and takes the whole character; a lead byte nothing follows is refused after the wait.
@Suite struct SplitCharacterTerminalTests {
    /// `bytes` as a terminal on a slow line delivers them: one at a time, `gap` seconds apart. The gap is the input
    /// under test (as long as the 30 ms an escape sequence is waited for), not a wait for anything. The thread
    /// sleeps (not the task): a task's sleep resumes only when the test runner's few shared threads are free, which
    /// with many terminal tests at once was later than the prompt's one-second wait.
    static func sendOneByOne(_ t: TmuxTerminal, _ bytes: [UInt8], gap: Double = 0.03) throws {
        for (i, byte) in bytes.enumerated() {
            if i > 0 { usleep(useconds_t(gap * 1e6)) }
            try t.send(bytes: [byte])
        }
    }

    /// `中`, one byte at a time.
    static func sendSplit(_ t: TmuxTerminal) throws { try sendOneByOne(t, Array("中".utf8)) }

    @Test func askTextTakesACharacterSplitOverTwoReads() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(#"x=$(fieldline ask text --prompt 'T: '); echo "rc=$? x=[$x]""#)
        try await t.wait("the prompt") { $0.contains { $0.hasPrefix("T:") } }
        try t.type("a")
        try await t.wait("a typed") { $0.contains { $0.hasPrefix("T: a") } }
        try Self.sendSplit(t)
        try await t.wait("the character") { $0.contains { $0.hasPrefix("T: a中") } }
        try t.type("b")
        try t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[a中b]", "\(t.dump())")
    }

    @Test func aFormFieldTakesACharacterSplitOverTwoReads() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        let form = t.home + "/names.yaml", out = t.home + "/names.jsonl"
        try "name: names\nfields:\n  - {name: name, keymap: text, prompt: 'Name: '}\n".write(toFile: form, atomically: true, encoding: .utf8)
        try t.run("fieldline form '\(form)' --out '\(out)'; echo rc=$?")
        try await t.wait("the field") { $0.contains { $0.hasPrefix("Name:") } }
        try Self.sendSplit(t)
        try await t.wait("the character") { $0.contains { $0.hasPrefix("Name: 中") } }
        try t.press("Enter")
        try await t.wait("the key line") { $0.contains { $0.hasPrefix("Enter saves,") } }
        try t.press("Enter")
        try await t.wait("1 saved") { $0.contains { $0.contains("1 saved to") } }
        try t.press("C-d")
        #expect(try await t.result() == "rc=0", "\(t.dump())")
        let line = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").first.map(String.init) ?? ""
        let record = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(record["name"] as? String == "中", "\(line)")
    }

    /// A lead byte with nothing after it is refused (the counter's mark, and the reason on the status line) once
    /// the wait for the rest runs out, and what is typed after it is read afresh.
    @Test func aLeadByteNothingFollowsIsRefused() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(#"x=$(fieldline ask text --prompt 'T: ' --limit 9); echo "rc=$? x=[$x]""#)
        try await t.wait("the prompt") { $0.contains { $0.hasPrefix("T:") } }
        try t.send(bytes: [0xE4])
        try await t.wait("the refusal mark") { $0.contains { $0.hasPrefix("T:") && $0.hasSuffix("0/9 !") } }
        try await t.wait("the reason") { $0.contains { $0.contains("a character's bytes stopped coming before it was whole") } }
        try t.type("b")
        try await t.wait("b typed") { $0.contains { $0.hasPrefix("T: b") } }
        try t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[b]", "\(t.dump())")
    }
}
