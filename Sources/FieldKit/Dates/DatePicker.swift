/// A date field that is also a picker (`picker: date` in a keymap): a key that makes the date impossible is refused
/// while typing, Up/Down step the segment under the cursor keeping a real date, `t` fills today, and the date may
/// be bounded (`--min`, `--max`). Its symbols are 8 digits, `yyyymmdd`.
public struct DatePicker: Sendable, Equatable {
    /// The earliest date accepted, if bounded.
    public var earliest: DateBound?
    /// The latest date accepted, if bounded.
    public var latest: DateBound?

    /// A picker with these bounds.
    public init(earliest: DateBound? = nil, latest: DateBound? = nil) {
        self.earliest = earliest
        self.latest = latest
    }

    /// The bounds on a given day: 0001-01-01 and 9999-12-31 where unbounded.
    public func range(in context: ValidationContext) -> (lo: CalendarDate, hi: CalendarDate) {
        (earliest?.date(in: context) ?? CalendarDate.first, latest?.date(in: context) ?? CalendarDate.last)
    }

    /// Whether typed digits (a prefix of `yyyymmdd`) can still become a real date within the bounds.
    public static func isPossible(_ digits: [Int], lo: CalendarDate, hi: CalendarDate) -> Bool {
        guard digits.count <= 8, digits.allSatisfy({ (0...9).contains($0) }), lo <= hi else { return false }
        func number(_ range: Range<Int>) -> Int { range.reduce(0) { $0 * 10 + digits[$1] } }
        let n = digits.count
        // The years the digits allow, then the months, then the days; each candidate must overlap [lo, hi].
        let years: ClosedRange<Int>
        if n >= 4 {
            years = number(0..<4)...number(0..<4)
        } else {
            let scale = [10000, 1000, 100, 10][n]
            let base = number(0..<n) * scale
            years = base...(base + scale - 1)
        }
        let yearLo = max(years.lowerBound, lo.year, 1), yearHi = min(years.upperBound, hi.year)
        guard yearLo <= yearHi else { return false }
        if n <= 4 { return true }  // whole years in between hold real dates; lo and hi are real dates themselves
        let year = yearLo
        let months: [Int]
        switch n {
        case 5: months = digits[4] == 0 ? Array(1...9) : digits[4] == 1 ? [10, 11, 12] : []
        default: months = (1...12).contains(number(4..<6)) ? [number(4..<6)] : []
        }
        for month in months {
            let last = CalendarDate.daysIn(month: month, year: year)
            if n <= 6 {
                // The month [first, last] overlaps [lo, hi].
                let first = CalendarDate(year: year, month: month, day: 1)!, end = CalendarDate(year: year, month: month, day: last)!
                if first <= hi && end >= lo { return true }
                continue
            }
            let days = n == 7 ? (0...9).map { digits[6] * 10 + $0 } : [number(6..<8)]
            for day in days where (1...last).contains(day) {
                let date = CalendarDate(year: year, month: month, day: day)!
                if date >= lo && date <= hi { return true }
            }
        }
        return false
    }

    /// `date` moved by one step of a segment (0 year, 1 month, 2 day; `by` +1 or -1), keeping a real date: a day
    /// step crosses months and years, a month or year step keeps the day where the month has it (31 → 30, 29 → 28).
    public static func step(_ date: CalendarDate, segment: Int, by delta: Int) -> CalendarDate? {
        switch segment {
        case 0:
            let year = date.year + delta
            guard (1...9999).contains(year) else { return nil }
            return CalendarDate(year: year, month: date.month, day: min(date.day, CalendarDate.daysIn(month: date.month, year: year)))
        case 1:
            var year = date.year, month = date.month + delta
            if month > 12 { month = 1; year += 1 }
            if month < 1 { month = 12; year -= 1 }
            guard (1...9999).contains(year) else { return nil }
            return CalendarDate(year: year, month: month, day: min(date.day, CalendarDate.daysIn(month: month, year: year)))
        default:
            var year = date.year, month = date.month, day = date.day + delta
            if day > CalendarDate.daysIn(month: month, year: year) { day = 1; month += 1 }
            if day < 1 {
                month -= 1
                if month < 1 { month = 12; year -= 1 }
                day = year >= 1 ? CalendarDate.daysIn(month: month, year: year) : 1
            }
            if month > 12 { month = 1; year += 1 }
            guard (1...9999).contains(year) else { return nil }
            return CalendarDate(year: year, month: month, day: day)
        }
    }

    /// The segment a cursor (between symbols, 0...8) steps: the one holding it, or at a boundary the one before.
    public static func segment(atCursor cursor: Int) -> Int {
        cursor <= 4 ? 0 : cursor <= 6 ? 1 : 2
    }
}

/// A date bound as given: a fixed date, or today (resolved on the day the value is checked).
public enum DateBound: Sendable, Equatable {
    /// This date.
    case date(CalendarDate)
    /// The day of checking.
    case today

    /// The date it stands for on a given day.
    public func date(in context: ValidationContext) -> CalendarDate {
        switch self {
        case .date(let d): return d
        case .today: return context.today
        }
    }

    /// `today`, `2026-01-31` or `20260131`; nil for anything else.
    public static func parse(_ text: String) -> DateBound? {
        if text == "today" { return .today }
        let digits = text.utf8.filter { $0 != UInt8(ascii: "-") }
        guard digits.count == 8, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              text.utf8.count == 8 || (text.utf8.count == 10 && Array(text.utf8)[4] == 0x2D && Array(text.utf8)[7] == 0x2D)
        else { return nil }
        let n = digits.map { Int($0) - 48 }
        func number(_ r: Range<Int>) -> Int { r.reduce(0) { $0 * 10 + n[$1] } }
        return CalendarDate(year: number(0..<4), month: number(4..<6), day: number(6..<8)).map { .date($0) }
    }
}

extension CalendarDate {
    /// 0001-01-01, the first date the `date` validator knows.
    public static let first = CalendarDate(year: 1, month: 1, day: 1)!
    /// 9999-12-31, the last.
    public static let last = CalendarDate(year: 9999, month: 12, day: 31)!

    /// The day of the week, 0 Monday … 6 Sunday (proleptic Gregorian).
    public var weekday: Int {
        // Days since 0001-01-01 (a Monday), counted by whole years, then months, then days.
        let y = year - 1
        var days = y * 365 + y / 4 - y / 100 + y / 400
        for m in 1..<month { days += CalendarDate.daysIn(month: m, year: year) }
        days += day - 1
        // Years before 0001 (no valid date has one, but a pasted 0000-02-29 is a CalendarDate) must not index
        // out of a week.
        return (days % 7 + 7) % 7
    }

    /// The 8 digits `yyyymmdd`.
    var digits: [Character] { Array(String(description.filter { $0 != "-" })) }
}
