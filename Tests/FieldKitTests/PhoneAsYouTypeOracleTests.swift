import FieldKeymaps
import FieldKit
import Testing

/// `PhoneAsYouType` against libphonenumber's AsYouTypeFormatter: every example number of every region and kind,
/// typed national and international, gives the same display after every digit.
@Suite("Phone as-you-type against libphonenumber")
struct PhoneAsYouTypeOracleTests {
    @Test("Every step of every example number shows what AsYouTypeFormatter shows")
    func everyStepAgrees() throws {
        let rows = try PhoneOracle.rows("as-you-type")
        try #require(rows.count > 2000, "the oracle gave \(rows.count) typed numbers")
        var differing: [String] = []
        var steps = 0
        for row in rows {
            let region = row[0], typed = Array(row[1].utf8)
            let expected = row[2].split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
            let formatter = PhoneAsYouType(metadata: ShippedPhoneMetadata.shared, assumedRegion: region == "ZZ" ? nil : region)
            for n in 1...typed.count {
                steps += 1
                let ours = String(decoding: formatter.format(Array(typed[..<n])).display, as: UTF8.self)
                if ours != expected[n - 1] {
                    differing.append("\(region) \(row[1]) after \(n): ours '\(ours)', theirs '\(expected[n - 1])'")
                    break
                }
            }
        }
        let report = "\(differing.count) of \(rows.count) numbers differ (\(steps) steps):\n" + differing.prefix(40).joined(separator: "\n")
        #expect(differing.isEmpty, Comment(rawValue: report))
    }
}

/// Whole numbers against libphonenumber: every example number of every region and kind parses to the same
/// E.164, is valid, has the same kind, and is written the same nationally and internationally.
@Suite("Phone numbers against libphonenumber")
struct PhoneNumberOracleTests {
    @Test("Every example number: E.164, validity, kind, national and international forms")
    func examplesAgree() throws {
        let rows = try PhoneOracle.rows("examples")
        try #require(rows.count > 1000, "the oracle gave \(rows.count) example numbers")
        let metadata = ShippedPhoneMetadata.shared
        var differing: [String] = []
        for row in rows {
            let (region, kind, e164, national, international, valid, type) = (row[0], row[1], row[2], row[3], row[4], row[5], row[6])
            guard case .success(let number) = PhoneNumber.parse(e164, assumedRegion: nil, metadata: metadata) else {
                if valid == "1" { differing.append("\(region) \(kind) \(e164): does not parse") }
                continue
            }
            var problems: [String] = []
            if number.e164 != e164 { problems.append("E.164 \(number.e164)") }
            let ours = (number.formatted(.national, metadata: metadata), number.formatted(.international, metadata: metadata))
            if ours.0 != national { problems.append("national '\(ours.0)' against '\(national)'") }
            if ours.1 != international { problems.append("international '\(ours.1)' against '\(international)'") }
            let kinds = number.kinds(metadata: metadata).map(\.rawValue)
            let expectedKinds = type == "fixed_line_or_mobile" ? ["fixed_line", "mobile"] : [type]
            if !expectedKinds.allSatisfy(kinds.contains) { problems.append("kinds \(kinds) against \(type)") }
            if !problems.isEmpty { differing.append("\(region) \(kind) \(e164): " + problems.joined(separator: "; ")) }
        }
        let report = "\(differing.count) of \(rows.count) example numbers differ:\n" + differing.prefix(40).joined(separator: "\n")
        #expect(differing.isEmpty, Comment(rawValue: report))
    }
}
