import Testing
@testable import fieldline

/// `compare` and `stats` take FORM and `--from` from one option group: the same words in both helps.
struct FormRecordsOptionsTests {
    /// The help's lines about FORM and `--from` (each option's text on one line at this width).
    static func formAndFrom(_ help: String) -> [Substring] {
        help.split(separator: "\n").map { $0.drop(while: { $0 == " " }) }
            .filter { $0.hasPrefix("<form> ") || $0.hasPrefix("--from <from> ") }
    }

    @Test func compareAndStatsDescribeFormAndFromAlike() {
        let compare = Self.formAndFrom(Compare.helpMessage(columns: 400))
        #expect(compare.count == 2, "\(compare)")
        #expect(compare == Self.formAndFrom(Stats.helpMessage(columns: 400)))
    }
}
