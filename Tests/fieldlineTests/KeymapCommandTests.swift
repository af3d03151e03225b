import Foundation
import Testing
@testable import TestSupport

/// The repository's `keymaps/` folder (the shipped set).
private let shippedFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("keymaps").path

/// A scratch folder of keymap files.
private final class Fixture {
    let scratch: ScratchFolder
    var folder: String { scratch.folder }

    init(_ files: [String: String]) throws {
        scratch = try ScratchFolder("keymap-command")
        for (name, text) in files { try scratch.write(name, text) }
    }

    /// `fieldline ARGS` run inside the fixture folder (so diagnostics name files as given) with `keymaps` as
    /// FIELDLINE_KEYMAPS (default: none), and no XDG or ~/.config folder.
    func run(_ args: [String], keymaps: String = "", stdin: String? = nil) throws -> Run {
        try fieldline(args, stdin: stdin, environment: ["FIELDLINE_KEYMAPS": keymaps, "HOME": "/nonexistent"], in: folder)
    }
}

private let plate = """
    # A licence plate: two letters, then five letters or digits; typed in any case, shown upper-case.
    name: plate
    description: Licence plate, shown AB 12C45
    symbols:
      class: "[A-Z0-9]"
      positions:
        1: upper
        2: upper
      case: upper
    length:
      min: 7
      max: 7
    templates:
      - "## #####"

    """

private let bad = """
    name: bad
    symbols:
      class: digits
    length:
      max: 0

    """

private let otherBad = """
    bindings:
      <C-c>: abort

    """

private let badProblems = [
    "bad.yaml:3:10: unknown symbol class 'digits' (use one of alnum, ascii, digit, digit2-9, hex, letter, lower, printable, upper, a set like [0-9X], or one character)",
    "bad.yaml:5:8: max must be at least 1",
]

private let shippedNames = ["card", "choice", "confirm", "country", "date", "digits", "email", "hostname", "idcard-cn", "ipv4", "phone", "phone-cn", "phone-us", "port", "region-cn", "semver", "text"]

/// The English description of a shipped keymap file (`description:` then an indented `en: ` line).
private func shippedDescription(_ name: String) throws -> String {
    let text = try String(contentsOfFile: shippedFolder + "/" + name + ".yaml", encoding: .utf8)
    let lines = text.split(separator: "\n")
    let start = try #require(lines.firstIndex { $0 == "description:" })
    let line = try #require(lines[(start + 1)...].first { $0.hasPrefix("  en: ") })
    return String(line.dropFirst("  en: ".count))
}

/// `fieldline keymaps …` and keymap files given to check, replay and ask.
@Suite struct KeymapCommandTests {
    @Test func shippedNamesAreTheRepositoryFiles() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: shippedFolder).filter { $0.hasSuffix(".yaml") }
        #expect(files.map { String($0.dropLast(5)) }.sorted() == shippedNames)
    }

    @Test func listShowsEveryShippedKeymap() throws {
        let fixture = try Fixture([:])
        let r = try fixture.run(["keymaps", "list"])
        let width = shippedNames.map(\.count).max()!
        let expected = try shippedNames.map { name in
            name + String(repeating: " ", count: width - name.count) + "  shipped  " + (try shippedDescription(name)) + "\n"
        }.joined()
        #expect(r.out == expected)
        #expect(r.err == "")
        #expect(r.status == 0)
    }

    @Test func listShowsUserFilesByPath() throws {
        let fixture = try Fixture([
            "plate.yaml": plate,
            "digits.yaml": "extends: digits\ndescription: Digits, my way\n",
            "broken.yaml": bad,
        ])
        let r = try fixture.run(["keymaps", "list"], keymaps: fixture.folder)
        let lines = r.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == shippedNames.count + 3)  // plate and broken are new, then the final newline
        #expect(lines.contains("broken     \(fixture.folder)/broken.yaml  (has errors: run keymaps lint)"))
        #expect(lines.contains("digits     \(fixture.folder)/digits.yaml  Digits, my way"))
        #expect(lines.contains("plate      \(fixture.folder)/plate.yaml  Licence plate, shown AB 12C45"))
        #expect(lines.contains("phone-cn   shipped  \(try shippedDescription("phone-cn"))"))
        #expect(!lines.contains { $0.hasPrefix("digits ") && $0.contains("shipped") })
        #expect(lines.map { $0.split(separator: " ").first.map(String.init) ?? "" }.filter { !$0.isEmpty }
            == (shippedNames + ["broken", "plate"]).sorted())
        #expect(r.status == 0)
    }

    @Test func showPrintsTheShippedFile() throws {
        let fixture = try Fixture([:])
        let r = try fixture.run(["keymaps", "show", "phone-cn"])
        let text = try String(contentsOfFile: shippedFolder + "/phone-cn.yaml", encoding: .utf8)
        #expect(r.out == "# <shipped>/phone-cn.yaml\n" + text)
        #expect(r.err == "")
        #expect(r.status == 0)
    }

    @Test func showPrintsTheOverridingFile() throws {
        let override = "extends: phone-cn\ndescription: mine\n"
        let fixture = try Fixture(["phone-cn.yaml": override, "plate.yaml": plate])
        let r = try fixture.run(["keymaps", "show", "phone-cn"], keymaps: fixture.folder)
        #expect(r.out == "# \(fixture.folder)/phone-cn.yaml\n" + override)
        #expect(r.status == 0)
        let byPath = try fixture.run(["keymaps", "show", "plate.yaml"])
        #expect(byPath.out == "# plate.yaml\n" + plate)
        // An unknown name: the same usage error (64) and message as ask, check and replay give.
        let missing = try fixture.run(["keymaps", "show", "nosuch"])
        #expect(missing.status == 64)
        #expect(missing.out == "")
        #expect(missing.err.hasPrefix("Error: unknown keymap 'nosuch'; known keymaps: card, "), "\(missing.err)")
        for command in [["ask", "nosuch", "--value", "1"], ["check", "nosuch"], ["replay", "nosuch", "1"]] {
            let other = try fixture.run(command)
            #expect(other.status == 64 && other.err.components(separatedBy: "\n").first == missing.err.components(separatedBy: "\n").first,
                    "\(command): \(other.err)")
        }
        // ask and check show KEYMAP as required in their usage lines.
        #expect(try fixture.run(["check", "nosuch"]).err.contains("Usage: fieldline check <keymap> "))
        #expect(try fixture.run(["ask", "nosuch"]).err.contains("Usage: fieldline ask <keymap> "))
        // A path that cannot be read is a keymap problem (78), as for every command.
        let unreadable = try fixture.run(["keymaps", "show", "/nonexistent/x.yaml"])
        #expect(unreadable.status == 78)
    }

    @Test func lintOfAGoodFileIsSilent() throws {
        let fixture = try Fixture(["plate.yaml": plate, "short.yaml": "extends: digits\nlength: {min: 4, max: 6}\n"])
        let r = try fixture.run(["keymaps", "lint", "plate.yaml", "short.yaml"])
        #expect(r.out == "")
        #expect(r.err == "")
        #expect(r.status == 0)
    }

    @Test func lintReportsEveryProblemInEveryFile() throws {
        let fixture = try Fixture(["bad.yaml": bad, "other-bad.yaml": otherBad, "plate.yaml": plate])
        let r = try fixture.run(["keymaps", "lint", "bad.yaml", "plate.yaml", "missing.yaml", "other-bad.yaml"])
        #expect(r.out == "")
        #expect(r.err == (badProblems + [
            "missing.yaml: cannot read: No such file or directory",
            "other-bad.yaml:2:3: <C-c> cannot be bound: it is the interrupt key",
        ]).map { $0 + "\n" }.joined())
        #expect(r.status == 78)
    }

    @Test(arguments: [
        ["check", "--keymap-file", "bad.yaml"],
        ["check", "bad.yaml"],
        ["check", "./bad.yaml", "--output", "json"],
        ["replay", "bad.yaml", "1"],
        ["replay", "--keymap-file", "bad.yaml", "1"],
        ["ask", "--keymap-file", "bad.yaml", "--value", "1"],
        ["ask", "bad.yaml", "--value", "1"],
    ])
    func badKeymapFileEndsWithConfigError(args: [String]) throws {
        let fixture = try Fixture(["bad.yaml": bad])
        let r = try fixture.run(args, stdin: "1\n")
        let prefix = args.contains("./bad.yaml") ? "./" : ""
        #expect(r.err == badProblems.map { prefix + $0 + "\n" }.joined())
        #expect(r.out == "")
        #expect(r.status == 78)
    }

    @Test func badKeymapFoundByNameIsNamedByItsPath() throws {
        let fixture = try Fixture(["bad.yaml": bad])
        let r = try fixture.run(["check", "bad"], keymaps: fixture.folder, stdin: "1\n")
        #expect(r.err == badProblems.map { fixture.folder + "/" + $0 + "\n" }.joined())
        #expect(r.status == 78)
    }

    @Test func replayUsesTheKeymapFile() throws {
        let fixture = try Fixture(["plate.yaml": plate])
        for args in [["replay", "--keymap-file", "plate.yaml", "ab12c45"], ["replay", "plate.yaml", "ab12c45"],
                     ["replay", "--keymap-file", "plate.yaml", "1ab", "--paste", " 12 c45 "]] {
            let r = try fixture.run(args)
            #expect(r.out == "AB 12C45|\n", "\(args)")
            #expect(r.err == "")
            #expect(r.status == 0)
        }
        let byName = try fixture.run(["replay", "plate", "ab12c45<Left><BS>"], keymaps: fixture.folder)
        #expect(byName.out == "AB 12C|5\n")
        #expect(byName.status == 0)
    }

    @Test func checkWithAPath() throws {
        let fixture = try Fixture(["plate.yaml": plate])
        let r = try fixture.run(["check", "plate.yaml"], stdin: "ab12c45\nAB 12C45\n")
        #expect(r.out == "AB12C45\nAB12C45\n")
        #expect(r.err == "")
        #expect(r.status == 0)
        let display = try fixture.run(["check", "--keymap-file", "plate.yaml", "--output", "display"], stdin: "ab12c45\n")
        #expect(display.out == "AB 12C45\n")
        #expect(display.status == 0)
        let short = try fixture.run(["check", "plate.yaml"], stdin: "AB 12C45\nab1\n")
        #expect(short.out == "AB12C45\n\n")
        #expect(short.err.hasPrefix("2: "), "\(short.err)")
        #expect(short.status == 65)
    }

    @Test func pathThatDoesNotExist() throws {
        let fixture = try Fixture(["plate.yaml": plate])
        // A slash makes it a path even without .yaml, so the keymap named plate is not used.
        let r = try fixture.run(["check", "./plate"], keymaps: fixture.folder, stdin: "ab12c45\n")
        #expect(r.err == "./plate: cannot read: No such file or directory\n")
        #expect(r.status == 78)
    }

    /// An unknown name is a usage error (64), unlike problems inside a keymap file (78).
    @Test func unknownKeymapListsKnownOnes() throws {
        let fixture = try Fixture(["plate.yaml": plate])
        let r = try fixture.run(["check", "nosuch"], stdin: "1\n")
        #expect(r.err.hasPrefix("Error: unknown keymap 'nosuch'; known keymaps: \(shippedNames.joined(separator: ", "))\n"), "\(r.err)")
        #expect(r.err.contains("Usage: fieldline check"))
        #expect(r.out == "")
        #expect(r.status == 64)
        let withUser = try fixture.run(["check", "nosuch"], keymaps: fixture.folder, stdin: "1\n")
        #expect(withUser.err.hasPrefix("Error: unknown keymap 'nosuch'; known keymaps: card, choice, confirm, country, date, digits, email, hostname, "
            + "idcard-cn, ipv4, phone, phone-cn, phone-us, plate, port, region-cn, semver, text\n"), "\(withUser.err)")
        #expect(withUser.status == 64)
    }
}

/// Keymap files that are not regular files end every command with 78 and a reason, instead of blocking or reading
/// without end.
@Suite struct NonRegularKeymapFileTests {
    @Test(arguments: [["keymaps", "lint"], ["check", "--keymap-file"], ["ask", "--value", "1", "--keymap-file"]])
    func aFIFOEndsWith78(_ command: [String]) throws {
        let folder = NSTemporaryDirectory() + "fl-fifo-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkfifo(folder + "/k.yaml", 0o600) == 0)
        let run = try fieldline(command + [folder + "/k.yaml"], stdin: "1\n")
        #expect(run.status == 78, "\(run.err)")
        #expect(run.err.contains("not a regular file (a FIFO)"), "\(run.err)")
    }
}

/// Text from keymap files and file names never reaches the terminal with its control characters: they are named.
@Suite struct ControlCharacterOutputTests {
    static func scratch() throws -> String {
        let folder = NSTemporaryDirectory() + "fl-ctl-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func showNamesTheControlsOfARawFile() throws {
        let folder = try Self.scratch(); defer { try? FileManager.default.removeItem(atPath: folder) }
        try "extends: digits\n# comment \u{1B}]0;pwned\u{7} here\r\n".write(toFile: folder + "/raw.yaml", atomically: true, encoding: .utf8)
        let run = try fieldline(["keymaps", "show", folder + "/raw.yaml"])
        #expect(run.status == 0)
        #expect(run.out.contains("# comment U+1B]0;pwnedU+7 here"), "\(run.out)")
        #expect(!run.out.unicodeScalars.contains { ControlCharacterOutputTests.isControl($0) }, "\(run.out)")
    }

    @Test func listNamesTheControlsOfFileNames() throws {
        let folder = try Self.scratch(); defer { try? FileManager.default.removeItem(atPath: folder) }
        try "extends: digits\n".write(toFile: folder + "/bad\u{1B}[2J.yaml", atomically: true, encoding: .utf8)
        let run = try fieldline(["keymaps", "list"], environment: ["FIELDLINE_KEYMAPS": folder])
        #expect(run.out.contains("badU+1B[2J"), "\(run.out)")
        #expect(!run.out.unicodeScalars.contains { ControlCharacterOutputTests.isControl($0) })
    }

    @Test func lintOfAFileWithEscapesNamesThem() throws {
        let folder = try Self.scratch(); defer { try? FileManager.default.removeItem(atPath: folder) }
        try "extends: digits\nunit: \"\\e[2J\"\n".write(toFile: folder + "/k.yaml", atomically: true, encoding: .utf8)
        let run = try fieldline(["check", "--keymap-file", folder + "/k.yaml"], stdin: "1\n")
        #expect(run.status == 78)
        #expect(run.err.contains("unit contains the control character U+1B"), "\(run.err)")
        #expect(!run.err.unicodeScalars.contains { ControlCharacterOutputTests.isControl($0) })
    }

    /// C0 other than tab and newline, DEL, C1: what a terminal would act on.
    static func isControl(_ s: Unicode.Scalar) -> Bool {
        (s.value < 0x20 && s.value != 0x09 && s.value != 0x0A) || (0x7F...0x9F).contains(s.value)
    }
}
