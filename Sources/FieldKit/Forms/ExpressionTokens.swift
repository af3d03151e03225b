/// One word of an expression, with where it starts.
struct ExpressionToken: Equatable {
    /// What the word is.
    enum Kind: Equatable {
        /// A field name or a keyword (`and`, `or`, `not`, `in`, `empty`): which one is the parser's call. A name
        /// written with `$` (`$province`) keeps it: a choice filter's earlier field, where a bare name is a column.
        case name(String)
        /// A quoted text, without its quotes.
        case text(String)
        /// A number as written.
        case number(String)
        /// `==`, `!=`, `<`, `<=`, `>`, `>=`.
        case comparison(ExpressionComparison)
        /// `(`, `)`, `[`, `]` or `,`.
        case punctuation(Character)
        /// The end of the expression.
        case end
    }

    /// What the word is.
    let kind: Kind
    /// 0-based position of its first scalar.
    let offset: Int
}

/// Splits an expression into tokens: names, quoted texts, numbers, comparisons and punctuation.
enum ExpressionTokenizer {
    /// The tokens of `scalars`, ending with `.end`; throws at the first character that starts no token.
    static func tokens(_ scalars: [Unicode.Scalar]) throws(ExpressionError) -> [ExpressionToken] {
        var tokens: [ExpressionToken] = []
        var i = 0
        func isDigit(_ s: Unicode.Scalar) -> Bool { s >= "0" && s <= "9" }
        func isNameStart(_ s: Unicode.Scalar) -> Bool { (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") || s == "_" }
        while i < scalars.count {
            let s = scalars[i], start = i
            if s == " " || s == "\t" || s == "\n" || s == "\r" { i += 1; continue }
            if isNameStart(s) || (s == "$" && i + 1 < scalars.count && isNameStart(scalars[i + 1])) {
                i += 1
                while i < scalars.count, isNameStart(scalars[i]) || isDigit(scalars[i]) { i += 1 }
                tokens.append(ExpressionToken(kind: .name(String(String.UnicodeScalarView(scalars[start..<i]))), offset: start))
            } else if isDigit(s) || (s == "-" && i + 1 < scalars.count && isDigit(scalars[i + 1])) {
                i += 1
                while i < scalars.count, isDigit(scalars[i]) { i += 1 }
                if i + 1 < scalars.count, scalars[i] == ".", isDigit(scalars[i + 1]) {
                    i += 1
                    while i < scalars.count, isDigit(scalars[i]) { i += 1 }
                }
                tokens.append(ExpressionToken(kind: .number(String(String.UnicodeScalarView(scalars[start..<i]))), offset: start))
            } else if s == "'" || s == "\"" {
                // No escapes: a text holds any character but its own quote, so `"it's"` and `'say "hi"'` both work.
                i += 1
                while i < scalars.count, scalars[i] != s { i += 1 }
                guard i < scalars.count else { throw ExpressionError(offset: start, message: tr("a quoted text is never closed")) }
                tokens.append(ExpressionToken(kind: .text(String(String.UnicodeScalarView(scalars[(start + 1)..<i]))), offset: start))
                i += 1
            } else if "()[],".unicodeScalars.contains(s) {
                tokens.append(ExpressionToken(kind: .punctuation(Character(s)), offset: start))
                i += 1
            } else if "=!<>".unicodeScalars.contains(s) {
                let two = i + 1 < scalars.count && scalars[i + 1] == "="
                let op: ExpressionComparison
                switch (s, two) {
                case ("=", true): op = .equal
                case ("!", true): op = .notEqual
                case ("<", false): op = .less
                case ("<", true): op = .lessOrEqual
                case (">", false): op = .greater
                case (">", true): op = .greaterOrEqual
                case ("=", false): throw ExpressionError(offset: start, message: tr("'=' alone is not a comparison: write =="))
                default: throw ExpressionError(offset: start, message: tr("'!' alone means nothing: write != or not"))
                }
                tokens.append(ExpressionToken(kind: .comparison(op), offset: start))
                i += two ? 2 : 1
            } else {
                throw ExpressionError(offset: start, message: tr("unexpected character '\(ControlCharacters.escaped(String(s)))'"))
            }
        }
        tokens.append(ExpressionToken(kind: .end, offset: scalars.count))
        return tokens
    }
}
