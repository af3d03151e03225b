import FieldKeymaps
@testable import FieldKit
import Testing

/// The as-you-type refusals never stop a number libphonenumber calls valid: every example number of every region
/// and kind, typed as E.164 and nationally (with the national prefix its national form has), passes every prefix
/// of itself in a field taking all numbers, and in a field taking only its region and its kind.
@Suite("Phone refusals against libphonenumber")
struct PhoneRefusalOracleTests {
    @Test("No example number is refused as it is typed")
    func examplesAreNeverRefused() throws {
        let rows = try PhoneOracle.rows("examples")
        try #require(rows.count > 1000, "the oracle gave \(rows.count) example numbers")
        let metadata = ShippedPhoneMetadata.shared
        var refused: [String] = []
        var typedCount = 0
        for row in rows where row[5] == "1" {
            let (region, e164, national, type) = (row[0], row[2], row[3], row[6])
            let kinds = type == "fixed_line_or_mobile" ? [PhoneKind.fixedLine, .mobile] : [PhoneKind(rawValue: type)].compactMap { $0 }
            let assumed = region.hasPrefix("+") ? nil : region
            let open = PhoneLayout(metadata: metadata, assumedRegion: assumed)
            let narrow = PhoneLayout(metadata: metadata, assumedRegion: assumed, regions: [region], kinds: Set(kinds.prefix(1)))
            var typings = [e164]
            if assumed != nil { typings.append(String(national.filter(\.isNumber))) }
            for typed in typings {
                typedCount += 1
                for layout in [open, narrow] {
                    if let reason = Array(typed.utf8).withUnsafeBufferPointer({ layout.firstRefusal($0) }) {
                        refused.append("\(region) \(type) \(typed): \(reason)")
                    }
                }
            }
        }
        try #require(typedCount > 2000)
        #expect(refused.isEmpty, Comment(rawValue: "\(refused.count) refused:\n" + refused.prefix(40).joined(separator: "\n")))
    }
}
