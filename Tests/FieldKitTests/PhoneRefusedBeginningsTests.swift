import FieldKeymaps
@testable import FieldKit
import Testing

/// `PhoneReadings.refusedBeginnings` (one walk of a number's digits) says of every beginning of a number what
/// `PhoneLayout.isRefused` (each beginning read afresh) says, and `firstRefusal` words the same refusal either way:
/// on every region's example numbers written with `+` and their mutations (cut, lengthened, digits replaced), and
/// on random digits after `+`, in fields taking every number, a home region's, and some kinds.
@Suite struct PhoneRefusedBeginningsTests {
    /// A seeded generator, so a failure names numbers that can be tried again.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state ^ (state >> 29)
        }
    }

    /// The numbers tried: each example `+` number, it with one to three digits more, each digit replaced by a
    /// random one, and random digits after `+` (every beginning of each is a number looked at too).
    static func numbers() -> [String] {
        let metadata = ShippedPhoneMetadata.shared
        var random = Seeded(state: 20261129)
        var found: [String] = []
        for code in metadata.regions.codes {
            guard let region = metadata.regions[code] else { continue }
            for (_, national) in region.examples {
                let whole = Array("+\(region.callingCode)\(national)")
                for extra in 1...3 {
                    found.append(String(whole) + (0..<extra).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined())
                }
                for i in 1..<whole.count {
                    var changed = whole
                    changed[i] = Character(String(Int.random(in: 0...9, using: &random)))
                    found.append(String(changed))
                }
            }
        }
        for _ in 0..<10_000 {
            found.append("+" + (0..<Int.random(in: 1...17, using: &random)).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined())
        }
        return found
    }

    static func layouts() -> [(String, PhoneLayout)] {
        let metadata = ShippedPhoneMetadata.shared
        return [
            ("every number", PhoneLayout(metadata: metadata, assumedRegion: nil)),
            ("home AG", PhoneLayout(metadata: metadata, assumedRegion: "AG")),
            ("mobile", PhoneLayout(metadata: metadata, assumedRegion: "GB", kinds: [.mobile])),
            ("toll free or premium", PhoneLayout(metadata: metadata, assumedRegion: nil, kinds: [.tollFree, .premiumRate])),
        ]
    }

    @Test("Every beginning of 10,000 random and every example number's variants: one walk says what each reading says")
    func everyBeginningAgrees() throws {
        let metadata = ShippedPhoneMetadata.shared
        let numbers = Self.numbers()
        try #require(numbers.count > 30_000, "\(numbers.count) numbers")
        var differing: [String] = []
        var answered = 0, refusedSeen = 0
        for (name, layout) in Self.layouts() {
            for number in numbers {
                let bytes = Array(number.utf8)
                let known = bytes.withUnsafeBufferPointer {
                    PhoneReadings.refusedBeginnings($0, metadata: metadata, kinds: layout.kinds, in: layout.regions)
                }
                guard let known else { continue }
                answered += 1
                for length in 1...bytes.count {
                    let onePass = known & (1 << UInt64(length)) != 0
                    if onePass { refusedSeen += 1 }
                    if onePass != layout.isRefused(bytes[..<length]) {
                        differing.append("\(name) \(number) first \(length): one walk says \(onePass ? "refused" : "live")")
                    }
                }
            }
        }
        try #require(answered > 100_000, "\(answered) numbers answered by the one walk")
        try #require(refusedSeen > 100_000, "\(refusedSeen) refused beginnings")
        #expect(differing.isEmpty, Comment(rawValue: "\(differing.count) differ:\n" + differing.prefix(30).joined(separator: "\n")))
    }

    @Test("The first refusal of each number is worded the same by the one walk and by halving")
    func firstRefusalAgrees() throws {
        var differing: [String] = []
        var refusedCount = 0
        for (name, layout) in Self.layouts() {
            for number in Self.numbers() {
                let bytes = Array(number.utf8)
                let (fast, slow) = bytes.withUnsafeBufferPointer {
                    (layout.firstRefusal($0, onePass: true), layout.firstRefusal($0, onePass: false))
                }
                if fast != nil { refusedCount += 1 }
                if fast != slow { differing.append("\(name) \(number): \(fast ?? "-") against \(slow ?? "-")") }
            }
        }
        try #require(refusedCount > 50_000, "\(refusedCount) refused numbers")
        #expect(differing.isEmpty, Comment(rawValue: "\(differing.count) differ:\n" + differing.prefix(30).joined(separator: "\n")))
    }
}
