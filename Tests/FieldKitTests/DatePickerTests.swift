import Foundation
import FieldKit
import Testing

/// The date picker: impossible input refused while typing, Up/Down stepping that keeps a real date, `t` for
/// today, bounds, the weekday; stepping and weekdays checked against Foundation's Gregorian calendar.
@Suite struct DatePickerTests {
    static func field(earliest: DateBound? = nil, latest: DateBound? = nil, weekdays: [String] = ValidationContext.englishWeekdays) -> Field {
        var spec = BuiltinFields.date
        guard case .date(let templates, _) = spec.kind else {
            Issue.record("the shipped date keymap is a date picker")
            return Field(spec: spec, context: fixedContext)
        }
        spec.kind = .date(templates: templates, picker: DatePicker(earliest: earliest, latest: latest))
        return Field(spec: spec, context: ValidationContext(today: fixedContext.today, weekdays: weekdays))
    }

    /// Types `keys` one by one; returns the display and which keys were refused (1-based).
    static func type(_ keys: String, into field: inout Field) -> [Int] {
        var refused: [Int] = []
        for (i, k) in keys.enumerated() where field.apply(.selfInsert(String(k))) == .bell { refused.append(i + 1) }
        return refused
    }

    @Test(arguments: [
        ("20241301", [6]),            // month 13: the 3 is refused (then 0 and 1 go on as 10, 01 → 2024-10-1)
        ("20240132", [8]),            // day 32
        ("20240431", [8]),            // 04-31
        ("20230229", [8]),            // not a leap year
        ("20240229", []),             // a leap year
        ("00000101", [4, 5]),         // there is no year 0000 (the next 0 is refused too; then 0001-01-0…)
        ("19991231", []),
    ])
    func aKeyThatMakesTheDateImpossibleIsRefused(keys: String, refused: [Int]) {
        var f = Self.field()
        #expect(Self.type(keys, into: &f) == refused, "\(f.frame.display)")
    }

    @Test func stepsKeepARealDate() {
        var f = Self.field()
        _ = Self.type("20241231", into: &f)
        #expect(f.apply(.previousChoice) == .refresh && f.frame.display == "2025-01-01")  // day Up (cursor at the end)
        #expect(f.apply(.nextChoice) == .refresh && f.frame.display == "2024-12-31")
        var g = Self.field()
        _ = Self.type("20240131", into: &g)
        g.apply(.beginningOfLine); for _ in 0..<5 { g.apply(.forwardChar) }               // in the month
        g.apply(.previousChoice)
        #expect(g.frame.display == "2024-02-29" && g.state.cursor == 5)
        var h = Self.field()
        _ = Self.type("20240229", into: &h)
        h.apply(.beginningOfLine)
        h.apply(.previousChoice)
        #expect(h.frame.display == "2025-02-28")
        // Empty: Up and Down start from today; t fills today; a partial date does not step.
        var e = Self.field()
        #expect(e.apply(.nextChoice) == .refresh && e.frame.display == "2026-11-22")
        var t = Self.field()
        #expect(t.apply(.selfInsert("t")) == .refresh && t.acceptedValue == "2026-11-22")
        var p = Self.field()
        _ = Self.type("2024", into: &p)
        #expect(p.apply(.previousChoice) == .bell)
    }

    @Test func boundsStopSteppingRefuseTypingAndExplain() {
        var f = Self.field(earliest: .date(CalendarDate(year: 2026, month: 3, day: 15)!), latest: .today)
        #expect(Self.type("2025", into: &f) == [4])                           // 2025 is before 2026-03-15
        f.apply(.unixLineDiscard)
        #expect(Self.type("20260314", into: &f) == [8])
        _ = Self.type("5", into: &f)
        #expect(f.apply(.nextChoice) == .bell && f.frame.display == "2026-03-15")  // the earliest: Down stops
        f.apply(.unixLineDiscard)
        #expect(f.apply(.selfInsert("t")) == .refresh)
        #expect(f.apply(.previousChoice) == .bell)                              // today is the latest
        // A pasted date outside the bounds goes in, and Enter explains.
        var g = Self.field(earliest: .date(CalendarDate(year: 2026, month: 3, day: 15)!))
        g.apply(.paste("2026-01-01"))
        #expect(g.apply(.acceptLine) == .bell)
        #expect(g.frame.message == "2026-01-01 is before the earliest date, 2026-03-15")
        var h = Self.field(latest: .today)
        #expect(h.apply(.selfInsert("t")) == .refresh && h.apply(.acceptLine) == .accept("2026-11-22"))
    }

    /// Found by the engine fuzz target: a pasted 0000-02-29 (pastes go in whole; Enter refuses year 0000) made the
    /// weekday of year 0 index out of the week.
    @Test func yearZeroPastedShowsTheDigitCounter() {
        var f = Self.field()
        f.apply(.paste("0000-02-29"))
        #expect(f.frame.counter == "8/8")
        #expect(f.apply(.acceptLine) == .bell)
        #expect(CalendarDate(year: 0, month: 2, day: 29).map { (0...6).contains($0.weekday) } == true)
    }

    @Test func theRightPromptShowsTheWeekday() {
        var f = Self.field()
        _ = Self.type("2026112", into: &f)
        #expect(f.frame.counter == "7/8")
        _ = Self.type("0", into: &f)
        #expect(f.frame.counter == "Fri")
        var z = Self.field(weekdays: ValidationContext.chineseWeekdays)
        _ = Self.type("20261120", into: &z)
        #expect(z.frame.counter == "周五")
    }

    /// Every month boundary from 1900 to 2100: the day steps over it, month and year steps from its last days,
    /// and the weekday of its first and last day, each as Foundation's Gregorian calendar has it.
    @Test func steppingAcrossEveryMonthBoundaryFrom1900To2100MatchesTheCalendar() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        func foundation(_ d: CalendarDate) -> Date { calendar.date(from: DateComponents(year: d.year, month: d.month, day: d.day))! }
        func ours(_ date: Date) -> CalendarDate {
            let c = calendar.dateComponents([.year, .month, .day], from: date)
            return CalendarDate(year: c.year!, month: c.month!, day: c.day!)!
        }
        var checked = 0
        for year in 1900...2100 {
            for month in 1...12 {
                let last = CalendarDate.daysIn(month: month, year: year)
                for day in Set([1, 28, min(29, last), min(30, last), last]) {
                    let d = CalendarDate(year: year, month: month, day: day)!
                    let date = foundation(d)
                    for (segment, component) in [(2, Calendar.Component.day), (1, .month), (0, .year)] {
                        for delta in [1, -1] {
                            let expected = ours(calendar.date(byAdding: component, value: delta, to: date)!)
                            #expect(DatePicker.step(d, segment: segment, by: delta) == expected, "\(d) \(component) \(delta)")
                        }
                    }
                    // Foundation numbers Sunday 1 … Saturday 7; ours Monday 0 … Sunday 6.
                    #expect(d.weekday == (calendar.component(.weekday, from: date) + 5) % 7, "\(d)")
                    checked += 1
                }
            }
        }
        #expect(checked > 2412 * 4)
    }
}
