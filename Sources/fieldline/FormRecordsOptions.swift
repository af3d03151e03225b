import ArgumentParser
import FieldKeymaps
import FieldKit
import FieldSinks

/// FORM and `--from`, as the commands that read a form's saved records take them (`compare`, `stats`).
struct FormRecordsOptions: ParsableArguments {
    @Argument(help: ArgumentHelp(tr("The form file (YAML).")), completion: .file(extensions: ["yaml", "yml"]))
    var form: String

    @Option(help: ArgumentHelp(tr("Where the records are: FILE.jsonl, FILE.csv, SQLite (FILE.db, FILE.sqlite, sqlite:PATH) or PostgreSQL (postgres://USER@HOST/DB).")))
    var from: String

    /// Where `--from` points; standard input and names of no known kind are usage errors.
    func source() throws -> OutputTarget { try OutputTarget.readable(from, option: "--from") }

    /// The form, or exit 78 once its problems are said.
    func loadForm() throws -> FormSpec {
        do { return try FormLoader(keymaps: FieldCatalog.loader).load(path: form) } catch {
            for d in error.diagnostics { Diagnostics.plain(d.description) }
            throw Exit.config
        }
    }
}
