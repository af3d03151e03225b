#if canImport(Glibc)
import Glibc
#endif

/// The time fieldline takes as now: the system's, or the one `FIELDLINE_NOW` pins, so that tests, demos and
/// documentation examples give the same dates ("today", a date field's default) and times (`saved_at`,
/// `edited_at`) on every run.
public enum WallClock {
    /// The variable that pins the time: whole seconds since 1970-01-01 UTC, as `SOURCE_DATE_EPOCH` gives them.
    public static let variable = "FIELDLINE_NOW"
    /// The latest time taken: 9999-12-31T23:59:59Z (a year of four digits, as every date fieldline writes).
    public static let latest: Int = 253_402_300_799

    /// What `FIELDLINE_NOW` holds, read once: nil when it is unset or empty.
    private static let setting: String? = getenv(variable).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }

    /// The pinned time, when `FIELDLINE_NOW` holds one.
    public static let pinned: Int? = setting.flatMap(seconds(in:))

    /// Why `FIELDLINE_NOW` cannot be used (set, but not whole seconds from 0 to `latest`); the program refuses to
    /// start with it (64) rather than run at the system's time while the user believes it pinned.
    public static var problem: String? {
        guard let setting, pinned == nil else { return nil }
        return tr("\(variable) takes whole seconds since 1970-01-01 UTC (as SOURCE_DATE_EPOCH), from 0 to \(latest), not '\(ControlCharacters.escaped(setting))'")
    }

    /// Now, in seconds since 1970-01-01 UTC.
    public static func now() -> Int { pinned ?? Int(time(nil)) }

    /// `text` as seconds from 0 to `latest`: ASCII digits only (no sign, no spaces), at most 12 of them.
    static func seconds(in text: String) -> Int? {
        let digits = Array(text.utf8)
        guard !digits.isEmpty, digits.count <= 12, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let value = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        return value <= latest ? value : nil
    }
}
