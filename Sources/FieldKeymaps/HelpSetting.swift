import FieldKit

extension NodeReader {
    /// The most characters a `help:` text may have: F1 shows it on one status line, cut to the terminal's width,
    /// so anything longer is a manual, not help.
    static let longestHelp = 500

    /// `help: "…"`, or one text per language (`{en: …, zh: …}`, English required), in a keymap or a form's field:
    /// every language's text, each at most `longestHelp` characters (and, as all keymap text, no control
    /// characters).
    mutating func help(_ value: Located) -> LanguageTexts? {
        guard let texts = languageTexts(value, "help") else { return nil }
        for text in texts.byLanguage.values.sorted() where text.count > NodeReader.longestHelp {
            diagnostics.append(value.problem(tr("help has at most \(NodeReader.longestHelp) characters, this one \(text.count)")))
            return nil
        }
        return texts
    }
}
