import FieldKeymaps
@testable import FieldKit
import Testing

/// The example numbers shipped for placeholders against libphonenumber's: every region's example of every kind is
/// the one `example_number_for_type` gives (and no other is shipped), and a phone field assumed in a region shows
/// its first kind's example as libphonenumber formats it nationally.
@Suite("Phone example numbers against libphonenumber")
struct PhoneExampleOracleTests {
    /// The oracle's example rows: region, kind, E.164, national format.
    static func oracle() throws -> [(region: String, kind: String, e164: String, national: String)] {
        let rows = try PhoneOracle.rows("examples")
        try #require(rows.count > 1000, "the oracle gave \(rows.count) example numbers")
        return rows.map { ($0[0], $0[1], $0[2], $0[3]) }
    }

    @Test("Every shipped example is libphonenumber's for its region and kind, and every one of those is shipped")
    func theShippedExamplesAreLibphonenumbers() throws {
        let metadata = ShippedPhoneMetadata.shared
        var differing: [String] = []
        var theirs = Set<String>()
        for row in try Self.oracle() {
            let region = try #require(metadata.regions[row.region], "no region \(row.region)")
            let national = String(row.e164.dropFirst(1 + String(region.callingCode).count))
            // A non-geographic entity has one example (the oracle's `fixed_line` row): it is among the entity's.
            if row.region.hasPrefix("+") {
                if !region.examples.contains(where: { $0.number == national }) { differing.append("\(row.region): \(national) not shipped") }
                continue
            }
            theirs.insert("\(row.region) \(row.kind)")
            let ours = region.examples.first { $0.kind.rawValue == row.kind }?.number
            if ours != national { differing.append("\(row.region) \(row.kind): ours \(ours ?? "none"), theirs \(national)") }
        }
        // The other way: every shipped example of a whole-number kind is one the oracle gave.
        for code in metadata.regions.codes where !code.hasPrefix("+") {
            guard let region = metadata.regions[code] else { continue }
            for example in region.examples where example.kind != .emergency && example.kind != .shortCode {
                if !theirs.contains("\(code) \(example.kind.rawValue)") { differing.append("\(code) \(example.kind.rawValue): shipped, not libphonenumber's") }
            }
        }
        #expect(theirs.count > 1000, "\(theirs.count) examples compared")
        #expect(differing.isEmpty, Comment(rawValue: "\(differing.count) differ:\n" + differing.prefix(40).joined(separator: "\n")))
    }

    /// `phone --assume REGION --kinds KIND`: the empty field's hint is the example as the field shows it once typed,
    /// which is what libphonenumber's AsYouTypeFormatter shows after the digits of its national format, for the
    /// mobile and fixed-line examples of every region; that is libphonenumber's national format itself in all but a
    /// few regions, whose national format has punctuation the as-you-type formatter leaves out (`(010) 123456`).
    @Test("An empty phone field's hint is its example as typed: the national format, as you type it")
    func theHintIsTheNationalFormatAsTyped() throws {
        let phone = try KeymapLoader(lookup: KeymapLookup(environment: [:])).load(origin: .shipped("phone")).spec
        var asTyped: [String: String] = [:]
        for row in try PhoneOracle.rows("as-you-type") {
            asTyped[row[0] + " " + row[1]] = row[2].split(separator: "\u{1F}", omittingEmptySubsequences: false).last.map(String.init)
        }
        var byRegion: [String: [String: String]] = [:]
        for row in try Self.oracle() where !row.region.hasPrefix("+") { byRegion[row.region, default: [:]][row.kind] = row.national }
        var differing: [String] = [], compared = 0, national = 0
        for (region, kinds) in byRegion.sorted(by: { $0.key < $1.key }) {
            for kind in ["mobile", "fixed_line"] {
                guard let nationalFormat = kinds[kind] else { continue }
                var options = FieldOptions()
                options.validatorOptions = ["assume": region, "kinds": kind]
                let spec = options.applied(to: phone)
                guard case .liveLayout(let live, _) = spec.kind, let typed = live.example(continuing: []) else {
                    differing.append("\(region) \(kind): no example")
                    continue
                }
                compared += 1
                let hint = spec.exampleHint(after: [])
                if hint == nationalFormat { national += 1 }
                let theirs = asTyped[region + " " + String(typed)]
                if hint != theirs { differing.append("\(region) \(kind) typed \(String(typed)): hint \(hint ?? "none"), as you type \(theirs ?? "not typed by the oracle")") }
            }
        }
        #expect(compared > 400, "\(compared) compared")
        #expect(differing.isEmpty, Comment(rawValue: "\(differing.count) of \(compared) differ:\n" + differing.prefix(60).joined(separator: "\n")))
        #expect(national * 100 >= compared * 90, "the national format itself: \(national) of \(compared)")
    }

    /// After `+` and a calling code alone, the hint is the rest of that code's main region's example, written
    /// internationally as libphonenumber writes it; `+4` has none and `+447` none.
    @Test("After +44 the hint is the rest of the British example written internationally")
    func afterACallingCodeTheHintIsTheRestOfItsExample() throws {
        let phone = try KeymapLoader(lookup: KeymapLookup(environment: [:])).load(origin: .shipped("phone")).spec
        var options = FieldOptions()
        options.validatorOptions = ["assume": "CN", "kinds": "mobile"]
        let spec = options.applied(to: phone)
        #expect(spec.exampleHint(after: []) == "131 2345 6789")
        #expect(spec.exampleHint(after: Array("+44")) == " 7400 123456")
        #expect(spec.exampleHint(after: Array("+1")) == " 201-555-0123")
        #expect(spec.exampleHint(after: Array("+4")) == nil && spec.exampleHint(after: Array("+447")) == nil)
        #expect(spec.exampleHint(after: Array("+044")) == nil && spec.exampleHint(after: Array("1")) == nil)
        #expect(spec.mayReachExample(Array("+88")) && spec.mayReachExample(Array("+880")) && !spec.mayReachExample(Array("+8801")))
        #expect(spec.mayReachExample([]) && !spec.mayReachExample(Array("1")))
        // A field of some countries has no hint for another country's code.
        var cn = FieldOptions()
        cn.validatorOptions = ["countries": "CN"]
        #expect(cn.applied(to: phone).exampleHint(after: Array("+44")) == nil)
    }
}
