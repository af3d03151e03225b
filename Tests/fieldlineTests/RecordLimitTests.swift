import Foundation
import Testing
@testable import TestSupport

/// The record limit (issues 44.5 and 49.3): a record of at most the limit is saved whole and reads back, one past it
/// is refused naming it, never dropped; a record whose saved line would be too long for `records` to read is
/// refused when saved; `records` reports a line it cannot read and goes on.
@Suite struct RecordLimitTests {
    /// 1 MiB: the limit docs/forms.md states.
    static let limit = 1 << 20
    static let refusal = "longer than 1048576 bytes, the limit for a record; it is not read"

    /// Records 1, 2 and 3 of `limit - 1`, `limit` and `limit + 1` bytes as they stand in the input, then a short one.
    static func input(csv: Bool, note: Character = "x") -> String {
        if csv {
            return "id,note\n" + [-1, 0, 1].enumerated().map { i, d in "\(i + 1)," + String(repeating: note, count: limit + d - 2) + "\n" }.joined() + "4,ok\n"
        }
        let head = #"{"id":"1","note":""#, tail = #""}"#
        return [-1, 0, 1].enumerated().map { i, d in
            #"{"id":"\#(i + 1)","note":""# + String(repeating: note, count: limit + d - head.utf8.count - tail.utf8.count) + tail + "\n"
        }.joined() + #"{"id":"4","note":"ok"}"# + "\n"
    }

    /// At limit−1 and at the limit a record is saved and `records --from` reads it back (with every later one);
    /// one byte past, it is refused with its number. CSV and JSON Lines input, into JSON Lines, CSV and SQLite.
    @Test(.timeLimit(.minutes(3)), arguments: ["in.csv", "in.jsonl"])
    func recordsAtTheLimitAreSavedAndReadBack(_ input: String) throws {
        let s = try ScratchFolder()
        try ImportIntegrityTests.form.write(toFile: s.path("notes.yaml"), atomically: true, encoding: .utf8)
        try Self.input(csv: input.hasSuffix(".csv")).write(toFile: s.path(input), atomically: false, encoding: .utf8)
        for out in ["out.jsonl", "out.csv", "out.db"] {
            let run = try fieldline(["form", s.path("notes.yaml"), "--input", s.path(input), "--out", s.path(out)])
            #expect(run.status == 65, "\(input) → \(out): \(run.err)")
            #expect(withoutSummary(run.err) == "3:\(input.hasSuffix(".csv") ? "note" : "-"): \(Self.refusal)\n", "\(input) → \(out)")
            let back = try fieldline(["records", s.path("notes.yaml"), "--from", s.path(out)])
            #expect(back.status == 0, "\(input) → \(out): \(back.err.prefix(300))")
            let records = back.status == 0 ? try FormImportTests.objects(back.out) : []
            #expect(records.map { $0["id"] } == ["1", "2", "4"], "\(input) → \(out)")
            let overhead = input.hasSuffix(".csv") ? 2 : #"{"id":"1","note":""}"#.utf8.count
            let lengths: [Int?] = records.map { $0["note"]?.utf8.count }
            #expect(lengths == [Self.limit - 1 - overhead, Self.limit - overhead, 2], "\(input) → \(out)")
        }
    }

    /// A record whose saved line would be longer than what `records` reads (every byte a backslash, which JSON
    /// doubles) is refused when saved, naming why; the short record after it is saved and everything reads back.
    @Test(.timeLimit(.minutes(2)))
    func aRecordWhoseSavedLineWouldBeTooLongIsRefused() throws {
        let s = try ScratchFolder()
        try ImportIntegrityTests.form.write(toFile: s.path("notes.yaml"), atomically: true, encoding: .utf8)
        try ("id,note\n1," + String(repeating: "\\", count: Self.limit - 2) + "\n2,ok\n").write(toFile: s.path("in.csv"), atomically: false, encoding: .utf8)
        let run = try fieldline(["form", s.path("notes.yaml"), "--input", s.path("in.csv"), "--out", s.path("out.jsonl")])
        #expect(run.status == 65)
        #expect(run.err.hasPrefix("1:-: not saved: its line in \(s.path("out.jsonl")) would be 2097") && withoutSummary(run.err).hasSuffix(
            " bytes, longer than 2097152, the most a saved record may take\n"), "\(run.err)")
        let back = try fieldline(["records", s.path("notes.yaml"), "--from", s.path("out.jsonl")])
        #expect(back.status == 0, "\(back.err)")
        #expect(try FormImportTests.objects(back.out).map { $0["id"] } == ["2"])
    }

    /// `records` meeting a line it cannot read (too long, not a JSON object, another number of CSV values) reports
    /// it by its number and goes on with the later records; it ends with 65.
    @Test(.timeLimit(.minutes(2)))
    func recordsReportsAnUnreadableRecordAndGoesOn() throws {
        let s = try ScratchFolder()
        try ImportIntegrityTests.form.write(toFile: s.path("notes.yaml"), atomically: true, encoding: .utf8)
        let good = { (id: Int) in #"{"id":"\#(id)","note":"n","saved_at":"2026-01-02T00:00:00Z","operator":"t"}"# + "\n" }
        let long = #"{"id":"2","note":""# + String(repeating: "x", count: 2 * Self.limit) + "\"}\n"
        try (good(1) + long + good(3) + "[1]\n" + good(5)).write(toFile: s.path("r.jsonl"), atomically: false, encoding: .utf8)
        let run = try fieldline(["records", s.path("notes.yaml"), "--from", s.path("r.jsonl")])
        #expect(run.status == 65)
        #expect(try FormImportTests.objects(run.out).map { $0["id"] } == ["1", "3", "5"])
        #expect(run.err == "fieldline: \(s.path("r.jsonl")): record 2 is longer than 2097152 bytes\n"
            + "fieldline: \(s.path("r.jsonl")): record 4 is not a JSON object of texts\n")

        let header = "id,note,saved_at,operator\r\n"
        try (header + "1,a,s,o\r\n2," + String(repeating: "y", count: 2 * Self.limit) + ",s,o\r\n3,b,s,o\r\n4,c\r\n5,d,s,o\r\n")
            .write(toFile: s.path("r.csv"), atomically: false, encoding: .utf8)
        let csv = try fieldline(["records", s.path("notes.yaml"), "--from", s.path("r.csv")])
        #expect(csv.status == 65)
        #expect(csv.out.split(separator: "\n").count == 3 && csv.out.contains(#""id":"5""#), "\(csv.out)")
        #expect(csv.err == "fieldline: \(s.path("r.csv")): record 2: longer than 2097152 bytes, the limit for a record; it is not read\n"
            + "fieldline: \(s.path("r.csv")): record 4: has 2 values, the header 4\n")
    }
}
