import ArgumentParser
import FieldKeymaps
import FieldKit
import FieldSinks
#if canImport(Glibc)
import Glibc
#endif

/// `fieldline compare FORM --from A --with B --by FIELD`: two independently keyed outputs of one form, record for
/// record (double data entry, checked afterwards).
struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: tr("Compare two independently keyed outputs of one form, record for record, and say where they disagree."),
        discussion: """
            A and B (--from, --with) are read as records --from reads them: a JSONL or CSV file, a SQLite or a \
            PostgreSQL database, nothing written. Records are matched by their value of --by FIELD, which each \
            record must hold and no two records of a side may share. Every other field of the form is compared \
            exactly. The default output is a table: each value that differs (key, field, value in A, value in B), \
            the records only A or only B holds, the agreement per field and per operator (the operator column of \
            each side: who keyed it), in percent. --output csv writes one row per value that differs and per \
            record only one side holds (kind, key, field, a, b, operator_a, operator_b); --output json writes one \
            object with all of it and every figure. Exit codes (as diff and cmp): 0 the sides agree, 1 they \
            differ (a value, or a record only one holds), 64 usage error, 65 a side does not fit the form, holds \
            a record that cannot be read, a record without FIELD or two with the same, 66 a side is missing or \
            unreadable, 74 output not written, 78 form problems.
            """
    )

    /// FORM, and `--from`: A, the records of the first keying.
    @OptionGroup var records: FormRecordsOptions

    @Option(help: ArgumentHelp(tr("B: the records of the second keying (--from names A, the first keying's); the same kinds as --from.")))
    var with: String

    @Option(help: ArgumentHelp(tr("The field that matches a record of A with one of B (the paper form's number, an ID card)."), valueName: "FIELD"))
    var by: String

    @Option(help: ArgumentHelp(tr("table, csv or json: what is written to stdout.")))
    var output: ComparisonReport.Output = .table

    @OptionGroup var language: LanguageOption

    func validate() throws {
        _ = try records.source()
        _ = try OutputTarget.readable(with, option: "--with")
    }

    func run() throws {
        let spec = try records.loadForm()
        let fields = spec.fields.map(\.name)
        guard fields.contains(by) else {
            Diagnostics.error(tr("--by: \(ControlCharacters.escaped(by)) is not a field of \(spec.name) (its fields: \(fields.joined(separator: ", ")))"))
            throw Exit.usage
        }
        if spec.fields.contains(where: { $0.name == by && $0.secret }) {
            Diagnostics.error(tr("--by: \(by) is a secret field: records are not matched by its value"))
            throw Exit.usage
        }
        let labelA = PostgresSink.withoutPassword(records.from), labelB = PostgresSink.withoutPassword(with)
        let a = try read(records.source(), spec, label: labelA)
        let b = try read(OutputTarget.readable(with, option: "--with"), spec, label: labelB)
        let comparison = RecordComparison(a, b, fields: fields.filter { $0 != by }, by: by)
        let report = ComparisonReport(comparison: comparison, labelA: labelA, labelB: labelB, terminal: isatty(1) != 0)
        var out = OutputBuffer(fd: 1)
        out.append(report.text(output))
        out.flush()
        if !comparison.agrees { throw Exit.differ }
    }

    /// One side's records by key, or the exit its problem calls for (65 does not fit or has a bad key, 66 missing).
    private func read(_ target: OutputTarget, _ spec: FormSpec, label: String) throws -> KeyedRecords {
        do {
            let source = try target.openedForReading(form: spec, lossy: false)
            return try KeyedRecords.read(source, by: by, label: label)
        } catch let error as SinkError {
            Diagnostics.error(error.message)
            throw error.kind == .mismatch ? Exit.invalid : Exit.noInput
        } catch let problem as KeyedRecords.Problem {
            Diagnostics.error(problem.message)
            throw Exit.invalid
        }
    }
}
