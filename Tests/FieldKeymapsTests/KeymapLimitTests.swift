import Foundation
import Testing
@testable import TestSupport
@testable import FieldKeymaps

/// Keymap files from untrusted places: what is not a regular file, what is too large, too deep or asks for numbers
/// no field needs is refused with a message, quickly, never read without end.
@Suite struct KeymapLimitTests {
    @Test func aFIFOIsRefusedWithoutBlocking() throws {
        let folder = try ScratchFolder.made("fifo")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkfifo(folder + "/pipe.yaml", 0o600) == 0)
        // Nobody ever writes to the FIFO: reading it would block this test forever.
        #expect(lintLines("pipe.yaml", in: folder) == ["pipe.yaml: not a regular file (a FIFO)"])
    }

    @Test func devicesAndFoldersAreRefused() throws {
        let folder = try ScratchFolder.made("device")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let lint = loader(searching: folder)
        #expect(lint.lint(path: "/dev/zero").map(\.description) == ["/dev/zero: not a regular file (a character device)"])
        #expect(lint.lint(path: folder).map(\.description) == ["\(folder): not a regular file (a folder)"])
    }

    @Test func aFileLargerThanTheLimitIsRefused() throws {
        let folder = try ScratchFolder.made("large")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let padding = String(repeating: "# padding\n", count: KeymapLimits.fileBytes / 10 + 1)
        try ("extends: digits\n" + padding).write(toFile: folder + "/large.yaml", atomically: true, encoding: .utf8)
        #expect(lintLines("large.yaml", in: folder) == ["large.yaml: larger than 1024 KiB, the limit for keymap files"])
    }

    @Test func folderScansSkipWhatIsNotARegularFile() throws {
        let folder = try ScratchFolder.made("scan")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkfifo(folder + "/pipe.yaml", 0o600) == 0)
        try FileManager.default.createDirectory(atPath: folder + "/dir.yaml", withIntermediateDirectories: true)
        try "extends: digits\n".write(toFile: folder + "/mine.yaml", atomically: true, encoding: .utf8)
        let names = KeymapLookup(environment: ["FIELDLINE_KEYMAPS": folder, "HOME": "/nonexistent"]).all().map(\.name)
        #expect(names.contains("mine"))
        #expect(!names.contains("pipe") && !names.contains("dir"))
    }

    @Test func extendsChainsStopAtTheDepthLimit() throws {
        let folder = try ScratchFolder.made("chain")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let depth = KeymapLimits.extendsDepth + 8
        try "extends: digits\n".write(toFile: folder + "/k0.yaml", atomically: true, encoding: .utf8)
        for i in 1...depth {
            try "extends: k\(i - 1)\n".write(toFile: folder + "/k\(i).yaml", atomically: true, encoding: .utf8)
        }
        let lines = lintLines("k\(depth).yaml", in: folder)
        #expect(lines.count == 1)
        #expect(lines.first?.hasSuffix("extends goes deeper than \(KeymapLimits.extendsDepth) keymaps") == true, "\(lines)")
        // A chain within the limit loads.
        #expect(lintLines("k\(KeymapLimits.extendsDepth - 2).yaml", in: folder).isEmpty)
    }

    @Test(arguments: [
        ("length: {max: 11}\nsymbols:\n  positions: {12: digit}\n", "3:15: position 12 is beyond length.max (11)"),
        ("symbols:\n  positions: {100000000: digit}\n", "2:15: position 100000000 is beyond 100000, the most any field holds"),
        ("symbols:\n  positions: {100001: digit}\n", "2:15: position 100001 is beyond 100000, the most any field holds"),
        ("length: {max: 4900000000}\n", "1:15: max must be at most 100000"),
        ("length: {min: 100001}\n", "1:15: min must be at most 100000"),
    ])
    func numbersAreRangeChecked(yaml: String, problem: String) throws {
        let folder = try ScratchFolder.made("numbers")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try yaml.write(toFile: folder + "/n.yaml", atomically: true, encoding: .utf8)
        #expect(lintLines("n.yaml", in: folder) == ["n.yaml:" + problem])
    }

    /// A range validator compares values: its bounds are not sizes and take any whole number.
    @Test func rangeBoundsAreNotCapped() throws {
        let folder = try ScratchFolder.made("range")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "extends: digits\nvalidators:\n  - range: {min: 0, max: 9000000000}\n"
            .write(toFile: folder + "/r.yaml", atomically: true, encoding: .utf8)
        #expect(lintLines("r.yaml", in: folder).isEmpty)
    }
}
