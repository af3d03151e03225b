import FieldKit
@testable import FieldRecords
import FieldSinks
import Foundation
import Testing
@testable import TestSupport

/// `--update-by` from Swift: the corrections of a chunk reach the database with one `replace` call, not one
/// `update` (and its statements) each; only a correction that cannot go with the others (its key missing, its
/// values invalid, a unique value changed) is applied alone, in input order. Counted through a database that passes
/// every call on to a SQLite sink.
struct CorrectionCallsTests {
    /// A SQLite sink whose correction calls are counted.
    final class CountingDatabase: RecordDatabase {
        let inner: SQLiteSink
        var updates = 0
        var replaced: [Int] = []
        var commits = 0
        var bulkRunsFinished = 0
        var limits = (records: 10_000, seconds: 0.25)
        init(_ inner: SQLiteSink) { self.inner = inner }

        var label: String { inner.label }
        func count() throws(SinkError) -> Int { try inner.count() }
        func earlierRecord(where field: String, is value: String) throws(SinkError) -> String? { try inner.earlierRecord(where: field, is: value) }
        func save(_ record: SavedRecord) throws(SinkError) { try inner.save(record) }
        func save(batch records: [SavedRecord], progress: ImportProgress?) throws(SinkError) -> [(index: Int, error: SinkError)] {
            saves += 1
            batchSizes.append(records.count)
            return try inner.save(batch: records, progress: progress)
        }
        func holds(_ values: [(name: String, value: String)], where field: String) throws(SinkError) -> Bool { try inner.holds(values, where: field) }
        func lastRecord(savedBy operatorName: String) throws(SinkError) -> [String: String]? { try inner.lastRecord(savedBy: operatorName) }
        func records(matching conditions: [(name: String, value: String)], _ body: (StoredRecord) -> Bool) throws(SinkError) {
            try inner.records(matching: conditions, body)
        }
        func records(where field: String, isOneOf values: [String], _ body: (StoredRecord) -> Bool) throws(SinkError) {
            try inner.records(where: field, isOneOf: values, body)
        }
        func records(containing text: String, in fields: [String], limit: Int) throws(SinkError) -> [StoredRecord] {
            try inner.records(containing: text, in: fields, limit: limit)
        }
        func update(_ target: RecordTarget, with values: [(name: String, value: String)], editedAt: String, editedBy: String) throws(SinkError) -> Bool {
            updates += 1
            return try inner.update(target, with: values, editedAt: editedAt, editedBy: editedBy)
        }
        func replace(_ replacements: [RecordReplacement], editedBy: String) throws(SinkError) -> [Bool] {
            replaced.append(replacements.count)
            return try inner.replace(replacements, editedBy: editedBy)
        }
        func beginBatch() throws(SinkError) { try inner.beginBatch() }
        func commitBatch() throws(SinkError) {
            commits += 1
            try inner.commitBatch()
        }
        func finishBulkRun() throws(SinkError) {
            bulkRunsFinished += 1
            try inner.finishBulkRun()
        }
        var correctionBatchLimits: (records: Int, seconds: Double) { limits }
        var correctionChunk: Int { inner.correctionChunk }
        var saves = 0
        var batchSizes: [Int] = []
        var importLimits: (records: Int, seconds: Double)?
        var importBatchLimits: (records: Int, seconds: Double) { importLimits ?? inner.importBatchLimits }
        func importProgress(of source: String) throws(SinkError) -> ImportProgress? { try inner.importProgress(of: source) }
    }

    final class Reports: ImportReporter {
        var lines: [String] = []
        func refused(record number: Int, field: String, message: String) { lines.append("\(number):\(field): \(message)") }
        func notice(_ message: String) {}
        func flush() {}
        func progress(_ summary: ImportSummary) {}
    }

    static let form: FormSpec = {
        let any = FieldSpec(name: "t", symbols: SymbolRules(defaultClass: SymbolClass(ranges: [0x20...0x7E], name: "any")))
        return FormSpec(name: "visits", fields: [FormField(name: "id", spec: any, unique: true), FormField(name: "note", spec: any)])
    }()

    @Test func aChunksCorrectionsGoTogetherAndTheOthersAlone() throws {
        let s = try ScratchFolder()
        let saved = (0..<2_500).map { #"{"id":"\#($0)","note":"saved \#($0)"}"# }
        try s.write("saved.jsonl", saved.joined(separator: "\n") + "\n")
        let context = ValidationContext(today: CalendarDate(year: 2026, month: 11, day: 22)!)
        var sink: any RecordSink = try SQLiteSink(path: s.path("out.db"), form: Self.form)
        _ = try RecordImport(form: Self.form, context: context).run(ImportInput(s.path("saved.jsonl")), format: .jsonLines, into: &sink, reporter: Reports())

        var corrections = (0..<2_500).map { #"{"id":"\#(($0 * 7) % 2_500)","note":"corrected"}"# }
        corrections[10] = #"{"id":"nobody","note":"x"}"#      // no saved record: said in its place
        corrections[20] = #"{"id":"140","note":""}"#          // invalid: a value is required
        corrections[30] = #"{"id":"210","note":"saved 210"}"# // changes nothing: applied alone, no history
        try s.write("fix.jsonl", corrections.joined(separator: "\n") + "\n")
        let counting = CountingDatabase(try SQLiteSink(path: s.path("out.db"), form: Self.form))
        var target: any RecordSink = counting
        var records = RecordImport(form: Self.form, context: context)
        records.updateBy = "id"
        let reports = Reports()
        let summary = try records.run(ImportInput(s.path("fix.jsonl")), format: .jsonLines, into: &target, reporter: reports)

        #expect(reports.lines == ["11:id: no saved record with id nobody", "21:note: a value is required"])
        #expect(summary.saved == 2_498 && summary.refused == 2, "\(summary)")
        // One chunk (SQLite's hold up to 30,000), cut into four calls by the three that go alone.
        #expect(counting.replaced == [10, 9, 9, 2_469], "\(counting.replaced)")
        #expect(counting.updates == 1, "only the correction that changes nothing was applied alone")
        var notes: [String: Int] = [:]
        try counting.records(matching: []) { notes[$0.value(of: "note") ?? "?", default: 0] += 1; return true }
        #expect(notes == ["corrected": 2_497, "saved 70": 1, "saved 140": 1, "saved 210": 1], "\(notes)")
        // Each correction applied with its history row: the record's earlier version.
        let reader = try SQLiteRecordReader(path: s.path("out.db"), form: Self.form)
        reader.includesHistory = true
        var versions = 0
        try reader.records(matching: []) { _ in versions += 1; return true }
        #expect(versions == 2_500 + 2_497)
    }

    /// A correction run's transactions hold as many corrections as the database allows (`correctionBatchLimits`),
    /// and the run's end is said to the database once.
    @Test func aBatchHoldsWhatTheDatabaseAllows() throws {
        let s = try ScratchFolder()
        try s.write("saved.jsonl", (0..<6).map { #"{"id":"\#($0)","note":"saved \#($0)"}"# }.joined(separator: "\n") + "\n")
        let context = ValidationContext(today: CalendarDate(year: 2026, month: 11, day: 22)!)
        var sink: any RecordSink = try SQLiteSink(path: s.path("out.db"), form: Self.form)
        _ = try RecordImport(form: Self.form, context: context).run(ImportInput(s.path("saved.jsonl")), format: .jsonLines, into: &sink, reporter: Reports())
        // Corrections that change nothing go alone, one `update` each: two a transaction here.
        try s.write("fix.jsonl", (0..<6).map { #"{"id":"\#($0)","note":"saved \#($0)"}"# }.joined(separator: "\n") + "\n")
        let counting = CountingDatabase(try SQLiteSink(path: s.path("out.db"), form: Self.form))
        counting.limits = (records: 2, seconds: 3_600)
        var target: any RecordSink = counting
        var records = RecordImport(form: Self.form, context: context)
        records.updateBy = "id"
        let summary = try records.run(ImportInput(s.path("fix.jsonl")), format: .jsonLines, into: &target, reporter: Reports())
        #expect(summary.saved == 6, "\(summary)")
        #expect(counting.updates == 6)
        #expect(counting.commits == 3)
        #expect(counting.bulkRunsFinished == 1)
    }

    /// A correction run's batches grow with it: each holds up to a quarter of the corrections before it and lasts up
    /// to a quarter of the run's time so far, at least the first batch's 100,000 or 1 s, at most the database's
    /// limits; SQLite's allow 400,000 or 4 s (each commit writes every page its batch changed), others keep theirs.
    @Test func correctionBatchesGrowWithTheRun() throws {
        let sqlite = (records: 400_000, seconds: 4.0)
        func limits(after batched: Int, lasting elapsed: Double, within limits: (records: Int, seconds: Double)) -> String {
            let found = CorrectionBatch.limits(after: batched, lasting: elapsed, within: limits)
            return "\(found.records), \(found.seconds)"
        }
        #expect(limits(after: 0, lasting: 0, within: sqlite) == "100000, 1.0")
        #expect(limits(after: 300_000, lasting: 3, within: sqlite) == "100000, 1.0")
        #expect(limits(after: 600_000, lasting: 10, within: sqlite) == "150000, 2.5")
        #expect(limits(after: 4_000_000, lasting: 100, within: sqlite) == "400000, 4.0")
        #expect(limits(after: 4_000_000, lasting: 100, within: (10_000, 0.25)) == "10000, 0.25")
        let s = try ScratchFolder()
        let sink = try SQLiteSink(path: s.path("out.db"), form: Self.form)
        #expect(sink.correctionBatchLimits.records == 400_000 && sink.correctionBatchLimits.seconds == 4)
    }

    /// An import's batches (one transaction each) hold as many records as the database allows
    /// (`importBatchLimits`), and SQLite allows more than the 10,000 of other databases: each commit writes every
    /// index page the batch changed, so fewer, larger batches write less.
    @Test func anImportBatchHoldsWhatTheDatabaseAllows() throws {
        let s = try ScratchFolder()
        try s.write("in.jsonl", (0..<25).map { #"{"id":"\#($0)","note":"saved \#($0)"}"# }.joined(separator: "\n") + "\n")
        let counting = CountingDatabase(try SQLiteSink(path: s.path("out.db"), form: Self.form))
        counting.importLimits = (records: 10, seconds: 3_600)
        var target: any RecordSink = counting
        let context = ValidationContext(today: CalendarDate(year: 2026, month: 11, day: 22)!)
        let summary = try RecordImport(form: Self.form, context: context).run(ImportInput(s.path("in.jsonl")), format: .jsonLines, into: &target, reporter: Reports())
        #expect(summary.saved == 25, "\(summary)")
        #expect(counting.saves == 3)
        let sqlite = try SQLiteSink(path: s.path("other.db"), form: Self.form)
        #expect(sqlite.importBatchLimits.records > 10_000)
        #expect(sqlite.importBatchLimits.seconds > 0.25)
    }

    /// An import's batches grow with it: 10,000 records at first, then a quarter of the records batched before,
    /// up to the database's limit. A small import keeps small batches (their saves overlap the checking of the next
    /// records), a large one gets the large commits that write fewer index pages.
    @Test func anImportsBatchesGrowWithIt() throws {
        let s = try ScratchFolder()
        try s.write("in.jsonl", (0..<80_000).map { #"{"id":"\#($0)","note":"n"}"# }.joined(separator: "\n") + "\n")
        let counting = CountingDatabase(try SQLiteSink(path: s.path("out.db"), form: Self.form))
        counting.importLimits = (records: 14_000, seconds: 3_600)
        var target: any RecordSink = counting
        let context = ValidationContext(today: CalendarDate(year: 2026, month: 11, day: 22)!)
        let summary = try RecordImport(form: Self.form, context: context).run(ImportInput(s.path("in.jsonl")), format: .jsonLines, into: &target, reporter: Reports())
        #expect(summary.saved == 80_000, "\(summary)")
        // Five of 10,000 (a quarter of 40,000 is still 10,000), then 12,500 (a quarter of 50,000), then the limit.
        #expect(counting.batchSizes == [10_000, 10_000, 10_000, 10_000, 10_000, 12_500, 14_000, 3_500], "\(counting.batchSizes)")
    }
}
