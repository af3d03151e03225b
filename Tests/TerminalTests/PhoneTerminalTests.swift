import Foundation
import Testing
@testable import TestSupport

/// `ask phone` at a real terminal: grouped as libphonenumber groups numbers as you type, the region's flag, code
/// and digit count in the right prompt, switching live when `+` and a calling code are typed; a country outside
/// `--countries` refused as it is typed; the value printed as E.164.
@Suite struct PhoneTerminalTests: TypesAskCommands {
    @Test func typingPlusFortyFourSwitchesTheFlagLive() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(Self.ask("phone --assume CN --prompt 'Phone: '"))
        try await t.waitLastRow("Phone:", "🇨🇳 CN 0/12")
        try t.type("+44")
        try await t.waitLastRow("Phone: +44", "🇬🇧 GB 0/10")
        try t.type("2079460958")
        try await t.waitLastRow("Phone: +44 20 7946 0958", "🇬🇧 GB 10/10")
        // Backspace takes the last digit, never the space before it.
        try t.press("BSpace")
        try await t.waitLastRow("Phone: +44 20 7946 095", "🇬🇧 GB 9/10")
        try t.type("8")
        try t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[+442079460958]", "\(t.dump())")
    }

    @Test(arguments: [("13812345678", "Phone: 138 1234 5678"), ("+86 138 1234 5678", "Phone: +86 138 1234 5678")])
    func anAssumedCountryTakesNationalAndInternationalForms(typed: String, shown: String) async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(Self.ask("phone --assume CN --prompt 'Phone: '"))
        try await t.waitLastRow("Phone:", "🇨🇳 CN 0/12")
        // Typed as users type it: the spaces are the field's own, so typed ones are refused and the display is
        // the formatter's either way.
        try t.type(typed)
        // A complete number counts towards its own length (CN's longest numbers have 12 digits).
        try await t.waitLastRow(shown, "🇨🇳 CN 11/11")
        try t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[+8613812345678]", "\(t.dump())")
    }

    @Test func aCountryOutsideTheListIsRefusedAsTyped() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(Self.ask("phone --countries CN,US --prompt 'Phone: '"))
        try await t.waitLastRow("Phone:", "🇨🇳 CN 0/12")
        try t.type("+44")
        // The second 4 would make it a British number: refused, with the reason under the field.
        try await t.wait("the refusal") { rows in
            rows.contains { $0.hasPrefix("Phone: +4") && !$0.contains("+44") } && rows.joined().contains("United Kingdom")
        }
        try t.press("BSpace")
        try t.type("12124567890")
        try await t.waitLastRow("Phone: +1 212-456-7890", "🇺🇸 US 10/10")
        try t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[+12124567890]", "\(t.dump())")
    }

    /// phone-cn is the phone field for China's mobiles: `+86` typed stays on the line, the keymap's own template
    /// lays out the national digits, the counter counts them, and the value is the 11 digits.
    @Test(arguments: [("+8613812345678", "M: +86 138-1234-5678"), ("018562755191", "M: 0 185-6275-5191")])
    func phoneCNTakesThePrefixesUsersType(typed: String, shown: String) async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(Self.ask("phone-cn --prompt 'M: '"))
        try await t.waitLastRow("M:", "0/11")
        try t.type(typed)
        try await t.waitLastRow(shown, "11/11")
        try t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[\(typed.suffix(11))]", "\(t.dump())")
    }

    /// A key that makes a number no US number can begin with is refused with the numbering plan's rule.
    @Test func phoneUSNamesThePlanRuleAKeyBreaks() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(Self.ask("phone-us --prompt 'US: '"))
        try await t.waitLastRow("US:", "0/10")
        try t.type("2121")
        try await t.wait("the rule") { rows in
            rows.contains { $0.hasPrefix("US: (212") && !$0.contains("(212) 1") } && rows.joined().contains("US numbers do not start 1 after the area code")
        }
        try t.type("4567890")
        try await t.waitLastRow("US: (212) 456-7890", "10/10")
        try t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[2124567890]", "\(t.dump())")
    }

    @Test func anIncompleteNumberIsExplainedOnEnter() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(Self.ask("phone --assume GB --prompt 'Phone: '"))
        try await t.waitLastRow("Phone:", "🇬🇧 GB 0/10")
        try t.type("020794")
        try await t.waitLastRow("Phone: 020 794", "🇬🇧 GB 5/10")
        try t.press("Enter")
        try await t.wait("the reason") { $0.joined().contains("too short for GB") }
        try t.press("Escape")
        #expect(try await t.result() == "rc=1 x=[]", "\(t.dump())")
    }
}
