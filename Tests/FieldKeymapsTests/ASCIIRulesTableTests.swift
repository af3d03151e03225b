import Testing
@testable import FieldKeymaps
@testable import FieldKit

/// `ASCIIRules`' byte tables, built once per distinct position class, say for every byte what the field's general
/// rules say, for every shipped keymap.
@Suite struct ASCIIRulesTableTests {
    @Test(arguments: ShippedKeymaps.files.keys.sorted())
    func tablesFollowTheGeneralRules(name: String) throws {
        let spec = try KeymapLoader(lookup: KeymapLookup(environment: [:])).load(name).spec
        let today = try #require(CalendarDate(year: 2026, month: 1, day: 1))
        let rules = LineChecker(spec: spec, context: ValidationContext(today: today)).ascii
        var differences: [String] = []
        for byte in 0..<128 {
            let character = Character(Unicode.Scalar(UInt8(byte)))
            let normalized = Int(spec.symbols.normalize(scalar: UInt32(byte)))
            if rules.formatting[byte] != spec.isFormatting(character) { differences.append("formatting \(byte)") }
            if rules.trimmable[byte] != spec.isTrimmable(character) { differences.append("trimmable \(byte)") }
            if Int(rules.normalized[byte]) != normalized { differences.append("normalized \(byte)") }
            for row in 0...rules.rows {
                let symbolClass = row < rules.rows ? spec.symbols.symbolClass(at: row) : spec.symbols.defaultClass
                let allowed = symbolClass.contains(scalar: UInt32(byte))
                if rules.allowed[row * 128 + byte] != allowed { differences.append("allowed \(row) \(byte)") }
                let takes = normalized < 128 && symbolClass.contains(scalar: UInt32(normalized))
                let expected = spec.isFormatting(character) ? ASCIIRules.formattingMark
                    : takes ? UInt8(normalized) : ASCIIRules.refusedMark
                if rules.symbolAt[row * 256 + byte] != expected { differences.append("symbolAt \(row) \(byte)") }
                if rules.symbolAt[row * 256 + 128 + byte] != ASCIIRules.nonASCIIMark {
                    differences.append("symbolAt \(row) \(128 + byte)")
                }
            }
        }
        #expect(differences == [])
    }
}
