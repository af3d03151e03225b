/// A text a keymap gives in one or several languages (`message: "…"` or `message: {en: "…", zh: "…"}`).
public struct LanguageTexts: Sendable, Hashable {
    /// Language code (`en`, `zh`) → text.
    public let byLanguage: [String: String]

    /// The same text in every language.
    public init(_ text: String) { byLanguage = ["en": text] }

    /// Texts by language code; lint checks the codes are languages fieldline has.
    public init(byLanguage: [String: String]) { self.byLanguage = byLanguage }

    /// The text in the current language, else the English one, else any (the first code in order).
    public var text: String {
        byLanguage[Language.current.rawValue] ?? byLanguage[Language.en.rawValue]
            ?? byLanguage.sorted { $0.key < $1.key }.first?.value ?? ""
    }
}
