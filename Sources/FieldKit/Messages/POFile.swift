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

    /// The entries of a `.po` file's text, in order (the header, whose msgid is empty, included).
    public static func entries(_ text: String) -> [Entry] {
        var entries: [Entry] = []
        var current = Entry()
        var field: WritableKeyPath<Entry, String>?
        var started = false
        func finish() {
            if started { entries.append(current) }
            current = Entry()
            field = nil
            started = false
        }
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.drop { $0 == " " || $0 == "\t" }
            if line.isEmpty { finish(); continue }
            if line.hasPrefix("#") {
                if started && field == \.msgstr { finish() }
                if line.hasPrefix("#,") && line.contains("fuzzy") { current.fuzzy = true }
                continue
            }
            if line.hasPrefix("msgid ") {
                if started && field == \.msgstr { finish() }
                started = true
                field = \.msgid
                current.msgid = unquote(line.dropFirst("msgid ".count))
            } else if line.hasPrefix("msgstr ") {
                field = \.msgstr
                current.msgstr = unquote(line.dropFirst("msgstr ".count))
            } else if line.hasPrefix("\""), let field {
                current[keyPath: field] += unquote(line)
            } else {
                field = nil  // msgctxt, msgid_plural, msgstr[n]: not used here
            }
        }
        finish()
        return entries
    }

    /// The text of one quoted C string (`"a\"b\n"` → `a"b` and a newline).
    static func unquote(_ quoted: Substring) -> String {
        var body = quoted.drop { $0 == " " }
        guard body.first == "\"" else { return "" }
        body = body.dropFirst()
        if body.last == "\"" { body = body.dropLast() }
        var out = ""
        var escaping = false
        for c in body {
            if escaping {
                switch c {
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "r": out.append("\r")
                default: out.append(c)
                }
                escaping = false
            } else if c == "\\" {
                escaping = true
            } else {
                out.append(c)
            }
        }
        return out
    }
}
