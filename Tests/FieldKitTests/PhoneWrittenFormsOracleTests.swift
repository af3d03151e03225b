import FieldKeymaps
@testable import FieldKit
import Testing

/// Every example number of the shipped metadata in every way it is written (national, with the national prefix,
/// with the calling code with and without `+`, after the region's international prefix, and, where a national
/// prefix transform rule supplies an area code, the local number alone and after the prefix or the calling code),
/// in `phone --assume` its region: typed key by key through the prompt core, pasted at once and checked. Where
/// libphonenumber (`parse` + `is_valid_number`) takes the text, no key is refused, the paste is taken, and all
/// three end valid with its E.164; where it does not, none of the three makes a number of it.
@Suite("Phone numbers typed, pasted and checked against libphonenumber")
struct PhoneWrittenFormsOracleTests {
    /// One written number: the field's assumed region (nil: none), how it is written, the digits typed.
    struct Case {
        let region: String?
        let form: String
        let text: String
    }

    /// The generated numbers.
    static func cases() throws -> [Case] {
        let metadata = ShippedPhoneMetadata.shared
        // The international prefixes the oracle lists for each region: the first (and the region's own calling code
        // after it), as a user abroad would dial home.
        var idd: [String: String] = [:]
        for row in try PhoneOracle.rows("prefixes") { idd[row[0]] = row[3].split(separator: " ").first.map(String.init) }
        var out: [Case] = []
        for code in metadata.regions.codes {
            guard let region = metadata.regions[code] else { continue }
            let calling = String(region.callingCode)
            if code.hasPrefix("+") {
                for (_, national) in region.examples { out.append(Case(region: nil, form: "+CC", text: "+" + calling + national)) }
                continue
            }
            var seen = Set<String>()
            func add(_ form: String, _ text: String) {
                if seen.insert(text).inserted { out.append(Case(region: code, form: form, text: text)) }
            }
            for (_, national) in region.examples {
                let number = PhoneNumber(region: code, callingCode: region.callingCode, nationalNumber: national)
                add("national", national)
                add("national format", String(number.formatted(.national, metadata: metadata).filter { $0.isASCII && $0.isNumber }))
                if !region.nationalPrefix.isEmpty { add("national prefix", region.nationalPrefix + national) }
                add("+CC", "+" + calling + national)
                add("CC", calling + national)
                if let prefix = idd[code] { add("IDD", prefix + calling + national) }
                // A local number whose area code the transform rule supplies (`7363363` in AG is 268 736 3363).
                if let area = localAreaCode(region), national.hasPrefix(area), national.count > area.count {
                    let local = String(national.dropFirst(area.count))
                    add("local", local)
                    if !region.nationalPrefix.isEmpty { add("local with national prefix", region.nationalPrefix + local) }
                    add("local with CC", calling + local)
                }
            }
        }
        return out
    }

    /// The digits a region's transform rule puts before a local number (`268` for `268$1`), nil without such a rule.
    static func localAreaCode(_ region: PhoneRegion) -> String? {
        guard let rule = region.rewriteSource, rule.transform.hasSuffix("$1") || rule.transform.hasSuffix("\\1") else { return nil }
        let area = String(rule.transform.dropLast(2))
        return !area.isEmpty && area.allSatisfy(\.isNumber) ? area : nil
    }

    @Test("Every example number in every written form: typed, pasted and checked as libphonenumber reads it")
    func everyFormAgrees() throws {
        let cases = try Self.cases()
        try #require(cases.count >= 6_000, "only \(cases.count) written numbers")
        let input = cases.map { "\($0.region ?? "ZZ")\t\($0.text)" }.joined(separator: "\n") + "\n"
        let theirs = try PhoneOracle.rows("numbers", input: input)
        try #require(theirs.count == cases.count, "the oracle answered \(theirs.count) of \(cases.count)")
        var specs: [String: FieldSpec] = [:]
        var differing: [String] = []
        var accepted = 0, keys = 0
        for (c, answer) in zip(cases, theirs) {
            let key = c.region ?? ""
            let spec = try specs[key] ?? PhoneEntry.spec(c.region)
            specs[key] = spec
            let checked = LineChecker(spec: spec, context: PhoneEntry.context).check(c.text)
            let check = checked.issue == nil ? checked.value : "not valid: \(checked.issue!.message)"
            let typing = PhoneEntry.verdict(PhoneEntry.typed(c.text, spec: spec))
            let paste = PhoneEntry.verdict(PhoneEntry.pasted(c.text, spec: spec))
            keys += c.text.count
            let label = "\(c.region ?? "-") \(c.form) \(c.text)"
            if answer[1] == "1" {
                accepted += 1
                let wanted = answer[0]
                if check != wanted || typing != wanted || paste != wanted {
                    differing.append("\(label): libphonenumber \(wanted); check \(check); typed \(typing); pasted \(paste)")
                }
            } else if checked.issue == nil || typing.hasPrefix("+") || paste.hasPrefix("+") {
                differing.append("\(label): libphonenumber refuses (\(answer[0])); check \(check); typed \(typing); pasted \(paste)")
            }
        }
        try #require(accepted > cases.count / 2, "only \(accepted) of \(cases.count) taken by libphonenumber: the generator lost its way")
        let report = "\(differing.count) of \(cases.count) written numbers (\(accepted) valid, \(keys) keys) differ:\n"
            + differing.prefix(60).joined(separator: "\n")
        #expect(differing.isEmpty, Comment(rawValue: report))
    }
}
