import Foundation
import Testing
@testable import TestSupport

/// Resident IDs' birth places against python-stdnum 2.1 (pinned in `.test-python/` by `make test-oracles`): the
/// prefecture and county `check idcard-cn --output json` decodes, for an ID of every code stdnum's list holds and of
/// codes it does not, and stdnum's own doctest cases for cn.ric.
@Suite struct IDCardPlaceOracleTests {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let version = "2.1"
    static let doctest = repo + "/.test-python/stdnum-tests/python_stdnum-2.1/tests/test_cn_ric.doctest"

    /// The oracle's output lines for `args` with `input` on its stdin.
    static func oracle(_ args: [String], input: String) throws -> [[String]] {
        let r = try Spawn.run(["python3", repo + "/Tests/fieldlineTests/Oracles/stdnum_place_oracle.py", repo + "/.test-python", version] + args,
                              stdin: Data(input.utf8))
        try #require(r.status == 0, "the stdnum oracle failed (make test-oracles installs it): \(r.err)")
        return r.out.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }

    /// fieldline's verdict and decoded place on each ID: (valid, prefecture or nil, county or nil).
    static func fieldlinePlaces(_ ids: [String]) throws -> [(Bool, String?, String?)] {
        let r = try fieldline(["check", "idcard-cn", "--output", "json"], stdin: ids.joined(separator: "\n") + "\n")
        return try r.out.split(separator: "\n").map { line in
            let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let decoded = object["decoded"] as? [String: Any]
            return ((object["valid"] as? Bool) == true, decoded?["prefecture"] as? String, decoded?["county"] as? String)
        }
    }

    /// Every code in stdnum's list (each as a valid ID born 1990-01-01) decodes to stdnum's prefecture and county;
    /// codes of known provinces that the list lacks are valid to fieldline with both parts null, while stdnum
    /// refuses them (the documented difference: an ID carries its issuing office's code, which may be newer or
    /// older than any list).
    @Test func everyCodeDecodesAsStdnumGivesIt() throws {
        let codes = CountyTable.codes
        #expect(codes.count > 3000)
        let unknown = ["110199", "440199", "650199", "360499"]
        let ids = (codes + unknown).map { withCheckCharacter($0 + "19900101001") }
        let expected = try Self.oracle([], input: ids.joined(separator: "\n") + "\n")
        let ours = try Self.fieldlinePlaces(ids)
        try #require(expected.count == ids.count && ours.count == ids.count)
        var differences: [String] = []
        for (i, id) in ids.enumerated() {
            let (valid, prefecture, county) = ours[i]
            let stdnumValid = expected[i][0] == "1"
            if i < codes.count {
                if !(valid && stdnumValid && prefecture == expected[i][1] && county == expected[i][2]) {
                    differences.append("\(id): fieldline \(valid) \(prefecture ?? "null") \(county ?? "null"), stdnum \(expected[i])")
                }
            } else if !(valid && !stdnumValid && prefecture == nil && county == nil) {
                differences.append("\(id) (not in the list): fieldline \(valid) \(prefecture ?? "null") \(county ?? "null"), stdnum \(expected[i])")
            }
        }
        #expect(differences.isEmpty, "\(differences.prefix(20))")
    }

    /// python-stdnum's own doctest cases for cn.ric (from its source distribution): the same verdicts, the same
    /// counties.
    @Test func stdnumsOwnDoctestCasesAgree() throws {
        let cases = try Self.oracle(["cases", Self.doctest], input: "")
        #expect(cases.count >= 8, "\(cases)")
        let validity = cases.filter { $0[0] == "validate" }, counties = cases.filter { $0[0] == "county" }
        let ours = try Self.fieldlinePlaces(validity.map { $0[1] })
        for (c, (valid, _, _)) in zip(validity, ours) {
            #expect(valid == (c[2] == "1"), "\(c[1]): fieldline says \(valid ? "valid" : "invalid")")
        }
        let places = try Self.fieldlinePlaces(counties.map { $0[1] })
        for (c, (_, _, county)) in zip(counties, places) {
            #expect(county == c[2], "\(c[1]): fieldline's county \(county ?? "null"), stdnum's \(c[2])")
        }
    }
}

/// The codes of the generated table (Sources/FieldKit/Generated/CountyNames.swift), read from the source file.
enum CountyTable {
    static let codes: [String] = {
        let path = IDCardPlaceOracleTests.repo + "/Sources/FieldKit/Generated/CountyNames.swift"
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { (line: Substring) -> String? in
            let code: Substring = line.prefix(6)
            guard code.count == 6, code.allSatisfy(\.isNumber), line.dropFirst(6).first == "\t" else { return nil }
            return String(code)
        }
    }()
}
