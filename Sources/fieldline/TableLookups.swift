import ArgumentParser
import FieldKit
import FieldSinks

/// `choices: {table: …}` at run time: the output a form (or `check`, `replay` with `--lookups`) reads other forms'
/// tables from must be a database, and every table's list is read from it before the first field is asked.
enum TableLookups {
    /// Refuses an output that holds no tables (a JSON Lines or CSV file, standard output) for a form that reads one:
    /// a form problem (78), placed at the first such `choices:`.
    static func requireDatabase(_ form: FormSpec, output: OutputTarget) throws {
        guard !output.isDatabase, let source = form.fields.lazy.compactMap(\.spec.tableChoices).first else { return }
        Diagnostics.plain(source.problem(tr("choices: table \(source.table) is read from the output, so the output must be a SQLite or PostgreSQL database; \(output.label) is not one")))
        throw Exit.config
    }

    /// The form with its tables' lists read from `sink`; a missing table or field is a form problem (78), a
    /// table that did not answer within `lookup_timeout` an I/O failure (74).
    static func resolved(_ form: FormSpec, in sink: any RecordSink) throws -> FormSpec {
        guard form.readsTables else { return form }
        guard let database = sink as? any TableChoicesReading else {
            try requireDatabase(form, output: .standardOutput(.jsonl))
            return form
        }
        do { return try form.resolvingTableChoices(in: database) } catch {
            Diagnostics.plain(error.message)
            throw error.timedOut ? Exit.ioError : Exit.config
        }
    }

    /// A keymap's table list for `check` and `replay`: read from `--lookups TARGET` (a SQLite or PostgreSQL
    /// output); without one, a usage error naming the option.
    static func resolved(_ spec: FieldSpec, lookups: String?) throws -> FieldSpec {
        guard let source = spec.tableChoices else {
            if lookups != nil { throw ValidationError(tr("--lookups is for a field whose choices come from another form's table (choices: {table: …})")) }
            return spec
        }
        guard let lookups else {
            throw ValidationError(tr("the choices of \(spec.name) are read from table \(source.table): give --lookups with the output that holds it (FILE.db, FILE.sqlite, sqlite:PATH or postgres://…)"))
        }
        let target = try OutputTarget.readable(lookups, option: "--lookups")
        guard target.isDatabase else {
            Diagnostics.plain(source.problem(tr("choices: table \(source.table) is read from --lookups, which must be a SQLite or PostgreSQL database; \(target.label) is not one")))
            throw Exit.config
        }
        let database: any TableChoicesReading
        do {
            switch target {
            case .sqlite(let path): database = try SQLiteTableLookups(path: path)
            case .postgres(let url): database = try PostgresSink.tableLookups(url: url)
            case .file, .standardOutput: throw Exit.config
            }
        } catch let error as SinkError {
            Diagnostics.error(error.message)
            throw Exit.ioError
        }
        do { return try spec.resolvingTableChoices(in: database, timeout: FormSpec(name: "lookups", fields: []).lookupTimeout) } catch {
            Diagnostics.plain(error.message)
            throw error.timedOut ? Exit.ioError : Exit.config
        }
    }
}
