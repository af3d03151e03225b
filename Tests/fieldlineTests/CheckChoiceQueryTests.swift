import Foundation
import Testing
@testable import TestSupport

/// `fieldline check country`/`region-cn` take what typing the line and Enter take at the terminal, and the codes
/// ISO 3166-1 reserves for a country.
@Suite struct CheckChoiceQueryTests {
    @Test func countriesAsTyped() throws {
        let r = try fieldline(["check", "country"], stdin: "ger\nUK\nel\nge\nAtlantis\n+1\n")
        #expect(r.out == "DE\nGB\nGR\nGE\n\n\n")
        #expect(r.err.hasPrefix("5: not one of the choices: 'Atlantis'\n6: matches "), "\(r.err)")
        #expect(r.status == 65)
    }

    @Test func aQueryOnAProvinceExplains() throws {
        let r = try fieldline(["check", "region-cn"], stdin: "guang\n")
        #expect(r.out == "\n")
        #expect(r.err.hasPrefix("1: 广东省 needs one of the "), "\(r.err)")
    }
}
