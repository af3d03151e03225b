import Foundation
import Testing
@testable import TestSupport

/// A long query over a large list file's index finds its rows as they are read (issue 48 item 5): `replay` shows the
/// count found so far as `N+`, and an exact count once the query is narrow enough for the walk to end.
@Suite struct LongQueryCountTests {
    /// A keymap whose choices are a list file of `rows` harbour gates (`c0,Harbour gate 0`, …), indexed in `cache`.
    static func harbourGates(rows: Int, in s: ScratchFolder) throws -> String {
        var text = "code,name\n"
        for row in 0..<rows { text += "c\(row),Harbour gate \(row)\n" }
        _ = try s.write("gates.csv", text)
        return try s.write("gate.yaml", "name: gate\nchoices: {file: gates.csv, value: code, label: name}\n")
    }

    @Test func replayShowsALongQuerysCountSoFarWithAPlus() throws {
        let s = try ScratchFolder()
        let keymap = try Self.harbourGates(rows: 5_000, in: s)
        func replay(_ keys: String) throws -> [String: Any] {
            let run = try fieldline(["replay", "--keymap-file", keymap, keys, "--json"], environment: ["XDG_CACHE_HOME": s.path("cache")])
            #expect(run.status == 0, "\(run.err)")
            return try #require(JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any], "\(run.out)")
        }
        let harb = try replay("harb")
        let found = try #require(harb["matches"] as? String, "\(harb)")
        let known = try #require(Int(found.dropLast()), "\(found)")
        #expect(found.hasSuffix("+") && known >= 8 && known < 5_000, "\(found)")
        #expect(harb["counter"] as? String == "1/\(known)+" && harb["index"] as? Int == 0)
        // Rows 499 and 4990-4999: a walk that ends at once, counted exactly.
        let narrow = try replay("harbour gate 499")
        #expect(narrow["matches"] as? Int == 11 && narrow["counter"] as? String == "1/11", "\(narrow)")
        #expect((narrow["choice"] as? [String: String])?["value"] == "c499")
        #expect(try replay("har")["matches"] as? Int == 5_000)
    }
}
