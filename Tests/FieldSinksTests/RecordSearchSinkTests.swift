import FieldKit
import Testing
@testable import FieldSinks
@testable import TestSupport

/// The candidates of a form's Ctrl-R search in SQLite and PostgreSQL: records holding the text in any field, newest
/// first, letter case ignored as the terminal's ranking ignores it, at most `limit`.
struct RecordSearchSinkTests {
    static let field = FieldSpec(name: "t", symbols: SymbolRules(defaultClass: SymbolClass(ranges: [], name: "any")))
    static let form = FormSpec(name: "t", fields: [FormField(name: "id", spec: field, unique: true), FormField(name: "name", spec: field)])

    /// Three records saved into `sink`, then the searches every database must answer alike.
    static func check(_ sink: inout any RecordSink) throws {
        for (id, name) in [("1", "Zhang San"), ("2", "Li Si"), ("3", "ZHANGSAN Wu")] {
            try sink.save(SavedRecord(values: [("id", id), ("name", name)], savedAt: "2026-01-02T00:00:00Z", operatorName: "t"))
        }
        #expect(try sink.records(containing: "zhang", limit: 10).map { $0.value(of: "id") } == ["3", "1"])
        #expect(try sink.records(containing: "zhang", limit: 1).map { $0.value(of: "id") } == ["3"])
        #expect(try sink.records(containing: "", limit: 10).count == 3)
        #expect(try sink.records(containing: "nobody", limit: 10).isEmpty)
    }

    @Test func sqliteFindsTextIgnoringCaseNewestFirstUpToTheLimit() throws {
        let s = try FileSinkTests.Scratch()
        var sink: any RecordSink = try SQLiteSink(path: s.path("search.db"), form: Self.form)
        try Self.check(&sink)
    }

    @Test func postgresFindsTextIgnoringCaseNewestFirstUpToTheLimit() throws {
        let pg = try ScratchPostgres()
        var sink: any RecordSink = try PostgresSink(url: pg.url, form: Self.form)
        try Self.check(&sink)
    }
}
