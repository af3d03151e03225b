import Foundation
import Testing
@testable import TestSupport

/// Signals and hang-ups while `fieldline ask` holds the terminal: whatever ends or stops the process first puts
/// the terminal back exactly (`stty -g`), turns bracketed paste off and leaves the cursor on a fresh line.
@Suite struct SignalTerminalTests {
    /// Every catchable signal whose default action ends the process.
    static let fatal = ["HUP", "INT", "QUIT", "ILL", "TRAP", "ABRT", "BUS", "FPE", "USR1", "SEGV", "USR2", "PIPE",
                        "ALRM", "TERM", "STKFLT", "XCPU", "XFSZ", "VTALRM", "PROF", "IO", "PWR", "SYS", "RTMIN",
                        "RTMIN+5", "RTMAX"]

    /// The number of a signal name, as the shell's `kill -l` gives it.
    static func number(_ name: String) throws -> Int {
        Int(try Spawn.run(["bash", "-c", "kill -l \(name)"]).out.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    /// Runs `fieldline ask ARGS` under a non-interactive `sh` (an interactive bash puts the terminal back itself
    /// when a job dies of a signal or stops, which would hide a terminal left raw), then prints the exit code,
    /// whether `stty -g` is the same as before, and starts `cat -v` so a later paste shows whether bracketed paste
    /// was left on. The INT trap only keeps sh going when Ctrl-C reaches it too.
    static func probe(_ arguments: String = "digits") -> String {
        #"sh -c 'trap "echo trapped" INT; s1=$(stty -g); fieldline ask \#(arguments); echo "rc=$?"; [ "$s1" = "$(stty -g)" ] && echo stty-same; cat -v'"#
    }

    /// After the prompt ended: the settings are the same and a paste arrives without bracketed-paste markers.
    static func expectTerminalRestored(_ t: TmuxTerminal, rc: Int, _ context: String) async throws {
        #expect(try await t.result() == "rc=\(rc)", "\(context)\n\(t.dump())")
        try await t.wait("stty-same (\(context))") { $0.contains("stty-same") }
        try await waitUntil("cat -v reading the terminal (\(context))") { try t.newestProcess(named: "cat") != nil }
        try t.paste("pasted")
        try t.press("Enter")
        let rows = try await t.wait { $0.filter { $0.contains("pasted") }.count >= 2 }
        #expect(!rows.contains { $0.contains("200~") }, "bracketed paste left on (\(context))\n\(t.dump())")
        #expect(rows.filter { $0 == "pasted" }.count == 2, "\(context)\n\(t.dump())")
        try t.press("C-d")
        try await t.freshPrompt()
    }

    @Test(arguments: fatal)
    func aSignalFromOutsideRestoresTheTerminalAndEndsByThatSignal(name: String) async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(Self.probe())
        try await t.wait { $0.contains(">") }
        try t.type("12")
        try await t.wait { $0.contains { $0.hasPrefix("> 12") } }
        let pid = try #require(try t.fieldlinePID(), "\(t.dump())")
        _ = try Spawn.run(["bash", "-c", "kill -s \(name) \(pid)"])
        try await Self.expectTerminalRestored(t, rc: 128 + (try Self.number(name)), name)
        // The field's line stays on the screen above, and nothing was printed after it on that row.
        #expect(try t.screen().contains { $0.hasPrefix("> 12") && !$0.contains("rc=") }, "\(t.dump())")
    }

    /// `kill -TSTP` stops the prompt with the terminal given back (read from outside while it is stopped); after
    /// SIGCONT it prepares the terminal again and redraws, so keys are filtered and not echoed twice.
    @Test func externalStopAndContinue() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        let before = t.home + "/before"
        try t.run(#"sh -c 'stty -g > \#(before); fieldline ask digits; echo "rc=$?"'"#)
        try await t.wait { $0.contains(">") }
        try t.type("12")
        try await t.wait { $0.contains { $0.hasPrefix("> 12") } }
        let pid = try #require(try t.fieldlinePID(), "\(t.dump())")
        let tty = try t.tmux("display", "-p", "-t", "s", "#{pane_tty}").trimmingCharacters(in: .whitespacesAndNewlines)
        let editing = try Spawn.run(["stty", "-F", tty, "-g"]).out
        _ = try Spawn.run(["kill", "-s", "TSTP", pid])
        // Stopped (`T` in /proc) only once its handler has given the terminal back.
        try await waitUntil("the prompt stopped") {
            try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8).split(separator: ")").last?.split(separator: " ").first == "T"
        }
        let stopped = try Spawn.run(["stty", "-F", tty, "-g"]).out
        let original = try String(contentsOfFile: before, encoding: .utf8)
        #expect(stopped == original, "settings while stopped differ from before the prompt")
        #expect(editing != original, "the prompt never changed the settings, so this test proves nothing")
        _ = try Spawn.run(["kill", "-s", "CONT", pid])
        try await waitUntil("the terminal prepared again after SIGCONT") { try Spawn.run(["stty", "-F", tty, "-g"]).out == editing }
        try t.type("a3")
        let rows = try await t.wait { $0.contains { $0.hasPrefix("> 123") } }
        #expect(!rows.contains { $0.hasPrefix(">") && $0.contains("a") }, "a was not filtered\n\(t.dump())")
        #expect(!rows.contains { $0.hasPrefix("> 1233") }, "echoed twice\n\(t.dump())")
        try t.press("Enter")
        #expect(try await t.result() == "rc=0", "\(t.dump())")
        #expect(try t.screen().contains("123"), "\(t.dump())")
    }

    /// Ctrl-Z, then `fg`: the field is drawn again under the shell's lines, and keys are filtered again.
    @Test func ctrlZStopsAndFgRedraws() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run("fieldline ask digits")
        try await t.wait { $0.contains(">") }
        try t.type("45")
        try await t.wait { $0.contains { $0.hasPrefix("> 45") } }
        try t.press("C-z")
        try await t.wait { $0.contains { $0.contains("Stopped") } }
        try await t.freshPrompt()
        try t.run("fg")
        try await t.wait { $0.last(where: { !$0.isEmpty })?.hasPrefix("> 45") == true }
        try t.type("a6")
        let rows = try await t.wait { $0.contains { $0.hasPrefix("> 456") } }
        #expect(!rows.contains { $0.hasPrefix(">") && $0.contains("a") }, "a was not filtered\n\(t.dump())")
        try t.press("Enter")
        let done = try await t.wait { $0.contains("456") }
        #expect(done.contains("456"), "\(t.dump())")
        try await t.freshPrompt()
    }

    /// Ctrl-Z inside a script (`bash s.sh` running `x=$(fieldline ask …)`), then `fg`: the interactive shell may take
    /// the terminal back before the stop handler has restored it, and a tcsetattr from the background raised
    /// SIGTTOU, stopping the prompt half-way (11 of 16 runs left it stopped, keys echoing in cooked mode). Twenty
    /// runs: every one comes back drawn and filtering, and ends with the typed value.
    @Test func ctrlZInsideAScriptThenFgComesBackEveryTime() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        let script = t.home + "/s.sh"
        try "x=$(fieldline ask digits) && echo \"got=$x\"\n".write(toFile: script, atomically: true, encoding: .utf8)
        for round in 1...20 {
            try t.run("clear; bash " + script)
            // The fresh prompt alone on the cleared screen: the last round's `> 456` must not count, or "45" would
            // be typed before this prompt reads the terminal.
            try await t.wait { $0.first == ">" && !$0.contains { $0.hasPrefix("got=") } }
            try t.type("45")
            try await t.wait { $0.contains { $0.hasPrefix("> 45") } }
            try t.press("C-z")
            try await t.wait { $0.contains { $0.contains("Stopped") } }
            try t.run("fg")
            try await t.wait { $0.last(where: { !$0.isEmpty })?.hasPrefix("> 45") == true }
            try t.type("a6")
            let rows = try await t.wait { $0.contains { $0.hasPrefix("> 456") } }
            #expect(!rows.contains { $0.hasPrefix(">") && $0.contains("a") }, "round \(round): a was not filtered\n\(t.dump())")
            try t.press("Enter")
            let done = try await t.wait { $0.contains { $0.hasPrefix("got=") } }
            #expect(done.contains("got=456"), "round \(round)\n\(t.dump())")
            try await t.freshPrompt()
        }
    }

    /// A keymap whose validator runs to its step budget on every key of a fast burst (before PCRE2's budget, this
    /// pattern backtracked for minutes): Ctrl-C and SIGTERM end the prompt and restore the terminal. That a signal
    /// acts at once whatever the engine is doing comes from the guard's handlers (`TerminalGuardTests`).
    @Test(arguments: ["C-c", "TERM"])
    func aBusyEngineCanStillBeInterrupted(how: String) async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        let keymap = t.home + "/slow.yaml"
        try "extends: text\nvalidators:\n  - regex: '^(a+)+$'\n".write(toFile: keymap, atomically: true, encoding: .utf8)
        try t.run(Self.probe("--keymap-file " + keymap))
        try await t.wait { $0.contains(">") }
        // Typed fast, so the last key arrives while the engine is still matching: each later key doubles the work.
        try t.type(String(repeating: "a", count: 34) + "!")
        try await t.wait("the burst being taken") { $0.contains { $0.hasPrefix("> a") } }
        if how == "C-c" {
            try t.press("C-c")
        } else {
            let pid = try #require(try t.fieldlinePID(), "\(t.dump())")
            _ = try Spawn.run(["kill", "-s", "TERM", pid])
        }
        try await Self.expectTerminalRestored(t, rc: how == "C-c" ? 130 : 143, how)
    }

    /// Closing the terminal is a hang-up whichever way it reaches the prompt (SIGHUP, or a read that fails): exit
    /// 129 and no value printed.
    @Test(arguments: [("signal", "trap 'echo hup' HUP"), ("end of input", "trap '' HUP")])
    func closingTheTerminalIsAHangup(name: String, trap: String) async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        let out = t.home + "/out", rc = t.home + "/rc"
        try t.tmux("new-window", "-d", "-t", "s:1",
                   "env -i TERM=xterm LANG=C.UTF-8 bash -c \"\(trap); '\(fieldlineURL.path)' ask digits > \(out); echo \\$? > \(rc)\"")
        try t.tmux("set-option", "-t", "s:1", "remain-on-exit", "off")
        func window() throws -> [String] { try t.tmux("capture-pane", "-p", "-t", "s:1").split(separator: "\n").map(String.init) }
        try await waitUntil("the prompt in the second window") { try window().contains { $0.hasPrefix(">") } }
        try t.tmux("send-keys", "-t", "s:1", "-l", "12")
        try await waitUntil("12 typed in the second window") { try window().contains { $0.hasPrefix("> 12") } }
        try t.tmux("kill-pane", "-t", "s:1")
        // Written whole: the exit code and its line feed.
        try await waitUntil("the exit code in \(rc)") { try String(contentsOfFile: rc, encoding: .utf8).hasSuffix("\n") }
        let code = try String(contentsOfFile: rc, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(code == "129", "\(name): exit \(code)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "", "\(name): a value was printed")
    }
}
