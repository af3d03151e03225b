import FieldKit
import Testing

/// `check` on a choice field takes what typing the same text and Enter takes at a terminal (`ger` is Germany), and
/// the codes ISO 3166-1 reserves for a country (`UK`, `EL`) name it.
@Suite struct ChoiceResolveTests {
    static let country = BuiltinFields.shipped("country")

    /// What typing `text` key by key and Enter gives: the accepted value, or nil (a key refused, or Enter bells).
    static func typedAndEnter(_ text: String, into spec: FieldSpec) -> String? {
        var f = Field(spec: spec, context: fixedContext)
        for c in text where f.apply(.selfInsert(String(c))) == .bell { return nil }
        if case .accept(let value) = f.apply(.acceptLine) { return value }
        return nil
    }

    static func check(_ line: String, _ spec: FieldSpec) -> CheckResult {
        LineChecker(spec: spec, context: fixedContext).check(line)
    }

    @Test(arguments: [("ger", "DE"), ("Germ", "DE"), ("UK", "GB"), ("uk", "GB"), ("EL", "GR"), ("el", "GR"),
                      ("  ger ", "DE"), ("united k", "GB"), ("xila", "GR"), ("德", "DE")])
    func checkTakesWhatTypingAndEnterTake(line: String, value: String) {
        let result = Self.check(line, Self.country)
        #expect(result.issue == nil && result.value == value, "\(line): \(result)")
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        #expect(Self.typedAndEnter(trimmed, into: Self.country) == value, "\(line)")
    }

    /// Over many queries (every prefix of several names and codes), `check` and the terminal agree, valid or not,
    /// for any query that names no choice exactly (those keep `check`'s rule: `+1` names many, and is refused).
    @Test func checkAndTheTerminalAgreeOnQueries() {
        let words = ["Germany", "united states", "korea", "guinea", "zhongguo", "xyz", "congo", "São", "New Z", "ire"]
        for word in words {
            for n in 1...word.count {
                let query = String(word.prefix(n))
                let result = Self.check(query, Self.country)
                if result.issue?.message.hasPrefix("matches ") == true { continue }
                let typed = Self.typedAndEnter(query, into: Self.country)
                #expect((result.issue == nil ? result.value : nil) == typed, "\(query): check \(result), typed \(typed ?? "refused")")
            }
        }
    }

    @Test func theReservedCodesAreAliasesOfTheirCountries() throws {
        guard case .choice(let list) = Self.country.kind else { Issue.record("country is a choice field"); return }
        #expect(list.named("UK").map { list.choices[$0].value } == ["GB"])
        #expect(list.named("el").map { list.choices[$0].value } == ["GR"])
    }

    @Test func aQueryOnAChoiceWithChoicesUnderItExplains() {
        var spec = FieldSpec(name: "pick", symbols: SymbolRules(defaultClass: .printable, normalizeFullwidth: false))
        spec.kind = .choice(ChoiceFieldTests.places)
        #expect(Self.check("guang", spec).issue?.message == "广东省 needs one of the 2 choices under it, e.g. 广东省-广州市")
        #expect(Self.check("shen", spec).issue?.message == "not one of the choices: 'shen'")  // not on the first level
        spec.kind = .choice(ChoiceFieldTests.colours)
        #expect(Self.check("gre", spec).value == "green")      // Green and Grey start with it: the first in the list
        #expect(Self.typedAndEnter("gre", into: spec) == "green")
    }
}
