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
        abstract: "Enter or import records of a form (a YAML file listing fields) into JSONL, CSV or SQLite.",
        discussion: """
            With --input (or when standard input is not a terminal) records are read as JSON Lines (one object \
            of field names to values a line) or CSV with a header (a .csv file, or --input-format csv), checked \
            with each field's keymap and saved; an invalid record is reported as RECORD:FIELD: message on stderr \
            and not saved. --out - (the default) writes JSON Lines to stdout; FILE.jsonl and FILE.csv are appended \
            and synced after every record; FILE.db, FILE.sqlite or sqlite:PATH is a SQLite database (a table \
            named after the form, one transaction per record); postgres://… is a shared PostgreSQL database \
            (the same table; the server enforces unique fields across operators). Exit codes: 0 all saved, 65 some records invalid or the output file \
            does not fit the form, 66 input unreadable, 74 output not written, 78 form or keymap problems.
            """
    )

    @Argument(help: "The form file (YAML).")
    var form: String

    @Option(help: "Where records go: - (stdout, JSON Lines), FILE.jsonl, FILE.csv, SQLite (FILE.db, FILE.sqlite, sqlite:PATH) or PostgreSQL (postgres://…).")
    var out: String = "-"

    @Option(help: "Read records from this file (- for stdin) instead of asking for them.")
    var input: String?

    @Option(name: .customLong("input-format"), help: "jsonl or csv (default: from the file name, else jsonl).")
    var inputFormat: RecordFormat?

    @Flag(help: "Only check the form file: print its problems as FILE:LINE:COL: message (exit 78 if any).")
    var lint = false

    func run() throws {
        let loader = FormLoader(keymaps: FieldCatalog.loader)
        if lint {
            let problems = loader.lint(path: form)
            for d in problems { Diagnostics.plain(d.description) }
            if !problems.isEmpty { throw Exit.config }
            return
        }
        let spec: FormSpec
        do { spec = try loader.load(path: form) } catch {
            for d in error.diagnostics { Diagnostics.plain(d.description) }
            throw Exit.config
        }
        var sink = try Form.openSink(out, form: spec)
        let tty = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        defer { if tty >= 0 { close(tty) } }
        // With a terminal and no --input, records are entered; with no terminal, stdin holds them.
        guard let source = input ?? (isatty(0) == 0 || tty < 0 ? "-" : nil) else {
            try FormEntry(form: spec, context: Today.context(), tty: tty).run(into: &sink)
            return
        }
        let format = inputFormat ?? (source.hasSuffix(".csv") ? .csv : .jsonl)
        try FormImport(form: spec, context: Today.context()).run(source: source, format: format, into: &sink)
    }

    /// The sink `--out` names.
    static func openSink(_ target: String, form: FormSpec) throws -> any RecordSink {
        do {
            if target == "-" { return JSONLinesSink.standardOutput() }
            if target.hasSuffix(".csv") {
                return try CSVSink(path: target, columns: form.fields.map(\.name) + ["saved_at", "operator"])
            }
            if target.hasSuffix(".jsonl") || target.hasSuffix(".json") { return try JSONLinesSink(path: target) }
            if target.hasPrefix("postgres://") || target.hasPrefix("postgresql://") {
                return try PostgresSink(url: target, form: form)
            }
            if target.hasPrefix("sqlite:") { return try SQLiteSink(path: String(target.dropFirst(7)), form: form) }
            if target.hasSuffix(".db") || target.hasSuffix(".sqlite") { return try SQLiteSink(path: target, form: form) }
        } catch {
            Diagnostics.error(error.message)
            throw error.kind == .mismatch ? Exit.invalid : Exit.ioError
        }
        throw ValidationError("--out takes -, FILE.jsonl, FILE.csv, FILE.db, FILE.sqlite, sqlite:PATH or postgres://…, not '\(target)'")
    }
}

/// The formats `--input` reads.
enum RecordFormat: String, ExpressibleByArgument, CaseIterable {
    case jsonl, csv
    static var allValueStrings: [String] { allCases.map(\.rawValue) }
    var defaultValueDescription: String { rawValue }
}
