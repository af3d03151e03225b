import CEditLineShims
import CLibEdit
import FieldKit
import Foundation
import Testing
@testable import TestSupport
@testable import FieldTerminal

/// `--history FILE`: what is refused (and left untouched), concurrent appends, libedit's encoding, compaction.
@Suite struct HistoryFileTests {
    static let header = "_HiStOrY_V2_\n"

    /// A fresh temporary folder, removed by `done`.
    final class Folder {
        let path: String
        init() throws {
            var template = Array((NSTemporaryDirectory() + "fl-histfile-XXXXXX").utf8CString)
            guard let made = mkdtemp(&template) else { throw POSIXError(.EIO) }
            path = String(cString: made)
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
        func file(_ name: String) -> String { path + "/" + name }
    }

    static func bytes(_ path: String) -> [UInt8]? { FileManager.default.contents(atPath: path).map { Array($0) } }

    static func write(_ path: String, _ text: String, mode: Int = 0o644) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, mode_t(mode))
    }

    static func mode(_ path: String, follow: Bool = true) -> mode_t {
        var st = stat()
        _ = follow ? stat(path, &st) : lstat(path, &st)
        return st.st_mode
    }

    static func refusal(_ path: String) -> HistoryProblem? {
        do throws(HistoryProblem) {
            _ = try HistoryFile.open(path)
            return nil
        } catch {
            return error
        }
    }

    /// The warnings `PromptHistory(file:)` gives, and its entries.
    static func prompt(_ path: String) -> (warnings: [String], entries: [String]) {
        var warnings: [String] = []
        let history = PromptHistory(file: path) { warnings.append($0) }
        return (warnings, history.entries)
    }

    /// Appends through a fresh open, as a prompt finishing would.
    static func append(_ value: String, to path: String) throws -> HistoryFile.AppendOutcome {
        try HistoryFile.open(path).append(value)
    }

    static func load(_ path: String) throws -> [String] { try HistoryFile.open(path).load() }

    // MARK: Refusals

    @Test func symlinkIsRefusedAndItsTargetUntouched() throws {
        let dir = try Folder()
        let target = dir.file("target"), link = dir.file("link")
        try Self.write(target, "not history\n", mode: 0o644)
        symlink(target, link)
        #expect(Self.refusal(link)?.kind == .symlink)
        let (warnings, entries) = Self.prompt(link)
        #expect(warnings == ["fieldline: history file \(link): is a symbolic link; asking without history"])
        #expect(entries.isEmpty)
        PromptHistory.append("123", to: link)
        #expect(Self.bytes(target) == Array("not history\n".utf8))
        #expect(Self.mode(target) & 0o777 == 0o644)

        // A link to a real history file is refused too, and the file keeps its mode.
        let history = dir.file("history"), link2 = dir.file("link2")
        try Self.write(history, Self.header + "one\n", mode: 0o640)
        symlink(history, link2)
        #expect(Self.refusal(link2)?.kind == .symlink)
        PromptHistory.append("two", to: link2)
        #expect(Self.bytes(history) == Array((Self.header + "one\n").utf8))
        #expect(Self.mode(history) & 0o777 == 0o640)
        // A dangling link is not created through.
        let dangling = dir.file("dangling")
        symlink(dir.file("nowhere"), dangling)
        #expect(Self.refusal(dangling)?.kind == .symlink)
        #expect(!FileManager.default.fileExists(atPath: dir.file("nowhere")))
    }

    @Test func fifoIsRefusedWithoutBlocking() throws {
        let dir = try Folder()
        let fifo = dir.file("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let start = Date()
        let problem = Self.refusal(fifo)
        #expect(problem?.kind == .notRegular)
        #expect(problem?.reason == "not a regular file (a FIFO)")
        let (warnings, _) = Self.prompt(fifo)
        #expect(warnings == ["fieldline: history file \(fifo): not a regular file (a FIFO); asking without history"])
        PromptHistory.append("1", to: fifo)
        #expect(Date().timeIntervalSince(start) < 2)
        #expect(Self.mode(fifo) & 0o777 == 0o600)
    }

    @Test func fileThatIsNotAHistoryIsRefusedAndUnchanged() throws {
        let dir = try Folder()
        // The last two start like the header: libedit's own H_LOAD compares only as many bytes as the line has.
        for (n, text) in ["hello\nworld\n", "_HiStOrY_V2_x\none\n", "_HiSt", "_HiStOrY_V2\n", "\n", "#!/bin/sh\n"].enumerated() {
            let file = dir.file("plain\(n)")
            try Self.write(file, text, mode: 0o644)
            #expect(Self.refusal(file)?.kind == .notHistory, "\(text)")
            let (warnings, entries) = Self.prompt(file)
            #expect(warnings.count == 1 && warnings[0].hasSuffix("not a libedit history file (its first line is not _HiStOrY_V2_); asking without history"))
            #expect(entries.isEmpty)
            PromptHistory.append("123", to: file)
            #expect(Self.bytes(file) == Array(text.utf8))
            #expect(Self.mode(file) & 0o777 == 0o644)
        }
    }

    @Test func folderAndDevicesAreRefused() throws {
        let dir = try Folder()
        let sub = dir.file("sub")
        mkdir(sub, 0o755)
        #expect(Self.refusal(sub)?.kind == .notRegular)
        #expect(Self.refusal(sub + "/")?.kind == .notRegular)
        #expect(Self.refusal("/")?.kind == .notRegular)
        #expect(Self.refusal("")?.reason == "no file name")
        #expect(Self.mode(sub) & 0o777 == 0o755)
        let before = Self.mode("/dev/null")
        #expect(Self.refusal("/dev/null")?.reason == "not a regular file (a character device)")
        PromptHistory.append("123", to: "/dev/null")
        #expect(Self.mode("/dev/null") == before)
    }

    @Test func unusableFolderWarnsAndDoesNotCrash() throws {
        let dir = try Folder()
        let plain = dir.file("plain")
        try Self.write(plain, "x\n")
        for path in [plain + "/history", dir.file("missing/history")] {
            #expect(Self.refusal(path)?.kind == .folder)
            let (warnings, entries) = Self.prompt(path)
            #expect(warnings.count == 1 && warnings[0].hasPrefix("fieldline: history file \(path): cannot open its folder: "), "\(warnings)")
            #expect(warnings.first?.hasSuffix("; asking without history") == true)
            #expect(entries.isEmpty)
            PromptHistory.append("1", to: path)
        }
        #expect(Self.bytes(plain) == Array("x\n".utf8))
    }

    @Test func tooLargeFileIsRefusedAndUnchanged() throws {
        let dir = try Folder()
        let file = dir.file("big")
        let text = Self.header + String(repeating: "0123456789abcdef\n", count: (1 << 20) / 17 + 1)
        try Self.write(file, text, mode: 0o600)
        #expect(Self.refusal(file)?.kind == .tooLarge)
        let (warnings, _) = Self.prompt(file)
        #expect(warnings == ["fieldline: history file \(file): larger than 1 MiB; asking without history"])
        PromptHistory.append("1", to: file)
        #expect(Self.bytes(file)?.count == text.utf8.count)
    }

    @Test func controlCharactersInThePathKeepTheWarningOneLine() {
        let line = HistoryWarning.line("/tmp/a\nb\u{1B}c\u{9B}d", "is a symbolic link", "asking without history")
        #expect(line == "fieldline: history file /tmp/aU+AbU+1BcU+9Bd: is a symbolic link; asking without history")
    }

    // MARK: Files that are used

    @Test func newFileIsCreated0600WithTheHeaderAndNoChmodOfExistingFiles() throws {
        let dir = try Folder()
        let file = dir.file("new")
        let (warnings, entries) = Self.prompt(file)
        #expect(warnings.isEmpty && entries.isEmpty)
        #expect(Self.mode(file) & 0o777 == 0o600)
        #expect(Self.bytes(file) == Array(Self.header.utf8))
        #expect(try Self.append("42", to: file) == .saved)
        #expect(try Self.load(file) == ["42"])

        let shared = dir.file("shared")
        try Self.write(shared, Self.header + "1\n", mode: 0o640)
        #expect(try Self.append("2", to: shared) == .saved)
        #expect(Self.mode(shared) & 0o777 == 0o640)
        #expect(try Self.load(shared) == ["1", "2"])
        // An empty existing file is a history too.
        let empty = dir.file("empty")
        try Self.write(empty, "", mode: 0o644)
        #expect(try Self.append("x", to: empty) == .saved)
        #expect(Self.bytes(empty) == Array((Self.header + "x\n").utf8))
        #expect(Self.mode(empty) & 0o777 == 0o644)
    }

    @Test func valuesRoundTripThroughLibeditsEncoding() throws {
        let dir = try Folder()
        let file = dir.file("h")
        let values = ["a b", #"back\slash"#, "中文👨‍👩‍👧", "tab\tx", " lead", "trail ", #"\040"#, "_HiStOrY_V2_", "", "end"]
        for value in values { _ = try Self.append(value, to: file) }
        #expect(try Self.load(file) == values)
        // Exactly what libedit itself writes, so a plain libedit H_LOAD by path reads it the same.
        let text = String(decoding: Self.bytes(file) ?? [], as: UTF8.self)
        #expect(text.hasPrefix(Self.header + #"a\040b"# + "\n" + #"back\134slash"# + "\n"))
        #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count == values.count + 2)
        let h = try #require(history_init())
        defer { history_end(h) }
        var event = HistEvent()
        fl_history_set_size(h, &event, 100)
        #expect(fl_history_load(h, &event, file) == Int32(values.count))
        #expect(fl_history_first(h, &event) == 0 && event.str.map { String(cString: $0) } == "end")
    }

    @Test func valueEqualToTheNewestEntryIsNotAppendedAgain() throws {
        let dir = try Folder()
        let file = dir.file("h")
        #expect(try Self.append("x", to: file) == .saved)
        #expect(try Self.append("x", to: file) == .duplicate)
        #expect(try Self.append("y", to: file) == .saved)
        #expect(try Self.append("x", to: file) == .saved)
        #expect(try Self.load(file) == ["x", "y", "x"])
        // "a b" and "a\040b" encode differently: not duplicates.
        #expect(try Self.append("a b", to: file) == .saved)
        #expect(try Self.append(#"a\040b"#, to: file) == .saved)
    }

    @Test func tornLastLineIsSkippedAndNeverGluedTo() throws {
        let dir = try Folder()
        let file = dir.file("h")
        try Self.write(file, Self.header + "one\ntw", mode: 0o600)
        #expect(try Self.load(file) == ["one"])
        #expect(try Self.append("three", to: file) == .saved)
        #expect(try Self.load(file) == ["one", "tw", "three"])
    }

    @Test func loadKeepsTheNewest1000() throws {
        let dir = try Folder()
        let file = dir.file("h")
        try Self.write(file, Self.header + (0..<1500).map { "e\($0)\n" }.joined(), mode: 0o600)
        let entries = try Self.load(file)
        #expect(entries.count == 1000 && entries.first == "e500" && entries.last == "e1499")
    }

    /// Eight prompts finishing at once, twenty times: every value is in the file, and the file still loads.
    @Test func concurrentAppendsLoseNothing() throws {
        let dir = try Folder()
        let file = dir.file("h")
        let failures = Self.hammer(file, threads: 8, rounds: 20)
        #expect(failures.isEmpty, "\(failures)")
        let entries = try Self.load(file)
        let missing = Set((0..<8).flatMap { t in (0..<20).map { "t\(t)-\($0)" } }).subtracting(entries)
        #expect(entries.count == 160 && missing.isEmpty, "\(entries.count) entries, missing \(missing.sorted())")
        let text = String(decoding: Self.bytes(file) ?? [], as: UTF8.self)
        #expect(text.hasPrefix(Self.header) && text.components(separatedBy: Self.header).count == 2)
    }

    /// The same while compactions replace the file under the other writers: they notice and reopen it.
    @Test func concurrentAppendsAcrossACompactionLoseNothing() throws {
        let dir = try Folder()
        let file = dir.file("h")
        let filler = String(repeating: "f", count: 250)
        let lines = (0..<1040).map { "\(filler)\($0)\n" }.joined()
        try Self.write(file, Self.header + lines, mode: 0o600)
        var before = stat()
        stat(file, &before)
        #expect(Int(before.st_size) > HistoryFile.compactThreshold - 2000)
        let failures = Self.hammer(file, threads: 8, rounds: 20)
        #expect(failures.isEmpty, "\(failures)")
        var after = stat()
        stat(file, &after)
        #expect(after.st_ino != before.st_ino, "compacted")
        #expect(Int(after.st_size) <= HistoryFile.compactKeepBytes + Self.header.utf8.count + 2000)
        let entries = Set(try Self.load(file))
        let missing = (0..<8).flatMap { t in (0..<20).map { "t\(t)-\($0)" } }.filter { !entries.contains($0) }
        #expect(missing.isEmpty, "missing \(missing.count) of 160: \(missing)")
        #expect(Self.mode(file) & 0o777 == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0 != "h" }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    /// Runs `threads` threads that each append `rounds` distinct values through a fresh open, all starting
    /// together; returns the failures.
    static func hammer(_ file: String, threads: Int, rounds: Int) -> [String] {
        let failures = NSLock()
        nonisolated(unsafe) var failed: [String] = []
        let start = DispatchSemaphore(value: 0), done = DispatchGroup()
        for t in 0..<threads {
            done.enter()
            Thread.detachNewThread {
                start.wait()
                for r in 0..<rounds {
                    do throws(HistoryProblem) {
                        _ = try HistoryFile.open(file).append("t\(t)-\(r)")
                    } catch {
                        failures.lock(); failed.append("t\(t)-\(r): \(error.reason)"); failures.unlock()
                    }
                }
                done.leave()
            }
        }
        for _ in 0..<threads { start.signal() }
        done.wait()
        failures.lock()
        defer { failures.unlock() }
        return failed
    }

    @Test func compactionKeepsTheNewest1000AndAValidHistory() throws {
        let dir = try Folder()
        let file = dir.file("h")
        let lines = (0..<40000).map { String(format: "e%05d\n", $0) }.joined()
        try Self.write(file, Self.header + lines, mode: 0o640)
        #expect(try Self.append("newest", to: file) == .saved)
        let text = String(decoding: Self.bytes(file) ?? [], as: UTF8.self)
        let rows = text.split(separator: "\n").map(String.init)
        #expect(rows.count == 1001 && rows.first == "_HiStOrY_V2_")
        #expect(rows[1] == "e39001" && rows.last == "newest")
        #expect(try Self.load(file) == Array(rows.dropFirst()))
        #expect(Self.mode(file) & 0o777 == 0o640, "the permission bits are kept")
        // Long entries: at most compactKeepBytes are kept, always whole lines and the newest.
        let long = dir.file("long")
        let filler = String(repeating: "x", count: 600)
        try Self.write(long, Self.header + (0..<500).map { "\(filler)\($0)\n" }.joined(), mode: 0o600)
        #expect(try Self.append("last", to: long) == .saved)
        let kept = try Self.load(long)
        #expect(kept.last == "last" && kept.count < 500 && kept.count > 150)
        #expect(kept.dropLast().allSatisfy { $0.hasPrefix(filler) })
        #expect((Self.bytes(long)?.count ?? .max) <= HistoryFile.compactKeepBytes + 20)
    }

    @Test func fileReplacedAfterOpeningIsFollowedOnlyWhenItIsStillAHistory() throws {
        let dir = try Folder()
        let file = dir.file("h")
        let opened = try HistoryFile.open(file)
        // Replaced by another valid history (as a compaction does): the append goes to the new file.
        try Self.write(dir.file("new"), Self.header + "other\n", mode: 0o600)
        rename(dir.file("new"), file)
        #expect(try opened.append("mine") == .saved)
        #expect(try Self.load(file) == ["other", "mine"])
        // Replaced by a symbolic link: refused, the target untouched.
        let target = dir.file("target")
        try Self.write(target, "precious\n")
        unlink(file)
        symlink(target, file)
        do throws(HistoryProblem) {
            _ = try opened.append("again")
            Issue.record("appended through a symbolic link")
        } catch {
            #expect(error.kind == .symlink)
        }
        #expect(Self.bytes(target) == Array("precious\n".utf8))
    }

    @Test func promptHistorySavesThroughTheFileCheckedAtStart() throws {
        let dir = try Folder()
        let file = dir.file("h")
        try Self.write(file, Self.header + "1\n2\n", mode: 0o600)
        var warnings: [String] = []
        let history = PromptHistory(file: file) { warnings.append($0) }
        #expect(history.entries == ["1", "2"] && warnings.isEmpty)
        var cursor = HistoryCursor(entries: history.entries)
        #expect(cursor.older(current: "d") == "2")
        #expect(cursor.older(current: "x") == "1")
        #expect(cursor.older(current: "x") == nil)
        #expect(cursor.newer() == "2")
        #expect(cursor.newer() == "d")
        history.save("3") { warnings.append($0) }
        #expect(try Self.load(file) == ["1", "2", "3"])
        #expect(warnings.isEmpty)
    }

    // MARK: End to end

    /// `fieldline ask digits --history LINK`: one warning, the prompt works, the value is printed, exit 0,
    /// and the link's target is untouched.
    @Test func askWithASymlinkedHistoryWarnsAndStillAsks() async throws {
        let dir = try Folder()
        let target = dir.file("target"), link = dir.file("link")
        try Self.write(target, "root:x:0:0\n", mode: 0o644)
        symlink(target, link)
        let t = try await TmuxTerminal(); defer { t.close() }
        // A relative path keeps the warning on one row of the 80-column terminal.
        try t.run("cd '\(dir.path)'; clear")
        try await t.freshPrompt()
        try t.run(#"x=$(fieldline ask digits --max 6 --history link); echo "rc=$? x=[$x]""#)
        let rows = try await t.waitRow(">", "0/6")
        let warning = "fieldline: history file link: is a symbolic link; asking without history"
        #expect(rows.contains(warning), "\(t.dump())")
        try t.type("123")
        try await t.waitRow("> 123", "3/6")
        try t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[123]", "\(t.dump())")
        #expect(try t.screen().filter { $0.hasPrefix("fieldline:") }.count == 1, "\(t.dump())")
        #expect(Self.bytes(target) == Array("root:x:0:0\n".utf8))
        #expect(Self.mode(target) & 0o777 == 0o644)
        #expect(Self.mode(link, follow: false) & S_IFMT == S_IFLNK)
    }
}
