import Foundation
import Testing
@testable import TestSupport

/// `check` on the shipped pickers, over their whole data: every country by each of its codes and names, every
/// city by its code and by its full and short path; and `replay --json` on a picker.
@Suite struct PickerCheckTests {
    static let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("keymaps/data").path

    /// The rows of a data file as column name → cell.
    static func rows(_ file: String) throws -> [[String: String]] {
        let text = try String(contentsOfFile: data + "/" + file, encoding: .utf8)
        let lines = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
        let header = lines[0].split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        return lines.dropFirst().map { line in
            Dictionary(uniqueKeysWithValues: zip(header, line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)))
        }
    }

    /// `fieldline check KEYMAP` on these lines: each line's printed value (empty for a refused line).
    static func check(_ keymap: String, _ lines: [String]) throws -> [String] {
        let run = try fieldline(["check", keymap, "--output", "json"], stdin: lines.joined(separator: "\n") + "\n")
        return try run.out.split(separator: "\n").map { line in
            let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return object["value"] as? String ?? ""
        }
    }

    @Test func everyCountryByEachCodeAndName() throws {
        let countries = try Self.rows("country.tsv")
        #expect(countries.count == 249)
        var lines: [String] = [], expected: [String] = []
        for c in countries {
            for column in ["value", "alpha3", "numeric", "name_en", "name_zh", "label"] {
                lines.append(c[column]!)
                expected.append(c["value"]!)
            }
            lines.append(c["value"]!.lowercased())  // codes in any case
            expected.append(c["value"]!)
        }
        let got = try Self.check("country", lines)
        #expect(got.count == lines.count)
        for (i, line) in lines.enumerated() where i < got.count && got[i] != expected[i] {
            Issue.record("check country '\(line)' gave '\(got[i])', not \(expected[i])")
        }
    }

    @Test func everyCityByCodeAndByFullAndShortPath() throws {
        let rows = try Self.rows("region-cn.tsv")
        let provinces = Dictionary(uniqueKeysWithValues: rows.filter { $0["parent"]!.isEmpty }.map { ($0["value"]!, $0) })
        #expect(provinces.count == 34)
        let cities = rows.filter { !$0["parent"]!.isEmpty }
        #expect(cities.count == 450)
        var lines: [String] = [], expected: [String] = []
        for city in cities {
            let province = provinces[city["parent"]!]!
            for line in [city["value"]!, province["label"]! + "-" + city["label"]!, province["short"]! + "-" + city["short"]!] {
                lines.append(line)
                expected.append(city["value"]!)
            }
        }
        // A province without cities (Hong Kong, Macau, Taiwan) is a place itself, by code and by name.
        for province in provinces.values where !cities.contains(where: { $0["parent"] == province["value"] }) {
            lines += [province["value"]!, province["label"]!, province["short"]!]
            expected += Array(repeating: province["value"]!, count: 3)
        }
        let got = try Self.check("region-cn", lines)
        #expect(got.count == lines.count)
        for (i, line) in lines.enumerated() where i < got.count && got[i] != expected[i] {
            Issue.record("check region-cn '\(line)' gave '\(got[i])', not \(expected[i])")
        }
    }

    @Test func ambiguousAndIncompleteLinesAreExplained() throws {
        let run = try fieldline(["check", "region-cn"], stdin: "广东\n朝阳\n广东-深圳\n")
        #expect(run.status == 65)
        #expect(run.out == "\n\n440300\n")  // a refused line prints an empty one
        #expect(run.err.hasPrefix("1: 广东省 needs one of the 21 choices under it, e.g. 广东省-"), "\(run.err)")
        #expect(run.err.contains("2: matches 2 choices: 北京市-朝阳区, 辽宁省-朝阳市\n"), "\(run.err)")
        let plus1 = try fieldline(["check", "country"], stdin: "+1\n")
        #expect(plus1.err.hasPrefix("1: matches 25 choices: "), "\(plus1.err)")
    }

    @Test func jsonGivesTheLabelAndTheExtraColumns() throws {
        let run = try fieldline(["check", "country", "--output", "json"], stdin: "德国\n")
        let object = try #require(JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        #expect(object["value"] as? String == "DE" && object["label"] as? String == "🇩🇪 Germany 德国 +49")
        let columns = try #require(object["columns"] as? [String: String])
        #expect(columns["alpha3"] == "DEU" && columns["numeric"] == "276" && columns["calling_code"] == "+49")
    }

    @Test func replayJSONShowsTheQueryMatchesAndCandidate() throws {
        let run = try fieldline(["replay", "region-cn", "gd<Enter>sz", "--json"])
        let object = try #require(JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        #expect(object["query"] as? String == "sz" && object["matches"] as? Int == 1 && object["index"] as? Int == 0)
        #expect(object["display"] as? String == "广东省-sz  > 深圳市" && object["counter"] as? String == "1/1")
        let choice = try #require(object["choice"] as? [String: String])
        #expect(choice == ["value": "440300", "display": "广东省-深圳市"])
    }

    @Test func theChoiceKeymapNeedsItsList() throws {
        let none = try fieldline(["check", "choice"], stdin: "x\n")
        #expect(none.status == 64 && none.err.contains("choice needs its list: --choices FILE"), "\(none.err)")
        let s = try ScratchFolder()
        try "red\tRed\ngreen\tGreen\n".write(toFile: s.path("c.txt"), atomically: true, encoding: .utf8)
        let run = try fieldline(["check", "choice", "--choices", s.path("c.txt")], stdin: "Red\ngreen\nblue\n")
        #expect(run.out == "red\ngreen\n\n" && run.status == 65)
        try "red\tRed\nred\tAgain\n".write(toFile: s.path("bad.txt"), atomically: true, encoding: .utf8)
        let bad = try fieldline(["check", "choice", "--choices", s.path("bad.txt")], stdin: "red\n")
        #expect(bad.status == 78 && bad.err == "\(s.path("bad.txt")):2:1: the value 'red' is there twice\n", "\(bad.err)")
        let wrong = try fieldline(["check", "digits", "--choices", s.path("c.txt")], stdin: "1\n")
        #expect(wrong.status == 64 && wrong.err.contains("--choices is for choice fields"), "\(wrong.err)")
    }
}
