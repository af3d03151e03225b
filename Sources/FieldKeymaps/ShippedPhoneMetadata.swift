import FieldKit

/// The phone metadata shipped in keymaps/data/phone-*.tsv (libphonenumber's, compiled to digit automata).
public enum ShippedPhoneMetadata {
    /// Every region, read from the embedded data files once.
    public static let shared: PhoneMetadata = {
        switch PhoneMetadata.parse(regions: ShippedData.files["data/phone-regions.tsv"] ?? "",
                                   patterns: ShippedData.files["data/phone-patterns.tsv"] ?? "") {
        case .success(let metadata): return metadata
        // The shipped data is checked by the tests (PhoneNumberTests); failing here means a broken build.
        case .failure(let problem): fatalError("shipped phone metadata, line \(problem.line): \(problem.message)")
        }
    }()
}
