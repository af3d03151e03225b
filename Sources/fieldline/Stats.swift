import ArgumentParser
import FieldKeymaps
import FieldKit
import FieldRecords
import FieldSinks
#if canImport(Glibc)
import Glibc
#endif

/// `fieldline stats FORM --from TARGET [--by operator|field|hour]`: the paradata of the records entered at a
/// terminal, summed by group: a table and a bar chart, or JSON Lines or CSV for a spreadsheet.
struct Stats: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: tr("Keying figures of the records entered at a terminal: records and keys per hour, refusals, warnings overruled, median seconds per field; the verification error rate per 10,000 fields."),
        discussion: """
            Reads the paradata form saves with each record entered at a terminal (the FORM_keying table of a \
            SQLite or PostgreSQL database, FILE.keying.jsonl beside a JSON Lines or CSV file); imported records \
            have none and are not counted. Time is the time the fields were open, so rates are per hour of \
            keying. --by operator, field or hour (UTC, of saved_at) makes a group of each; without it one group \
            holds all. --output table (default) writes a table and a bar chart (Unicode blocks at a terminal; # \
            under NO_COLOR, TERM=dumb or when stdout is not a terminal); json writes one JSON object a line per \
            group; csv a header row and a row per group. Records keyed again (form --verify, a database's \
            FORM_verify table) add, per operator of the first entry, the fields verified, those the first entry \
            got wrong (the value kept is not the one it saved) and that per 10,000 fields: a second table, JSON \
            objects with entered_by, or a second CSV header and rows. Reading never writes. Exit codes: 0 figures written, 1 \
            no paradata, 64 usage error, 65 a table that does not fit the form, 66 the target is missing or \
            unreadable, 74 output not written, 78 form problems.
            """
    )

    /// FORM, and `--from`: where its records are.
    @OptionGroup var records: FormRecordsOptions

    @Option(help: ArgumentHelp(tr("operator, field or hour: a group of figures for each.")))
    var by: StatsGrouping?

    @Option(help: ArgumentHelp(tr("table, json or csv: what is written to stdout.")))
    var output: StatsOutput = .table

    @OptionGroup var language: LanguageOption

    func validate() throws { _ = try records.source() }

    func run() throws {
        let spec = try records.loadForm()
        let grouping = by?.grouping ?? .all
        var stats = KeyingStats(form: spec, grouping: grouping)
        let target = try records.source()
        var verified: [VerificationCount] = []
        do throws(SinkError) {
            let source = try open(target, form: spec)
            try source.keyingRows { row in
                stats.add(row)
                return true
            }
            verified = try (source as? any VerificationSource)?.verificationCounts() ?? []
        } catch {
            Diagnostics.error(error.message)
            throw error.kind == .mismatch ? Exit.invalid : Exit.noInput
        }
        let figures = stats.figures
        if figures.isEmpty && verified.isEmpty {
            Diagnostics.error(tr("\(PostgresSink.withoutPassword(records.from)) holds no paradata: no record in it was entered at a terminal"))
            throw Exit.noMatch
        }
        var writer = StatsWriter(grouping: grouping, terminal: isatty(1) != 0, colour: Ask.colourAllowed())
        switch output {
        case _ where figures.isEmpty: break
        case .table: writer.table(figures)
        case .json: writer.jsonLines(figures)
        case .csv: writer.csv(figures)
        }
        writer.finish()
        var more = OutputBuffer(fd: 1)
        more.append(StatsVerification(counts: verified, terminal: isatty(1) != 0).text(output))
        more.flush()
    }

    /// The target opened for reading only.
    private func open(_ target: OutputTarget, form: FormSpec) throws(SinkError) -> any KeyingSource {
        switch target {
        case .file(let path, .jsonl): return try RecordFileReader(path: path, format: .jsonLines, form: form)
        case .file(let path, .csv): return try RecordFileReader(path: path, format: .csv, form: form)
        case .sqlite(let path): return try SQLiteRecordReader(path: path, form: form)
        case .postgres(let url): return try PostgresRecordReader(url: url, form: form)
        case .standardOutput: throw SinkError(.unsupported, tr("standard output cannot be read back"))
        }
    }
}

/// `stats --by`.
enum StatsGrouping: String, ExpressibleByArgument, CaseIterable {
    case operatorName = "operator", field, hour
    static var allValueStrings: [String] { allCases.map(\.rawValue) }

    var grouping: KeyingGrouping {
        switch self {
        case .operatorName: .operatorName
        case .field: .field
        case .hour: .hour
        }
    }
}

/// `stats --output`.
enum StatsOutput: String, ExpressibleByArgument, CaseIterable {
    case table, json, csv
    static var allValueStrings: [String] { allCases.map(\.rawValue) }
    var defaultValueDescription: String { rawValue }
}
