import FieldKit
import FieldRecords
import FieldSinks
import Testing
@testable import TestSupport

/// The records library used from Swift, as its documentation shows: an import into a sink, its refusals reported
/// as they come and its figures returned, with no command line in between.
struct RecordImportTests {
    /// Reports kept in order.
    final class Reports: ImportReporter {
        var lines: [String] = []
        var notices: [String] = []
        var progress: [ImportSummary] = []
        func refused(record number: Int, field: String, message: String) { lines.append("\(number):\(field): \(message)") }
        func notice(_ message: String) { notices.append(message) }
        func flush() {}
        func progress(_ summary: ImportSummary) { progress.append(summary) }
    }

    static let form: FormSpec = {
        let any = FieldSpec(name: "t", symbols: SymbolRules(defaultClass: SymbolClass(ranges: [0x20...0x7E], name: "any")))
        return FormSpec(name: "visits", fields: [FormField(name: "id", spec: any, unique: true),
                                                FormField(name: "note", spec: any, required: false)])
    }()

    static let context = ValidationContext(today: CalendarDate(year: 2026, month: 11, day: 22)!)

    @Test(arguments: ["out.jsonl", "out.csv", "out.db"])
    func anImportSavesTheValidRecordsAndReportsTheRest(_ output: String) throws {
        let s = try ScratchFolder()
        try s.write("in.jsonl", """
            {"id":"1","note":"first"}
            {"id":"1","note":"again"}
            {"note":"no id"}

            {"id":"2","note":null}
            not json
            {"id":"3"}

            """)
        var sink: any RecordSink
        switch output {
        case "out.db": sink = try SQLiteSink(path: s.path(output), form: Self.form)
        case "out.csv": sink = try CSVSink(path: s.path(output), columns: ["id", "note", "saved_at", "operator", "record_id"], unique: ["id"], notice: { _ in })
        default: sink = try JSONLinesSink(path: s.path(output), unique: ["id"], notice: { _ in })
        }
        let reports = Reports()
        var records = RecordImport(form: Self.form, context: Self.context)
        records.operatorName = "tester"
        let summary = try records.run(ImportInput(s.path("in.jsonl")), format: .jsonLines, into: &sink, reporter: reports)

        #expect(summary.read == 6, "a blank line is no record")
        #expect(summary.saved == 3 && summary.refused == 3 && summary.skipped == 0, "\(summary)")
        #expect(reports.lines.count == 3 && reports.lines[0].hasPrefix("2:id: '1' is already in record 1 of "), "\(reports.lines)")
        #expect(reports.lines[1] == "3:id: a value is required", "\(reports.lines)")
        #expect(reports.lines[2].hasPrefix("5:-: "), "\(reports.lines)")
        #expect(reports.progress.last?.saved == 3, "the reporter heard how far the import got")
        if output.hasSuffix(".db") {
            var saved: [String] = []
            try sink.database!.records(matching: []) { record in
                saved.append("\(record.value(of: "id") ?? "?")=\(record.value(of: "note") ?? "?")/\(record.value(of: "operator") ?? "?")")
                return true
            }
            #expect(saved == ["1=first/tester", "2=/tester", "3=/tester"], "null is no value, never the text null")
        } else {
            let text = s.read(output)
            #expect(text.contains("first") && text.contains("tester") && !text.contains("null") && !text.contains("again"), "\(text)")
            #expect(text.split(whereSeparator: \.isNewline).count == (output.hasSuffix(".csv") ? 4 : 3), "\(text)")
        }
    }

    @Test func anInputThatCannotBeOpenedIsAFailureOfItsOwnKind() throws {
        let s = try ScratchFolder()
        #expect {
            _ = try ImportInput(s.path("missing.jsonl"))
        } throws: { error in
            (error as? ImportFailure)?.kind == .unreadable
        }
    }
}
