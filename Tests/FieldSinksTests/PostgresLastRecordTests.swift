import FieldKit
import Testing
@testable import FieldSinks
@testable import TestSupport

/// A resumed session's `repeat` fields in a shared PostgreSQL table: the last record of this operator, not the last
/// record anyone saved.
struct PostgresLastRecordTests {
    @Test func theLastRecordOfAnOperatorIsFound() throws {
        let pg = try ScratchPostgres()
        let field = FieldSpec(name: "t", symbols: SymbolRules(defaultClass: SymbolClass(ranges: [], name: "any")))
        let form = FormSpec(name: "t", fields: [FormField(name: "id", spec: field, unique: true), FormField(name: "note", spec: field)])
        let sink = try PostgresSink(url: pg.url, form: form)
        #expect(try sink.lastRecord(savedBy: "alice") == nil)
        for (id, who) in [("1", "alice"), ("2", "alice"), ("3", "bob")] {
            try sink.save(SavedRecord(values: [("id", id), ("note", "n" + id)], savedAt: "2026-01-02T00:00:0\(id)Z", operatorName: who, recordID: "r" + id))
        }
        #expect(try sink.lastRecord(savedBy: "alice") == ["id": "2", "note": "n2", "saved_at": "2026-01-02T00:00:02Z", "operator": "alice",
                                                            "edited_at": "", "edited_by": "", "record_id": "r2"])
        #expect(try sink.lastRecord(savedBy: "bob")?["id"] == "3")
    }
}
