import FieldKeymaps
@testable import FieldKit
import Testing

/// Numbers typed with an international prefix (`00`, `011`, HK's `001`…) or with their calling code but no `+`
/// (as contacts apps store them), and with a national prefix, against libphonenumber: for every region, the
/// example numbers of other regions after each of its international prefixes, its own examples after its calling
/// code and after its national prefix, each also with one digit changed, one short and one long. fieldline says
/// valid exactly when `phonenumbers.parse` + `is_valid_number` do, with the same E.164, and never refuses while
/// typing a number libphonenumber takes.
@Suite("Phone prefixes against libphonenumber")
struct PhonePrefixOracleTests {
    /// The generated cases: home region and text.
    static func cases() throws -> [(region: String, text: String)] {
        let metadata = ShippedPhoneMetadata.shared
        var examples: [(region: String, code: String, national: String)] = []
        var seen = Set<String>()
        for row in try PhoneOracle.rows("examples") where seen.insert(row[2]).inserted {
            guard let code = metadata.regions[row[0]]?.callingCode ?? Int(row[0].dropFirst()) else { continue }
            examples.append((row[0], String(code), String(row[2].dropFirst(1 + String(code).count))))
        }
        func variants(_ national: String) -> [String] {
            let digits = Array(national)
            var out = [national, String(digits.dropLast()), national + "7"]
            for i in digits.indices {
                var v = digits
                v[i] = Character(String((Int(String(v[i]))! + 3) % 10))
                out.append(String(v))
            }
            return out
        }
        var cases: [(String, String)] = []
        let prefixes = try PhoneOracle.rows("prefixes")
        try #require(prefixes.count > 200, "the oracle gave \(prefixes.count) regions")
        for (index, row) in prefixes.enumerated() {
            let region = row[0], code = row[1], nationalPrefix = row[2]
            let idd = row[3].split(separator: " ").map(String.init)
            // A few international prefixes each (the first, the longest, and HK-like variable ones between), and
            // a spread of other regions' numbers after them.
            let chosen = Array(Set([idd.first, idd.last, idd.count > 2 ? idd[idd.count / 2] : nil].compactMap { $0 })).sorted()
            for prefix in chosen {
                for k in 0..<20 {
                    let other = examples[(index * 37 + k * 101) % examples.count]
                    for national in variants(other.national).prefix(5) { cases.append((region, prefix + other.code + national)) }
                    // A 0 after the prefix: not an international prefix (calling codes do not start with 0).
                    cases.append((region, prefix + "0" + other.code + other.national))
                }
            }
            for own in examples where own.region == region {
                for national in variants(own.national) {
                    cases.append((region, code + national))
                    if !nationalPrefix.isEmpty {
                        cases.append((region, nationalPrefix + national))
                        cases.append((region, code + nationalPrefix + national))
                    }
                }
            }
        }
        return cases
    }

    @Test("International prefixes, calling codes without +, national prefixes: the same verdict and E.164")
    func prefixedNumbersAgree() throws {
        let metadata = ShippedPhoneMetadata.shared
        let cases = try PhonePrefixOracleTests.cases()
        try #require(cases.count >= 50_000, "only \(cases.count) generated numbers")
        let input = cases.map { "\($0.region)\t\($0.text)" }.joined(separator: "\n") + "\n"
        let theirs = try PhoneOracle.rows("numbers", input: input)
        try #require(theirs.count == cases.count, "the oracle answered \(theirs.count) of \(cases.count)")
        var differing: [String] = []
        var refusedAsTyped: [String] = []
        var layouts: [String: PhoneLayout] = [:]
        var valid = 0
        for (c, answer) in zip(cases, theirs) {
            let ours = PhoneNumber.parse(c.text, assumedRegion: c.region, metadata: metadata)
            if answer[1] == "1" {
                valid += 1
                let layout = layouts[c.region] ?? PhoneLayout(metadata: metadata, assumedRegion: c.region)
                layouts[c.region] = layout
                if let reason = Array(c.text.utf8).withUnsafeBufferPointer({ layout.firstRefusal($0) }) {
                    refusedAsTyped.append("\(c.region) \(c.text): \(reason)")
                }
            }
            switch ours {
            case .success(let number):
                if answer[1] != "1" || answer[0] != number.e164 {
                    differing.append("\(c.region) \(c.text): ours valid \(number.e164), theirs \(answer)")
                }
            case .failure(let issue):
                if answer[1] == "1" { differing.append("\(c.region) \(c.text): ours '\(issue.message)', theirs valid \(answer[0])") }
            }
        }
        try #require(valid > cases.count / 10, "only \(valid) of \(cases.count) valid: the generator lost its way")
        let report = "\(differing.count) of \(cases.count) generated numbers differ:\n" + differing.prefix(60).joined(separator: "\n")
        #expect(differing.count == 0, Comment(rawValue: report))
        let typing = "\(refusedAsTyped.count) numbers libphonenumber takes are refused while typed:\n" + refusedAsTyped.prefix(40).joined(separator: "\n")
        #expect(refusedAsTyped.count == 0, Comment(rawValue: typing))
    }
}
