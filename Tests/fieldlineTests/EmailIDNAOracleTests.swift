import Foundation
import Testing
@testable import TestSupport

/// E-mail domains against IDNA2008 as the pinned PyPI idna 3.20 judges it (`make test-oracles` installs it): for
/// 20,000 generated labels (`Oracles/idna_oracle.py`: A-labels of U-labels from many scripts, each also mutated,
/// random Punycode-looking strings, labels with -- in places 3-4), `check email` accepts `a@LABEL.com` exactly when
/// idna says LABEL is a valid A-label (and refuses every non-xn label with -- in places 3-4).
@Suite struct EmailIDNAOracleTests {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Test func everyGeneratedLabelIsJudgedAsIdnaJudgesIt() throws {
        let oracle = try Spawn.run(["python3", Self.repo + "/Tests/fieldlineTests/Oracles/idna_oracle.py", Self.repo + "/.test-python",
                                    "3.20", "20000", "2026"])
        try #require(oracle.status == 0, "the idna oracle failed (make test-oracles installs it): \(oracle.err)")
        let cases = oracle.out.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        try #require(cases.count == 20000)
        let valid = cases.filter { $0[1] == "1" }.count
        #expect(valid > 5000 && valid < 15000, "\(valid) valid of 20000: the generator should give both kinds")
        let checked = try fieldline(["check", "email"], stdin: cases.map { "a@\($0[0]).com" }.joined(separator: "\n") + "\n")
        let out = checked.out.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        try #require(out.count == cases.count, "\(checked.err.prefix(500))")
        var differences: [String] = []
        for (line, c) in zip(out, cases) where (line.isEmpty ? "0" : "1") != c[1] {
            differences.append("\(c[0]): idna \(c[1] == "1" ? "valid" : "invalid"), fieldline \(line.isEmpty ? "invalid" : "valid")")
        }
        #expect(differences.isEmpty, "\(differences.count) differences: \(differences.prefix(20))")
    }

    /// The rules besides IDNA: an all-digit top-level domain is refused; the 64-octet local part, quoted local
    /// parts and IP literals are as before.
    @Test func numericTopLevelDomainsAndTheKeptRules() throws {
        let run = try fieldline(["check", "email"], stdin: [
            "a@example.123", "a@example.c0m", "a@xn--mnchen-3ya.de", "a@ab--cd.com", "\(String(repeating: "a", count: 65))@example.com",
            "\"a b\"@example.com", "a@[192.0.2.1]",
        ].joined(separator: "\n") + "\n")
        #expect(run.out == "\na@example.c0m\na@xn--mnchen-3ya.de\n\n\n\n\n", "\(run.out)")
        #expect(run.err.contains("1: the top-level domain cannot be all digits"))
        #expect(run.err.contains("4: 'ab--cd' has -- in places 3 and 4, which only an encoded name (xn--) may have"))
    }

    /// RFC 5893 §2: in a domain with a right-to-left label every label keeps the Bidi Rule, ASCII ones too. The
    /// pinned idna package checks the rule per label only (it takes `418.xn--4gbrim`), so these cases are the RFC's
    /// own reading: a label starting with a digit breaks rule 1 there; a left-to-right one such as `example` or
    /// `a1` keeps it; without a right-to-left label nothing changes.
    @Test func aRightToLeftLabelPutsEveryLabelUnderTheBidiRule() throws {
        let run = try fieldline(["check", "email"], stdin: [
            "0qxortir8@418.xn--4gbrim", "a@example.xn--4gbrim", "a@a1.xn--4gbrim", "a@1a.xn--4gbrim", "a@418.example.com",
        ].joined(separator: "\n") + "\n")
        #expect(run.out == "\na@example.xn--4gbrim\na@a1.xn--4gbrim\n\na@418.example.com\n", "\(run.out)")
        #expect(run.err == """
            1: '418', whose first character is not a letter of either direction (the Bidi Rule), in a domain with right-to-left labels
            4: '1a', whose first character is not a letter of either direction (the Bidi Rule), in a domain with right-to-left labels

            """, "\(run.err)")
    }
}
