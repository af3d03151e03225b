import ArgumentParser
import FieldKeymaps
import FieldKit
import FieldRecords
import FieldSinks

/// `form --input` (or records on standard input): the records library's import, its reports, progress and summary
/// on standard error and its failures as exit codes.
struct FormImport {
    let form: FormSpec
    let context: ValidationContext
    var updateBy: String? = nil
    var resume = false
    var keepSaved = false
    var checksResumedInput = true
    /// `--quiet`: no progress line and no summary; refused records and errors are reported as ever.
    var quiet = false
    /// `--strict`: a record that breaks a warning rule is refused.
    var strict = false

    func run(source: String, format: RecordFormat, into sink: inout any RecordSink) throws {
        var records = RecordImport(form: form, context: context)
        records.updateBy = updateBy
        records.resume = resume
        records.keepSaved = keepSaved
        records.strictWarnings = strict
        records.checksResumedInput = checksResumedInput
        let input: ImportInput
        do { input = try ImportInput(source) } catch {
            Diagnostics.error(error.message)
            throw Exit.code(for: error)
        }
        // What the import did, shown as it goes at a terminal and said at the end (docs/forms.md, "Progress").
        let started = ImportProgressLine.now()
        let progressLine = quiet ? nil : ImportProgressLine(input: input, correcting: updateBy != nil, started: started)
        let reporter = ImportErrorOutput(progressLine: progressLine)
        let summary: ImportSummary
        do {
            defer { progressLine?.end() }
            summary = try records.run(input, format: format == .csv ? .csv : .jsonLines, into: &sink, reporter: reporter)
        } catch {
            Diagnostics.error(error.message)
            throw Exit.code(for: error)
        }
        if !quiet {
            Diagnostics.plain(ImportSummaryLine(counts: summary, correcting: updateBy != nil, target: sink.label,
                                                seconds: ImportProgressLine.now() - started).line)
        }
        if summary.refused > 0 { throw Exit.invalid }
    }
}

/// An import's reports as lines of standard error (`RECORD:FIELD: message`, each one line whatever it quotes), with
/// its progress line at a terminal.
final class ImportErrorOutput: ImportReporter {
    private var err = ErrorOutput()
    private let progressLine: ImportProgressLine?

    init(progressLine: ImportProgressLine?) { self.progressLine = progressLine }

    func refused(record number: Int, field: String, message: String) {
        err.line("\(number):\(field): \(message)", report: true)
        err.flushIfFull()
    }

    func notice(_ message: String) {
        err.line("fieldline: " + message)
        err.flush()
    }

    func flush() { err.flush() }

    func progress(_ summary: ImportSummary) { progressLine?.look(summary) }

    func waiting(_ summary: ImportSummary) { progressLine?.beforeWaiting(summary) }
}

extension Exit {
    /// The exit code an import's failure ends with.
    static func code(for failure: ImportFailure) -> ExitCode {
        switch failure.kind {
        case .unreadable: return noInput
        case .usage: return usage
        case .refusedInput, .sink(.mismatch): return invalid
        case .sink: return ioError
        }
    }
}
