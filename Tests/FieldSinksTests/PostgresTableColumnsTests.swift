import FieldKit
import Testing
@testable import FieldSinks
@testable import TestSupport

/// The form's table is found by its columns in the catalogue (no information_schema): dropped columns do not count,
/// and a table of the same name further along the search path is not the form's.
struct PostgresTableColumnsTests {
    /// A form of two free-text fields, saved as the table `entry`.
    static let form: FormSpec = {
        let any = FieldSpec(name: "t", symbols: SymbolRules(defaultClass: SymbolClass(ranges: [], name: "any")))
        return FormSpec(name: "entry", fields: [FormField(name: "who", spec: any), FormField(name: "n", spec: any)])
    }()

    @Test func droppedColumnsAndOtherSchemasAreNotTheForms() throws {
        let pg = try ScratchPostgres()
        _ = try PostgresSink(url: pg.url, form: Self.form)
        _ = try pg.psql("ALTER TABLE entry ADD COLUMN extra text")
        _ = try pg.psql("ALTER TABLE entry DROP COLUMN extra")
        _ = try pg.psql("CREATE SCHEMA other; CREATE TABLE other.entry_two (a text); CREATE TABLE other.entry (a text)")
        _ = try pg.psql("ALTER ROLE postgres SET search_path = public, other")
        let sink = try PostgresSink(url: pg.url, form: Self.form)
        #expect(try sink.columns(of: "entry") == ["who", "n", "saved_at", "operator", "edited_at", "edited_by", "fieldline_id", "record_id"])
        #expect(try sink.columns(of: "entry_two").isEmpty)
        #expect(try sink.columns(of: "entry_history").count == 10)
        let sequence = try #require(try pg.psql("SELECT relname FROM pg_class WHERE relkind = 'S'").first)
        #expect(try sink.columns(of: sequence).isEmpty)  // a sequence is no table
    }
}
