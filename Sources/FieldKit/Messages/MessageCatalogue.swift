/// The translations of one language: English message (with `{0}` placeholders) → translated message.
///
/// The source is a gettext `.po` file (`po/zh.po`), embedded in the binary (`ShippedCatalogues`) so a copied
/// binary needs no installed catalogue; a message is read from it when first asked for, only when that language is
/// chosen.
public final class MessageCatalogue: Sendable {
    /// The `.po` file's text (contiguous UTF-8).
    private let text: String
    /// Every entry's msgid hash and where its lines begin, made at the first look-up: a message is read from the
    /// file when first asked for, so no string is made for the hundreds a run never shows (building the table of
    /// every message cost more than the rest of `ask text`'s start).
    private let index = LazyReference<Index>()

    private final class Index: Sendable {
        let entries: [(hash: UInt64, offset: Int)]
        init(_ entries: [(hash: UInt64, offset: Int)]) { self.entries = entries }
    }

    /// The catalogue in force (nil for English, which needs none); follows `Language.current`.
    nonisolated(unsafe) static var active: MessageCatalogue?

    /// A catalogue from the text of a `.po` file.
    public init(poText: String) {
        var text = poText
        text.makeContiguousUTF8()
        self.text = text
    }

    /// msgid → msgstr of every entry that has a translation (not fuzzy), the file read whole; a later entry wins.
    var translations: [String: String] {
        var table: [String: String] = [:]
        for entry in POFile.entries(text) where !entry.msgid.isEmpty && !entry.msgstr.isEmpty && !entry.fuzzy {
            table[entry.msgid] = entry.msgstr
        }
        return table
    }

    /// The translation of `key`, nil when the catalogue has none: the entries whose msgid hashes alike are read,
    /// the last one with this msgid and a translation (not fuzzy) answering, as `translations` would.
    func translation(of key: String) -> String? {
        guard !key.isEmpty else { return nil }
        return text.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            let entries = (index.value ?? index.storeIfNil(Index(POFile.index(bytes)))).entries
            let hash = POFile.hash(of: key)
            // The first entry of this hash (binary search), then every one after it that has it.
            var low = 0, high = entries.count
            while low < high {
                let middle = (low + high) / 2
                if entries[middle].hash < hash { low = middle + 1 } else { high = middle }
            }
            var found: String?
            while low < entries.count && entries[low].hash == hash {
                if let entry = POFile.entry(bytes, at: entries[low].offset), entry.msgid == key, !entry.msgstr.isEmpty, !entry.fuzzy {
                    found = entry.msgstr
                }
                low += 1
            }
            return found
        } ?? nil
    }

    /// The catalogue shipped for a language, nil for English.
    static func shipped(_ language: Language) -> MessageCatalogue? {
        switch language {
        case .en: return nil
        case .zh: return zh
        }
    }

    /// The Simplified Chinese catalogue, parsed once.
    static let zh = MessageCatalogue(poText: ShippedCatalogues.zh)

    /// The message for a key with its values put in; the English key itself when it has no translation.
    public func translate(_ key: String, _ arguments: [String]) -> String {
        let template = translation(of: key) ?? key
        return arguments.isEmpty ? template : MessageCatalogue.fill(template, arguments)
    }

    /// Put the values into a template's `{n}` placeholders (a brace not followed by a known number and `}` stays).
    static func fill(_ template: String, _ arguments: [String]) -> String {
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            let after = rest.index(after: open)
            if let close = rest[after...].firstIndex(of: "}"), let n = Int(rest[after..<close]), arguments.indices.contains(n) {
                out += arguments[n]
                rest = rest[rest.index(after: close)...]
            } else {
                out += "{"
                rest = rest[after...]
            }
        }
        return out + rest
    }

    /// The placeholders of a message, sorted (`{0}`, `{1}`, …), for checking a translation keeps them all.
    public static func placeholders(_ message: String) -> [Int] {
        var found: [Int] = []
        var rest = Substring(message)
        while let open = rest.firstIndex(of: "{") {
            let after = rest.index(after: open)
            if let close = rest[after...].firstIndex(of: "}"), let n = Int(rest[after..<close]) {
                found.append(n)
                rest = rest[rest.index(after: close)...]
            } else {
                rest = rest[after...]
            }
        }
        return found.sorted()
    }
}
