import Foundation
import Testing
@testable import TestSupport

/// One list file read with other columns by two keymaps (labels from `name`, labels from `pinyin`): each has an
/// index of its own in the cache, so a search by the second one's labels finds its rows after the first one built
/// its index (they shared one, keyed by the file alone, and the second searched the first one's labels).
@Suite struct ListIndexColumnsTests {
    @Test func eachColumnChoiceHasItsOwnIndex() throws {
        let s = try ScratchFolder()
        var text = "code,name,pinyin\n"
        for row in 0..<3_000 { text += "c\(row),Gate \(row),zhamen \(row)\n" }
        _ = try s.write("sites.csv", text)
        let byName = try s.write("name.yaml", "name: by-name\nchoices: {file: sites.csv, value: code, label: name}\n")
        let byPinyin = try s.write("pinyin.yaml", "name: by-pinyin\nchoices: {file: sites.csv, value: code, label: pinyin}\n")
        func replay(_ keymap: String, _ keys: String) throws -> [String: Any] {
            let run = try fieldline(["replay", "--keymap-file", keymap, keys, "--json"], environment: ["XDG_CACHE_HOME": s.path("cache")])
            #expect(run.status == 0, "\(run.err)")
            return try #require(JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any], "\(run.out)")
        }
        let gate = try replay(byName, "gate 2999")
        #expect((gate["choice"] as? [String: String])?["value"] == "c2999", "\(gate)")
        let zhamen = try replay(byPinyin, "zhamen 2999")
        #expect((zhamen["choice"] as? [String: String])?["value"] == "c2999", "\(zhamen)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: s.path("cache/fieldline")).filter { $0.hasSuffix(".index") }.count == 2)
    }
}
