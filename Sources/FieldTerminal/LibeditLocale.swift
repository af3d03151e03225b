#if canImport(Glibc)
import Glibc
#endif

/// The character set libedit decodes and encodes with.
enum LibeditLocale {
    /// Use the environment's locale, falling back to C.UTF-8 so CJK and emoji are not printed as octal escapes.
    static func preferUTF8() {
        setlocale(LC_CTYPE, "")
        if let codeset = nl_langinfo(nl_item(CODESET)), String(cString: codeset) != "UTF-8" {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
    }
}
