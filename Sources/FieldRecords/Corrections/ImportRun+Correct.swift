import FieldKeymaps
import FieldKit

extension ImportRun {
    /// Takes a correction: it waits until the database's `correctionChunk` do, the input goes quiet or ends, or
    /// another record is refused as read; then they are applied in input order, their saved records read together
    /// first.
    func takeCorrection(_ given: [(name: String, text: String)], numbers: [String]) throws(ImportFailure) {
        waitingCorrections.append((given, numbers, count.number))
        if waitingCorrections.count >= database!.correctionChunk { try applyWaitingCorrections() }
    }

    /// Applies the corrections waiting, in input order, after one read of their saved records: those that may go
    /// together with one call to the database, each other one alone, after those before it (so its reports and
    /// its read come in input order).
    func applyWaitingCorrections() throws(ImportFailure) {
        guard !waitingCorrections.isEmpty else { return }
        let chunk = waitingCorrections
        waitingCorrections.removeAll(keepingCapacity: true)
        let batch = corrections!
        let keys = try sinkCall { () throws(SinkError) in try batch.readAhead(for: chunk.map(\.given), in: database!) }
        var together: [(replacement: RecordReplacement, correction: WaitingCorrection)] = []
        together.reserveCapacity(chunk.count)
        for (correction, key) in zip(chunk, keys) {
            if let read = batch.onlyRecordReadAhead(for: key) {
                let verdict = checker.check(batch.completed(correction.given, from: read), scratch: &scratch)
                if verdict.isValid, let replacement = batch.replacement(of: read, by: verdict.values) {
                    together.append((replacement, correction))
                    continue
                }
            }
            try apply(together: &together)
            try correct(correction.given, numbers: correction.numbers, record: correction.record)
        }
        try apply(together: &together)
    }

    /// Applies the corrections gathered with one call to the database; each it did not apply (its record changed
    /// since it was read, or the database refused one of them) is then applied alone, which reads its record again
    /// and says why it is refused.
    private func apply(together: inout [(replacement: RecordReplacement, correction: WaitingCorrection)]) throws(ImportFailure) {
        guard !together.isEmpty else { return }
        let gathered = together
        together.removeAll(keepingCapacity: true)
        let applied = try sinkCall { () throws(SinkError) in try corrections!.replace(gathered.map(\.replacement), in: database!) }
        for ((_, correction), done) in zip(gathered, applied) {
            if done { summary.saved += 1 } else { try correct(correction.given, numbers: correction.numbers, record: correction.record) }
        }
    }

    /// Applies one correction: the saved record read, the fields the input leaves out taken from it, the whole
    /// checked, then written only while the record is still as read; read and checked again when it is not
    /// (another corrector changed it meanwhile: its change is kept, never overwritten by the value read before).
    /// `record`: its number in the input, which its reports say.
    func correct(_ given: [(name: String, text: String)], numbers: [String], record: Int) throws(ImportFailure) {
        let start = CorrectionBatch.now()
        var attempt = 0
        while true {
            let read: StoredRecord?
            switch try sinkCall({ () throws(SinkError) in try corrections!.saved(for: given, in: database!) }) {
            case .success(let found): read = found
            case .failure(let ambiguous):
                refuse(corrections!.field, ambiguous.message, record: record)
                return
            }
            let verdict = checker.check(corrections!.completed(given, from: read), scratch: &scratch)
            if !verdict.isValid {
                refuse(RecordJSON.noting(numbers: numbers, of: given, in: verdict.issues), record: record)
                return
            }
            // A warning the saved record was already saved over keeps its reason.
            let saved = read.flatMap { $0.value(of: RecordColumns.warnings) }.flatMap { try? Self.warnings(in: $0).get() }
            guard let warnings = overrule(verdict.warnings, given: saved ?? RecordWarnings(), record: record) else { return }
            let values = warnings.stored(verdict.values, form: options.form)
            switch try sinkCall({ () throws(SinkError) in try corrections!.apply(values, read: read, to: database!) }) {
            case .done:
                summary.saved += 1
                return
            case .problem(let field, let message):
                refuse(field, message, record: record)
                return
            case .changed:
                attempt += 1
                guard CorrectionBatch.triesAgain(after: attempt, since: start) else {
                    refuse(corrections!.field, tr("the saved record kept changing while it was being corrected: not saved; run the correction again"), record: record)
                    return
                }
                // This corrector's own batch committed first: while it waits for its turn it holds no lock
                // another corrector of the record waits for.
                try sinkCall { () throws(SinkError) in try corrections!.finish(database!) }
                CorrectionBatch.pause(before: attempt)
            }
        }
    }
}
