/// A condition over a record's fields, the grammar shared by a field's `when` and a form's `rules`:
/// `purpose == 'delivery' and not empty(company)`, `age >= 18`, `kind in ['mobile', 'fixed']`.
///
/// Built by `FormExpression.parse`, judged by `holds(_:)`; it names fields, never computes anything else.
public indirect enum FormExpression: Sendable, Equatable {
    /// Two operands compared: as numbers when both are numbers and neither is quoted, otherwise as text.
    case compare(ExpressionOperand, ExpressionComparison, ExpressionOperand)
    /// The operand equals one of the listed ones (`kind in ['mobile', 'fixed']`).
    case oneOf(ExpressionOperand, [ExpressionOperand])
    /// The field holds no value (`empty(company)`).
    case empty(String)
    /// Both hold.
    case and(FormExpression, FormExpression)
    /// Either holds.
    case or(FormExpression, FormExpression)
    /// It does not hold.
    case not(FormExpression)

    /// Every field the expression names, in the order they are written (repeats kept once).
    public var fieldNames: [String] {
        var names: [String] = []
        func add(_ name: String) { if !names.contains(name) { names.append(name) } }
        func add(_ operand: ExpressionOperand) { if case .field(let name) = operand { add(name) } }
        func walk(_ e: FormExpression) {
            switch e {
            case .compare(let a, _, let b): add(a); add(b)
            case .oneOf(let a, let list): add(a); list.forEach(add)
            case .empty(let name): add(name)
            case .and(let a, let b), .or(let a, let b): walk(a); walk(b)
            case .not(let a): walk(a)
            }
        }
        walk(self)
        return names
    }
}

/// One side of a comparison.
public enum ExpressionOperand: Sendable, Equatable {
    /// A field's value as stored (empty when the field has none).
    case field(String)
    /// A quoted text: `'delivery'`; always compared as text, `'007'` included.
    case text(String)
    /// A number as written: `18`, `-2.5`.
    case number(String)
}

/// The comparison operators.
public enum ExpressionComparison: String, Sendable, CaseIterable {
    /// `==`: the same number, or the same text.
    case equal = "=="
    /// `!=`: not `==`.
    case notEqual = "!="
    /// `<`: before.
    case less = "<"
    /// `<=`: before or the same.
    case lessOrEqual = "<="
    /// `>`: after.
    case greater = ">"
    /// `>=`: after or the same.
    case greaterOrEqual = ">="
}

/// How long and how deep an expression may be: form files come from anywhere, and the parser recurses once per
/// level of nesting, so both are bounded like every other setting (docs/forms.md, "Limits").
public enum ExpressionLimits {
    /// The most characters (Unicode scalars) in one expression: a condition is a line, not a program.
    public static let characters = 1_000
    /// The deepest nesting of parentheses, `not`, `and` and `or`.
    public static let depth = 32
}

/// Why an expression could not be read, and where: `offset` counts Unicode scalars from the expression's start.
public struct ExpressionError: Error, Sendable, Equatable {
    /// 0-based position of the problem in the expression's scalars.
    public let offset: Int
    /// What is wrong, in words a form author can act on.
    public let message: String

    /// A problem at a position.
    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }
}

/// A parsed expression with the text it was written as (quoted in messages: `does not apply when …`).
public struct FormCondition: Sendable, Equatable {
    /// The expression as written in the form file.
    public let source: String
    /// The parsed expression.
    public let expression: FormExpression

    /// The condition `source` parses to; throws where it does not.
    public init(_ source: String) throws(ExpressionError) {
        self.source = source
        self.expression = try FormExpression.parse(source)
    }
}

extension FormCondition {
    /// Where field `name` is first written in `source` (0-based, in scalars), for a message about that name.
    public func offset(of name: String) -> Int {
        let tokens = (try? ExpressionTokenizer.tokens(Array(source.unicodeScalars))) ?? []
        return tokens.first { $0.kind == .name(name) && !ExpressionParser.keywords.contains(name) }?.offset ?? 0
    }
}
