import FieldKeymaps
@testable import FieldKit
import Testing

/// A local number that a national prefix transform rule gives its area code (`7363363` in Antigua is
/// 268 736 3363), written after the national prefix or the calling code: typed, pasted and checked alike.
struct PhoneLocalNumberTests {
    /// Region, text, the number libphonenumber reads (`phonenumbers.parse` + `format_number(E164)`).
    static let numbers: [(String, String, String)] = [
        ("AG", "17363363", "+12687363363"),
        ("GU", "12457827", "+16712457827"),
        ("JE", "44192761", "+441534192761"),
        ("GG", "44256789", "+441481256789"),
        ("NF", "67281234", "+672381234"),
        ("SM", "378886377", "+3780549886377"),
        ("MG", "2612123456", "+261202123456"),
        ("CC", "6191621234", "+61891621234"),
        ("AG", "4601234", "+12684601234"),
    ]

    @Test(arguments: numbers)
    func typedPastedAndCheckedAlike(region: String, text: String, e164: String) throws {
        let spec = try PhoneEntry.spec(region)
        #expect(PhoneEntry.checked(text, spec: spec) == e164)
        #expect(PhoneEntry.verdict(PhoneEntry.typed(text, spec: spec)) == e164)
        #expect(PhoneEntry.verdict(PhoneEntry.pasted(text, spec: spec)) == e164)
    }

    /// The rules with a local number: the NANP islands', Jersey's, Guernsey's, the Isle of Man's, Christmas and
    /// Cocos Islands', Madagascar's, Norfolk Island's, San Marino's; not Japan's (`$1` adds no area code), China's
    /// or Argentina's (no local number ends the first alternative).
    @Test func localRulesAreFoundInTheMetadata() throws {
        let metadata = ShippedPhoneMetadata.shared
        let local = metadata.regions.codes.filter { metadata.regions[$0]?.localNumberRule.pattern != nil }
        #expect(local.count == 28, "\(local)")
        for code in ["AG", "VI", "JE", "GG", "IM", "CC", "CX", "MG", "NF", "SM"] { #expect(local.contains(code), "\(code)") }
        for code in ["JP", "CN", "AR", "BR", "GA", "US", "GB"] { #expect(!local.contains(code), "\(code)") }
        #expect(metadata.regions["AG"]?.localNumberRule.areaCode == [2, 6, 8])
        #expect(LocalNumberRule.firstGroupEndingTheNumber("(?:0|1)$") == nil)
        #expect(LocalNumberRule.firstGroupEndingTheNumber("([0-258]\\d{4})$") == "[0-258]\\d{4}")
        #expect(LocalNumberRule.firstGroupEndingTheNumber("(1\\)2)$|0") == "1\\)2")
    }

    /// A local number being typed reads with its area code until it can no longer become one.
    @Test func partialLocalNumbersRead() throws {
        let ag = try #require(ShippedPhoneMetadata.shared.regions["AG"])
        #expect(ag.localNumberReading([7, 3, 6]) == [2, 6, 8, 7, 3, 6])
        #expect(ag.localNumberReading([7, 3, 6, 3, 3, 6, 3]) == [2, 6, 8, 7, 3, 6, 3, 3, 6, 3])
        #expect(ag.localNumberReading([7, 3, 6, 3, 3, 6, 3, 1]) == nil)
        #expect(ag.localNumberReading([2, 6]) == nil)
    }
}
