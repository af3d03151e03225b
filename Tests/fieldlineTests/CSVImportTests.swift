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
        let lines = withoutSummary(fromCSV.err).split(separator: "\n")
        #expect(Set(lines.map { Int($0.prefix { $0 != ":" }) ?? 0 }) == Set(refused.map { $0 + 1 }))
        #expect(lines.map { Int($0.prefix { $0 != ":" }) ?? 0 } == lines.map { Int($0.prefix { $0 != ":" }) ?? 0 }.sorted())
        #expect(withoutSummary(fromCSV.err) == withoutSummary(fromJSONL.err))
        let saved = try sqliteShell(s.path("csv.db"), "SELECT mobile, name FROM entry ORDER BY rowid")
        #expect(saved.count == 5000 - refused.count)
        #expect(saved == (try sqliteShell(s.path("jsonl.db"), "SELECT mobile, name FROM entry ORDER BY rowid")))
    }
}

/// The header row of a CSV import: a byte-order mark before it (Excel's "CSV UTF-8") is not part of the first name,
/// and a column that is no field is said once, for the header, before anything is saved.
struct CSVHeaderTests {
    @Test func aByteOrderMarkBeforeTheHeaderIsNotPartOfTheFirstName() throws {
        let s = try ScratchFolder()
        try Data([0xEF, 0xBB, 0xBF] + Array("mobile,idcard,name\r\n13812345678,11010519491231002X,Ann\r\n".utf8))
            .write(to: URL(fileURLWithPath: s.path("excel.csv")))
        let run = try fieldline(["form", FormImportTests.visitor, "--input", s.path("excel.csv"), "--out", s.path("v.jsonl")])
        #expect(run.status == 0 && withoutSummary(run.err) == "", "\(run.err)")
        #expect(try String(contentsOfFile: s.path("v.jsonl"), encoding: .utf8).contains(#""name":"Ann""#))
    }

    @Test func aColumnThatIsNoFieldIsSaidOnceForTheHeader() throws {
        let s = try ScratchFolder()
        try "mobile,idcard,nam\n13812345678,11010519491231002X,Ann\n13912345678,110101199003070011,Bo\n"
            .write(toFile: s.path("in.csv"), atomically: true, encoding: .utf8)
        let run = try fieldline(["form", FormImportTests.visitor, "--input", s.path("in.csv"), "--out", s.path("v.jsonl")])
        #expect(run.status == 65)
        #expect(run.err == "fieldline: \(s.path("in.csv")): the header row cannot be read: nam is not a field of this form (its fields: mobile, idcard, birth_date, sex, name, visit_date)\n")
        let out = s.path("v.jsonl")
        let written = FileManager.default.fileExists(atPath: out) ? try String(contentsOfFile: out, encoding: .utf8) : ""
        #expect(written.isEmpty)
        // A column `records` writes: --keep-saved is named.
        try "mobile,idcard,name,saved_at\n13812345678,11010519491231002X,Ann,2026-11-22T16:39:01Z\n"
            .write(toFile: s.path("saved.csv"), atomically: true, encoding: .utf8)
        let saved = try fieldline(["form", FormImportTests.visitor, "--input", s.path("saved.csv"), "--out", s.path("w.jsonl")])
        #expect(saved.status == 65)
        #expect(saved.err.hasSuffix("the header row cannot be read: saved_at is a column fieldline writes, not a field of this form: --keep-saved keeps it\n"), "\(saved.err)")
        // A column named twice, and none for a field every record gives.
        for (header, problem) in [("mobile,idcard,name,name", "the column name is named twice"),
                                  ("idcard,name", "no column for mobile, which every record must give")] {
            try "\(header)\n13812345678,11010519491231002X,Ann,Bo\n".write(toFile: s.path("h.csv"), atomically: true, encoding: .utf8)
            let run = try fieldline(["form", FormImportTests.visitor, "--input", s.path("h.csv"), "--out", s.path("h.jsonl")])
            #expect(run.status == 65)
            #expect(run.err == "fieldline: \(s.path("h.csv")): the header row cannot be read: \(problem)\n")
        }
        // A correction needs its key's column only.
        try "name\nAnn\n".write(toFile: s.path("c.csv"), atomically: true, encoding: .utf8)
        let correction = try fieldline(["form", FormImportTests.visitor, "--input", s.path("c.csv"), "--out", s.path("c.db"), "--update-by", "idcard"])
        #expect(correction.status == 65)
        #expect(correction.err == "fieldline: \(s.path("c.csv")): the header row cannot be read: no column for idcard, which every record must give\n")
    }
}
