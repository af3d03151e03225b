import Foundation
import Testing
@testable import TestSupport

/// Quick echo in a real terminal: the screen after every key must be exactly what libedit's own repaint gives
/// (FIELDLINE_QUICK_ECHO=0), and a plain key must cost at most 16 bytes with the counter on screen.
@Suite struct QuickEchoTerminalTests {
    /// One step of a script: literal text typed as one key each, or named tmux keys.
    enum Step: Sendable, CustomStringConvertible {
        case type(String)
        case press(String)
        var description: String {
            switch self {
            case .type(let text): "type \(text)"
            case .press(let key): "press \(key)"
            }
        }
    }

    static func keys(_ text: String) -> [Step] { text.map { .type(String($0)) } }
    static func press(_ key: String, _ times: Int = 1) -> [Step] { Array(repeating: .press(key), count: times) }

    static let scripts: [(arguments: String, steps: [Step])] = [
        ("text --limit 20 --prompt 'Name: '",
         keys("hello") + press("Left", 2) + keys("X") + press("End") + keys("yz") + press("BSpace", 2) + keys("w")
            + press("C-w") + keys("ok") + press("C-u") + keys("again")),
        ("phone-cn --prompt 'Mobile: '",
         keys("13812345678") + keys("a") + press("BSpace") + keys("8") + press("Left", 5) + press("BSpace")
            + press("End") + keys("9")),
        // Runs into the right edge: the counter leaves the row, the line wraps, then comes back.
        ("text --limit 200", keys(String(repeating: "abcdefghij", count: 8)) + press("BSpace", 12) + keys("xyz")),
        // Past the first row and across two more row ends (80 columns), where quick echo writes the bare keys;
        // then edits that make libedit draw again from the prompt's first row.
        ("text --limit 300", keys(String(repeating: "abcdefghij", count: 17)) + press("BSpace", 3) + keys("xyz")
            + press("Left", 2) + keys("Q") + press("End") + keys("0123456789")),
        ("text --limit 8 --secret --prompt 'PIN: '", keys("12345") + press("Left") + keys("6") + press("End") + keys("78")),
    ]

    @Test(arguments: scripts)
    func everyKeyLeavesTheScreenLibeditWouldDraw(_ script: (arguments: String, steps: [Step])) async throws {
        let quick = try await TmuxTerminal(); defer { quick.close() }
        let plain = try await TmuxTerminal(); defer { plain.close() }
        guard try await play(script.steps, of: script.arguments, quick: quick, plain: plain) else { return }
        quick.press("Escape"); plain.press("Escape")
        #expect(try await quick.result() == "rc=1")
    }

    /// Starts `fieldline ask ARGUMENTS` with quick echo on and off, plays `steps` into both, and expects the two
    /// screens (cursor included) to agree after every step; false at the first step where they do not.
    func play(_ steps: [Step], of arguments: String, quick: TmuxTerminal, plain: TmuxTerminal) async throws -> Bool {
        quick.run("FIELDLINE_QUICK_ECHO=1 fieldline ask \(arguments); echo rc=$?")
        plain.run("FIELDLINE_QUICK_ECHO=0 fieldline ask \(arguments); echo rc=$?")
        try await settle(quick, plain, before: Shown(screen: [], cursor: (-1, -1)))
        var before = Shown(quick)
        for (index, step) in steps.enumerated() {
            for t in [quick, plain] {
                switch step {
                case .type(let text): t.type(text)
                case .press(let key): t.press(key)
                }
            }
            let same = try await settle(quick, plain, before: before)
            #expect(same, "step \(index) (\(step)) of \(arguments)\nquick echo (cursor \(Shown(quick).cursor)):\n\(quick.dump())\nlibedit (cursor \(Shown(plain).cursor)):\n\(plain.dump())")
            if !same { return false }
            before = Shown(quick)
        }
        return true
    }

    /// Lines accepted with Enter right after quick-echoed keys: the screen already shows the final line, so it is
    /// not drawn again (libedit's model of it is behind); what is left must be what libedit's own repaint leaves.
    static let accepted: [(arguments: String, keys: String)] = [
        ("text --limit 20 --prompt 'Name: '", "hello"),
        ("text --limit 200", String(repeating: "abcdefghij", count: 6) + "abc"),    // the counter's place reached
        ("text --limit 300", String(repeating: "abcdefghij", count: 9) + "xyz"),    // wrapped to a second row
        ("text --limit 8 --secret --prompt 'PIN: '", "1234"),
        ("digits --max 12", "1234"),
    ]

    @Test(arguments: accepted)
    func enterAfterQuickEchoLeavesTheScreenLibeditWouldDraw(_ script: (arguments: String, keys: String)) async throws {
        let quick = try await TmuxTerminal(); defer { quick.close() }
        let plain = try await TmuxTerminal(); defer { plain.close() }
        guard try await play(Self.keys(script.keys), of: script.arguments, quick: quick, plain: plain) else { return }
        quick.press("Enter"); plain.press("Enter")
        #expect(try await quick.result() == "rc=0")
        #expect(try await plain.result() == "rc=0")
        #expect(Shown(quick).same(Shown(plain)), "after Enter in \(script.arguments)\nquick echo:\n\(quick.dump())\nlibedit:\n\(plain.dump())")
        // The accepted line is on the screen once, with the value printed under it.
        let typed = script.arguments.contains("--secret") ? String(repeating: "*", count: script.keys.count) : String(script.keys.prefix(40))
        #expect(Shown(quick).screen.filter { $0.contains(typed) }.count == (script.arguments.contains("--secret") ? 1 : 2),
                "\(quick.dump())")
    }

    /// A screen and its cursor.
    struct Shown {
        var screen: [String]
        var cursor: (x: Int, y: Int)
        init(screen: [String], cursor: (x: Int, y: Int)) { self.screen = screen; self.cursor = cursor }
        /// The terminal's screen, with the one difference in the typed command lines taken out.
        init(_ t: TmuxTerminal) {
            screen = t.screen().map { $0.replacingOccurrences(of: "FIELDLINE_QUICK_ECHO=0", with: "FIELDLINE_QUICK_ECHO=1") }
            cursor = t.cursor()
        }
        func same(_ other: Shown) -> Bool { screen == other.screen && cursor == other.cursor }
    }

    /// Waits until both screens changed from `before` and agree, cursor included; false if they never do.
    @discardableResult
    func settle(_ a: TmuxTerminal, _ b: TmuxTerminal, before: Shown) async throws -> Bool {
        // As long as the other screen waits (15 s): on a loaded machine two programs' redraws can be seconds apart.
        let end = Date().addingTimeInterval(15)
        while Date() < end {
            let now = Shown(a), screen = now.screen
            if !now.same(before), now.same(Shown(b)),
               screen.contains(where: { $0.contains("/") || $0.hasPrefix(">") }) {
                // Agreeing once might be a moment between two writes; agree again a little later.
                try await Task.sleep(nanoseconds: 80_000_000)
                if Shown(a).same(Shown(b)) { return true }
            }
            try await Task.sleep(nanoseconds: 40_000_000)
        }
        return false
    }

    @Test func plainKeysCostAtMostSixteenBytesWithTheCounter() async throws {
        let quick = try await bytesPerKey(quickEcho: true)
        let plain = try await bytesPerKey(quickEcho: false)
        #expect(quick.mean <= 16, "quick echo wrote \(quick.bytes.debugDescription)")
        #expect(quick.bytes.utf8.contains(0x1B), "quick echo drew no counter: \(quick.bytes.debugDescription)")
        // The same keys through libedit's repaint cost more than the goal: the measurement can tell them apart.
        #expect(plain.mean > 16, "libedit wrote \(plain.bytes.debugDescription)")
    }

    /// Types ten letters one at a time into `text --limit 20` and returns what the program wrote for them.
    func bytesPerKey(quickEcho: Bool) async throws -> (mean: Double, bytes: String) {
        let t = try await TmuxTerminal(); defer { t.close() }
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("fl-bytes-\(t.socket)").path
        defer { unlink(log) }
        t.run("FIELDLINE_QUICK_ECHO=\(quickEcho ? 1 : 0) fieldline ask text --limit 20; echo rc=$?")
        try await t.waitRow(">", "0/20")
        try t.tmux("pipe-pane", "-t", "s", "-o", "cat > '\(log)'")
        let letters = "abcdefghij"
        for (n, letter) in letters.enumerated() {
            t.type(String(letter))
            try await t.waitRow("> " + letters.prefix(n + 1), "\(n + 1)/20")
        }
        try await Task.sleep(nanoseconds: 200_000_000)
        try t.tmux("pipe-pane", "-t", "s")
        let data = FileManager.default.contents(atPath: log) ?? Data()
        t.press("Escape")
        _ = try await t.result()
        return (Double(data.count) / Double(letters.count), String(decoding: data, as: UTF8.self))
    }
}
