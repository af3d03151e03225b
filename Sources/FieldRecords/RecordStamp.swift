import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// Who saves a record and when: the `operator`, `saved_at`, `edited_by` and `edited_at` columns' values.
public enum RecordStamp {
    /// The login name of whoever runs fieldline, for the `operator` and `edited_by` columns.
    public static func operatorName() -> String {
        if let name = getlogin() { return String(cString: name) }
        if let pw = getpwuid(getuid()), let name = pw.pointee.pw_name { return String(cString: name) }
        return String(getuid())
    }

    /// `second` (now by default: `WallClock`, which `FIELDLINE_NOW` pins) as ISO 8601 UTC, to the second.
    public static func timestamp(at second: time_t = time_t(WallClock.now())) -> String {
        var now = second
        var parts = tm()
        gmtime_r(&now, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }
}
