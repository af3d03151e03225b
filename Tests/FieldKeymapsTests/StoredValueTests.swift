@testable import FieldKit
import Testing
@testable import FieldKeymaps

/// An import checks each value with `LineChecker.storedValue` (the byte path where it answers as the general path
/// does); this holds it to `check`'s value and message for every shipped keymap, on lines from every keymap's own
/// examples, each changed every way one slip changes it.
struct StoredValueTests {
    static let keymaps = ["card", "country", "date", "digits", "email", "hostname", "idcard-cn", "ipv4", "phone",
                          "phone-cn", "phone-us", "port", "region-cn", "semver", "text"]

    /// Lines of every kind: the shipped fields' test lines, phone numbers, and each with a character dropped,
    /// replaced or added, padded with white space, or cut by a carriage return.
    static let lines: [String] = {
        var seeds = Set(ShippedFieldTests.lines.map(\.1))
        seeds.formUnion(PhoneJudgeTests.lines.prefix(400))
        seeds.formUnion(["", " ", "person 12", "  Ann  Lee ", "a\tb", "x\u{7F}", "中文名", "é", "person 12\r", String(repeating: "a", count: 300),
                         "2024-02-29", "4111 1111 1111 1111", "11010519491231002X", "110105491231002", "example.com", "1.2.3"])
        var out: [String] = []
        for seed in seeds.sorted() {
            out.append(seed)
            let chars = Array(seed)
            for at in chars.indices.prefix(24) {
                var dropped = chars, replaced = chars, added = chars
                dropped.remove(at: at)
                replaced[at] = chars[at] == "9" ? "0" : "9"
                added.insert("-", at: at)
                out += [String(dropped), String(replaced), String(added)]
            }
            out += [" \(seed) ", seed + "\r", seed + "x"]
        }
        return out
    }()

    @Test(arguments: keymaps)
    func storedValuesAreTheGeneralPathsAnswers(name: String) throws {
        let spec = try ShippedFieldTests.spec(name).spec
        // The import's checkers compute no display; the value and message must not depend on that.
        var checker = LineChecker(spec: spec, context: ShippedFieldTests.today)
        checker.computesDisplay = false
        let general = LineChecker(spec: spec, context: ShippedFieldTests.today)
        var out: [UInt8] = [], scratch: [UInt8] = []
        var valid = 0
        for line in Self.lines {
            let stored = checker.storedValue(of: line, out: &out, scratch: &scratch)
            let result = general.check(line)
            #expect(stored.value == result.value, "\(name): \(line.debugDescription)")
            #expect(stored.issue?.message == result.issue?.message, "\(name): \(line.debugDescription)")
            if result.issue == nil { valid += 1 }
        }
        // Every keymap meets valid lines among them, not only refusals (choice lists aside: their lines are names).
        if !["country", "region-cn"].contains(name) { #expect(valid > 0, "\(name)") }
    }
}
