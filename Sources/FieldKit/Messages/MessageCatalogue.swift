/// The translations of one language: English message (with `{0}` placeholders) → translated message.
///
/// The source is a gettext `.po` file (`po/zh.po`), embedded in the binary (`ShippedCatalogues`) so a copied
/// binary needs no installed catalogue; it is parsed on first use, only when that language is chosen.
public final class MessageCatalogue: Sendable {
    /// msgid → msgstr, for the entries that have a translation.
    let translations: [String: String]

    /// The catalogue in force (nil for English, which needs none); follows `Language.current`.
    nonisolated(unsafe) static var active: MessageCatalogue?

    /// A catalogue from the text of a `.po` file.
    public init(poText: String) {
        var table: [String: String] = [:]
        for entry in POFile.entries(poText) where !entry.msgid.isEmpty && !entry.msgstr.isEmpty && !entry.fuzzy {
            table[entry.msgid] = entry.msgstr
        }
        translations = table
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
        let template = translations[key] ?? key
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
