@testable import FieldKit
import Testing
@testable import FieldKeymaps

/// Phone numbers read the way users type and paste them, judged by libphonenumber's patterns compiled into digit
/// automata (keymaps/data/phone-*.tsv), and stored as E.164.
@Suite struct PhoneNumberTests {
    static let metadata = ShippedPhoneMetadata.shared

    @Test func theShippedMetadataLoads() {
        #expect(Self.metadata.regions.count == 254)
        #expect(Self.metadata.byCallingCode[86] == ["CN"])
        #expect(Self.metadata.byCallingCode[1]?.first == "US")   // the main country of +1 comes first
        #expect(Self.metadata.regions["GB"]?.nationalPrefix == "0")
    }

    /// The byte test for a capturing group agrees with the rule the generator writes the header by (`(` left
    /// after taking out every `(?:`), on every shipped national prefix pattern and a few made ones.
    @Test func captureGroupsAreToldAsTheGeneratorTellsThem() {
        var patterns = ["", "0", "(?:0)", "(0)", "((?:0))", "(?=0)", "0(?:1|2)", "([0-24-8]\\d{5})$|0"]
        for line in (ShippedData.files["data/phone-regions.tsv"] ?? "").split(separator: "\n") where !line.hasPrefix("#") {
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false)
            if cells.count > 6 { patterns.append(String(cells[6])) }
        }
        #expect(patterns.count > 200)
        for pattern in patterns {
            #expect(PhoneMetadata.hasCaptureGroup(pattern) == pattern.replacing("(?:", with: "").contains("("), "\(pattern)")
        }
    }

    /// The shipped files read whole (every row decoded, malformed rows reported, the order the lookups rely on
    /// checked) give every region the same fields, automata, examples and formats as the metadata fields use,
    /// which finds a region's rows by a binary search when first asked; the calling codes agree too.
    @Test func readingWholeAgreesWithReadingRegionByRegion() throws {
        let whole = try PhoneMetadata.parse(regions: ShippedData.files["data/phone-regions.tsv"] ?? "",
                                            patterns: ShippedData.files["data/phone-patterns.tsv"] ?? "",
                                            formats: ShippedData.files["data/phone-formats.tsv"] ?? "").get()
        #expect(whole.regions.codes == Self.metadata.regions.codes && whole.regions.codes.count == 254)
        // The copy the shipped metadata uses is the set read from every format's bytes.
        #expect(whole.formatLiterals == Self.metadata.formatLiterals)
        #expect(Self.metadata.formatLiterals == PhoneMetadata.shippedFormatLiterals)
        let regions = whole.regions.codes.compactMap { whole.regions[$0] }
        #expect(regions.count == 254)
        // Every literal a format writes is in the set read from the file's bytes.
        let written = Set(regions.flatMap { ($0.formats + $0.internationalFormats).flatMap { Array($0.format) } })
            .filter { $0 != "$" && !("0"..."9").contains($0) }
        #expect(written.isSubset(of: whole.formatLiterals) && whole.formatLiterals.subtracting(written).isSubset(of: [" "]))
        var byCode: [Int: [String]] = [:]
        for region in regions {
            let lazy = try #require(Self.metadata.regions[region.code])
            let code = region.code
            #expect(region.callingCode == lazy.callingCode && region.nationalPrefix == lazy.nationalPrefix, "\(code)")
            #expect(region.isMainCountry == lazy.isMainCountry && region.possibleLengths == lazy.possibleLengths, "\(code)")
            #expect(region.localOnlyLengths == lazy.localOnlyLengths, "\(code)")
            #expect(region.internationalPrefix == lazy.internationalPrefix && region.leadingDigits == lazy.leadingDigits, "\(code)")
            #expect(region.nationalPrefixForParsing == lazy.nationalPrefixForParsing, "\(code)")
            #expect((region.nationalPrefixRewrite == nil) == (lazy.nationalPrefixRewrite == nil), "\(code)")
            #expect(region.rewritesNationalPrefix == (region.nationalPrefixRewrite != nil), "\(code)")
            #expect(region.nationalPrefixRewrite?.pattern.description == lazy.nationalPrefixRewrite?.pattern.description, "\(code)")
            #expect(region.nationalPrefixRewrite?.transform == lazy.nationalPrefixRewrite?.transform, "\(code)")
            #expect(region.kinds.map(\.0) == lazy.kinds.map(\.0), "\(code)")
            #expect(zip(region.kinds, lazy.kinds).allSatisfy { $0.1.dfa == $1.1.dfa } && region.general == lazy.general, "\(code)")
            #expect(region.examples.map(\.number) == lazy.examples.map(\.number), "\(code)")
            #expect(region.formats.map(\.format) == lazy.formats.map(\.format), "\(code)")
            // Each format's leading-digits automata, decoded when first asked for, are the ones the checked read has.
            for (a, b) in zip(region.formats + region.internationalFormats, lazy.formats + lazy.internationalFormats) {
                #expect(a.leadingDigits.count == b.leadingDigits.count && (0..<a.leadingDigits.count).allSatisfy { a.leadingDigits[$0] == b.leadingDigits[$0] }, "\(code) \(a.pattern)")
            }
            #expect(region.internationalFormats.map(\.format) == lazy.internationalFormats.map(\.format), "\(code)")
            // A lookup gives the same object each time: one region, its automata read once.
            #expect(Self.metadata.regions[code] === lazy)
            byCode[region.callingCode, default: []].append(code)
        }
        // Calling codes from the regions themselves: each code's main region first, then the others by code.
        for (calling, codes) in byCode {
            let expected = codes.sorted { a, b in
                let ma = whole.regions[a]!.isMainCountry, mb = whole.regions[b]!.isMainCountry
                return ma != mb ? ma : a < b
            }
            #expect(Self.metadata.byCallingCode[calling] == expected, "\(calling)")
            #expect(Self.metadata.sharing[calling]?.map(\.code) == expected, "\(calling)")
        }
        #expect(Self.metadata.byCallingCode.count == byCode.count)
        #expect(whole.regions["CN"]?.kinds.count ?? 0 > 3)
        // Codes the files do not hold, before, between and after theirs: none.
        for missing in ["", "+", "+1", "+99", "A", "AA", "CNN", "C", "ZZZ", "cn", "ZW ", "\u{0}"] {
            #expect(Self.metadata.regions[missing] == nil, "\(missing)")
        }
    }

    /// A code's regions read from the file for that code alone (before the index of every code is built) are the
    /// ones the index gives, main region first, for every code a number can start with.
    @Test func oneCodesRegionsReadAloneAreTheIndexs() throws {
        let fresh = try PhoneMetadata.load(regions: ShippedData.files["data/phone-regions.tsv"] ?? "",
                                           patterns: ShippedData.files["data/phone-patterns.tsv"] ?? "",
                                           formats: ShippedData.files["data/phone-formats.tsv"] ?? "").get()
        let alone = (0...999).map { fresh.regionCodes(sharing: $0) }
        #expect(alone[86] == ["CN"] && alone[1].first == "US" && alone[1].count == 25 && alone[44].first == "GB")
        let index = fresh.byCallingCode
        for code in 0...999 {
            #expect(alone[code] == (index[code] ?? []), "+\(code)")
            #expect(fresh.regionCodes(sharing: code) == alone[code], "+\(code), the index built")
        }
    }

    /// The lookups find a region's rows by a binary search, so custom metadata whose rows are out of order (or
    /// have a gap) is refused when read whole, at the row that breaks the order.
    @Test func rowsOutOfOrderAreRefusedAtTheirLine() throws {
        let regions = ShippedData.files["data/phone-regions.tsv"] ?? ""
        var lines = regions.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let first = try #require(lines.firstIndex { $0.hasPrefix("AD\t") })
        lines.swapAt(first, first + 1)
        let patterns = ShippedData.files["data/phone-patterns.tsv"] ?? "", formats = ShippedData.files["data/phone-formats.tsv"] ?? ""
        switch PhoneMetadata.parse(regions: lines.joined(separator: "\n"), patterns: patterns, formats: formats) {
        case .success: Issue.record("rows out of order were read")
        case .failure(let problem):
            #expect(problem.line == first + 2 && problem.message == "the rows are not sorted by region", "\(problem)")
        }
        lines.swapAt(first, first + 1)
        lines.insert("", at: first + 1)
        switch PhoneMetadata.parse(regions: lines.joined(separator: "\n"), patterns: patterns, formats: formats) {
        case .success: Issue.record("an empty line among the rows was read")
        case .failure(let problem): #expect(problem.line == first + 2 && problem.message == "a region row is malformed", "\(problem)")
        }
    }

    /// The shipped phone files read whole, one cell of one row of `file` changed: the changed row's line and the
    /// problem the read stops at (nil when it reads). The row is the first whose cells (by the header's names)
    /// `isRow` picks.
    static func readWhole(changing column: String, in file: String, of isRow: ([String: String]) -> Bool,
                          to change: (String) -> String) throws -> (line: Int, problem: ChoiceListProblem?) {
        var files = ["regions": "data/phone-regions.tsv", "patterns": "data/phone-patterns.tsv", "formats": "data/phone-formats.tsv"]
            .mapValues { ShippedData.files[$0] ?? "" }
        var lines = try #require(files[file]).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = try #require(lines.firstIndex { $0.hasPrefix("value\t") })
        let names = lines[header].split(separator: "\t").map(String.init)
        let index = try #require(names.firstIndex(of: column))
        func cells(_ line: String) -> [String] { line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        let row = try #require(lines.indices.first { $0 > header && isRow(Dictionary(zip(names, cells(lines[$0])), uniquingKeysWith: { a, _ in a })) })
        var changed = cells(lines[row])
        changed[index] = change(changed[index])
        lines[row] = changed.joined(separator: "\t")
        files[file] = lines.joined(separator: "\n")
        switch PhoneMetadata.parse(regions: files["regions"]!, patterns: files["patterns"]!, formats: files["formats"]!) {
        case .success: return (row + 1, nil)
        case .failure(let problem): return (row + 1, problem)
        }
    }

    /// A rewriting national prefix rule is compiled when a number first needs it, so custom metadata whose rule does
    /// not compile is refused when read whole, at its row.
    @Test func aRuleThatDoesNotCompileIsRefusedAtItsLine() throws {
        let (line, problem) = try Self.readWhole(changing: "national_prefix_for_parsing", in: "regions", of: { $0["value"] == "AR" }) { rule in
            #expect(PhoneMetadata.hasCaptureGroup(rule), "AR's rule rewrites: \(rule)")
            return "0?(9"
        }
        #expect(problem?.line == line && problem?.message == "national_prefix_for_parsing does not compile", "\(String(describing: problem))")
    }

    /// A format's leading-digits automata are decoded when first used, so custom metadata with a malformed one is
    /// refused when read whole, at its row.
    @Test func aMalformedLeadingDigitsAutomatonIsRefusedAtItsLine() throws {
        let (line, problem) = try Self.readWhole(changing: "leading_digits_dfas", in: "formats", of: { $0["value"] == "CN:3" }) { $0 + "|0,1" }
        #expect(problem?.line == line && problem?.message == "a format row is malformed", "\(String(describing: problem))")
    }

    /// A kind's automaton is decoded when first matched, so custom metadata with a malformed one is refused when
    /// read whole, at its row.
    @Test func aMalformedKindAutomatonIsRefusedAtItsLine() throws {
        let (line, problem) = try Self.readWhole(changing: "dfa", in: "patterns", of: { $0["region"] == "CN" && $0["kind"] == "fixed_line" }) { _ in "0,1" }
        #expect(problem?.line == line && problem?.message == "a pattern row needs region, kind and a DFA", "\(String(describing: problem))")
    }

    @Test(arguments: [
        ("+44 20 7946 0958", nil, "+442079460958", "GB", [PhoneKind.fixedLine]),
        ("0044 20 7946 0958", "CN", "+442079460958", "GB", [.fixedLine]),
        ("(020) 7946 0958", "GB", "+442079460958", "GB", [.fixedLine]),
        ("018562755191", "CN", "+8618562755191", "CN", [.mobile]),         // the trunk 0, typed out of habit
        ("+86 (186) 7240-3197", nil, "+8618672403197", "CN", [.mobile]),
        ("138 1234 5678", "CN", "+8613812345678", "CN", [.mobile]),
        ("12124567890", "US", "+12124567890", "US", [.fixedLine, .mobile]), // the leading 1 everyone types
        ("+1 416 967 1111", nil, "+14169671111", "CA", [.fixedLine, .mobile]),
        // National prefix transform rules: a local 5-digit Norfolk Island number gains its 3; a 7-digit Antiguan
        // one its area code 268; in Gabon the 0 goes before 1, 60-62, 65, 66 and 74-77 but stays before others.
        ("10660", "NF", "+672310660", "NF", [.fixedLine]),
        ("4601234", "AG", "+12684601234", "AG", [.fixedLine]),
        ("060312345", "GA", "+24160312345", "GA", [.mobile]),
        ("011 49 30 901820", "US", "+4930901820", "DE", [.fixedLine]),
        ("＋８６ １３８１２３４５６７８", nil, "+8613812345678", "CN", [.mobile]),
        // The calling code typed without `+`, as contacts apps store numbers (libphonenumber's
        // maybeExtractCountryCode), also with a national prefix after it; the national reading wins when valid.
        ("8613812345678", "CN", "+8613812345678", "CN", [.mobile]),
        ("86 0138 1234 5678", "CN", "+8613812345678", "CN", [.mobile]),
        ("44 7400 123456", "GB", "+447400123456", "GB", [.mobile]),
        ("97145678", "AE", "+97197145678", "AE", [.fixedLine]),
        // HK's variable international prefix: `00` then 30, 5x or one more digit, the longest taken.
        ("0030 44 20 7946 0958", "HK", "+442079460958", "GB", [.fixedLine]),
    ] as [(String, String?, String, String, [PhoneKind])])
    func numbersAreReadAsTyped(text: String, assumed: String?, e164: String, region: String, kinds: [PhoneKind]) {
        switch PhoneNumber.parse(text, assumedRegion: assumed, metadata: Self.metadata) {
        case .success(let number):
            #expect(number.e164 == e164 && number.region == region, "\(number)")
            #expect(number.kinds(metadata: Self.metadata) == kinds, "\(text)")
        case .failure(let issue):
            Issue.record("\(text): \(issue.message)")
        }
    }

    @Test(arguments: [
        ("14012345678", "CN"),      // 140 is data-only in China: not a phone number
        ("16112345678", "CN"),
        ("(411) 234-5678", "US"),   // N11 is no area code
        ("800 035 2827", "US"),     // an exchange starting with 0
        ("+999 1234", nil),         // no such calling code
        ("020 7946 0958", nil),     // national, with no region to assume
        ("138-1234-567a", "CN"),
        // An international prefix commits the number: HK's `001` then code 2…, not `00` then +1 212…
        ("00 1 212 456 7890", "HK"),
        // Nor is a failed international reading read again as a national number.
        ("00 61234", "CN"),
    ] as [(String, String?)])
    func whatIsNotANumberIsRefused(text: String, assumed: String?) {
        if case .success(let number) = PhoneNumber.parse(text, assumedRegion: assumed, metadata: Self.metadata) {
            Issue.record("\(text) was read as \(number)")
        }
    }
}
