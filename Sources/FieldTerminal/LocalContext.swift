import FieldKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Today's local date, read once per run, for "birth date is in the future"; and the weekday names of the
/// user's language for a date picker's right prompt.
enum Today {
    /// Whether the messages locale (LC_ALL, then LC_MESSAGES, then LANG, the first that is set) is Chinese.
    static func chinese() -> Bool {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = getenv(name).map({ String(cString: $0) }), !value.isEmpty { return value.hasPrefix("zh") }
        }
        return false
    }

    static func context() -> ValidationContext {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        let date = CalendarDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
        return ValidationContext(today: date!, weekdays: chinese() ? ValidationContext.chineseWeekdays : ValidationContext.englishWeekdays)
    }
}
