import FieldKit

/// The phone metadata shipped in keymaps/data/phone-*.tsv (libphonenumber's, compiled to digit automata).
public enum ShippedPhoneMetadata {
    /// Every region, read from the embedded data files where they lie: a region's row, automata and formats are
    /// found by a binary search the first time it is asked about (`PhoneMetadata.load`).
    public static let shared: PhoneMetadata = {
        switch PhoneMetadata.load(regions: ShippedData.files["data/phone-regions.tsv"] ?? "",
                                   patterns: ShippedData.files["data/phone-patterns.tsv"] ?? "",
                                   formats: ShippedData.files["data/phone-formats.tsv"] ?? "") {
        case .success(let metadata): return metadata
        // The shipped data is read whole by the tests (PhoneNumberTests, `PhoneMetadata.parse`); failing here
        // means a broken build.
        case .failure(let problem): fatalError("shipped phone metadata, line \(problem.line): \(problem.message)")
        }
    }()
}

extension ShippedPhoneMetadata {
    /// Region code → name in the current language (English, or Chinese under `zh`), from the shipped country list
    /// (data/country.tsv), for messages.
    public static let countryNames: [String: String] = {
        var names: [String: String] = [:]
        let wanted = Language.current == .zh ? "name_zh" : "name_en"
        var header: (value: Int, name: Int)?
        // Split as bytes: a split by Character (grapheme breaking) would be a large part of a phone field's start-up.
        for line in (ShippedData.files["data/country.tsv"] ?? "").utf8.split(separator: 0x0A) where line.first != UInt8(ascii: "#") {
            let cells = line.split(separator: 0x09, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            guard let (value, name) = header else {
                // A name given twice is its first column's.
                guard let value = cells.firstIndex(of: "value"), let name = cells.firstIndex(of: wanted) else { return [:] }
                header = (value, name)
                continue
            }
            if value < cells.count && name < cells.count { names[cells[value]] = cells[name] }
        }
        return names
    }()
}

extension KeymapCompiler {
    /// `phone` or `phone: {assumed-region: CN, regions: [CN, HK], kinds: [mobile]}`: libphonenumber's verdict on
    /// the shipped metadata; the value is stored as E.164.
    mutating func phoneValidator(_ params: Located?) -> Validator {
        let metadata = ShippedPhoneMetadata.shared
        var assumed: String?, regions: Set<String> = [], kinds: Set<PhoneKind> = [], national = false
        var valueNode: Located?
        for (key, keyNode, value) in params.flatMap({ reader.mapping($0, "phone") }) ?? [] {
            switch key {
            case "assumed-region":
                guard let code = reader.string(value, "assumed-region") else { continue }
                if metadata.regions[code] == nil { reader.diagnostics.append(value.problem(tr("no region '\(code)' in the phone metadata"))) }
                assumed = code
            case "regions":
                for item in reader.list(value, "regions") ?? [] {
                    guard let code = reader.string(item, "a region") else { continue }
                    if metadata.regions[code] == nil { reader.diagnostics.append(item.problem(tr("no region '\(code)' in the phone metadata"))) }
                    regions.insert(code)
                }
            case "kinds":
                for item in reader.list(value, "kinds") ?? [] {
                    // `fixed-line` or `fixed_line`, as the command line takes them.
                    if let kind = item.scalarText.flatMap(PhoneKind.init(name:)) { kinds.insert(kind); continue }
                    _ = choice(item, "a kind", PhoneKind.allCases.map(\.name))
                }
            case "value":
                national = choice(value, "value", ["e164", "national"]) == "national"
                valueNode = value
            default: reader.diagnostics.append(keyNode.problem(tr("unknown phone setting '\(key)' (use assumed-region, regions, kinds, value)")))
            }
        }
        // A national number means something only with its country known: the field's one region, also assumed.
        if national, let valueNode, regions.count != 1 || assumed != regions.first {
            reader.diagnostics.append(valueNode.problem(tr("value: national needs one region in regions, the same as assumed-region")))
        }
        var validator = PhoneValidator(
            metadata: metadata, assumedRegion: assumed, regions: regions, kinds: kinds,
            names: RegionNames { ShippedPhoneMetadata.countryNames[$0] })
        validator.storesNationalNumber = national
        return .custom(name: "phone", validator: validator)
    }
}
