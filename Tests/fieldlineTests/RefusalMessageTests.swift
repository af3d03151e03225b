import Testing
@testable import TestSupport

/// `check`'s per-line path words the commonest refusals from templates made once per run (`RefusalMessages`); the
/// general path (`--output display`) words every message through `tr`. Both must write the same bytes.
@Suite struct RefusalMessageTests {
    /// Fixed IDs: every check character wrong in turn (each of 0-9 and X expected), the other refusals, valid ones,
    /// repeated past one parallel block (256 KiB) so the slices on both cores are compared too.
    static let lines: [String] = {
        let bases = ["11010519900307123", "11010519491231002", "44030420011231567", "51010219850101001",
                     "37020319770715888", "65010119990909912", "11010520000229100", "31011519600615321",
                     "23010219881111111", "42010619930303030", "62010219701010707"]
        var refused: [String] = []
        for base in bases {
            let good = withCheckCharacter(base)
            refused.append(good)
            for wrong in "0123456789X" where String(wrong) != String(good.last!) { refused.append(base + String(wrong)) }
        }
        refused += ["1101051990030712", "990105199003071239", "11010519900230123X", "110105189912311239",
                    "110105299912311239", "1101051990ab07123X", "11010519900307123", ""]
        var all: [String] = []
        while all.count < 20_000 { all += refused }
        return all
    }()

    @Test(arguments: ["en", "zh"])
    func templatedMessagesEqualTheGeneralPath(language: String) throws {
        let input = Self.lines.joined(separator: "\n") + "\n"
        let fast = try fieldline(["check", "idcard-cn", "--lang", language], stdin: input)
        let general = try fieldline(["check", "idcard-cn", "--output", "display", "--lang", language], stdin: input)
        #expect(fast.status == general.status)
        #expect(fast.err == general.err)
        let checkCharacter = language == "zh" ? "校验码应为" : "check character should be"
        let worded = fast.err.split(separator: "\n").filter { $0.contains(checkCharacter) }.count
        // 10 wrong check characters of each of the 11 bases per round of the fixed lines.
        #expect(worded == 110 * (Self.lines.count / 129))
    }

    /// Slices whose messages all come from templates skip stderr's control-character scan; slices with worded
    /// messages about lines holding controls (ESC, DEL, C1, tab) are still scanned: the same bytes as the general
    /// path, and no control but the line ends.
    @Test func wordedMessagesAmongTemplatedOnesAreEscaped() throws {
        let controls = ["1101\u{1B}[31m05199003071239", "11010519900307\u{7F}1239", "110105\u{9B}19900307123X",
                        "1101051990\t0307123X", "\u{1B}]0;title\u{7}"]
        var lines: [String] = []
        for (k, line) in Self.lines.enumerated() {
            lines.append(line)
            if k % 997 == 0 { lines.append(controls[(k / 997) % controls.count]) }
        }
        let input = lines.joined(separator: "\n") + "\n"
        let fast = try fieldline(["check", "idcard-cn"], stdin: input)
        let general = try fieldline(["check", "idcard-cn", "--output", "display"], stdin: input)
        #expect(fast.status == general.status)
        #expect(fast.err == general.err)
        #expect(!fast.err.unicodeScalars.contains { $0 != "\n" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value)) })
    }
}
