import Foundation
import Testing
@testable import TestSupport

/// CSV input is gathered a chunk at a time and its readable records checked together (on several cores where the
/// save leaves two free), then taken in input order; the same records as JSON Lines give the same reports and the same saved records.
struct CSVImportTests {

    @Test func csvRecordsCheckedTogetherSayAndSaveWhatJSONLinesDo() throws {
        let s = try ScratchFolder()
        let form = s.path("entry.yaml")
        try FormPostgresTests.counterForm.write(toFile: form, atomically: true, encoding: .utf8)
        // 5,000 records, some refused by a field (a mobile number starting 12, a control character in the name),
        // spread through several chunks and both slices of each.
        var csv = "mobile,name\n", jsonl = ""
        for i in 0..<5000 {
            let mobile = i % 97 == 5 ? "128" + String(10_000_000 + i).suffix(8) : "138" + String(10_000_000 + i).suffix(8)
            let name = i % 331 == 7 ? "p\u{7}\(i)" : "person \(i)"
            csv += "\(mobile),\(name)\n"
            jsonl += #"{"mobile":"\#(mobile)","name":"\#(name.replacingOccurrences(of: "\u{7}", with: "\\u0007"))"}"# + "\n"
        }
        try csv.write(toFile: s.path("in.csv"), atomically: true, encoding: .utf8)
        try jsonl.write(toFile: s.path("in.jsonl"), atomically: true, encoding: .utf8)
        let fromCSV = try fieldline(["form", form, "--input", s.path("in.csv"), "--out", s.path("csv.db")])
        let fromJSONL = try fieldline(["form", form, "--input", s.path("in.jsonl"), "--out", s.path("jsonl.db")])
        #expect(fromCSV.status == 65)
        let refused = (0..<5000).filter { $0 % 97 == 5 || $0 % 331 == 7 }
        let lines = fromCSV.err.split(separator: "\n")
        #expect(Set(lines.map { Int($0.prefix { $0 != ":" }) ?? 0 }) == Set(refused.map { $0 + 1 }))
        #expect(lines.map { Int($0.prefix { $0 != ":" }) ?? 0 } == lines.map { Int($0.prefix { $0 != ":" }) ?? 0 }.sorted())
        #expect(fromCSV.err == fromJSONL.err)
        let saved = try sqliteShell(s.path("csv.db"), "SELECT mobile, name FROM entry ORDER BY rowid")
        #expect(saved.count == 5000 - refused.count)
        #expect(saved == (try sqliteShell(s.path("jsonl.db"), "SELECT mobile, name FROM entry ORDER BY rowid")))
    }
}
