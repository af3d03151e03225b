import FieldKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Today's local date, read once per run, for "birth date is in the future".
enum Today {
    static func context() -> ValidationContext {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        let date = CalendarDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
        return ValidationContext(today: date!)
    }
}
