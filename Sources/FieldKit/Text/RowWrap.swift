/// Text laid out in rows of a terminal's width, broken where a reader expects a line to break: between phrases
/// first (a phrase is kept whole on the next row when it fits there), then at spaces, then between CJK characters,
/// and only a word wider than a row is cut between characters. Widths are `DisplayWidth` columns; no row is wider
/// than the width unless one character is.
public enum RowWrap {
    /// `phrases` joined by `separator` in rows of at most `width` columns; the separator is dropped where a row
    /// breaks between two phrases. Tabs count as spaces; a phrase's leading and trailing spaces are dropped.
    public static func rows(_ phrases: [String], separator: String = " · ", width: Int) -> [String] {
        let width = max(width, 1)
        let separatorColumns = DisplayWidth.columns(of: separator)
        var rows: [String] = []
        var row = Row()
        for phrase in phrases {
            let words = self.words(of: phrase)
            guard !words.isEmpty else { continue }
            let columns = words.enumerated().reduce(0) { $0 + ($1.offset == 0 ? 0 : $1.element.gap.count) + $1.element.columns }
            if row.isEmpty && columns <= width {
                row.append(words, columns: columns)
            } else if !row.isEmpty && row.columns + separatorColumns + columns <= width {
                row.text += separator
                row.columns += separatorColumns
                row.append(words, columns: columns)
            } else {
                if !row.isEmpty { rows.append(row.text); row = Row() }
                if columns <= width {
                    row.append(words, columns: columns)
                } else {
                    fill(&row, with: words, width: width, into: &rows)
                }
            }
        }
        if !row.isEmpty { rows.append(row.text) }
        return rows
    }

    /// A row being filled.
    private struct Row {
        var text = ""
        var columns = 0
        var isEmpty: Bool { text.isEmpty }

        /// Appends a phrase known to fit, its words with the spaces between them.
        mutating func append(_ words: [Word], columns: Int) {
            for (index, word) in words.enumerated() { text += (index == 0 ? "" : word.gap) + word.text }
            self.columns += columns
        }
    }

    /// A run of text with no place to break inside it, and the spaces before it (dropped at the start of a row).
    private struct Word {
        var gap: String
        var text: String
        var columns: Int
    }

    /// Word by word into rows, a word too wide for any row cut between characters; the last row stays open.
    private static func fill(_ row: inout Row, with words: [Word], width: Int, into rows: inout [String]) {
        for word in words {
            let gap = row.isEmpty ? "" : word.gap
            if row.columns + gap.count + word.columns <= width {
                row.text += gap + word.text
                row.columns += gap.count + word.columns
                continue
            }
            if !row.isEmpty { rows.append(row.text); row = Row() }
            // A word never starts with a character joined to the one before (`words(of:)`), so its own run
            // measures it as the phrase's did.
            var run = DisplayWidth.Run()
            for character in word.text {
                let columns = run.columns(of: character)
                if !row.isEmpty && row.columns + columns > width { rows.append(row.text); row = Row() }
                row.text.append(character)
                row.columns += columns
            }
        }
    }

    /// The words of `phrase`: broken at spaces and tabs, and on either side of a wide (CJK) character, except
    /// before punctuation that may not start a line (`，`, `：`, `)`, …).
    private static func words(of phrase: String) -> [Word] {
        var words: [Word] = []
        var gap = ""
        var current = Word(gap: "", text: "", columns: 0)
        var previousWide = false
        var run = DisplayWidth.Run()
        for character in phrase {
            // A character after one ending in U+200D joins it: no break between them, not even at a space.
            let joined = run.joinsNext
            let columns = run.columns(of: character)
            if (character == " " || character == "\t") && !joined {
                if !current.text.isEmpty { words.append(current); current = Word(gap: "", text: "", columns: 0) }
                gap += " "
                previousWide = false
                continue
            }
            let wide = columns == 2
            if !current.text.isEmpty && (wide || previousWide) && !joined && !noLineStart.contains(character) {
                words.append(current)
                current = Word(gap: "", text: "", columns: 0)
            }
            if current.text.isEmpty { current.gap = words.isEmpty ? "" : gap; gap = "" }
            current.text.append(character)
            current.columns += columns
            previousWide = wide
        }
        if !current.text.isEmpty { words.append(current) }
        return words
    }

    /// Punctuation a row must not start with (the closing marks of CJK line breaking, kinsoku).
    private static let noLineStart: Set<Character> = [
        "，", "。", "、", "：", "；", "！", "？", "）", "」", "』", "】", "》", "〉", "…", ",", ".", ":", ";", "!", "?", ")",
    ]
}
