import FieldKit
import Testing

/// The `when`/`rules` grammar: what parses to what (precedence), how values compare (numbers as numbers, the rest
/// as text), `in`, `empty`, and where each syntax error is reported.
@Suite struct ExpressionTests {
    /// Judges `source` on a record given as name → value (absent names are empty).
    func holds(_ source: String, _ record: [String: String] = [:]) throws -> Bool {
        try FormExpression.parse(source).holds { record[$0] ?? "" }
    }

    @Test func andBindsTighterThanOrAndNotTighterThanAnd() throws {
        #expect(try FormExpression.parse("a == 1 or b == 2 and c == 3")
            == .or(.compare(.field("a"), .equal, .number("1")),
                   .and(.compare(.field("b"), .equal, .number("2")), .compare(.field("c"), .equal, .number("3")))))
        #expect(try FormExpression.parse("not a == 1 and b == 2")
            == .and(.not(.compare(.field("a"), .equal, .number("1"))), .compare(.field("b"), .equal, .number("2"))))
        // Parentheses regroup; and/or group from the left.
        #expect(try FormExpression.parse("(a == 1 or b == 2) and c == 3")
            == .and(.or(.compare(.field("a"), .equal, .number("1")), .compare(.field("b"), .equal, .number("2"))),
                    .compare(.field("c"), .equal, .number("3"))))
        // Judged: true or (false and false) is true; (true or false) and false is false.
        #expect(try holds("a == 1 or b == 2 and c == 3", ["a": "1"]))
        #expect(try !holds("(a == 1 or b == 2) and c == 3", ["a": "1"]))
        #expect(try holds("not not a == 1", ["a": "1"]))
    }

    @Test func twoNumbersCompareAsNumbersAnythingElseAsText() throws {
        #expect(try holds("age >= 18", ["age": "18"]))
        #expect(try holds("age > 9", ["age": "18"]))            // as text "18" < "9"
        #expect(try holds("amount == 2.5", ["amount": "2.50"]))
        #expect(try holds("amount < -1", ["amount": "-1.5"]))
        #expect(try holds("a == 0", ["a": "-0"]))
        #expect(try holds("code == '007'", ["code": "007"]))
        #expect(try holds("code == 7", ["code": "007"]))          // both numbers: equal values
        #expect(try holds("big < 123456789012345678901", ["big": "123456789012345678900"]))  // beyond a Double
        // Dates as yyyy-mm-dd are text, and text order is date order.
        #expect(try holds("visit_date >= birth_date", ["visit_date": "2026-11-22", "birth_date": "1949-12-31"]))
        #expect(try !holds("visit_date > '2026-11-22'", ["visit_date": "2026-11-22"]))
        #expect(try holds("name < 'b'", ["name": "abc"]))
        // A number and a text: text order ("10" before "9x").
        #expect(try holds("n < '9x'", ["n": "10"]))
    }

    @Test func aQuotedTextComparesAsTextWhatEverItSpells() throws {
        #expect(try holds("tag == '007'", ["tag": "007"]))
        #expect(try !holds("tag == '007'", ["tag": "7"]))
        #expect(try !holds("tag == '7'", ["tag": "007"]))
        #expect(try !holds("amount == '2.5'", ["amount": "2.50"]))
        #expect(try holds("tag != '7'", ["tag": "7.0"]))
        // Text order, not number order: "10" is before "9".
        #expect(try holds("n < '9'", ["n": "10"]))
        #expect(try !holds("n > '9'", ["n": "10"]))
        #expect(try holds("tag in ['007', 8]", ["tag": "007"]))
        #expect(try !holds("tag in ['7']", ["tag": "007"]))
        #expect(try holds("tag in ['7', 7]", ["tag": "007"]))    // the unquoted 7 is a number
        // The quote makes the literal text on either side.
        #expect(try !holds("'7' == tag", ["tag": "07"]))
        // Unquoted, a number still compares as a number with a field that holds one.
        #expect(try holds("tag == 7", ["tag": "007"]))
        #expect(try holds("n > 9", ["n": "10"]))
    }

    @Test func inAndEmpty() throws {
        #expect(try holds("kind in ['mobile', \"fixed\"]", ["kind": "fixed"]))
        #expect(try !holds("kind in ['mobile']", ["kind": "fixed"]))
        #expect(try holds("n in [1, 2.0]", ["n": "2"]))
        #expect(try holds("empty(company)"))
        #expect(try !holds("empty(company)", ["company": "ACME"]))
        #expect(try holds("not empty(company) and company != 'x'", ["company": "ACME"]))
        #expect(try FormExpression.parse("a in [b, 'c'] or empty(d)").fieldNames == ["a", "b", "d"])
    }

    @Test(arguments: [
        ("", 0, "the expression is empty"),
        ("a = 1", 2, "'=' alone is not a comparison: write =="),
        ("a ! b", 2, "'!' alone means nothing: write != or not"),
        ("a == 'x", 5, "a quoted text is never closed"),
        ("a == 1 b == 2", 7, "'b' after a complete expression (join conditions with and, or)"),
        ("(a == 1", 7, "expected ')' to close the '(' opened before it, found the end"),
        ("a", 1, "expected a comparison (==, !=, <, <=, >, >=) or in, found the end"),
        ("a == and", 5, "expected a field name, a quoted text or a number, found 'and'"),
        ("a in ['x'", 9, "expected ']' to close the list, found the end"),
        ("empty('x')", 6, "empty( takes a field name, not 'x'"),
        ("a == 1 and # b", 11, "unexpected character '#'"),
    ])
    func syntaxErrorsSayWhereAndWhat(source: String, offset: Int, message: String) {
        #expect(throws: ExpressionError(offset: offset, message: message)) { try FormExpression.parse(source) }
    }

    @Test func lengthAndDepthAreBounded() throws {
        let deep = String(repeating: "(", count: ExpressionLimits.depth) + "a == 1" + String(repeating: ")", count: ExpressionLimits.depth)
        #expect(try holds(deep, ["a": "1"]))
        #expect(throws: ExpressionError(offset: ExpressionLimits.depth, message: "the expression nests deeper than 32 levels")) {
            try FormExpression.parse("(" + deep + ")")
        }
        #expect(throws: ExpressionError(offset: 128, message: "the expression nests deeper than 32 levels")) {
            try FormExpression.parse(String(repeating: "not ", count: 33) + "a == 1")
        }
        let long = "a == '" + String(repeating: "x", count: ExpressionLimits.characters) + "'"
        #expect(throws: ExpressionError(offset: 1_000, message: "an expression has at most 1000 characters, this one 1007")) {
            try FormExpression.parse(long)
        }
    }
}
