import FieldKeymaps
@testable import FieldKit
import Testing

/// `check`'s byte path for phone numbers (`LineChecker.appendValueOrRefusal`, one reading by `PhoneValidator.judge`)
/// gives the value and message the engine gives (`check(_:fastPath: false)`: the line pasted into a field), on
/// numbers of every region: each example number with seeded random endings, written as E.164, with a space after
/// the calling code, nationally (with and without the national prefix) in `phone --assume` its region, one digit
/// short and one digit long. Left out: national lines starting with the home region's calling code in `phone`
/// (home CN, `86011860`), which the two paths still word differently (`too short for CN` against `no CN number
/// starts 11`; libphonenumber reads the whole as the national number 86011860, valid in no continuation).
@Suite struct PhoneCheckPathsTests {
    /// The lines of one region and the field they are checked in.
    static func lines(of region: PhoneRegion, random: inout PhoneRefusedBeginningsTests.Seeded) -> [String] {
        var found: [String] = []
        for (_, example) in region.examples {
            for _ in 0..<3 {
                var digits = Array(example)
                for i in digits.indices.suffix(min(3, max(digits.count - 4, 0))) {
                    digits[i] = Character(String(Int.random(in: 0...9, using: &random)))
                }
                let national = String(digits)
                let e164 = "+\(region.callingCode)\(national)"
                found += [e164, "+\(region.callingCode) \(national)", national, region.nationalPrefix + national,
                          String(e164.dropLast()), e164 + String(Int.random(in: 0...9, using: &random)),
                          String(national.dropLast()), national + String(Int.random(in: 0...9, using: &random))]
            }
        }
        return found
    }

    @Test("A number too short and one no number of its region starts as are left for check's templates, worded as the engine words them")
    func commonestRefusalsAreTemplated() throws {
        let checker = LineChecker(spec: try PhoneEntry.spec(nil), context: PhoneEntry.context)
        var scratch: [UInt8] = []
        for (line, expected) in [("+8613", "too short for CN"), ("+86 800 1234 0825", "no CN number starts 80012340825"),
                                 ("+44 20 794", "too short for GB")] {
            var bytes = Array(line.utf8), out: [UInt8] = []
            let (refusal, engine) = bytes.withUnsafeMutableBufferPointer { b in
                (checker.appendValueOrRefusal(of: UnsafeBufferPointer(b), to: &out, scratch: &scratch),
                 checker.check(UnsafeBufferPointer(b), fastPath: false))
            }
            switch refusal {
            case .phoneTooShort?, .phoneNumberStarts?: break
            default: Issue.record("\(line): \(String(describing: refusal)) is not left for a template")
            }
            #expect(refusal?.issue.message == expected, "\(line)")
            #expect(engine.issue?.message == expected, "\(line)")
        }
    }

    @Test("Every region's numbers, read with and without --assume: the byte path answers as the engine")
    func bytePathIsTheEngine() throws {
        let metadata = ShippedPhoneMetadata.shared
        var random = PhoneRefusedBeginningsTests.Seeded(state: 20261130)
        let anywhere = LineChecker(spec: try PhoneEntry.spec(nil), context: PhoneEntry.context)
        var compared = 0, leftOut = 0
        var differing: [String] = []
        var scratch: [UInt8] = []
        for code in metadata.regions.codes {
            guard let region = metadata.regions[code], !region.examples.isEmpty else { continue }
            let home = LineChecker(spec: try PhoneEntry.spec(code), context: PhoneEntry.context)
            for line in Self.lines(of: region, random: &random) {
                for (field, checker) in [("phone", anywhere), ("phone --assume \(code)", home)] {
                    if field == "phone" && line.hasPrefix("86") { leftOut += 1; continue }
                    var bytes = Array(line.utf8)
                    var out: [UInt8] = []
                    let (refusal, engine) = bytes.withUnsafeMutableBufferPointer { b in
                        (checker.appendValueOrRefusal(of: UnsafeBufferPointer(b), to: &out, scratch: &scratch),
                         checker.check(UnsafeBufferPointer(b), fastPath: false))
                    }
                    compared += 1
                    let fast = (String(decoding: out, as: UTF8.self), refusal?.issue.message)
                    if fast.0 != engine.value || fast.1 != engine.issue?.message {
                        differing.append("\(field) \(line): byte path \(fast), engine \((engine.value, engine.issue?.message))")
                    }
                }
            }
        }
        #expect(compared > 40_000, "\(compared) lines compared, \(leftOut) left out")
        #expect(leftOut < 200, "\(leftOut) lines left out")
        #expect(differing.isEmpty, "\(differing.count) of \(compared) differ: \(differing.prefix(20).joined(separator: "\n"))")
    }
}
