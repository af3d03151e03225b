extension Field {
    /// A command in a date picker: `t` fills today, Up/Down step the segment under the cursor, and a key or a
    /// deletion that leaves digits no real date in the bounds can start with is refused.
    mutating func performDate(_ command: EditCommand, _ picker: DatePicker) -> Effect {
        let (lo, hi) = picker.range(in: context)
        func refuse(_ reason: String) -> Effect { notice = reason; lastKeyRefused = true; return .bell }
        func show(_ date: CalendarDate, cursor: Int) -> Effect {
            notice = nil
            state.symbols = date.digits
            state.cursor = min(cursor, 8)
            revealsMessage = false
            lastKeyRefused = false
            return .refresh
        }
        switch command {
        case .selfInsert("t"), .selfInsert("T"):
            let today = context.today
            if let issue = picker.boundsIssue(today, in: context) { return refuse(issue.message) }
            return show(today, cursor: 8)
        case .previousChoice, .nextChoice:
            // Up (previous-choice) is later, as on a wheel turned up; Down earlier.
            let delta = command == .previousChoice ? 1 : -1
            if state.symbols.isEmpty { return show(min(max(context.today, lo), hi), cursor: 8) }
            guard let date = DatePicker.date(of: state.symbols) else {
                return refuse(tr("Up and Down step a whole date: type all 8 digits, or none for today"))
            }
            guard let next = DatePicker.step(date, segment: DatePicker.segment(atCursor: state.cursor), by: delta) else {
                return refuse(tr("years run from 0001 to 9999"))
            }
            if let issue = picker.boundsIssue(next, in: context) { return refuse(issue.message) }
            return show(next, cursor: state.cursor)
        case .selfInsert, .backwardDeleteChar, .deleteChar, .backwardKillWord, .killWord, .unixLineDiscard, .killLine:
            let before = state
            let effect = perform(command)
            guard state.symbols != before.symbols else { return effect }
            let digits = state.symbols.map { $0.wholeNumberValue ?? -1 }
            if !DatePicker.isPossible(digits, lo: lo, hi: hi) {
                state = before
                let reason = DatePicker.whyImpossible(digits, lo: lo, hi: hi)
                if case .selfInsert = command { return refuse(reason) }
                return refuse(tr("not deleted: \(reason)"))
            }
            return effect
        default:
            return perform(command)
        }
    }

    /// The right prompt of a complete, real date: its weekday in the context's language (`Sun`, `周日`).
    func dateCounter() -> String? {
        // Year 0000 is no date (the validator refuses it): its field shows the digit counter.
        guard case .date = spec.kind, let date = DatePicker.date(of: state.symbols), date.year >= 1 else { return nil }
        return context.weekdays[date.weekday]
    }
}

extension DatePicker {
    /// Why no date within `lo...hi` starts with `digits` (which `isPossible` refused): no real date starts so, or
    /// every one that does lies before the earliest or after the latest date.
    static func whyImpossible(_ digits: [Int], lo: CalendarDate, hi: CalendarDate) -> String {
        guard isPossible(digits, lo: .first, hi: .last) else {
            // The digits as the field lays them out: 2024-13, 2023-02-29.
            var shown = ""
            for (i, d) in digits.enumerated() {
                if i == 4 || i == 6 { shown += "-" }
                shown += d >= 0 ? String(d) : "?"
            }
            return tr("no date starts \(shown)")
        }
        if !isPossible(digits, lo: lo, hi: .last) { return tr("the earliest date is \(lo)") }
        if !isPossible(digits, lo: .first, hi: hi) { return tr("the latest date is \(hi)") }
        return tr("the dates run from \(lo) to \(hi)")
    }

    /// The date 8 digit symbols write, if they are a real date.
    public static func date(of symbols: [Character]) -> CalendarDate? {
        guard symbols.count == 8 else { return nil }
        let n = symbols.map(digitValue)
        guard n.allSatisfy({ (0...9).contains($0) }) else { return nil }
        func number(_ r: Range<Int>) -> Int { r.reduce(0) { $0 * 10 + n[$1] } }
        return CalendarDate(year: number(0..<4), month: number(4..<6), day: number(6..<8))
    }

    /// `c.wholeNumberValue ?? -1`, an ASCII character read without Unicode's numeric tables (a date per record of
    /// an import).
    static func digitValue(_ c: Character) -> Int {
        // One UTF-8 byte is one ASCII scalar (CR LF is two bytes).
        let utf8 = c.utf8
        if utf8.count == 1, let byte = utf8.first { return byte >= 0x30 && byte <= 0x39 ? Int(byte &- 0x30) : -1 }
        return c.wholeNumberValue ?? -1
    }

    /// Why a real date is refused by the bounds, if it is.
    func boundsIssue(_ date: CalendarDate, in context: ValidationContext) -> ValidationIssue? {
        let (lo, hi) = range(in: context)
        if date < lo { return ValidationIssue(tr("\(date) is before the earliest date, \(lo)")) }
        if date > hi { return ValidationIssue(tr("\(date) is after the latest date, \(hi)")) }
        return nil
    }
}
