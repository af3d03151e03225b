import Foundation
import Testing
@testable import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `fieldline form --input` at a terminal (issue 42.7): one progress line on stderr, redrawn in place (records
/// read, saved, refused, the rate, a bar for a file), a report written above it, then replaced by the summary;
/// Ctrl-C leaves it whole with the shell's next output on a line of its own.
@Suite struct ImportProgressTerminalTests {
    static let form = "name: entry\nfields:\n  - {name: mobile, keymap: phone-cn}\n  - {name: name, keymap: text}\n"

    /// `count` records from `first` on, one a line.
    static func records(from first: Int, count: Int) -> String {
        (first..<first + count).map { #"{"mobile":"138\#(String(format: "%08d", $0))","name":"n\#($0)"}"# + "\n" }.joined()
    }

    /// A terminal whose shell is in its HOME, which holds the form, and a FIFO `in.jsonl` held open by the test
    /// (read and write: the open does not wait for fieldline, and fieldline sees the end only when it is closed).
    static func terminalWithFIFO() async throws -> (TmuxTerminal, Int32) {
        let t = try await TmuxTerminal()
        try form.write(toFile: t.home + "/f.yaml", atomically: true, encoding: .utf8)
        guard mkfifo(t.home + "/in.jsonl", 0o600) == 0 else { throw POSIXError(.EIO) }
        let fd = open(t.home + "/in.jsonl", O_RDWR)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        try t.run("cd ~; clear")
        try await t.freshPrompt()
        return (t, fd)
    }

    static func send(_ text: String, to fd: Int32) {
        let bytes = Array(text.utf8)
        #expect(bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == bytes.count)
    }

    /// Whether `row` is a progress line: the counts, then the rate.
    static func isProgress(_ row: String) -> Bool { row.hasPrefix("read ") && row.contains(" records/s") }

    @Test func theProgressLineIsRedrawnInPlaceThenReplacedByTheSummary() async throws {
        let (t, fd) = try await Self.terminalWithFIFO(); defer { t.close(); close(fd) }
        Self.send(Self.records(from: 0, count: 300), to: fd)
        try t.run("fieldline form f.yaml --input in.jsonl --out out.jsonl; echo rc=$?")
        try await t.wait("the progress of 300 records") { $0.contains { $0.hasPrefix("read 300, saved 300, refused 0, ") && $0.hasSuffix(" records/s") } }
        // A refused record's report comes above the line, which is drawn again below it with the new counts.
        Self.send(#"{"mobile":"12800000000","name":"bad"}"# + "\n" + Self.records(from: 300, count: 99), to: fd)
        let rows = try await t.wait("the report, then the progress of 400 records") { rows in
            guard let report = rows.firstIndex(where: { $0.hasPrefix("301:mobile: ") }) else { return false }
            return rows.dropFirst(report + 1).first.map { $0.hasPrefix("read 400, saved 399, refused 1, ") } ?? false
        }
        #expect(rows.filter(Self.isProgress).count == 1, "\(t.dump())")
        close(fd)
        try await t.wait("the summary") { $0.contains { $0.hasPrefix("399 saved, 1 refused, to out.jsonl in ") } }
        #expect(try await t.result() == "rc=65")
        try await t.freshPrompt()
        let screen = try t.screen().filter { !$0.isEmpty }
        #expect(screen.count == 5, "\(t.dump())")
        #expect(screen[0].hasPrefix("$ fieldline form"))
        #expect(screen[1] == "301:mobile: not a mobile number (CN mobile numbers start 13 to 19)")
        #expect(screen[2].wholeMatch(of: /399 saved, 1 refused, to out\.jsonl in \d+\.\d s/) != nil, "\(t.dump())")
        #expect(screen[3] == "rc=65" && screen[4] == "$")
    }

    /// A regular file has a size: the line has a bar of the bytes read, and the summary replaces it, one row each.
    @Test func aFileGetsABar() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try Self.form.write(toFile: t.home + "/f.yaml", atomically: true, encoding: .utf8)
        let records = 300_000
        try Self.records(from: 0, count: records).write(toFile: t.home + "/big.jsonl", atomically: true, encoding: .utf8)
        try t.run("cd ~; clear")
        try await t.freshPrompt()
        // Everything the pane receives is kept, so a bar drawn and replaced between two looks at the screen (a fast
        // import, or a loaded machine that polls late) is still seen.
        let log = t.home + "/pane.log"
        _ = try t.tmux("pipe-pane", "-t", "s", "cat > '\(log)'")
        try t.run("fieldline form f.yaml --input big.jsonl --out big.db; echo rc=$?")
        #expect(try await t.result(timeout: 120) == "rc=0")
        try await waitUntil("the pane's log to hold the summary") {
            try String(contentsOfFile: log, encoding: .utf8).contains("300000 saved, 0 refused")
        }
        let drawn = try String(contentsOfFile: log, encoding: .utf8)
        #expect(drawn.contains(/read \d+, saved \d+, refused 0, \d+ records\/s  \[[#-]{10,20}\] +\d+%/), "\(drawn.suffix(2000))")
        try await t.freshPrompt()
        let screen = try t.screen().filter { !$0.isEmpty }
        #expect(screen.count == 4, "\(t.dump())")
        #expect(screen[1].wholeMatch(of: /300000 saved, 0 refused, to big\.db in \d+\.\d s/) != nil, "\(t.dump())")
    }

    /// Ctrl-C ends the import (130) with its last progress line whole: what the shell writes next starts a row of
    /// its own. (A non-interactive sh, whose INT trap keeps it going, prints the status.)
    @Test func ctrlCLeavesTheLastProgressLineWhole() async throws {
        let (t, fd) = try await Self.terminalWithFIFO(); defer { t.close(); close(fd) }
        Self.send(Self.records(from: 0, count: 200), to: fd)
        try t.run(#"sh -c 'trap "echo trapped" INT; fieldline form f.yaml --input in.jsonl --out out.db; echo "rc=$?"'"#)
        try await t.wait("the progress of 200 records") { $0.contains { $0.hasPrefix("read 200, saved 200, refused 0, ") } }
        try t.press("C-c")
        #expect(try await t.result() == "rc=130", "\(t.dump())")
        let screen = try t.screen().filter { !$0.isEmpty }
        let line = try #require(screen.firstIndex(where: Self.isProgress), "\(t.dump())")
        #expect(screen[line].wholeMatch(of: /read 200, saved 200, refused 0, \d+ records\/s(\^C)?/) != nil, "\(t.dump())")
        #expect(screen[(line + 1)...].allSatisfy { ["trapped", "rc=130", "$"].contains($0) }, "\(t.dump())")
    }
}
