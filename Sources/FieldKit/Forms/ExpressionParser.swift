extension FormExpression {
    /// The expression `source` stands for, or where and why it is not one.
    ///
    /// Grammar (lowest precedence first; `and`, `or` group from the left):
    ///
    ///     expression := conjunction ('or' conjunction)*
    ///     conjunction := negation ('and' negation)*
    ///     negation   := 'not' negation | primary
    ///     primary    := '(' expression ')' | 'empty' '(' NAME ')'
    ///                 | operand ('==' | '!=' | '<' | '<=' | '>' | '>=') operand
    ///                 | operand 'in' '[' operand (',' operand)* ']'
    ///     operand    := NAME | 'text' | "text" | NUMBER
    public static func parse(_ source: String) throws(ExpressionError) -> FormExpression {
        let scalars = Array(source.unicodeScalars)
        guard scalars.count <= ExpressionLimits.characters else {
            throw ExpressionError(offset: ExpressionLimits.characters,
                                  message: tr("an expression has at most \(ExpressionLimits.characters) characters, this one \(scalars.count)"))
        }
        var parser = ExpressionParser(tokens: try ExpressionTokenizer.tokens(scalars))
        if case .end = parser.current.kind { throw ExpressionError(offset: 0, message: tr("the expression is empty")) }
        let expression = try parser.expression(depth: 0)
        guard case .end = parser.current.kind else {
            throw ExpressionError(offset: parser.current.offset,
                                  message: tr("\(parser.current.described) after a complete expression (join conditions with and, or)"))
        }
        return expression
    }
}

/// A recursive-descent reader over the tokens, one function per grammar rule.
struct ExpressionParser {
    /// The words to read, ending with `.end`.
    let tokens: [ExpressionToken]
    /// Which one is next.
    private var position = 0

    /// A reader at the first token.
    init(tokens: [ExpressionToken]) { self.tokens = tokens }

    /// The token to read next.
    var current: ExpressionToken { tokens[position] }

    /// The words that join or turn conditions: not field names inside an expression.
    static let keywords: Set<String> = ["and", "or", "not", "in"]

    private mutating func advance() { if position < tokens.count - 1 { position += 1 } }

    private func isKeyword(_ word: String) -> Bool {
        if case .name(word) = current.kind { return true }
        return false
    }

    mutating func expression(depth: Int) throws(ExpressionError) -> FormExpression {
        var left = try conjunction(depth: depth)
        while isKeyword("or") {
            advance()
            left = .or(left, try conjunction(depth: depth))
        }
        return left
    }

    private mutating func conjunction(depth: Int) throws(ExpressionError) -> FormExpression {
        var left = try negation(depth: depth)
        while isKeyword("and") {
            advance()
            left = .and(left, try negation(depth: depth))
        }
        return left
    }

    /// `not` and parentheses are where the reader recurses: each one counts a level against `ExpressionLimits.depth`.
    private mutating func deeper(_ depth: Int) throws(ExpressionError) -> Int {
        guard depth < ExpressionLimits.depth else {
            throw ExpressionError(offset: current.offset, message: tr("the expression nests deeper than \(ExpressionLimits.depth) levels"))
        }
        return depth + 1
    }

    private mutating func negation(depth: Int) throws(ExpressionError) -> FormExpression {
        guard isKeyword("not") else { return try primary(depth: depth) }
        let inner = try deeper(depth)
        advance()
        return .not(try negation(depth: inner))
    }

    private mutating func primary(depth: Int) throws(ExpressionError) -> FormExpression {
        if current.kind == .punctuation("(") {
            let inner = try deeper(depth)
            advance()
            let e = try expression(depth: inner)
            try expect(")", closing: tr("the '(' opened before it"))
            return e
        }
        if isKeyword("empty"), tokens[position + 1].kind == .punctuation("(") {
            advance()
            advance()
            guard case .name(let name) = current.kind, !ExpressionParser.keywords.contains(name) else {
                throw ExpressionError(offset: current.offset, message: tr("empty( takes a field name, not \(current.described)"))
            }
            advance()
            try expect(")", closing: tr("empty("))
            return .empty(name)
        }
        let left = try operand()
        switch current.kind {
        case .comparison(let op):
            advance()
            return .compare(left, op, try operand())
        case .name("in"):
            advance()
            try expect("[", closing: nil)
            var list = [try operand()]
            while current.kind == .punctuation(",") {
                advance()
                list.append(try operand())
            }
            try expect("]", closing: tr("the list"))
            return .oneOf(left, list)
        default:
            throw ExpressionError(offset: current.offset,
                                  message: tr("expected a comparison (==, !=, <, <=, >, >=) or in, found \(current.described)"))
        }
    }

    private mutating func operand() throws(ExpressionError) -> ExpressionOperand {
        let token = current
        switch token.kind {
        case .name(let name) where !ExpressionParser.keywords.contains(name):
            advance()
            return .field(name)
        case .text(let text):
            advance()
            return .text(text)
        case .number(let number):
            advance()
            return .number(number)
        default:
            throw ExpressionError(offset: token.offset, message: tr("expected a field name, a quoted text or a number, found \(token.described)"))
        }
    }

    /// Reads `character`, or says it is missing (`closing`: what it would close, for the message).
    private mutating func expect(_ character: Character, closing: String?) throws(ExpressionError) {
        guard current.kind == .punctuation(character) else {
            let message = closing.map { tr("expected '\(String(character))' to close \($0), found \(current.described)") }
                ?? tr("expected '\(String(character))', found \(current.described)")
            throw ExpressionError(offset: current.offset, message: message)
        }
        advance()
    }
}

extension ExpressionToken {
    /// The token as a message names it: `'and'`, `the end`.
    var described: String {
        switch kind {
        case .name(let name): return "'\(name)'"
        case .text(let text): return "'\(ControlCharacters.escaped(text))'"
        case .number(let number): return "'\(number)'"
        case .comparison(let op): return "'\(op.rawValue)'"
        case .punctuation(let c): return "'\(c)'"
        case .end: return tr("the end")
        }
    }
}
