import Foundation
import Testing
@testable import TestSupport

/// Resident IDs' birth places against python-stdnum 2.2 (pinned in `.test-python/` by `make test-oracles`): the
/// prefecture and county `check idcard-cn --output json` decodes, for IDs of every code stdnum's list holds born in
/// each of its names' years and outside them, for codes it does not hold, and stdnum's own doctest cases for cn.ric.
@Suite struct IDCardPlaceOracleTests {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let version = "2.2"
    static let doctest = repo + "/.test-python/stdnum-tests/python_stdnum-2.2/tests/test_cn_ric.doctest"

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

    /// Every code in stdnum's list, as a valid ID born at each end of each of its names' years, decodes to the
    /// prefecture and county stdnum gives (the prefecture as stdnum names the code's XXXX00); born in a year no
    /// name fits, which stdnum refuses, it stays valid with the nearest name (the documented difference: an ID is
    /// judged where it was registered, not by the code's history). Codes of known provinces the list lacks are
    /// valid with both parts null, while stdnum refuses them.
    @Test("stdnum 2.2's 6,885 codes: 14,216 IDs born in a name's years named as stdnum names them, 7,594 born outside all valid with the nearest name")
    func everyCodeAndEveryNameDecodesAsStdnumGivesIt() throws {
        let cases = try Self.oracle(["ids"], input: "")
        let listed = Set(cases.map { $0[0] })
        #expect(listed.count == 6885)
        let table = Set(CountyTable.codes)
        #expect(listed == table, """
            the table holds exactly stdnum's codes: \(listed.subtracting(table).count) missing \
            (\(listed.subtracting(table).sorted().prefix(5))), \(table.subtracting(listed).count) not stdnum's
            """)
        let unknown = ["110199", "440199", "650199", "360499"]
        #expect(unknown.allSatisfy { !listed.contains($0) })
        let ids = cases.map { withCheckCharacter($0[0] + $0[1] + "0101001") }
            + unknown.map { withCheckCharacter($0 + "19900101001") }
        let expected = try Self.oracle([], input: ids.joined(separator: "\n") + "\n")
        let ours = try Self.fieldlinePlaces(ids)
        try #require(expected.count == ids.count && ours.count == ids.count)
        var differences: [String] = [], byStdnum = 0, refusedByStdnum = 0
        for (i, id) in ids.enumerated() {
            let (valid, prefecture, county) = ours[i]
            let stdnum = expected[i]
            let shown = "\(id): fieldline \(valid) \(prefecture ?? "null") \(county ?? "null"), stdnum \(stdnum)"
            if i >= cases.count {
                if !(valid && stdnum[0] == "0" && prefecture == nil && county == nil) { differences.append("(unlisted) " + shown) }
                continue
            }
            let inside = cases[i][2] == "inside"
            // stdnum names the county in a year a name fits and refuses the ID otherwise; its prefecture likewise.
            if inside != (stdnum[0] == "1") || inside != !stdnum[2].isEmpty { differences.append("(stdnum) " + shown) }
            if inside { byStdnum += 1 } else { refusedByStdnum += 1 }
            let wantPrefecture = stdnum[1].isEmpty ? stdnum[3] : stdnum[1]
            let wantCounty = stdnum[2].isEmpty ? stdnum[4] : stdnum[2]
            if !(valid && prefecture == wantPrefecture && county == wantCounty) { differences.append(shown) }
        }
        #expect(differences.isEmpty, "\(differences.count) differences: \(differences.prefix(20))")
        #expect(byStdnum == 14216 && refusedByStdnum == 7594,
                "\(listed.count) codes: \(byStdnum) IDs named as stdnum names them, \(refusedByStdnum) born outside every name's years")
    }

    /// python-stdnum's own doctest cases for cn.ric (from its source distribution): the same counties, the same
    /// verdicts except where stdnum refuses an ID for its birth year (counted in the message), which fieldline
    /// accepts with the nearest name.
    @Test("stdnum 2.2's own 15 cn.ric doctest cases: the same counties, the same verdicts but the 2 it refuses for the birth year")
    func stdnumsOwnDoctestCasesAgree() throws {
        let cases = try Self.oracle(["cases", Self.doctest], input: "")
        #expect(cases.count == 15, "\(cases)")
        let ours = try Self.fieldlinePlaces(cases.map { $0[0] })
        try #require(ours.count == cases.count)
        var birthYear = 0
        for (c, (valid, _, county)) in zip(cases, ours) {
            let (id, shown, stdnumValid, why, nearest) = (c[0], c[1], c[2] == "1", c[3], c[4])
            if why == "birth-year" {
                birthYear += 1
                #expect(valid && county == nearest, "\(id): stdnum refuses it for its birth year; fieldline \(valid) \(county ?? "null")")
                continue
            }
            #expect(valid == stdnumValid, "\(id): fieldline says \(valid ? "valid" : "invalid")")
            if shown == "0" || shown == "1" {
                #expect(shown == (stdnumValid ? "1" : "0"), "\(id): the doctest and stdnum disagree")
            } else if !shown.isEmpty {
                #expect(county == shown, "\(id): fieldline's county \(county ?? "null"), stdnum's \(shown)")
            }
        }
        #expect(birthYear == 2, "\(cases.count) cases, \(birthYear) refused by stdnum for the birth year alone")
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
