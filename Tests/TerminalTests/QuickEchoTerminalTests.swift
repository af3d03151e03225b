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
        try await play(script.steps, of: script.arguments, quick: quick, plain: plain)
        try quick.press("Escape"); try plain.press("Escape")
        #expect(try await quick.result() == "rc=1")
    }

    /// Starts `fieldline ask ARGUMENTS` with quick echo on and off, plays `steps` into both, and expects the two
    /// screens (cursor included) to agree after every step; throws at the first step where they do not.
    func play(_ steps: [Step], of arguments: String, quick: TmuxTerminal, plain: TmuxTerminal) async throws {
        try quick.run("FIELDLINE_QUICK_ECHO=1 fieldline ask \(arguments); echo rc=$?")
        try plain.run("FIELDLINE_QUICK_ECHO=0 fieldline ask \(arguments); echo rc=$?")
        try await settle(quick, plain, before: Shown(screen: [], cursor: (-1, -1)), "the prompt of \(arguments)")
        var before = try Shown(quick)
        for (index, step) in steps.enumerated() {
            for t in [quick, plain] {
                switch step {
                case .type(let text): try t.type(text)
                case .press(let key): try t.press(key)
                }
            }
            try await settle(quick, plain, before: before, "step \(index) (\(step)) of \(arguments)")
            before = try Shown(quick)
        }
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
        try await play(Self.keys(script.keys), of: script.arguments, quick: quick, plain: plain)
        try quick.press("Enter"); try plain.press("Enter")
        #expect(try await quick.result() == "rc=0")
        #expect(try await plain.result() == "rc=0")
        #expect(try Shown(quick).same(Shown(plain)), "after Enter in \(script.arguments)\nquick echo:\n\(quick.dump())\nlibedit:\n\(plain.dump())")
        // The accepted line is on the screen once, with the value printed under it.
        let typed = script.arguments.contains("--secret") ? String(repeating: "*", count: script.keys.count) : String(script.keys.prefix(40))
        #expect(try Shown(quick).screen.filter { $0.contains(typed) }.count == (script.arguments.contains("--secret") ? 1 : 2),
                "\(quick.dump())")
    }

    /// A screen and its cursor.
    struct Shown {
        var screen: [String]
        var cursor: (x: Int, y: Int)
        init(screen: [String], cursor: (x: Int, y: Int)) { self.screen = screen; self.cursor = cursor }
        /// The terminal's screen, with the one difference in the typed command lines taken out.
        init(_ t: TmuxTerminal) throws {
            screen = try t.screen().map { $0.replacingOccurrences(of: "FIELDLINE_QUICK_ECHO=0", with: "FIELDLINE_QUICK_ECHO=1") }
            cursor = try t.cursor()
        }
        func same(_ other: Shown) -> Bool { screen == other.screen && cursor == other.cursor }
    }

    /// Waits until both screens changed from `before` and agree, cursor included, over readings at least 80 ms
    /// apart (agreeing once might be a moment between two writes); throws with both screens, naming `context`, when
    /// they do not within twice the patience (two programs, each read through four tmux calls a round: with the
    /// whole suite running, one round can take seconds).
    func settle(_ a: TmuxTerminal, _ b: TmuxTerminal, before: Shown, _ context: String) async throws {
        let patience = 2 * Waiting.patience
        let end = Date().addingTimeInterval(patience)
        var agreeingSince: Date?
        while true {
            let now = try Shown(a), other = try Shown(b)
            if !now.same(before), now.same(other), now.screen.contains(where: { $0.contains("/") || $0.hasPrefix(">") }) {
                let since = agreeingSince ?? Date()
                if Date().timeIntervalSince(since) >= 0.08 { return }
                agreeingSince = since
            } else {
                agreeingSince = nil
            }
            // Screens that agree at the deadline get the one more reading that confirms them: under a loaded run one
            // round of readings can take most of the patience, and agreement first seen then is not a failure.
            guard Date() < end || agreeingSince != nil else {
                let quick = now.screen.joined(separator: "\n"), libedit = other.screen.joined(separator: "\n")
                throw WaitProblem(message: """
                    waited \(patience) s for the screens to agree at \(context)
                    quick echo (cursor \(now.cursor)):
                    \(quick)
                    libedit (cursor \(other.cursor)):
                    \(libedit)
                    """)
            }
            try await Task.sleep(nanoseconds: UInt64(Waiting.pollInterval * 1e9))
        }
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
        defer { unlink(log); unlink(log + ".done") }
        try t.run("FIELDLINE_QUICK_ECHO=\(quickEcho ? 1 : 0) fieldline ask text --limit 20; echo rc=$?")
        try await t.waitRow(">", "0/20")
        // `done` once cat has written all it was given: after pipe-pane is closed below.
        try t.tmux("pipe-pane", "-t", "s", "-o", "cat > '\(log)'; touch '\(log).done'")
        let letters = "abcdefghij"
        for (n, letter) in letters.enumerated() {
            try t.type(String(letter))
            try await t.waitRow("> " + letters.prefix(n + 1), "\(n + 1)/20")
        }
        try t.tmux("pipe-pane", "-t", "s")
        try await waitUntil("the pipe's cat to finish") { FileManager.default.fileExists(atPath: log + ".done") }
        let data = FileManager.default.contents(atPath: log) ?? Data()
        try t.press("Escape")
        _ = try await t.result()
        return (Double(data.count) / Double(letters.count), String(decoding: data, as: UTF8.self))
    }
}
