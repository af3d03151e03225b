import ArgumentParser
import FieldKeymaps
import FieldKit
import FieldSinks
#if canImport(Glibc)
import Glibc
#endif

/// `fieldline form FORM`: records of several fields, checked field by field and saved to a sink.
struct Form: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "form",
        abstract: tr("Enter or import records of a form (a YAML file listing fields) into JSONL, CSV, SQLite or PostgreSQL."),
        discussion: """
            With --input (or when standard input is not a terminal) records are read as JSON Lines (one object \
            of field names to values a line) or CSV with a header (a .csv file, or --input-format csv), checked \
            with each field's keymap and saved; an invalid record is reported as RECORD:FIELD: message on stderr \
            and not saved. --out - (the default) writes JSON Lines to stdout; FILE.jsonl and FILE.csv are appended \
            and synced per batch (an import saves records in batches of up to 10,000 or 250 ms, each durable as \
            a whole; at a terminal every record is durable once confirmed); FILE.db, FILE.sqlite or sqlite:PATH is a \
            SQLite database (a table named after the form, one transaction per batch); postgres://USER@HOST/DB (any libpq URL) is a shared PostgreSQL database \
            (the same table; the server enforces unique fields across operators). \
            With --update-by FIELD (a unique field; SQLite and PostgreSQL only) each input record corrects the saved \
            record whose FIELD holds its value instead of adding one: fields it leaves out keep their saved values, \
            the replaced version is kept in the table FORM_history, and a record with no saved match is reported. \
            With --resume an import of a file into a database goes on after the records an earlier import of that \
            file dealt with (the database keeps how far it got, with each batch), once it has found that file's \
            first records to be those (65 when not; --resume-anyway skips them by their count alone); into any \
            output, a record whose unique field holds the value of the same saved record is taken as saved \
            (standard input into a form without a unique field cannot be resumed: 64). With --answers FILE (a \
            YAML or JSON map of field names to answers, or a list of them) or --non-interactive, the answers, \
            completed from FIELDLINE_ANSWER_NAME and then the defaults, are saved as an import saves records; 64 \
            names every field left without an answer. Exit codes: 0 all saved, 65 some records invalid or the output file \
            does not fit the form, 66 input unreadable, 74 output not written, 78 form or keymap problems. \
            At a terminal the record is one block, a line per field: Shift-Tab goes back a field and edits it in \
            its line (Up too, except in a picker or a date field, where Up and Down step the field); Esc discards \
            the record, asking first when anything is typed (y discards, any other key goes back); Ctrl-D ends \
            the session only on the first field of an empty record (exit 0), and Ctrl-R there finds a saved \
            record to correct (SQLite or PostgreSQL: Enter saves the correction, the old version kept in \
            FORM_history); Ctrl-C stops at once (exit 130). \
            With --verify (SQLite or PostgreSQL, at a terminal) a second operator keys saved records again (all, \
            those --find selects, or --sample N% of them drawn by --seed, default 47) without seeing them; a field \
            whose value differs from the saved one asks which is right (saved, keyed, or type it again; Esc goes \
            back to the field); each record's outcome is saved in one transaction: a row per field in FORM_verify, \
            and a chosen keyed value corrects the record (the old version in FORM_history). Exit 1 when no saved \
            record is chosen, 64 for --verify with a file output, other records' options or no terminal.
            """
    )

    @Argument(help: ArgumentHelp(tr("The form file (YAML).")), completion: .file(extensions: ["yaml", "yml"]))
    var form: String

    @Option(help: ArgumentHelp(tr("Where records go: - (stdout, JSON Lines), FILE.jsonl, FILE.csv, SQLite (FILE.db, FILE.sqlite, sqlite:PATH) or PostgreSQL (postgres://USER@HOST/DB).")))
    var out: String = "-"

    @Option(help: ArgumentHelp(tr("jsonl or csv: the format of --out - or of an output file whose name does not say (default: from the name, else jsonl).")))
    var format: RecordFormat?

    @Flag(help: ArgumentHelp(tr("Continue an output that must already exist (a mistyped name is an error, not a new empty file).")))
    var resume = false

    @Flag(name: .customLong("resume-anyway"), help: ArgumentHelp(tr("As --resume, but skip the records an earlier import of --input FILE dealt with by their count alone, even when the file's first records are no longer those.")))
    var resumeAnyway = false

    @Option(help: ArgumentHelp(tr("Read records from this file (- for stdin) instead of asking for them.")))
    var input: String?

    @Option(name: .customLong("input-format"), help: ArgumentHelp(tr("jsonl or csv (default: from the file name, else jsonl).")))
    var inputFormat: RecordFormat?

    @Flag(name: .customLong("keep-saved"), help: ArgumentHelp(tr("With --input: keep the bookkeeping columns the input records hold (saved_at, operator, edited_at, edited_by, record_id, as `fieldline records` writes them) instead of making them anew, so records copied to another output stay the same records.")))
    var keepSaved = false

    @Flag(help: ArgumentHelp(tr("With --input: a record that breaks a warning rule (level: warning) is refused like one that breaks an error rule, instead of saved and reported.")))
    var strict = false

    @Option(name: .customLong("update-by"), help: ArgumentHelp(tr("Correct saved records instead of adding them: each input record replaces the saved record whose FIELD (a unique field) holds the same value; the replaced version is kept in the FORM_history table. SQLite and PostgreSQL only."), valueName: "FIELD"))
    var updateBy: String?

    @Flag(name: [.short, .long], help: ArgumentHelp(tr("With --input or a pipe: no progress line and no summary on stderr (refused records and errors are still reported).")))
    var quiet = false

    @Flag(help: ArgumentHelp(tr("Accessible mode for screen readers: plain lines, the question in words, each refusal's reason once; no cursor movement, colour or bell (also FIELDLINE_ACCESSIBLE=1, TERM=dumb).")))
    var accessible = false

    @Flag(help: ArgumentHelp(tr("Only check the form file: print its problems as FILE:LINE:COL: message (exit 78 if any).")))
    var lint = false

    @Option(help: ArgumentHelp(tr("Save the records this YAML or JSON file answers (a map of field names to answers is one record, a list of maps several), completed from FIELDLINE_ANSWER_NAME and then the defaults; nothing is asked."), valueName: "FILE"))
    var answers: String?

    @Flag(name: .customLong("answers-partial"), help: ArgumentHelp(tr("The --answers file may name what is not a field of this form (left out; else exit 65).")))
    var answersPartial = false

    @Option(name: .customLong("save-answers"), help: ArgumentHelp(tr("Add each record typed at the terminal to this file, in the format --answers reads (a list of maps of field names to answers; JSON for FILE.json, else YAML), so --answers FILE replays them."), valueName: "FILE"))
    var saveAnswers: String?

    @Flag(name: .customLong("non-interactive"), help: ArgumentHelp(tr("Nobody is there: instead of entry at a terminal, save one record of the answers (FIELDLINE_ANSWER_NAME) and defaults, or exit 64 naming every field without (also FIELDLINE_NONINTERACTIVE=1, DEBIAN_FRONTEND=noninteractive, where a terminal would be used).")))
    var nonInteractive = false

    @OptionGroup var verification: VerifyOptions

    func validate() throws {
        // Usage errors before anything is opened, so ArgumentParser shows `form`'s own usage.
        let destination = try OutputTarget(out, format: format)
        try verification.validate(in: self)
        if (resume || resumeAnyway) && destination.isStandardOutput {
            throw ValidationError(tr("--resume needs an output that keeps records (a file or a database), not standard output"))
        }
        if answers != nil && input != nil {
            throw ValidationError(tr("--answers and --input both give the records: give one"))
        }
        if (answers != nil || nonInteractive) && (updateBy != nil || keepSaved) {
            throw ValidationError(tr("--answers and --non-interactive save new records: not with --update-by or --keep-saved"))
        }
        if saveAnswers != nil && (input != nil || answers != nil || nonInteractive || updateBy != nil || keepSaved || lint) {
            throw ValidationError(Form.saveAnswersAtTheTerminal)
        }
        if keepSaved && updateBy != nil {
            throw ValidationError(tr("--keep-saved is for copying records; with --update-by the bookkeeping columns are the output's own"))
        }
        if updateBy != nil {
            switch destination {
            case .sqlite, .postgres: break
            case .standardOutput, .file:
                throw ValidationError(tr("--update-by corrects records in a database: JSON Lines and CSV files are append-only logs; give --out FILE.db, FILE.sqlite, sqlite:PATH or postgres://…"))
            }
        }
    }

    @OptionGroup var language: LanguageOption

    func run() throws {
        let loader = FormLoader(keymaps: FieldCatalog.loader)
        if lint {
            let problems = loader.lint(path: form)
            for d in problems { Diagnostics.plain(d.description) }
            if !problems.isEmpty { throw Exit.config }
            return
        }
        var spec: FormSpec
        do { spec = try loader.load(path: form) } catch {
            for d in error.diagnostics { Diagnostics.plain(d.description) }
            throw Exit.config
        }
        if let updateBy {
            // Only a unique field names one record; any other could select several.
            guard let field = spec.fields.first(where: { $0.name == updateBy }), field.unique else {
                let unique = spec.fields.filter(\.unique).map(\.name)
                throw ValidationError(unique.isEmpty
                    ? tr("--update-by needs a unique field (unique: true in the form); \(spec.name) has none")
                    : tr("--update-by takes a unique field of \(spec.name): \(unique.joined(separator: ", ")), not '\(ControlCharacters.escaped(updateBy))'"))
            }
        }
        if keepSaved && input == nil && isatty(0) != 0 {
            throw ValidationError(tr("--keep-saved copies records read from --input FILE or from standard input, not typed at a terminal"))
        }
        if updateBy != nil && input == nil && isatty(0) != 0 {
            throw ValidationError(tr("--update-by reads corrected records from --input FILE or from standard input, not from a terminal (at the terminal, Ctrl-R finds a saved record to correct)"))
        }
        let resume = resume || resumeAnyway
        // Records are typed only at a terminal with somebody there: nothing else has answers to keep.
        if saveAnswers != nil && (isatty(0) == 0 || NonInteractive.requested(false)) {
            throw ValidationError(Form.saveAnswersAtTheTerminal)
        }
        // An answers file is read (and its problems found) before the output is opened.
        let answered = try answers.map { try AnswersInput(path: $0, yesNoFields: spec.yesNoFields) }
        try TableLookups.requireDatabase(spec, output: OutputTarget(out, format: format))
        var sink = try Form.openSink(out, form: spec, format: format, resume: resume)
        spec = try TableLookups.resolved(spec, in: sink)
        if verification.verify {
            try FormVerify(form: spec, options: verification, accessible: UserDefaults.accessible(accessible)).run(into: sink)
            return
        }
        if answered != nil || nonInteractive {
            try FormAnswers(form: spec, context: Today.context(), answers: answered, partial: answersPartial).run(into: &sink, quiet: quiet)
            return
        }
        // With a terminal and no --input, records are entered (with nobody there to enter them, the answers and
        // defaults are saved); with no terminal, stdin holds them.
        let terminalEntry = input == nil && isatty(0) != 0 && updateBy == nil && !keepSaved
        if terminalEntry && NonInteractive.requested(false) {
            try FormAnswers(form: spec, context: Today.context(), answers: nil, partial: false).run(into: &sink, quiet: quiet)
            return
        }
        let tty = terminalEntry ? open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC) : -1
        defer { if tty >= 0 { close(tty) } }
        guard let source = input ?? (!terminalEntry || tty < 0 ? "-" : nil) else {
            try FormEntry(form: spec, context: Today.context(), resume: resume, accessible: UserDefaults.accessible(accessible),
                          saveAnswers: saveAnswers)
                .run(into: &sink)
            return
        }
        let format = inputFormat ?? (source.hasSuffix(".csv") ? .csv : .jsonl)
        try FormImport(form: spec, context: Today.context(), updateBy: updateBy, resume: resume, keepSaved: keepSaved,
                       checksResumedInput: !resumeAnyway, quiet: quiet, strict: strict)
            .run(source: source, format: format, into: &sink)
    }

    /// Why `--save-answers` is refused where no record is typed.
    static var saveAnswersAtTheTerminal: String {
        tr("--save-answers keeps the records typed at a terminal: not with --input, --answers, --non-interactive, --update-by, --keep-saved, --lint or records on standard input")
    }

    /// The sink `--out` names, in `format` when it is standard output or a file.
    static func openSink(_ target: String, form: FormSpec, format: RecordFormat? = nil, resume: Bool = false) throws -> any RecordSink {
        let destination = try OutputTarget(target, format: format)
        if resume {
            // Standard output was refused by validate(). A PostgreSQL server is there or the connection fails; its table is made when missing either way.
            if let path = destination.path, access(path, F_OK) != 0 {
                Diagnostics.error(tr("--resume: \(path) does not exist (leave out --resume to start it)"))
                throw Exit.noInput
            }
        }
        // Another form's table is looked up in the same output: only a database holds tables.
        if let (field, check) = form.savedValueChecks.first, !destination.isDatabase {
            Diagnostics.error(tr("field \(field) checks its values against table \(check.table) (\(check.mustExist ? "exists" : "not_exists"):), which only a SQLite or PostgreSQL output holds; \(destination.label) is not one"))
            throw Exit.usage
        }
        let columns = form.recordColumns + [RecordColumns.savedAt, RecordColumns.operatorName, RecordColumns.recordID]
        let unique = form.fields.filter(\.unique).map(\.name)
        do {
            switch destination {
            case .standardOutput(.jsonl): return JSONLinesSink.standardOutput()
            case .standardOutput(.csv): return try CSVSink.standardOutput(columns: columns)
            // Only the form's unique fields are ever looked up: no index of every column (docs/forms.md).
            case .file(let path, .jsonl):
                return try JSONLinesSink(path: path, unique: unique, lookUpAnyField: false, notice: Diagnostics.error)
            case .file(let path, .csv):
                return try CSVSink(path: path, columns: columns, unique: unique, lookUpAnyField: false, notice: Diagnostics.error)
            case .sqlite(let path): return try SQLiteSink(path: path, form: form)
            case .postgres(let url): return try PostgresSink(url: url, form: form)
            }
        } catch {
            Diagnostics.error(error.message)
            throw error.kind == .mismatch ? Exit.invalid : Exit.ioError
        }
    }
}

/// Where `--out` (and `--format`) send records.
enum OutputTarget {
    case standardOutput(RecordFormat)
    case file(String, RecordFormat)
    case sqlite(String)
    case postgres(String)

    init(_ target: String, format: RecordFormat?) throws {
        if target.hasPrefix("postgres://") || target.hasPrefix("postgresql://") {
            self = .postgres(target)
        } else if target.hasPrefix("sqlite:") {
            self = .sqlite(String(target.dropFirst(7)))
        } else if (target.hasSuffix(".db") || target.hasSuffix(".sqlite")) {
            self = .sqlite(target)
        } else if target == "-" {
            self = .standardOutput(format ?? .jsonl)
        } else if let format {
            self = .file(target, format)
        } else if target.hasSuffix(".csv") {
            self = .file(target, .csv)
        } else if target.hasSuffix(".jsonl") || target.hasSuffix(".json") {
            self = .file(target, .jsonl)
        } else {
            throw ValidationError(tr("--out takes -, FILE.jsonl, FILE.csv, FILE.db, FILE.sqlite, sqlite:PATH or postgres://…, not '\(PostgresSink.withoutPassword(target))' (or give --format jsonl|csv for a file of another name)"))
        }
        if format != nil, case .sqlite = self { throw ValidationError(tr("--format is for - and files; \(target) is a SQLite database")) }
        if format != nil, case .postgres = self {
            throw ValidationError(tr("--format is for - and files; \(PostgresSink.withoutPassword(target)) is a PostgreSQL database"))
        }
    }

    /// The file that holds the records, when there is one (PostgreSQL's is on the server).
    var path: String? {
        switch self {
        case .file(let path, _), .sqlite(let path): return path
        case .standardOutput, .postgres: return nil
        }
    }

    var isStandardOutput: Bool { if case .standardOutput = self { return true } else { return false } }

    /// Whether the output is a database (SQLite, PostgreSQL), which holds other forms' tables.
    var isDatabase: Bool {
        switch self {
        case .sqlite, .postgres: return true
        case .standardOutput, .file: return false
        }
    }

    /// The output for a message: its file, or standard output.
    var label: String { path.map { ControlCharacters.escaped($0) } ?? tr("standard output") }
}

/// The formats `--input` reads and `--format` writes.
enum RecordFormat: String, ExpressibleByArgument, CaseIterable {
    case jsonl, csv
    static var allValueStrings: [String] { allCases.map(\.rawValue) }
    var defaultValueDescription: String { rawValue }
}
