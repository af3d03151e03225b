import FieldKeymaps
import FieldKit
import FieldSinks
#if canImport(Glibc)
import Glibc
#endif

/// One import under way: what its readers, its store and its corrections share. The readers take records
/// (`take`, `store`, `refuse`) through `next`, which skips what a resumed import dealt with and saves batches
/// when they are due.
final class ImportRun {
    let options: RecordImport
    let input: ImportInput
    var sink: any RecordSink
    /// The sink when it is a database (corrections, resumed imports and copied versions need one).
    let database: (any RecordDatabase)?
    let reporter: any ImportReporter
    let checker: RecordChecker
    var scratch = RecordChecker.Scratch()
    /// The form's yes/no fields, which take JSON `true` and `false`.
    let yesNo: Set<String>
    var count: RecordCount
    var summary = ImportSummary()
    let resumePoint: ResumePoint
    var saving: ImportSaving
    /// `--update-by`: each record corrects a saved one.
    let corrections: CorrectionBatch?
    /// Corrections taken and not yet applied (their saved records are read together): each as given, its JSON
    /// numbers and its record number.
    var waitingCorrections: [WaitingCorrection] = []
    /// A correction taken and not yet applied: as given, its JSON numbers and its record number.
    typealias WaitingCorrection = (given: [(name: String, text: String)], numbers: [String], record: Int)
    /// `--keep-saved`: the record taken last, as stored, when it was kept whole (the next version of it, the same
    /// `record_id`, replaces exactly that).
    var lastKept: StoredRecord?
    /// The first failure met where it cannot be thrown at once (inside a reader's callback): it ends the import.
    var failure: ImportFailure?

    init(_ options: RecordImport, input: ImportInput, sink: any RecordSink, reporter: any ImportReporter) throws(ImportFailure) {
        self.options = options
        self.input = input
        self.sink = sink
        database = sink.database
        self.reporter = reporter
        checker = RecordChecker(form: options.form, context: options.context)
        yesNo = options.form.yesNoFields
        let correcting = options.updateBy != nil
        if correcting && database == nil { throw ImportFailure(.usage, sink.appendOnlyRefusal.message) }
        corrections = options.updateBy.map {
            CorrectionBatch(form: options.form, field: $0, operatorName: options.operatorName, context: options.context)
        }
        // A file's progress is kept by the sink (databases) under its absolute path; standard input has none.
        let progressKey = correcting ? nil : input.absolutePath
        let uniqueFields = options.form.fields.filter(\.unique).map { UniqueField(name: $0.name, secret: $0.secret) }
        // Standard input keeps no progress: only a unique field tells the records the stopped run saved.
        if options.resume && !correcting && progressKey == nil && uniqueFields.isEmpty {
            throw ImportFailure(.usage, tr("--resume: an import from \(input.label) leaves no record of how far it got, and \(options.form.name) has no unique field to find the records already saved: start the import again on a new output"))
        }
        count = RecordCount(fingerprinting: progressKey != nil)
        // Not read, the progress would start the import again from its first record: a failure ends it instead.
        var progress: ImportProgress?
        if options.resume, let progressKey, let database {
            do throws(SinkError) { progress = try database.importProgress(of: progressKey) } catch { throw ImportFailure(error) }
        }
        resumePoint = ResumePoint(progress, of: input, checks: options.checksResumedInput, notice: reporter.notice)
        saving = ImportSaving(sink: sink, source: progressKey, unique: uniqueFields, correcting: correcting,
                              resume: options.resume, operatorName: options.operatorName,
                              savedValueChecks: options.form.savedValueChecks, lookupTimeout: options.form.lookupTimeout)
    }

    /// The figures so far.
    var currentSummary: ImportSummary {
        var figures = summary
        figures.read = count.number
        return figures
    }

    /// Whether the records are corrections.
    var correcting: Bool { corrections != nil }

    /// Takes record `number` (counted already) with `body`, unless the import being resumed dealt with it; saves
    /// the batch when it is due.
    func next(_ body: () throws(ImportFailure) -> Void) throws(ImportFailure) {
        if count.number & (RecordImport.recordsPerProgress - 1) == 0 { reporter.progress(currentSummary) }
        guard try resumePoint.takes(count.number, taken: count.taken) else {
            summary.skipped += 1
            return
        }
        try body()
        try saving.recordTaken(count.number, run: self)
    }

    /// Reports a problem with `field` (one refused record): of `record` (a correction applied after it was taken),
    /// by default of the record being taken.
    func refuse(_ field: String, _ message: String, record: Int? = nil) {
        refuse([(field, message)], record: record)
    }

    /// Reports every issue of one refused record: `record` (a correction applied after it was taken), by default
    /// the record being taken.
    func refuse(_ issues: [(field: String, message: String)], record: Int? = nil) {
        // The corrections taken before this record are said first, as they come first in the input.
        if correcting && record == nil { keepingFailure(applyWaitingCorrections) }
        summary.refused += 1
        for (field, message) in issues {
            // A correction is applied as soon as its saved record is read: its reports are said then too, not
            // with a batch.
            if correcting { reporter.refused(record: record ?? count.number, field: field, message: message) }
            else { saving.batch.report(count.number, field, message) }
        }
        if correcting { reporter.flush() }
    }

    /// Takes a record read as field name → text: copied (`--keep-saved`), corrected (`--update-by`) or checked and
    /// stored. `numbers`: the names given JSON numbers, which its reports say.
    func take(_ pairs: [(name: String, text: String)], numbers: [String] = []) throws(ImportFailure) {
        if options.keepSaved {
            try copy(pairs, numbers: numbers)
            return
        }
        // What `records` writes besides the fields is the sink's to keep: a correction read back from it and
        // edited keeps its saved_at and operator, and gets this run's edited_at and edited_by.
        if correcting {
            try takeCorrection(pairs.filter { !RecordColumns.bookkeeping.contains($0.name) }, numbers: numbers)
            return
        }
        let verdict = checker.check(pairs, scratch: &scratch)
        if verdict.isValid { try store(verdict.values, over: verdict.warnings) } else { refuse(RecordJSON.noting(numbers: numbers, of: pairs, in: verdict.issues)) }
    }

    /// Stores a checked record (its values in form order) with the batch, unless a unique value of it is saved.
    func store(_ checked: [(name: String, value: String)], kept: KeptBookkeeping? = nil) throws(ImportFailure) {
        try saving.store(checked, kept: kept, run: self)
    }

    /// Before a read that would wait: the batch is saved once its time is up even when no record comes to tell it
    /// so (a slow pipe), so nothing waits unsaved, nor a database transaction open, while input is quiet. A
    /// correction batch is a transaction open since its first correction: it is committed at once, so no lock is
    /// held while the input is quiet. Whether to read on: an import that failed does not wait for more.
    func idle() -> Bool {
        guard failure == nil else { return false }
        do throws(ImportFailure) {
            if correcting {
                try applyWaitingCorrections()
                try sinkCall { () throws(SinkError) in try corrections!.finish(database!) }
            } else if let left = saving.batch.secondsLeft, !LineReader.waitForInput(input.fd, seconds: left) {
                // Waited for too: the input is quiet, and a failure must be known before the read, which may not end.
                try saving.save(dealt: count.number, run: self)
                try saving.finish(run: self)
            }
        } catch {
            failure = error
        }
        if failure == nil { reporter.waiting(currentSummary) }
        reporter.flush()
        return failure == nil
    }

    /// A sink call whose failure ends the import: what was saved stays saved.
    func sinkCall<T>(_ body: () throws(SinkError) -> T) throws(ImportFailure) -> T {
        do throws(SinkError) { return try body() } catch { throw ImportFailure(error) }
    }

    /// Runs `body`, keeping its failure for the end (inside a reader's callback, which cannot throw).
    func keepingFailure(_ body: () throws(ImportFailure) -> Void) {
        guard failure == nil else { return }
        do throws(ImportFailure) { try body() } catch { failure = error }
    }
}

/// A unique field of the form, as the store looks its values up.
struct UniqueField {
    let name: String
    /// Whether its values are secret: a repeat is said without the value.
    let secret: Bool
}
