import FieldKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The validation context of this process: today's local date (for "birth date is in the future", date bounds)
/// and the weekday names of the user's language for a date picker's right prompt.
public enum LocalContext {
    /// Today, in the local time zone, with the locale's weekday names.
    public static func now() -> ValidationContext {
        var now = time_t(WallClock.now())
        var parts = tm()
        localtime_r(&now, &parts)
        let date = CalendarDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
        return ValidationContext(today: date!, weekdays: Language.current == .zh ? ValidationContext.chineseWeekdays : ValidationContext.englishWeekdays)
    }
}
