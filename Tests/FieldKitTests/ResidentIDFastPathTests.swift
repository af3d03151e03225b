import Testing
@testable import FieldKit

/// `ResidentID.refusal` reads an ID's digits once and hands every problem but a wrong check character to
/// `wordedRefusal`: the two must give the same verdict on every ID, valid or refused for any reason.
@Suite struct ResidentIDFastPathTests {
    static let context = ValidationContext(today: CalendarDate(year: 2026, month: 11, day: 28)!)

    /// The verdict as one comparable text: which case, and its words.
    static func verdict(_ refusal: LineRefusal?) -> String {
        switch refusal {
        case nil: return "valid"
        case .checkCharacter(let expected)?: return "check \(expected)"
        case .issue(let issue)?: return "issue \(issue.message) at \(String(describing: issue.position))"
        case let other?: return "other \(other.issue.message)"
        }
    }

    /// Seventeen digits and their right check character.
    static func id(_ digits17: String) -> [UInt8] {
        var bytes = Array(digits17.utf8)
        let check = bytes.withUnsafeBufferPointer { ResidentID.checkCharacter($0) }!
        bytes.append(check)
        return bytes
    }

    @Test func provinceBitsAreTheNamedCodes() {
        for code in -3..<200 {
            #expect(ProvinceCodes.isKnown(code) == (ProvinceCodes.names[code] != nil), "code \(code)")
        }
    }

    @Test func fastVerdictIsTheWordedOne() {
        let bases = ["11010519491231002", "44030420000229123", "65010219000101001", "83000020261128001",
                     "83000020261129001", "11010519000228001", "11010518991231001", "11010520000230001",
                     "11010519001301001", "11010519000100001", "71000019960229002", "11010519970229002"]
        var ids = bases.map(Self.id)
        // Every one-byte replacement of each, and each with the other check characters.
        let replacements = Array("0123456789Xx -/a".utf8) + [0x00, 0x2F, 0x3A, 0x80, 0xFF]
        for base in bases.map(Self.id) {
            for at in 0..<18 {
                for byte in replacements where byte != base[at] {
                    var changed = base
                    changed[at] = byte
                    ids.append(changed)
                }
            }
            ids.append(Array(base.dropLast()))
            ids.append(base + [0x30])
        }
        for code in 0..<100 {
            ids.append(Self.id((code < 10 ? "0\(code)" : "\(code)") + "010519800101001"))
        }
        for id in ids {
            let fast = id.withUnsafeBufferPointer { ResidentID.refusal($0, context: Self.context) }
            let worded = id.withUnsafeBufferPointer { ResidentID.wordedRefusal($0, context: Self.context) }
            #expect(Self.verdict(fast) == Self.verdict(worded), "\(String(decoding: id, as: UTF8.self))")
        }
    }
}
