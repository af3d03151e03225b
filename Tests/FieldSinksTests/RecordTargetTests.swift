import FieldKit
import Testing
@testable import FieldSinks
@testable import TestSupport

/// A correction names the record it read, by its stable `record_id`, and is written only while that record is still
/// as read: a record removed (and its row id reused by another), or corrected by someone else since, is never
/// overwritten; a field's value held by several records corrects none. SQLite and PostgreSQL alike.
struct RecordTargetTests {
    static let field = FieldSpec(name: "t", symbols: SymbolRules(defaultClass: SymbolClass(ranges: [], name: "any")))
    static let form = FormSpec(name: "t", fields: [FormField(name: "id", spec: field, unique: true), FormField(name: "name", spec: field)])

    /// The database of a test, with a way to run SQL on it behind the sink's back (as another program would).
    struct Database {
        var sink: any RecordDatabase
        let sql: (String) throws -> Void
    }

    static func save(_ id: String, _ name: String, into sink: inout any RecordDatabase) throws {
        try sink.save(SavedRecord(values: [("id", id), ("name", name)], savedAt: "2026-01-02T00:00:00Z", operatorName: "t"))
    }

    static func read(_ id: String, from sink: any RecordDatabase) throws -> StoredRecord {
        var found: StoredRecord?
        try sink.records(matching: [("id", id)]) { found = $0; return false }
        return try #require(found)
    }

    static func names(_ sink: any RecordDatabase) throws -> [String] {
        var names: [String] = []
        try sink.records(matching: []) { names.append($0.value(of: "name") ?? ""); return true }
        return names
    }

    /// `beta` read for a correction, then deleted by hand and `gamma` saved (SQLite gives it beta's rowid): the
    /// correction of beta is refused and gamma stays as saved.
    static func checkRemovedRecordIsNotReplacedByAnother(_ db: inout Database) throws {
        try save("a", "alpha", into: &db.sink)
        try save("b", "beta", into: &db.sink)
        let beta = try read("b", from: db.sink)
        try db.sql("DELETE FROM t WHERE id = 'b'")
        try save("g", "gamma", into: &db.sink)
        var kind: SinkError.Kind?
        do {
            _ = try db.sink.update(.read(beta), with: [("id", "b"), ("name", "beta-fixed")], editedAt: "2026-01-03T00:00:00Z", editedBy: "u")
        } catch {
            kind = error.kind
        }
        #expect(kind == .notFound)
        #expect(try names(db.sink) == ["alpha", "gamma"])
    }

    /// Two correctors read the same record; the second to save finds it changed and writes nothing.
    static func checkAStaleReadIsRefused(_ db: inout Database) throws {
        try save("a", "alpha", into: &db.sink)
        let first = try read("a", from: db.sink)
        let second = try read("a", from: db.sink)
        #expect(try db.sink.update(.read(first), with: [("id", "a"), ("name", "one")], editedAt: "2026-01-03T00:00:00Z", editedBy: "ann"))
        var kind: SinkError.Kind?
        var message = ""
        do {
            _ = try db.sink.update(.read(second), with: [("id", "a"), ("name", "two")], editedAt: "2026-01-03T00:00:01Z", editedBy: "bob")
        } catch {
            kind = error.kind
            message = error.message
        }
        #expect(kind == .changed)
        #expect(message.contains("corrected 2026-01-03T00:00:00Z by ann"), "\(message)")
        let now = try read("a", from: db.sink)
        #expect(now.value(of: "name") == "one")
        // The id stays the record's through its correction.
        #expect(now.value(of: "record_id") == first.value(of: "record_id"))
        // Read again, it is corrected.
        #expect(try db.sink.update(.read(now), with: [("id", "a"), ("name", "two")], editedAt: "2026-01-03T00:00:02Z", editedBy: "bob"))
    }

    /// A field's value in two records (the unique index dropped by hand) selects neither.
    static func checkAnAmbiguousKeyCorrectsNone(_ db: inout Database, dropIndex: String) throws {
        try save("a", "alpha", into: &db.sink)
        try db.sql(dropIndex)
        try db.sql("INSERT INTO t (id, name, saved_at, operator) VALUES ('a', 'again', 'x', 'y')")
        var kind: SinkError.Kind?
        do {
            _ = try db.sink.update(.field("id", value: "a"), with: [("id", "a"), ("name", "z")], editedAt: "2026-01-03T00:00:00Z", editedBy: "u")
        } catch {
            kind = error.kind
        }
        #expect(kind == .ambiguous)
        #expect(try names(db.sink) == ["alpha", "again"])
    }

    static func sqlite(_ s: ScratchFolder, _ name: String) throws -> Database {
        let sink = try SQLiteSink(path: s.path(name), form: form)
        return Database(sink: sink, sql: { try sink.database.execute($0) })
    }

    static func postgres(_ pg: ScratchPostgres) throws -> Database {
        let sink = try PostgresSink(url: pg.url, form: form)
        return Database(sink: sink, sql: { _ = try pg.psql($0) })
    }

    @Test func sqliteNeverOverwritesAnotherRecord() throws {
        let s = try ScratchFolder()
        var removed = try Self.sqlite(s, "removed.db")
        try Self.checkRemovedRecordIsNotReplacedByAnother(&removed)
        var stale = try Self.sqlite(s, "stale.db")
        try Self.checkAStaleReadIsRefused(&stale)
        var ambiguous = try Self.sqlite(s, "ambiguous.db")
        let index = uniqueIndexName(table: "t", column: "id")
        try Self.checkAnAmbiguousKeyCorrectsNone(&ambiguous, dropIndex: "DROP INDEX \"\(index)\"")
    }

    @Test func postgresNeverOverwritesAnotherRecord() throws {
        for check in 0..<3 {
            let pg = try ScratchPostgres()
            var db = try Self.postgres(pg)
            switch check {
            case 0: try Self.checkRemovedRecordIsNotReplacedByAnother(&db)
            case 1: try Self.checkAStaleReadIsRefused(&db)
            default: try Self.checkAnAmbiguousKeyCorrectsNone(&db, dropIndex: "DROP INDEX \"\(uniqueIndexName(table: "t", column: "id"))\"")
            }
        }
    }
}
