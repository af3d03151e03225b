/// A proleptic Gregorian calendar date without time or zone.
public struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The year, e.g. 1990.
    public let year: Int
    /// The month, 1-12.
    public let month: Int
    /// The day of the month, 1-31.
    public let day: Int

    /// A date from its parts; nil when no such day exists (1990-02-30).
    public init?(year: Int, month: Int, day: Int) {
        guard month >= 1, month <= 12, day >= 1, day <= CalendarDate.daysIn(month: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Days in a month, leap years included.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Whether a year has 29 February.
    public static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// `yyyy-mm-dd`.
    public var description: String { CalendarDate.iso(year: year, month: month, day: day) }

    /// `yyyy-mm-dd` for any numbers, real date or not (for messages such as "no such date 1990-02-30").
    public static func iso(year: Int, month: Int, day: Int) -> String {
        // Every real date's numbers fit the widths: its ten bytes are written at once (a date per record of an
        // import), and only other numbers are padded piece by piece.
        guard (0...9999).contains(year), (0...99).contains(month), (0...99).contains(day) else { return paddedISO(year, month, day) }
        return String(unsafeUninitializedCapacity: 10) { out in
            func put(_ n: Int, _ width: Int, at start: Int) {
                var n = n
                for i in stride(from: start + width - 1, through: start, by: -1) {
                    out[i] = UInt8(0x30 + n % 10)
                    n /= 10
                }
            }
            put(year, 4, at: 0)
            out[4] = 0x2D
            put(month, 2, at: 5)
            out[7] = 0x2D
            put(day, 2, at: 8)
            return 10
        }
    }

    /// `iso` for any numbers, each padded with zeros to its width.
    static func paddedISO(_ year: Int, _ month: Int, _ day: Int) -> String {
        pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
    }

    private static func pad(_ n: Int, _ width: Int) -> String {
        let s = String(n)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }

    public static func < (a: CalendarDate, b: CalendarDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }
}

extension UnsafeBufferPointer where Element == UInt8 {
    /// The number written by ASCII digits in `range`, or nil if any is not a digit.
    @inline(__always)
    func decimal(_ range: Range<Int>) -> Int? {
        var n = 0
        for i in range {
            let d = Int(self[i]) &- 48
            if d < 0 || d > 9 { return nil }
            n = n &* 10 &+ d
        }
        return n
    }
}
