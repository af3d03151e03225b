import FieldKeymaps
@testable import FieldKit
import Testing

/// `PhoneNumber.rewritten` runs a region's national-prefix regular expression only where the automaton of the same
/// pattern (`national_prefix_for_parsing_dfa`) accepts some start of the digits; this holds the two to each other
/// for every region that rewrites: wherever the automaton accepts no start, the expression matches none either.
struct PhoneRewriteTests {
    /// Every string of up to 5 digits, and each region's examples after each start of up to 3 digits.
    static func digitStrings(_ region: PhoneRegion) -> [[UInt8]] {
        var out: [[UInt8]] = [[]]
        var layer: [[UInt8]] = [[]]
        for _ in 1...5 {
            layer = layer.flatMap { s in (0...9).map { s + [UInt8($0)] } }
            out += layer
        }
        for example in region.examples {
            let national = example.number.utf8.map { $0 - 0x30 }
            out.append(national)
            for start in out.prefix(1111) { out.append(start + national) }
        }
        return out
    }

    @Test func theAutomatonTellsWhereThePatternCannotMatch() throws {
        let metadata = ShippedPhoneMetadata.shared
        let rewriting = metadata.regions.codes.compactMap { metadata.regions[$0] }.filter { $0.nationalPrefixRewrite != nil }
        try #require(rewriting.count > 10, "regions whose national prefix rewrites: \(rewriting.count)")
        var shortcuts = 0
        for region in rewriting {
            let pattern = region.nationalPrefixRewrite!.pattern
            // Every rewriting region has the automaton, so the shortcut serves them all.
            let automaton = try #require(region.nationalPrefixForParsing, "\(region.code) has no automaton")
            for digits in Self.digitStrings(region) where automaton.longestPrefixMatch(digits) == nil {
                shortcuts += 1
                let text = digits.map { $0 + 0x30 }
                let match = text.withUnsafeBufferPointer { pattern.prefixMatch($0) }
                #expect(match == nil, "\(region.code): \(text) matches \(pattern.source) but not its automaton")
            }
        }
        #expect(shortcuts > 100_000)
    }
}
