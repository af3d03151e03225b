import FieldKit

extension NodeReader {
    /// `placeholder: "e.g. Zhang San"`, or one text per language (`{en: …, zh: …}`, English required), in a keymap
    /// or a form's field: the text in the current language. Each text has at most `Placeholder.maxCharacters`
    /// characters and no control characters (as all keymap text). An empty text shows none, which also turns off a
    /// phone field's example.
    mutating func placeholder(_ value: Located) -> String? {
        guard let texts = languageTexts(value, "placeholder") else { return nil }
        for text in texts.byLanguage.values.sorted() {
            if let problem = Placeholder.problem(text) {
                diagnostics.append(value.problem(problem))
                return nil
            }
        }
        return texts.text
    }
}
