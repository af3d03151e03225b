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
    /// CR before it is dropped). Read as bytes: split by Character, the shipped Chinese catalogue took many times a
    /// prompt's whole start-up, before a Chinese user's first prompt.
    public static func entries(_ text: String) -> [Entry] {
        var text = text
        text.makeContiguousUTF8()
        return text.utf8.withContiguousStorageIfAvailable(entries(bytes:)) ?? []
    }

    private enum Field { case msgid, msgstr }

    /// What a reader does with the parts of a file's lines, in order (`walk`).
    private protocol Reader {
        /// An entry begins: its `msgid` line, with the offset of the entry's first line (a comment, or the msgid).
        mutating func begin(at offset: Int)
        /// The entry is marked `#, fuzzy`.
        mutating func markFuzzy()
        /// One quoted part of the msgid or the msgstr, as written (`"…"`, escapes undone by the reader): the
        /// field's first (`continuing` false: it replaces what the field held) or one of the lines after it.
        mutating func append(_ quoted: UnsafeBufferPointer<UInt8>, to field: Field, continuing: Bool)
        /// The entry ended; false stops the walk.
        mutating func finish() -> Bool
    }

    /// The one reading of the grammar: lines from `offset` to the end, each given to `reader` as what it is.
    private static func walk<R: Reader>(_ bytes: UnsafeBufferPointer<UInt8>, from offset: Int, _ reader: inout R) {
        var field: Field?
        var started = false, fuzzy = false
        var entryStart = offset
        func finish() -> Bool {
            let more = started ? reader.finish() : true
            field = nil
            started = false
            fuzzy = false
            return more
        }
        var start = offset
        while start <= bytes.count {
            // memchr: the shipped catalogue is walked whole at the first look-up.
            var end = bytes.count
            if start < bytes.count, let base = bytes.baseAddress, let newline = memchr(base + start, 0x0A, bytes.count - start) {
                end = UnsafePointer<UInt8>(newline.assumingMemoryBound(to: UInt8.self)) - base
            }
            defer { start = end + 1 }
            var first = start, last = end
            while first < last && (bytes[first] == 0x20 || bytes[first] == 0x09) { first += 1 }
            if last > first && bytes[last - 1] == 0x0D { last -= 1 }
            let line = UnsafeBufferPointer(rebasing: bytes[first..<last])
            if line.isEmpty {
                guard finish() else { return }
                entryStart = end + 1
                continue
            }
            if line[0] == UInt8(ascii: "#") {
                if started && field == .msgstr {
                    guard finish() else { return }
                    entryStart = start
                }
                if line.count > 1 && line[1] == UInt8(ascii: ",") && contains(line, "fuzzy") {
                    if started { reader.markFuzzy() } else { fuzzy = true }
                }
                continue
            }
            if starts(line, "msgid ") {
                if started && field == .msgstr {
                    guard finish() else { return }
                    entryStart = start
                }
                if !started {
                    reader.begin(at: entryStart)
                    if fuzzy { reader.markFuzzy() }
                }
                started = true
                field = .msgid
                reader.append(UnsafeBufferPointer(rebasing: line[6...]), to: .msgid, continuing: false)
            } else if starts(line, "msgstr ") {
                field = .msgstr
                reader.append(UnsafeBufferPointer(rebasing: line[7...]), to: .msgstr, continuing: false)
            } else if line[0] == UInt8(ascii: "\""), let open = field {
                reader.append(line, to: open, continuing: true)
            } else {
                field = nil  // msgctxt, msgid_plural, msgstr[n]: not used here
            }
        }
        _ = finish()
    }

    /// Reads entries whole, as strings.
    private struct EntryReader: Reader {
        var entries: [Entry] = []
        var current = Entry()
        /// How many entries to read.
        let limit: Int
        mutating func begin(at offset: Int) { current = Entry() }
        mutating func markFuzzy() { current.fuzzy = true }
        mutating func append(_ quoted: UnsafeBufferPointer<UInt8>, to field: Field, continuing: Bool) {
            let text = unquote(quoted)
            switch field {
            case .msgid: current.msgid = continuing ? current.msgid + text : text
            case .msgstr: current.msgstr = continuing ? current.msgstr + text : text
            }
        }
        mutating func finish() -> Bool {
            entries.append(current)
            return entries.count < limit
        }
    }

    private static func entries(bytes: UnsafeBufferPointer<UInt8>) -> [Entry] {
        var reader = EntryReader(limit: .max)
        walk(bytes, from: 0, &reader)
        return reader.entries
    }

    /// The first entry whose lines begin at byte `offset` of `bytes` (an offset `index` gave), nil when none does.
    static func entry(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Entry? {
        var reader = EntryReader(limit: 1)
        walk(bytes, from: offset, &reader)
        return reader.entries.first
    }

    /// Every entry's msgid hashed (`hash(of:)` of its text, escapes undone) with the offset its lines begin at,
    /// sorted by hash: finding a message this way makes no string for the entries not asked for.
    static func index(_ bytes: UnsafeBufferPointer<UInt8>) -> [(hash: UInt64, offset: Int)] {
        struct Hashing: Reader {
            var found: [(hash: UInt64, offset: Int)] = []
            var hash = POFile.hashSeed
            var offset = 0
            mutating func begin(at offset: Int) { (hash, self.offset) = (POFile.hashSeed, offset) }
            mutating func markFuzzy() {}
            mutating func append(_ quoted: UnsafeBufferPointer<UInt8>, to field: Field, continuing: Bool) {
                guard field == .msgid else { return }
                if !continuing { hash = POFile.hashSeed }
                guard let text = POFile.body(quoted) else { return }
                var h = hash
                // Most parts escape nothing: their bytes are hashed in a plain loop.
                if let base = text.baseAddress, memchr(base, Int32(UInt8(ascii: "\\")), text.count) == nil {
                    for byte in text { h = POFile.hash(h, byte) }
                } else {
                    POFile.unescape(text) { byte in h = POFile.hash(h, byte) }
                }
                hash = h
            }
            mutating func finish() -> Bool {
                found.append((hash, offset))
                return true
            }
        }
        var reader = Hashing()
        walk(bytes, from: 0, &reader)
        return reader.found.sorted { ($0.hash, $0.offset) < ($1.hash, $1.offset) }
    }

    /// FNV-1a's offset basis: the hash of no bytes.
    static let hashSeed: UInt64 = 0xcbf2_9ce4_8422_2325

    /// FNV-1a's step: `hash` with one more byte.
    @inline(__always)
    static func hash(_ hash: UInt64, _ byte: UInt8) -> UInt64 { (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }

    /// The hash `index` gives a msgid of this text.
    static func hash(of text: String) -> UInt64 { text.utf8.reduce(hashSeed) { hash($0, $1) } }

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

    /// `unquote` of the string's UTF-8 bytes.
    private static func unquote(_ quoted: UnsafeBufferPointer<UInt8>) -> String {
        guard let text = body(quoted) else { return "" }
        // Most strings escape nothing: their bytes are the text.
        if let base = text.baseAddress, memchr(base, Int32(UInt8(ascii: "\\")), text.count) == nil {
            return String(decoding: text, as: UTF8.self)
        }
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        unescape(text) { out.append($0) }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes between the quotes of a quoted C string (spaces before it skipped; the closing quote may be
    /// missing); nil when it does not start with a quote.
    private static func body(_ quoted: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        var first = 0, last = quoted.count
        while first < last && quoted[first] == 0x20 { first += 1 }
        guard first < last, quoted[first] == UInt8(ascii: "\"") else { return nil }
        first += 1
        if last > first && quoted[last - 1] == UInt8(ascii: "\"") { last -= 1 }
        return UnsafeBufferPointer(rebasing: quoted[first..<last])
    }

    /// Each byte of a quoted string's `body`, escapes undone (`a\"b\n` → `a`, `"`, `b`, newline): escapes are ASCII,
    /// so a byte after a backslash that is not one is kept as it is.
    private static func unescape(_ text: UnsafeBufferPointer<UInt8>, _ byte: (UInt8) -> Void) {
        var escaping = false
        for b in text {
            if escaping {
                switch b {
                case UInt8(ascii: "n"): byte(0x0A)
                case UInt8(ascii: "t"): byte(0x09)
                case UInt8(ascii: "r"): byte(0x0D)
                default: byte(b)
                }
                escaping = false
            } else if b == UInt8(ascii: "\\") {
                escaping = true
            } else {
                byte(b)
            }
        }
    }
}
