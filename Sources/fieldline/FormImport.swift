import ArgumentParser
import FieldKeymaps
import FieldKit
import FieldRecords
import FieldSinks

/// `form --input` (or records on standard input): the records library's import, its reports on standard error
/// and its failures as exit codes.
struct FormImport {
    let form: FormSpec
    let context: ValidationContext
    var updateBy: String? = nil
    var resume = false
    var keepSaved = false
    var checksResumedInput = true

    func run(source: String, format: RecordFormat, into sink: inout any RecordSink) throws {
        var records = RecordImport(form: form, context: context)
        records.updateBy = updateBy
        records.resume = resume
        records.keepSaved = keepSaved
        records.checksResumedInput = checksResumedInput
        let reporter = ImportErrorOutput()
        let summary: ImportSummary
        do {
            summary = try records.run(ImportInput(source), format: format == .csv ? .csv : .jsonLines, into: &sink, reporter: reporter)
        } catch {
            Diagnostics.error(error.message)
            throw Exit.code(for: error)
        }
        if summary.refused > 0 { throw Exit.invalid }
    }
}

/// An import's reports as lines of standard error: `RECORD:FIELD: message`, each one line whatever it quotes.
final class ImportErrorOutput: ImportReporter {
    private var err = ErrorOutput()

    func refused(record number: Int, field: String, message: String) {
        err.line("\(number):\(field): \(message)", report: true)
        err.flushIfFull()
    }

    func notice(_ message: String) {
        err.line("fieldline: " + message)
        err.flush()
    }

    func flush() { err.flush() }
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
