@testable import FieldKit
import Testing
@testable import FieldKeymaps

/// What a phone field reads of the metadata while a number is typed: the answers of the kinds it takes, only the
/// automata those need.
@Suite struct PhoneLayoutReadingTests {
    /// The shipped metadata read afresh: nothing decoded yet, whatever other tests asked of the shared copy.
    static func freshMetadata() throws -> PhoneMetadata {
        try PhoneMetadata.load(regions: ShippedData.files["data/phone-regions.tsv"] ?? "",
                               patterns: ShippedData.files["data/phone-patterns.tsv"] ?? "",
                               formats: ShippedData.files["data/phone-formats.tsv"] ?? "").get()
    }

    /// Typing a CN mobile number key by key in a field of CN mobiles (phone-cn's) lays out, counts and checks
    /// every prefix without decoding the automaton of any other kind (China's fixed-line one is the largest).
    @Test func aMobileFieldDecodesNoOtherKindsAutomaton() throws {
        let metadata = try Self.freshMetadata()
        let layout = PhoneLayout(metadata: metadata, assumedRegion: "CN", regions: ["CN"], kinds: [.mobile], limit: 15)
        let number = Array("13812345678")
        var counters: [String] = []
        for n in 1...number.count {
            let typed = Array(number[..<n])
            #expect(layout.refusal(typed) == nil, "\(n)")
            counters.append(layout.layout(typed)?.counter ?? "none")
            #expect(layout.isComplete(typed) == (n == number.count), "\(n)")
        }
        #expect(counters == (1...10).map { "\($0)/12" } + ["11/11"])
        let china = try #require(metadata.regions["CN"])
        #expect(china.kinds.filter { $0.1.isDecoded }.map(\.0) == [.mobile])
    }

    /// `isValid(_:ofOneOf:)` answers as `isValid` and `kinds(of:)` together: valid, and of a wanted kind (any when
    /// none is named), for each region's example numbers, their beginnings and their digits changed.
    @Test func validOfOneOfKindsIsValidAndOfAWantedKind() {
        let metadata = ShippedPhoneMetadata.shared
        let wantedLists: [[PhoneKind]] = [[], [.mobile], [.fixedLine], [.fixedLine, .mobile], [.tollFree, .voip],
                                          [.emergency], [.shortCode], [.shortCode, .mobile], [.emergency, .fixedLine]]
        var checked = 0
        for code in ["CN", "US", "GB", "DE", "FR", "IN", "BR", "JP", "AU", "RU", "HK", "IT"] {
            guard let region = metadata.regions[code] else { Issue.record("no region \(code)"); continue }
            for (_, example) in region.examples {
                let digits = example.utf8.map { $0 - 48 }
                var numbers = (1...digits.count).map { Array(digits[..<$0]) }
                numbers += digits.indices.map { i in var changed = digits; changed[i] = (changed[i] + 1) % 10; return changed }
                numbers.append(digits + [0])
                for number in numbers {
                    let kinds = Set(region.kinds(of: number))
                    for wanted in wantedLists {
                        let expected = region.isValid(number) && (wanted.isEmpty || !kinds.isDisjoint(with: wanted))
                        #expect(region.isValid(number, ofOneOf: wanted) == expected, "\(code) \(number) \(wanted)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 1000)
    }

    /// A national number is complete as the rule says: valid, of a kind the field takes, and no digit more keeps
    /// it able to become one (`PhoneReadings.canContinue` of each), for fields of one kind, several and all, on
    /// each region's example numbers, their beginnings, their digits changed and one digit more.
    @Test func completeIsValidOfAKindTakenAndNotContinued() {
        let metadata = ShippedPhoneMetadata.shared
        let kindSets: [Set<PhoneKind>] = [[], [.mobile], [.fixedLine], [.fixedLine, .mobile], [.tollFree, .voip]]
        var complete = 0
        for code in ["CN", "US", "GB", "DE", "FR", "IN", "BR", "JP", "AU", "RU", "HK", "IT"] {
            guard let region = metadata.regions[code] else { Issue.record("no region \(code)"); continue }
            for kinds in kindSets {
                let layout = PhoneLayout(metadata: metadata, assumedRegion: code, regions: [code], kinds: kinds)
                for (_, example) in region.examples {
                    let digits = example.utf8.map { $0 - 48 }
                    var numbers = (1...digits.count).map { Array(digits[..<$0]) }
                    numbers += digits.indices.map { i in var changed = digits; changed[i] = (changed[i] + 1) % 10; return changed }
                    numbers.append(digits + [0])
                    for number in numbers {
                        let expected = region.isValid(number) && (kinds.isEmpty || !kinds.isDisjoint(with: region.kinds(of: number)))
                            && !(UInt8(0)...9).contains { PhoneReadings.canContinue(region, number + [$0], kinds: kinds) }
                        #expect(layout.isComplete(number.map { $0 + 0x30 }, in: region) == expected, "\(code) \(number) \(kinds)")
                        if expected { complete += 1 }
                    }
                }
            }
        }
        #expect(complete > 50)
    }
}
