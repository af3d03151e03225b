#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A reader for the gettext `.po` files of `po/`: entries of `msgid` and `msgstr`, each a run of quoted C strings
/// (`msgctxt` and plural forms are not used by this project and are skipped).
public enum POFile {
    /// One entry.
    public struct Entry: Sendable, Equatable {
        /// The English message.
        public var msgid = ""
        /// Its translation (empty: not translated).
        public var msgstr = ""
        /// Marked `#, fuzzy`: a translation to check, not used.
        public var fuzzy = false
    }

    /// The entries of a `.po` file's text, in order (the header, whose msgid is empty, included). LF ends a line (a
    /// CR before it is dropped). Read as bytes: split by Character, the shipped Chinese catalogue took 78 M
    /// instructions, before a Chinese user's first prompt.
    public static func entries(_ text: String) -> [Entry] {
        var text = text
        text.makeContiguousUTF8()
        return text.utf8.withContiguousStorageIfAvailable(entries(bytes:)) ?? []
    }

    private enum Field { case msgid, msgstr }

    private static func entries(bytes: UnsafeBufferPointer<UInt8>) -> [Entry] {
        var entries: [Entry] = []
        var current = Entry()
        var field: Field?
        var started = false
        func finish() {
            if started { entries.append(current) }
            current = Entry()
            field = nil
            started = false
        }
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            defer { start = end + 1 }
            var first = start, last = end
            while first < last && (bytes[first] == 0x20 || bytes[first] == 0x09) { first += 1 }
            if last > first && bytes[last - 1] == 0x0D { last -= 1 }
            let line = UnsafeBufferPointer(rebasing: bytes[first..<last])
            if line.isEmpty { finish(); continue }
            if line[0] == UInt8(ascii: "#") {
                if started && field == .msgstr { finish() }
                if line.count > 1 && line[1] == UInt8(ascii: ",") && contains(line, "fuzzy") { current.fuzzy = true }
                continue
            }
            if starts(line, "msgid ") {
                if started && field == .msgstr { finish() }
                started = true
                field = .msgid
                current.msgid = unquote(UnsafeBufferPointer(rebasing: line[6...]))
            } else if starts(line, "msgstr ") {
                field = .msgstr
                current.msgstr = unquote(UnsafeBufferPointer(rebasing: line[7...]))
            } else if line[0] == UInt8(ascii: "\""), let open = field {
                switch open {
                case .msgid: current.msgid += unquote(line)
                case .msgstr: current.msgstr += unquote(line)
                }
            } else {
                field = nil  // msgctxt, msgid_plural, msgstr[n]: not used here
            }
        }
        finish()
        return entries
    }

    private static func starts(_ line: UnsafeBufferPointer<UInt8>, _ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard line.count >= count else { return false }
        return (0..<count).allSatisfy { line[$0] == prefix.utf8Start[$0] }
    }

    private static func contains(_ line: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard line.count >= count else { return false }
        return (0...(line.count - count)).contains { at in (0..<count).allSatisfy { line[at + $0] == word.utf8Start[$0] } }
    }

    /// The text of one quoted C string (`"a\"b\n"` → `a"b` and a newline).
    static func unquote(_ quoted: Substring) -> String {
        var text = String(quoted)
        return text.withUTF8(unquote)
    }

    /// `unquote` of the string's UTF-8 bytes: escapes are ASCII, so a byte after a backslash that is not one is
    /// kept as it is and the bytes after it follow unchanged.
    private static func unquote(_ quoted: UnsafeBufferPointer<UInt8>) -> String {
        var first = 0, last = quoted.count
        while first < last && quoted[first] == 0x20 { first += 1 }
        guard first < last, quoted[first] == UInt8(ascii: "\"") else { return "" }
        first += 1
        if last > first && quoted[last - 1] == UInt8(ascii: "\"") { last -= 1 }
        let body = UnsafeBufferPointer(rebasing: quoted[first..<last])
        // Most strings escape nothing: their bytes are the text.
        if let base = body.baseAddress, memchr(base, Int32(UInt8(ascii: "\\")), body.count) == nil {
            return String(decoding: body, as: UTF8.self)
        }
        var out: [UInt8] = []
        out.reserveCapacity(last - first)
        var escaping = false
        for byte in quoted[first..<last] {
            if escaping {
                switch byte {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                default: out.append(byte)
                }
                escaping = false
            } else if byte == UInt8(ascii: "\\") {
                escaping = true
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
