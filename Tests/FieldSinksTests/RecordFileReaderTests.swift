import FieldKit
import Foundation
import Testing
@testable import TestSupport
@testable import FieldSinks

/// `RecordFileReader`: what the file sinks wrote reads back exactly, across its 64 KiB chunks; a last record cut
/// short is left out, a whole one without its line end is kept, and a file that is not one is refused.
struct RecordFileReaderTests {
    static let field = FieldSpec(name: "t", symbols: SymbolRules(defaultClass: SymbolClass(ranges: [], name: "any")))
    static let form = FormSpec(name: "t", fields: [FormField(name: "id", spec: field, unique: true), FormField(name: "note", spec: field)])

    static func read(_ path: String, matching conditions: [(name: String, value: String)] = [],
                     limit: Int = .max) throws(SinkError) -> [StoredRecord] {
        let reader = try RecordFileReader(path: path, format: path.hasSuffix(".csv") ? .csv : .jsonLines, form: form)
        var records: [StoredRecord] = []
        try reader.records(matching: conditions) { record in
            records.append(record)
            return records.count < limit
        }
        return records
    }

    /// Notes that test each writer's quoting, long enough together that records straddle the reader's chunks.
    static let notes = ["plain", "a, b", "say \"hi\"", "two\r\nlines", "=1+1", "'=x", "张三", "tab\tand\u{1B}[2J", "",
                        String(repeating: "long ", count: 2000)]

    @Test(arguments: ["r.jsonl", "r.csv"])
    func whatASinkWroteReadsBackExactly(_ name: String) throws {
        let s = try ScratchFolder()
        let path = s.path(name)
        var sink = try FileSinkTests.open(path)
        let count = 300
        for i in 0..<count { try sink.save(FileSinkTests.record(String(i), Self.notes[i % Self.notes.count])) }
        let records = try Self.read(path)
        #expect(records.count == count)
        for (i, record) in records.enumerated() {
            #expect(record.key == Int64(i + 1))
            #expect(record.columns.map(\.name) == ["id", "note", "saved_at", "operator", "edited_at", "edited_by", "record_id"])
            #expect(record.columns.map(\.value) == [String(i), Self.notes[i % Self.notes.count], "2026-01-02T00:00:00Z", "t", "", "", "r\(i)"])
        }
        let found = try Self.read(path, matching: [("note", "a, b"), ("id", "11")])
        #expect(found.map(\.key) == [12])
        #expect(try Self.read(path, limit: 2).count == 2)
        #expect(throws: SinkError.self) { try Self.read(path, matching: [("colour", "red")]) }
    }

    static let header = "id,note,saved_at,operator\r\n"

    /// What follows a CSV file's last line end: shown when it is a whole row, left out when cut short, refused
    /// when a quote opened there runs over lines and never closes (not a record cut short: not CSV).
    @Test(arguments: [
        ("1,a,s,o", ["1"]), ("1,a,s,o\r", ["1"]), ("1,\"a", []), ("1,a", []),
        ("1,\"a\r\nb\",s,o", ["1"]), ("1,\"a\r\nb,s,o", nil),
    ] as [(String, [String]?)])
    func theTailOfACSVFile(_ tail: String, _ shown: [String]?) throws {
        let s = try ScratchFolder()
        let path = s.path("t.csv")
        try (Self.header + "0,z,s,o\r\n" + tail).write(toFile: path, atomically: false, encoding: .utf8)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        if let shown {
            #expect(try Self.read(path).map { $0.columns[0].value } == ["0"] + shown)
        } else {
            #expect(throws: SinkError.self) { try Self.read(path) }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func aJSONLineLongerThanARecordIsRefused() throws {
        let s = try ScratchFolder()
        let path = s.path("long.jsonl")
        let long = #"{"id":"1","note":""# + String(repeating: "x", count: RecordFileReader.recordLimit) + "\"}\n"
        try (#"{"id":"0"}"# + "\n" + long).write(toFile: path, atomically: false, encoding: .utf8)
        do {
            _ = try Self.read(path)
            Issue.record("read")
        } catch {
            #expect(error.kind == .mismatch)
            #expect(error.message == "\(path): record 2 is longer than \(RecordFileReader.recordLimit) bytes")
        }
    }

    /// Told of each record it cannot read, the reader goes on: the records after an over-long line are read, and the
    /// line is dropped as it comes, never held.
    @Test func anUnreadableRecordIsToldAndReadingGoesOn() throws {
        let s = try ScratchFolder()
        let path = s.path("long.jsonl")
        let long = #"{"id":"1","note":""# + String(repeating: "x", count: 3 * RecordFileReader.recordLimit) + "\"}\n"
        try (#"{"id":"0"}"# + "\n" + long + "{}\n" + #"{"id":"3"}"# + "\n" + long + #"{"id":"5"}"#).write(toFile: path, atomically: false, encoding: .utf8)
        let reader = try RecordFileReader(path: path, format: .jsonLines, form: Self.form)
        var told: [String] = []
        reader.unreadable = { told.append($0.message) }
        var ids: [String] = []
        try reader.records(matching: []) { ids.append($0.columns[0].value); return true }
        #expect(ids == ["0", "", "3", "5"])
        #expect(told == ["\(path): record 2 is longer than \(RecordFileReader.recordLimit) bytes",
                         "\(path): record 5 is longer than \(RecordFileReader.recordLimit) bytes"])
    }

    @Test func aMissingFileIsNotFoundAndNotMade() throws {
        let s = try ScratchFolder()
        #expect(throws: SinkError(.notFound, "cannot read \(s.path("no.jsonl")): No such file or directory")) {
            try Self.read(s.path("no.jsonl"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: s.folder) == [])
    }
}
