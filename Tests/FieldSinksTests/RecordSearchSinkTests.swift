import FieldKit
import Testing
@testable import FieldSinks
@testable import TestSupport

/// The candidates of a form's Ctrl-R search in SQLite and PostgreSQL: records holding the text in a searched field,
/// ranked in the database as a picker ranks (whole, prefix, word start, inside; newest first within a rank), letter
/// case ignored as the terminal's ranking ignores it, at most `limit`, secret fields never searched.
struct RecordSearchSinkTests {
    static let field = FieldSpec(name: "t", symbols: SymbolRules(defaultClass: SymbolClass(ranges: [], name: "any")))
    static let form = FormSpec(name: "t", fields: [FormField(name: "id", spec: field, unique: true), FormField(name: "name", spec: field)])

    /// Three records saved into `sink`, then the searches every database must answer alike.
    static func check(_ sink: inout any RecordDatabase) throws {
        for (id, name) in [("1", "Zhang San"), ("2", "Li Si"), ("3", "ZHANGSAN Wu")] {
            try sink.save(SavedRecord(values: [("id", id), ("name", name)], savedAt: "2026-01-02T00:00:00Z", operatorName: "t"))
        }
        #expect(try sink.records(containing: "zhang", in: ["id", "name"], limit: 10).map { $0.value(of: "id") } == ["3", "1"])
        #expect(try sink.records(containing: "zhang", in: ["id", "name"], limit: 1).map { $0.value(of: "id") } == ["3"])
        #expect(try sink.records(containing: "", in: ["id", "name"], limit: 10).count == 3)
        #expect(try sink.records(containing: "nobody", in: ["id", "name"], limit: 10).isEmpty)
    }

    @Test func sqliteFindsTextIgnoringCaseNewestFirstUpToTheLimit() throws {
        let s = try ScratchFolder()
        var sink: any RecordDatabase = try SQLiteSink(path: s.path("search.db"), form: Self.form)
        try Self.check(&sink)
    }

    @Test func postgresFindsTextIgnoringCaseNewestFirstUpToTheLimit() throws {
        let pg = try ScratchPostgres()
        var sink: any RecordDatabase = try PostgresSink(url: pg.url, form: Self.form)
        try Self.check(&sink)
    }

    static let secretForm = FormSpec(name: "s", fields: [
        FormField(name: "id", spec: field, unique: true), FormField(name: "name", spec: field),
        FormField(name: "pin", spec: field, secret: true),
    ])

    /// The best match of every record held comes first, however many newer records hold the text elsewhere; a
    /// secret field's value finds nothing, so it neither fills the page nor tells which records hold it.
    static func checkRanking(_ sink: inout any RecordDatabase) throws {
        func save(_ id: String, _ name: String, _ pin: String) throws {
            try sink.save(SavedRecord(values: [("id", id), ("name", name), ("pin", pin)], savedAt: "2026-01-02T00:00:00Z", operatorName: "t"))
        }
        try save("old", "target", "0000")
        try save("t1234", "target1234", "0000")
        try sink.beginBatch()
        for i in 0..<300 { try save("n\(i)", "the target \(i)", "x1234\(i)") }
        for i in 0..<300 { try save("m\(i)", "xtargetx\(i)", "0000") }
        try sink.commitBatch()
        let searched = ["id", "name"]
        let found = try sink.records(containing: "TARGET", in: searched, limit: RecordSearch.limit).compactMap { $0.value(of: "id") }
        #expect(found.count == RecordSearch.limit)
        #expect(found.first == "old")  // the whole value, older than 600 records holding the text
        #expect(found[1] == "t1234")  // a value starting with it
        #expect(found[2] == "n299")  // then words starting with it, newest first
        let byPin = try sink.records(containing: "1234", in: searched, limit: RecordSearch.limit).compactMap { $0.value(of: "id") }
        #expect(byPin == ["t1234"])
        #expect(try sink.records(containing: "x1234", in: searched, limit: 10).isEmpty)
    }

    @Test func sqliteRanksEveryRecordAndSkipsSecretFields() throws {
        let s = try ScratchFolder()
        var sink: any RecordDatabase = try SQLiteSink(path: s.path("rank.db"), form: Self.secretForm)
        try Self.checkRanking(&sink)
    }

    @Test func postgresRanksEveryRecordAndSkipsSecretFields() throws {
        let pg = try ScratchPostgres()
        var sink: any RecordDatabase = try PostgresSink(url: pg.url, form: Self.secretForm)
        try Self.checkRanking(&sink)
    }
}
