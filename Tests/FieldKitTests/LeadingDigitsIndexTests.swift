import FieldKeymaps
@testable import FieldKit
import Testing

/// `PhoneNumber.number` places a national number in the same region whether its first pass takes the regions a
/// `LeadingDigitsIndex` leaves or walks every region's leading digits: on every example number of every region
/// of a shared calling code, each with every digit replaced by each other digit, a digit more and a digit less.
@Suite struct LeadingDigitsIndexTests {
    @Test("Every shared calling code's example numbers and their one-digit changes are placed alike")
    func placedAlike() throws {
        let metadata = ShippedPhoneMetadata.shared
        var differing: [String] = []
        var tried = 0, placed = 0
        for (code, _) in metadata.byCallingCode {
            guard let regions = metadata.sharing[code], regions.count > 1 else { continue }
            for region in regions {
                for (_, example) in region.examples {
                    let digits = example.utf8.map { $0 - 0x30 }
                    var variants = [digits, Array(digits.dropLast()), digits + [5]]
                    for i in digits.indices {
                        for d in UInt8(0)...9 where d != digits[i] {
                            var changed = digits
                            changed[i] = d
                            variants.append(changed)
                        }
                    }
                    for national in variants {
                        tried += 1
                        let fast = PhoneNumber.number(national, callingCode: code, regions: regions, metadata: metadata, indexed: true)
                        let slow = PhoneNumber.number(national, callingCode: code, regions: regions, metadata: metadata, indexed: false)
                        if fast != nil { placed += 1 }
                        if fast != slow { differing.append("+\(code) \(PhoneNumber.text(of: national)): \(fast?.region ?? "-") against \(slow?.region ?? "-")") }
                    }
                }
            }
        }
        try #require(tried > 10_000, "\(tried) numbers tried")
        try #require(placed > 2_000, "\(placed) numbers placed")
        #expect(differing.isEmpty, Comment(rawValue: "\(differing.count) differ:\n" + differing.prefix(30).joined(separator: "\n")))
    }
}
