import FieldKeymaps
import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// Records read from JSON Lines or CSV, each checked as the form's fields would check it and saved into a sink when
/// valid: in batches (durable together), a unique value already saved refused, an import of a file resumed where
/// it stopped, or each record a correction of a saved one.
///
/// ```swift
/// var sink: any RecordSink = try SQLiteSink(path: "visitors.db", form: form)
/// let summary = try RecordImport(form: form, context: context)
///     .run(ImportInput("visitors.jsonl"), format: .jsonLines, into: &sink, reporter: reporter)
/// print("\(summary.saved) saved, \(summary.refused) refused")
/// ```
public struct RecordImport: Sendable {
    /// The form the records are of.
    public let form: FormSpec
    /// Outside facts (today's date) the fields are checked with.
    public let context: ValidationContext
    /// `--update-by FIELD`: each record corrects the saved record whose unique FIELD holds its value.
    public var updateBy: String?
    /// `--resume`: the input records an earlier import of the same file dealt with (the sink's record of its
    /// progress) are skipped, and a record already saved whole under its unique value is not saved again.
    public var resume = false
    /// `--keep-saved`: the bookkeeping columns an input record holds (as `records` writes them) are kept, not made
    /// anew: records copied from one output to another stay the same records.
    public var keepSaved = false
    /// `--strict`: a record that breaks a warning rule is refused, as one breaking an error rule is (by default it
    /// is saved, and reported).
    public var strictWarnings = false
    /// Whether `resume` first makes sure the input's first records are the ones the earlier import dealt with
    /// (false: they are skipped by their count alone).
    public var checksResumedInput = true
    /// The `operator` of new records and the `edited_by` of corrections.
    public var operatorName = RecordStamp.operatorName()

    /// An import of records of `form`, checked with `context`.
    public init(form: FormSpec, context: ValidationContext) {
        self.form = form
        self.context = context
    }

    /// Records between two calls of `ImportReporter.progress` while records are read (a power of two: the import
    /// asks for every record, with a mask).
    public static let recordsPerProgress = 128

    /// The formats an import reads.
    public enum Format: Sendable {
        /// One JSON object a line.
        case jsonLines
        /// A header row naming the columns, then one record a row.
        case csv
    }

    /// Reads `input` to its end and saves its valid records into `sink`, reporting each refused one to `reporter`
    /// as it goes; returns what it did. Throws when the import cannot go on (the input cannot be read, the sink
    /// fails, a resumed input is not the one read before): what was saved before stays saved.
    public func run(_ input: ImportInput, format: Format, into sink: inout any RecordSink,
                    reporter: any ImportReporter) throws(ImportFailure) -> ImportSummary {
        let run = try ImportRun(self, input: input, sink: sink, reporter: reporter)
        defer {
            sink = run.sink
            run.saving.abandon(run: run)
            // Also after a failure: what was saved is copied into the database file; the records are durable
            // without it, so its own failure is only said.
            do throws(SinkError) { try run.database?.finishBulkRun() } catch { reporter.notice(error.message) }
            reporter.flush()
        }
        let inParallel = PreparedLine.checksInParallel(savingInBackground: run.saving.background != nil,
                                                       cores: sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        let readError: String?
        switch format {
        case .jsonLines: readError = JSONLinesImport.read(into: run, inParallel: inParallel)
        case .csv:
            var csv = CSVImport(into: run, inParallel: inParallel)
            readError = csv.readAll()
        }
        if run.correcting {
            run.keepingFailure { () throws(ImportFailure) in
                try run.applyWaitingCorrections()
                try run.sinkCall { () throws(SinkError) in try run.corrections!.finish(run.database!) }
            }
        } else {
            // The last batch, also when reading failed part-way: what was read and checked is saved.
            run.keepingFailure { () throws(ImportFailure) in
                try run.saving.save(dealt: run.count.number, run: run)
                try run.saving.finish(run: run)
            }
        }
        run.keepingFailure { () throws(ImportFailure) in try run.resumePoint.checkEnd(records: run.count.number) }
        if let failure = run.failure { throw failure }
        if let readError { throw ImportFailure(.unreadable, tr("cannot read \(input.source): \(readError)")) }
        return run.currentSummary
    }
}
