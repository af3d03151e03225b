import ArgumentParser
import FieldKeymaps
import FieldKit
import FieldSinks
#if canImport(Glibc)
import Glibc
#endif

/// `fieldline records FORM --from TARGET`: the records a file or database holds, written to stdout.
struct Records: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "records",
        abstract: tr("Write the records a JSONL or CSV file, a SQLite or a PostgreSQL database holds to stdout, in saved order."),
        discussion: """
            Every column is written: the form's fields, saved_at, operator, edited_at and edited_by (empty until \
            a record is corrected; always empty for JSONL and CSV files, which are append-only logs). --find \
            FIELD=VALUE keeps the records whose column holds exactly VALUE (several: all must hold). Output is \
            JSON Lines, or CSV with a header row (--output csv); at a terminal, control characters in CSV values \
            are shown as U+1B. Reading never writes: no file or table is created, changed or repaired, and a last \
            record cut short in a file is left out; a record that cannot be read (not the form's shape, or a value \
            that is not valid UTF-8, written by another program) is reported naming its record and column and \
            reading goes on, exit 65 at the end; --lossy shows such a value with U+FFFD instead. Exit codes: \
            0 records written, 1 none matched, 64 usage error, 65 a file or table that does not fit the form, a \
            record that cannot be read or a value that is not UTF-8, 66 the target is missing or unreadable, 74 \
            output not written, 78 form problems.
            """
    )

    @Argument(help: ArgumentHelp(tr("The form file (YAML).")), completion: .file(extensions: ["yaml", "yml"]))
    var form: String

    @Option(help: ArgumentHelp(tr("Where the records are: FILE.jsonl, FILE.csv, SQLite (FILE.db, FILE.sqlite, sqlite:PATH) or PostgreSQL (postgres://USER@HOST/DB).")))
    var from: String

    @Option(help: ArgumentHelp(tr("Only records whose column FIELD holds exactly VALUE (repeatable: all must hold)."), valueName: "FIELD=VALUE"))
    var find: [String] = []

    // `--output` as `compare`, `stats`, `check` and `inspect` name it; `--format`, the older name, still works.
    @Option(name: [.customLong("output"), .customLong("format")], help: ArgumentHelp(tr("jsonl or csv: the format written to stdout.")))
    var format: RecordFormat = .jsonl

    @Flag(help: ArgumentHelp(tr("Show a stored value that is not valid UTF-8 with U+FFFD for each bad byte, instead of reporting its record as unreadable (65). What is shown is then not what is stored.")))
    var lossy = false

    @Flag(help: ArgumentHelp(tr("Write each corrected record after its earlier versions (from a database's history table, oldest first, with the record's record_id), so that form --keep-saved carries the history to another database.")))
    var history = false

    @OptionGroup var language: LanguageOption

    func validate() throws {
        _ = try source()
        if history && !find.isEmpty {
            throw ValidationError(tr("--history writes every record with its versions; it does not go with --find"))
        }
        for condition in find where !condition.contains("=") {
            throw ValidationError(tr("--find takes FIELD=VALUE, not '\(condition)'"))
        }
    }

    func run() throws {
        let spec: FormSpec
        do { spec = try FormLoader(keymaps: FieldCatalog.loader).load(path: form) } catch {
            for d in error.diagnostics { Diagnostics.plain(d.description) }
            throw Exit.config
        }
        let columns = spec.recordColumns + RecordColumns.bookkeeping
        let conditions = find.map { condition in
            let equals = condition.firstIndex(of: "=")!
            return (name: String(condition[..<equals]), value: String(condition[condition.index(after: equals)...]))
        }
        for condition in conditions where !columns.contains(condition.name) {
            Diagnostics.error(tr("--find: \(condition.name) is not a column of \(spec.name) (its columns: \(columns.joined(separator: ", ")))"))
            throw Exit.usage
        }
        // A secret value finds nothing: a search by one would tell which records hold it (as Ctrl-R's does not).
        for condition in conditions where spec.fields.contains(where: { $0.name == condition.name && $0.secret }) {
            Diagnostics.error(tr("--find: \(condition.name) is a secret field: records are not found by its value"))
            throw Exit.usage
        }
        let target = try source()
        var writer = RecordWriter(format: format, columns: columns, terminal: isatty(1) != 0)
        var unreadable = 0
        do throws(SinkError) {
            let source = try target.openedForReading(form: spec, lossy: lossy)
            source.includesHistory = history
            // A record that cannot be read costs itself only: it is reported and the later ones are written.
            source.unreadable = { error in
                unreadable += 1
                writer.finish()
                Diagnostics.error(error.message)
            }
            try source.records(matching: conditions) { record in
                writer.write(record)
                return true
            }
        } catch {
            writer.finish()
            Diagnostics.error(error.message)
            throw error.kind == .mismatch ? Exit.invalid : Exit.noInput
        }
        writer.finish()
        if unreadable > 0 { throw Exit.invalid }
        if writer.written == 0 { throw Exit.noMatch }
    }

    /// Where `--from` points.
    private func source() throws -> OutputTarget { try OutputTarget.readable(from, option: "--from") }
}
