import Foundation
import Testing
@testable import TestSupport

/// `fieldline check date`: separators only between year, month and day, so no line is read in another order.
@Suite struct CheckDateTests {
    @Test func aDateInAnotherOrderIsRefusedNotReRead() throws {
        let lines = ["2024/02/01", "01/02/2024", "2024.02.01", "2024/2/1", "20240201", "202/40/201", "2024 02 01"]
        let r = try fieldline(["check", "date"], stdin: lines.joined(separator: "\n") + "\n")
        #expect(r.out == "2024-02-01\n\n2024-02-01\n\n2024-02-01\n\n2024-02-01\n")
        #expect(r.err == """
            2: unexpected '/' at column 3: a date is written yyyy-mm-dd or yyyymmdd
            4: unexpected '/' at column 7: a date is written yyyy-mm-dd or yyyymmdd
            6: unexpected '/' at column 4: a date is written yyyy-mm-dd or yyyymmdd

            """)
        #expect(r.status == 65)
    }

    @Test func theMessageInChinese() throws {
        let r = try fieldline(["check", "date", "--lang", "zh"], stdin: "01.02.2024\n")
        #expect(r.err.hasPrefix("1: ") && r.err.contains("yyyy-mm-dd") && !r.err.contains("a date is written"), "\(r.err)")
        #expect(r.status == 65)
    }
}
