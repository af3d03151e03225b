import FieldKit
import Foundation
import Testing
@testable import TestSupport
@testable import FieldSinks

/// JSON Lines and CSV file sinks through their API: any string saved reads back exactly, and a sink sees what other
/// sinks (other processes) append to its file after it opened it.
struct FileSinkTests {
    static let columns = ["id", "note", "saved_at", "operator", "record_id"]

    static func record(_ id: String, _ note: String) -> SavedRecord {
        SavedRecord(values: [("id", id), ("note", note)], savedAt: "2026-01-02T00:00:00Z", operatorName: "t", recordID: "r" + id)
    }

    static func open(_ path: String, notices: Notices? = nil, unique: [String] = ["id"]) throws(SinkError) -> any RecordSink {
        let notice: (String) -> Void = { notices?.list.append($0) }
        return path.hasSuffix(".csv") ? try CSVSink(path: path, columns: columns, unique: unique, notice: notice)
                                      : try JSONLinesSink(path: path, unique: unique, notice: notice)
    }

    /// Notices a sink gave.
    final class Notices { var list: [String] = [] }

    /// A resumed session's `repeat` fields start with the last record its operator saved: found in the file as it
    /// is now (another process's appends included), per operator, also in SQLite.
    @Test(arguments: ["last.jsonl", "last.csv", "last.db"])
    func theLastRecordOfAnOperatorIsFound(_ name: String) throws {
        let s = try ScratchFolder()
        func record(_ id: String, by operatorName: String) -> SavedRecord {
            SavedRecord(values: [("id", id), ("note", "=n\(id)")], savedAt: "2026-01-02T00:00:0\(id)Z", operatorName: operatorName, recordID: "r" + id)
        }
        func open() throws -> any RecordSink {
            guard name.hasSuffix(".db") else { return try Self.open(s.path(name)) }
            let field = FieldSpec(name: "t", symbols: SymbolRules(defaultClass: SymbolClass(ranges: [], name: "any")))
            return try SQLiteSink(path: s.path(name), form: FormSpec(name: "t", fields: [FormField(name: "id", spec: field, unique: true),
                                                                                   FormField(name: "note", spec: field)]))
        }
        var a = try open()
        #expect(try a.lastRecord(savedBy: "alice") == nil)
        try a.save(record("1", by: "alice"))
        try a.save(record("2", by: "bob"))
        var other = try open()
        try other.save(record("3", by: "alice"))
        // A database's records also have the correction columns, empty until corrected.
        let expected = ["id": "3", "note": "=n3", "saved_at": "2026-01-02T00:00:03Z", "operator": "alice", "record_id": "r3"]
            .merging(name.hasSuffix(".db") ? ["edited_at": "", "edited_by": ""] : [:]) { a, _ in a }
        #expect(try a.lastRecord(savedBy: "alice") == expected)
        #expect(try open().lastRecord(savedBy: "bob")?["id"] == "2")
        #expect(try open().lastRecord(savedBy: "carol") == nil)
    }

    /// Every valid string, controls (C0, DEL, C1 with NEL) and non-characters included, is saved so that the file
    /// opens again and the value is found again exactly.
    @Test(arguments: ["odd.jsonl", "odd.csv"])
    func everyStringReadsBack(_ name: String) throws {
        let s = try ScratchFolder()
        let notes = [text(0xFFFE), text(0xFFFF), text(0xFDD0), "\u{0301}", "\u{2028}\u{2029}", "\u{0085}", "\u{0080}\u{009F}",
                     "\u{01}\u{1B}[0m\u{7F}", "tab\tcr\rlf\ncrlf\r\n", "\"quoted\", \\", text(0x1FFFE, 0x10FFFF), "\u{FEFF}"]
        // `note` is unique here so that the look-up finds each value (a sink indexes its unique fields only).
        var sink = try Self.open(s.path(name), unique: ["id", "note"])
        for (i, note) in notes.enumerated() { try sink.save(Self.record(String(i), note)) }
        let reopened = try Self.open(s.path(name), unique: ["id", "note"])
        #expect(try reopened.count() == notes.count)
        for (i, note) in notes.enumerated() {
            #expect(try reopened.earlierRecord(where: "note", is: note) == "record \(i + 1)", "\(Array(note.unicodeScalars))")
        }
    }

    /// A form's file sink (`lookUpAnyField: false`, as `fieldline form` opens it) indexes only its unique fields:
    /// with none, no value of any column is held; a sink opened for look-ups by any field still finds them.
    @Test(arguments: ["plain.jsonl", "plain.csv"])
    func aFormSinkWithNoUniqueFieldIndexesNothing(_ name: String) throws {
        let s = try ScratchFolder()
        let path = s.path(name)
        func open(anyField: Bool) throws(SinkError) -> any RecordSink {
            path.hasSuffix(".csv") ? try CSVSink(path: path, columns: Self.columns, unique: [], lookUpAnyField: anyField)
                                   : try JSONLinesSink(path: path, unique: [], lookUpAnyField: anyField)
        }
        var form = try open(anyField: false)
        try form.save(Self.record("1", "first"))
        try form.save(Self.record("1", "again"))  // no unique field: a repeated value is saved
        #expect(try form.count() == 2)
        #expect(try form.earlierRecord(where: "id", is: "1") == nil && form.earlierRecord(where: "note", is: "first") == nil)
        #expect(try open(anyField: false).earlierRecord(where: "note", is: "again") == nil)
        #expect(try open(anyField: true).earlierRecord(where: "note", is: "again") == "record 2")
    }

    /// A sink opened before another one appended sees its records: in the count, in the look-up, and in `save`,
    /// which refuses a unique value already saved by the other as a conflict naming the record.
    @Test(arguments: ["shared.jsonl", "shared.csv"])
    func aSinkSeesWhatOthersAppended(_ name: String) throws {
        let s = try ScratchFolder()
        var a = try Self.open(s.path(name))
        var b = try Self.open(s.path(name))
        try b.save(Self.record("7", "from b"))
        #expect(try a.count() == 1)
        #expect(try a.earlierRecord(where: "id", is: "7") == "record 1")
        try b.save(Self.record("8", "from b"))
        #expect(throws: SinkError(.conflict, "id: the value is already in record 2 of \(s.path(name))")) { try a.save(Self.record("8", "from a")) }
        try a.save(Self.record("9", "from a"))
        #expect(try b.earlierRecord(where: "id", is: "9") == "record 3")
        #expect(try Self.open(s.path(name)).count() == 3)
    }

    /// A tail left by a writer that died mid-record after this sink opened the file is handled as at opening: cut,
    /// kept in FILE.torn, with a notice, before the next record is appended.
    @Test(arguments: ["torn.jsonl", "torn.csv"])
    func aTornTailFoundLaterIsCutAndKept(_ name: String) throws {
        let s = try ScratchFolder()
        let notices = Notices()
        var a = try Self.open(s.path(name), notices: notices)
        try a.save(Self.record("1", "a"))
        let torn = name.hasSuffix(".csv") ? "2,\"op" : #"{"id":"2""#
        let handle = try #require(FileHandle(forWritingAtPath: s.path(name)))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(torn.utf8))
        try handle.close()
        try a.save(Self.record("3", "c"))
        #expect(notices.list == ["\(s.path(name)): the last record is not whole: cut \(torn.utf8.count) bytes, kept in \(s.path(name)).torn"])
        #expect(try String(contentsOfFile: s.path(name) + ".torn", encoding: .utf8) == torn)
        #expect(try Self.open(s.path(name)).count() == 2)
    }

    /// A CSV row cut by a crash inside its last value, the record id, still parses with the right number of values:
    /// the id, which fieldline always writes whole, tells it is cut. It is kept in FILE.torn and left out, by the
    /// sink and by `records`' reader alike.
    @Test func aCSVRowCutInsideItsRecordIDIsNotTakenAsWhole() throws {
        let s = try ScratchFolder()
        let path = s.path("cut.csv")
        var sink = try Self.open(path)
        for id in ["1", "2"] {
            try sink.save(SavedRecord(values: [("id", id), ("note", "n")], savedAt: "2026-01-02T00:00:00Z", operatorName: "t",
                                      recordID: RecordID.next()))
        }
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        bytes.removeLast(2 + 9)  // CRLF and the id's last 9 digits
        try bytes.write(to: URL(fileURLWithPath: path))
        let field = FieldSpec(name: "t", symbols: SymbolRules(defaultClass: SymbolClass(ranges: [], name: "any")))
        let form = FormSpec(name: "cut", fields: [FormField(name: "id", spec: field), FormField(name: "note", spec: field)])
        var read: [String] = []
        try RecordFileReader(path: path, format: .csv, form: form).records(matching: []) { read.append($0.value(of: "id") ?? ""); return true }
        #expect(read == ["1"])
        let notices = Notices()
        #expect(try Self.open(path, notices: notices).count() == 1)
        #expect(notices.list.count == 1 && notices.list[0].contains("the last record is not whole"), "\(notices.list)")
    }
}

/// The text of these scalars (Swift's literals refuse non-characters such as U+FFFF and U+FDD0).
func text(_ scalars: UInt32...) -> String {
    String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init)))
}
