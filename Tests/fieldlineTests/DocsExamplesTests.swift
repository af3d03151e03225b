import Foundation
import Testing
@testable import TestSupport

/// Every ```` ```console ```` example in README.md and docs/*.md runs as shown: each `$ ` command (with its
/// continuation lines) runs with `fieldline` on PATH in a scratch folder holding the repository's `forms/` and the
/// files of `docs/examples/` (and of `docs/examples/PAGE/` for docs/PAGE.md), and prints what the page shows.
@Suite struct DocsExamplesTests {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The pages whose examples run.
    static let pages: [String] = {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: repo + "/docs")) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()

    @Test(arguments: pages)
    func examplesPrintWhatThePageShows(_ page: String) throws {
        let text = try String(contentsOfFile: Self.repo + "/" + page, encoding: .utf8)
        let examples = ConsoleExamples.parse(text)
        let s = try ScratchFolder()
        try Self.stage(for: page, in: s.folder)
        var lastStatus: Int32 = 0
        for example in examples {
            let run: Run
            if example.command == "echo $?" {
                run = ("\(lastStatus)\n", "", 0)
            } else {
                // The clock the pages were written at: today is 2026-11-22 on every run.
                run = try shell(example.command, in: s.folder, environment: ["FIELDLINE_NOW": ConsoleExamples.pagesNow])
                lastStatus = run.status
            }
            let expected = example.output.map(ConsoleExamples.normalised)
            let out = ConsoleExamples.lines(run.out).map(ConsoleExamples.normalised)
            let err = ConsoleExamples.lines(run.err).map(ConsoleExamples.normalised)
            #expect(ConsoleExamples.isInterleaving(expected, of: out, and: err),
                    "\(page):\(example.line): $ \(example.command)\nthe page shows:\n\(expected.joined(separator: "\n"))\nstdout:\n\(out.joined(separator: "\n"))\nstderr:\n\(err.joined(separator: "\n"))")
        }
    }

    /// A file a page's example works on is shipped in docs/examples, and the page shows it whole.
    @Test func examplesFilesAreShownWhereTheyAreUsed() throws {
        for (file, page) in [("forms/bad.yaml", "docs/forms.md"), ("keymaps/bad.yaml", "docs/keymaps.md")] {
            let shipped = try String(contentsOfFile: Self.repo + "/docs/examples/" + file, encoding: .utf8)
            let text = try String(contentsOfFile: Self.repo + "/" + page, encoding: .utf8)
            #expect(text.contains("```yaml\n" + shipped + "```\n"), "\(page) does not show docs/examples/\(file) as it is")
        }
    }

    /// The scratch folder: `forms/`, `docs/examples/*` and `docs/examples/PAGE/*` (files only).
    static func stage(for page: String, in folder: String) throws {
        let fm = FileManager.default
        try fm.copyItem(atPath: repo + "/forms", toPath: folder + "/forms")
        let stem = URL(fileURLWithPath: page).deletingPathExtension().lastPathComponent
        for source in [repo + "/docs/examples", repo + "/docs/examples/" + stem] {
            for name in (try? fm.contentsOfDirectory(atPath: source)) ?? [] {
                var isFolder: ObjCBool = false
                guard fm.fileExists(atPath: source + "/" + name, isDirectory: &isFolder), !isFolder.boolValue else { continue }
                try? fm.removeItem(atPath: folder + "/" + name)
                try fm.copyItem(atPath: source + "/" + name, toPath: folder + "/" + name)
            }
        }
    }
}

/// The `$ ` commands of a page's console blocks and the output shown under each.
enum ConsoleExamples {
    struct Example {
        /// The page line the command starts on.
        let line: Int
        /// The command, continuation lines joined with newlines.
        let command: String
        /// The lines shown under it.
        let output: [String]
    }

    static func parse(_ text: String) -> [Example] {
        var examples: [Example] = []
        var inBlock = false
        var current: (line: Int, command: [String], output: [String])?
        var continues = false
        func flush() {
            if let c = current { examples.append(Example(line: c.line, command: c.command.joined(separator: "\n"), output: c.output)) }
            current = nil
        }
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(line)
            if !inBlock {
                if line == "```console" { inBlock = true }
                continue
            }
            if line == "```" {
                flush()
                inBlock = false
                continue
            }
            if continues, current != nil {
                current!.command.append(line)
            } else if line.hasPrefix("$ ") {
                flush()
                current = (number + 1, [String(line.dropFirst(2))], [])
            } else {
                current?.output.append(line)
            }
            // A line ending in `\` or `|` goes on in the next.
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            continues = current?.output.isEmpty == true && (trimmed.hasSuffix("\\") || trimmed.hasSuffix("|"))
        }
        return examples
    }

    /// The lines of a program's output (no empty line for the final newline).
    static func lines(_ text: String) -> [String] {
        // By scalar: "\r\n" is one Character, which a split on "\n" would not cut.
        var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { String(String.UnicodeScalarView($0)) }
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The time the pages' examples run at (`FIELDLINE_NOW`): 2026-11-22T16:39:01Z.
    static let pagesNow = "1795365541"

    /// What may differ from run to run made the same on both sides: every UTC time (the pages show several, the
    /// examples run at one: `2026-11-22T16:39:01Z`), record ids, and the operator's login name (alice), after a time
    /// in CSV and as `"operator"` in JSON; a CR at the end of a CSV line.
    static func normalised(_ line: String) -> String {
        var text = line.hasSuffix("\r") ? String(line.dropLast()) : line
        text = text.replacing(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/, with: "2026-11-22T16:39:01Z")
        text = text.replacing(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/, with: "019ac0de-0000-7000-8000-000000000001")
        // The login name after a time (saved_at's operator, edited_at's edited_by), in CSV and JSON alike.
        text = text.replacing(/Z,[^,]+/, with: "Z,alice")
        text = text.replacing(/"(operator|edited_by)":"[^"]+"/) { #""\#($0.output.1)":"alice""# }
        // An import's time in its summary.
        text = text.replacing(/\ in \d+\.\d s$/, with: " in 0.0 s").replacing(/用时 \d+\.\d 秒$/, with: "用时 0.0 秒")
        return text
    }

    /// Whether `shown` is the lines of `out` and of `err`, each in its own order, interleaved (the page shows both
    /// streams as a terminal would, and their relative order depends on buffering). A `…` in a shown line stands
    /// for any text.
    static func isInterleaving(_ shown: [String], of out: [String], and err: [String]) -> Bool {
        func same(_ page: String, _ line: String) -> Bool {
            let parts = page.split(separator: "…", omittingEmptySubsequences: false)
            guard parts.count > 1 else { return page == line }
            guard line.hasPrefix(parts.first!), line.hasSuffix(parts.last!) else { return false }
            var rest = line.dropFirst(parts.first!.count).dropLast(parts.last!.count)
            for part in parts.dropFirst().dropLast() {
                guard let found = rest.range(of: part) else { return false }
                rest = rest[found.upperBound...]
            }
            return true
        }
        guard shown.count == out.count + err.count else { return false }
        // reachable[i][j]: the first i + j shown lines are i lines of out and j of err.
        var reachable = Array(repeating: Array(repeating: false, count: err.count + 1), count: out.count + 1)
        reachable[0][0] = true
        for i in 0...out.count {
            for j in 0...err.count where reachable[i][j] && i + j < shown.count {
                if i < out.count && same(shown[i + j], out[i]) { reachable[i + 1][j] = true }
                if j < err.count && same(shown[i + j], err[j]) { reachable[i][j + 1] = true }
            }
        }
        return reachable[out.count][err.count]
    }
}
