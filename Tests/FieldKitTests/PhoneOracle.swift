import Foundation
@testable import TestSupport
/// Runs Oracles/phone_oracle.py: libphonenumber's answers from the pinned PyPI phonenumbers in `.test-python/`
/// (`make test-oracles` installs it; without it the tests that need it fail and say how to install it).
enum PhoneOracle {
    /// The pinned phonenumbers, the version keymaps/data/phone-*.tsv were generated from.
    static let version = "9.0.43"

    static let repository: String = {
        "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/")
    }()

    /// The oracle's rows for `mode` (tab-separated cells), `input` on its standard input.
    static func rows(_ mode: String, input: String = "") throws -> [[String]] {
        let result = try Spawn.run(
            ["python3", "-I", "-B", repository + "/Tests/FieldKitTests/Oracles/phone_oracle.py",
             repository + "/.test-python", version, mode], stdin: Data(input.utf8))
        guard result.status == 0 else {
            throw OracleFailure("phone_oracle.py \(mode) failed (\(result.status)): \(result.err) -- run `make test-oracles`")
        }
        return result.out.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }
}

/// The oracle could not answer.
struct OracleFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
