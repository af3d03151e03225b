#if canImport(Glibc)
import Glibc
#endif
import FieldKit
import Foundation
import Testing
@testable import TestSupport

/// `DisplayWidth` against an independent implementation: PyPI's wcwidth with its Unicode 16.0 tables.
///
/// Every string of `WidthCases` is measured by both; any difference not in `WcwidthDifferences.known` fails, and so
/// does a listed difference that no longer differs. `make test` installs wcwidth into `.test-python/` first (the
/// `test-oracles` target); without it the test fails and says how to install it.
@Suite("DisplayWidth against wcwidth")
struct DisplayWidthWcwidthTests {
    /// The pinned wcwidth: the last release whose tables include Unicode 16.0 (later ones keep only the newest).
    static let wcwidthVersion = "0.4.0"

    /// `.test-python/` at the top of the package, where `pip install --target` put wcwidth.
    static let packageFolder: String = {
        let repo = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false).dropLast(3)
        return repo.joined(separator: "/") + "/.test-python"
    }()

    /// Reads one string per line (its scalars in hex) and prints wcswidth of each, with the 16.0 tables.
    static let script = """
        import importlib.metadata, sys
        folder, version = sys.argv[1], sys.argv[2]
        sys.path.insert(0, folder)
        import wcwidth
        found = importlib.metadata.version("wcwidth")
        if found != version or not wcwidth.__file__.startswith(folder + "/"):
            sys.exit(f"need wcwidth=={version} in {folder}, found {found} at {wcwidth.__file__}")
        if "16.0.0" not in wcwidth.list_versions():
            sys.exit(f"wcwidth {found} has no Unicode 16.0.0 tables")
        out = []
        for line in sys.stdin:
            text = "".join(chr(int(code, 16)) for code in line.split())
            out.append(str(wcwidth.wcswidth(text, unicode_version="16.0.0")))
        sys.stdout.write("\\n".join(out) + "\\n")
        """

    @Test("Every case measures as wcwidth does, but for the listed differences")
    func agreesWithWcwidth() throws {
        let cases = WidthCases.all
        // The classes issue 30 named are really compared: conjuncts of many scripts, SARA AM, prepended marks.
        #expect(WidthCases.conjuncts.count > 500 && WidthCases.saraAm.count > 100 && WidthCases.prepended.count == 65,
                "\(WidthCases.conjuncts.count) conjuncts, \(WidthCases.saraAm.count) SARA AM, \(WidthCases.prepended.count) prepended")
        // Issue 45's: letters after a cluster that U+200D ends, prepended marks before symbols.
        #expect(WidthCases.afterViramaJoiner.count > 300 && WidthCases.afterJoiner.count > 10_000
                    && WidthCases.prependedSymbols.count == 13 * 46,
                "\(WidthCases.afterViramaJoiner.count) after virama+ZWJ, \(WidthCases.afterJoiner.count) after ZWJ, \(WidthCases.prependedSymbols.count) prepended before symbols")
        let input = cases.map { text in
            text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
        }.joined(separator: "\n") + "\n"
        let result = try Spawn.run(
            ["python3", "-I", "-B", "-c", Self.script, Self.packageFolder, Self.wcwidthVersion], stdin: Data(input.utf8))
        try #require(result.status == 0, "python3 failed (\(result.status)): \(result.err)")
        let theirs = result.out.split(separator: "\n").map { Int($0) }
        try #require(theirs.count == cases.count, "wcwidth answered \(theirs.count) of \(cases.count) strings")

        var known: [String: WcwidthDifferences.Entry] = [:]
        for entry in WcwidthDifferences.known {
            for text in entry.strings { known[text] = entry }
        }
        var problems: [String] = []
        var differing = Set<String>()
        for (text, wcwidth) in zip(cases, theirs) {
            let ours = DisplayWidth.columns(of: text)
            guard ours != wcwidth else { continue }
            differing.insert(text)
            if let entry = known[text], entry.ours == ours, entry.wcwidth == wcwidth { continue }
            problems.append("\(WidthCases.hex(text)): ours \(ours), wcwidth \(wcwidth.map(String.init) ?? "?")")
        }
        let compared = Set(cases)
        for (text, entry) in known.sorted(by: { $0.key < $1.key }) where !differing.contains(text) {
            let why = compared.contains(text) ? "no longer differs" : "is not compared"
            problems.append("listed \(WidthCases.hex(text)) (\(entry.why)) \(why)")
        }
        #expect(problems.isEmpty, """
            \(problems.count) problems in \(cases.count) strings, \(differing.count) differing:
            \(problems.prefix(60).joined(separator: "\n"))
            """)
    }
}
