import Foundation
import Testing
@testable import FieldKit

/// A date's separators are dropped only between its year, month and day (`yyyy-mm-dd`), so a line written in
/// another order is refused rather than read as a date of other digits: in `check` (both of its paths) and in a
/// paste, which share the rule; typing has no separators at all.
@Suite struct DateSeparatorTests {
    static let checker = LineChecker(spec: BuiltinFields.date, context: fixedContext)

    /// The same verdict from the ASCII byte path and the general path.
    static func check(_ line: String) -> [CheckResult] {
        var bytes = Array(line.utf8)
        return bytes.withUnsafeMutableBufferPointer { b in
            [checker.check(UnsafeBufferPointer(b)), checker.check(UnsafeBufferPointer(b), fastPath: false)]
        }
    }

    @Test(arguments: ["2024-02-01", "2024/02/01", "2024.02.01", "2024 02 01", "20240201", " 2024/02/01 ",
                      "2024/02-01", "2024-0201", "202402.01", "２０２４／０２／０１"])
    func separatorsBetweenYearMonthAndDayAreDropped(line: String) {
        for result in Self.check(line) {
            #expect(result.issue == nil, "\(line): \(result.issue?.message ?? "")")
            #expect(result.value == "2024-02-01")
        }
    }

    /// line, the offending separator's column. `01/02/2024` would otherwise be 0102-20-24 and `01.02.2023`
    /// 0102-20-23, real dates both.
    @Test(arguments: [
        ("01/02/2024", 3), ("01.02.2023", 3), ("01 02 2024", 3), ("01-02-2024", 3),
        ("2024/2/1", 7), ("202/40/201", 4), ("2024--02-01", 6), ("2024/02/01/", 11), ("/20240201", 1),
        ("20/24/02/01", 3), ("０１／０２／２０２４", 3),
    ] as [(String, Int)])
    func aSeparatorElsewhereIsRefusedAtItsColumn(line: String, column: Int) {
        let separator = line.dropFirst(column - 1).first!
        for result in Self.check(line) {
            #expect(result.issue?.message == "unexpected '\(separator)' at column \(column): a date is written yyyy-mm-dd or yyyymmdd")
            #expect(result.value == "")
        }
    }

    @Test func aPasteFollowsTheSameRule() {
        var f = Field(spec: BuiltinFields.date, context: fixedContext)
        #expect(f.apply(.paste("01/02/2024")) == .bell)
        #expect(f.value == "" && f.notice == "paste refused: unexpected '/' at column 3: a date is written yyyy-mm-dd or yyyymmdd")
        // Where the paste lands counts: after a typed year, a separator first is in its place.
        for k in "2024" { f.apply(.selfInsert(String(k))) }
        #expect(f.apply(.paste("/02/01")) != .bell)
        #expect(f.frame.display == "2024-02-01")
        var g = Field(spec: BuiltinFields.date, context: fixedContext)
        for k in "20" { g.apply(.selfInsert(String(k))) }
        #expect(g.apply(.paste("24/2/01")) == .bell)
        #expect(g.value == "20" && g.notice == "paste refused: unexpected '/' at column 5: a date is written yyyy-mm-dd or yyyymmdd")
    }

    /// Typing has no separators: the layout puts `-` in, and a typed separator is refused like any other non-digit,
    /// wherever it is typed.
    @Test(arguments: ["/", ".", " ", "-"])
    func aTypedSeparatorIsRefused(separator: String) {
        var f = Field(spec: BuiltinFields.date, context: fixedContext)
        for k in "2024" { f.apply(.selfInsert(String(k))) }
        #expect(f.apply(.selfInsert(separator)) == .bell)
        for k in "0201" { f.apply(.selfInsert(String(k))) }
        #expect(f.frame.display == "2024-02-01")
    }
}
