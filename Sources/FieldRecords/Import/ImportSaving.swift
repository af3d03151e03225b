import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// How an import's checked records reach the sink: in batches (`ImportBatch`), saved on a thread of their own for a
/// database (`BackgroundSave`), streamed as checked to one that takes them so, each record first found free of a
/// repeat of its unique values (in the batch, and saved). A class: the run's readers and this reach each other's
/// parts while a record is stored.
final class ImportSaving {
    /// The batch being gathered.
    var batch: ImportBatch
    /// A database saves a batch on a thread of its own while the next records are read and checked.
    let background: BackgroundSave?
    /// PostgreSQL also takes a batch's rows as they are checked, when nothing else is asked of it meanwhile (a
    /// correction's read) and no record of the batch may yet be dropped (`exists:`). Unique fields are left to its
    /// indexes: a batch whose COPY meets a repeat is loaded again with its repeats looked up.
    let streaming: Bool
    /// The form's unique fields, picked once: going through the form's fields for every record copies each of them.
    let unique: [UniqueField]
    /// Whether the records are corrections (applied by `CorrectionBatch`, not batched here).
    let correcting: Bool
    /// The `operator` of the records saved.
    let operatorName: String
    /// The time to the second, made again only when the second changes: formatting it for every record was a
    /// measurable share of an import's work.
    private var stampSecond: time_t = -1
    private var stamp = ""

    init(sink: any RecordSink, source: String?, unique: [UniqueField], correcting: Bool, resume: Bool, operatorName: String,
         savedValueChecks: [(field: String, check: SavedValueCheck)] = [], lookupTimeout: Double = 5) {
        batch = ImportBatch(source: source)
        batch.uniqueFields = unique
        batch.resume = resume
        background = sink.database.map(BackgroundSave.init(into:))
        streaming = sink.database?.streamsBatches == true && !correcting && savedValueChecks.isEmpty
        batch.savedValueChecks = savedValueChecks
        batch.lookupTimeout = lookupTimeout
        if streaming {
            batch.limit(to: ImportBatch.streamedLimits, growing: false)
        } else if let database = sink.database {
            batch.limit(to: database.importBatchLimits)
        }
        self.unique = unique
        self.correcting = correcting
        self.operatorName = operatorName
    }

    /// Records a streaming sink gets at a time before their batch's save: enough that each send is worth its
    /// hand-over, few enough that the server starts on a batch soon after its first records are checked.
    static let rowsSentAhead = 1024

    /// After input record `number` was taken: the batch is saved when due, or its checked records sent ahead.
    func recordTaken(_ number: Int, run: ImportRun) throws(ImportFailure) {
        if !correcting && batch.isDue {
            try save(dealt: number, run: run)
        } else if streaming, batch.unsentCount >= Self.rowsSentAhead {
            background?.send(batch.unsent())
        }
    }

    /// Saves the batch; `dealt` input records (all taken, or all but the last) are dealt with once it is durable.
    func save(dealt: Int, run: ImportRun) throws(ImportFailure) {
        try finish(run: run)
        let fingerprint = run.count.fingerprinting
            ? InputFileIdentity.kept(run.count.fingerprint(dealt: dealt), file: run.input.identity) : nil
        if let background {
            background.save(batch.take(), dealt: dealt, fingerprint: fingerprint)
        } else {
            try apply(batch.save(into: &run.sink, dealt: dealt, fingerprint: fingerprint), run: run)
        }
    }

    /// Waits for the batch in flight, if any, and says what became of it.
    func finish(run: ImportRun) throws(ImportFailure) {
        guard let background, background.isSaving else { return }
        try apply(background.wait(), run: run)
    }

    /// A saved batch's reports said and its figures counted; its sink's failure ends the import.
    private func apply(_ outcome: BatchOutcome, run: ImportRun) throws(ImportFailure) {
        for report in outcome.reports { run.reporter.refused(record: report.number, field: report.field, message: report.message) }
        run.reporter.flush()
        run.summary.refused += outcome.refused
        run.summary.saved += outcome.saved
        run.summary.skipped += outcome.skipped
        if let failure = outcome.failure { throw ImportFailure(failure) }
        run.reporter.progress(run.currentSummary)
    }

    /// At the end, also when the import failed: the batch in flight still ends before the import does, its failure
    /// said (the import's own failure is the one thrown).
    func abandon(run: ImportRun) {
        guard let background else { return }
        if let failure = background.wait().failure { run.reporter.notice(failure.message) }
    }

    /// Stores a checked record (its values in form order) with the batch, unless a unique value of it is saved;
    /// `kept`: the bookkeeping columns of a record copied with `--keep-saved`.
    func store(_ checked: [(name: String, value: String)], kept: KeptBookkeeping?, run: ImportRun) throws(ImportFailure) {
        let number = run.count.number
        // A database refuses a repeat itself when it saves the batch, and the batch names the earlier record
        // (`ImportBatch.uniqueFields`): no look-up per record, and no wait for the batch in flight. A log is asked.
        let looksUp = background == nil
        var values: [(field: String, value: String)] = []
        for field in unique where looksUp {
            guard let value = checked.first(where: { $0.name == field.name })?.value, !value.isEmpty else { continue }
            // A repeat within the batch: the batch is saved first, so the look-up names the saved record.
            if batch.holds(value, in: field.name) {
                try save(dealt: number - 1, run: run)
                try finish(run: run)
            }
            if let earlier = try run.sinkCall({ () throws(SinkError) in try run.sink.earlierRecord(where: field.name, is: value) }) {
                // Resumed: the same record, saved by the run that stopped, is not saved again nor an error.
                if run.options.resume, try run.sinkCall({ () throws(SinkError) in try run.sink.holds(checked, where: field.name) }) {
                    run.summary.skipped += 1
                    return
                }
                run.refuse(field.name, RecordJudge.repeated(value, secret: field.secret, heldBy: tr("\(earlier) of \(run.sink.label)")))
                return
            }
            values.append((field.name, value))
        }
        // Saved with its batch: one transaction (or one fsync) for many records. A record saved by someone else
        // between the look-up and the commit, or refused by a rule of the database's own (a CHECK), is reported
        // then; the batch's others are saved.
        let second = time_t(WallClock.now())
        if second != stampSecond { stampSecond = second; stamp = RecordStamp.timestamp(at: second) }
        batch.add(SavedRecord(values: checked, savedAt: kept?.savedAt ?? stamp, operatorName: kept?.operatorName ?? operatorName,
                              recordID: kept?.recordID ?? RecordID.next(), editedAt: kept?.editedAt ?? "", editedBy: kept?.editedBy ?? ""),
                  number: number, unique: values)
    }
}
