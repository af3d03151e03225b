import FieldKeymaps
import FieldKit

extension ImportRun {
    /// `--keep-saved`: a record as `records` wrote it, its bookkeeping columns kept; a corrected record after its
    /// earlier version (`records --history`) replaces it as a correction would, so the history is carried.
    func copy(_ pairs: [(name: String, text: String)], numbers: [String]) throws(ImportFailure) {
        switch KeptBookkeeping.split(pairs) {
        case .failure(let problem): refuse(problem.field, problem.message)
        case .success(let split):
            var fields = split.fields
            let kept = split.kept
            // The reasons a copied record was saved over warnings with are kept with it.
            var given = RecordWarnings()
            if options.form.hasWarnings, let at = fields.firstIndex(where: { $0.name == RecordColumns.warnings }) {
                switch Self.warnings(in: fields.remove(at: at).text) {
                case .success(let reasons): given = reasons
                case .failure(let problem):
                    refuse(problem.field, problem.message)
                    return
                }
            }
            let earlier = lastKept
            lastKept = nil
            // A JSON Lines or CSV file keeps no corrections: a corrected record's last editor would be lost.
            if kept.wasCorrected && database == nil {
                refuse(RecordColumns.editedAt, tr("a corrected record keeps who corrected it only in a database (SQLite or PostgreSQL), not in \(sink.label)"))
                return
            }
            let verdict = checker.check(fields, scratch: &scratch)
            guard verdict.isValid else {
                refuse(RecordJSON.noting(numbers: numbers, of: pairs, in: verdict.issues))
                return
            }
            // Corrected, and the record before has its id: this is that record's next version (`records
            // --history`). An uncorrected record of a taken id is a repeat the database refuses.
            guard let warnings = overrule(verdict.warnings, given: given) else { return }
            let values = warnings.stored(verdict.values, form: options.form)
            if let earlier, kept.wasCorrected, kept.recordID == earlier.value(of: RecordColumns.recordID) {
                try keepVersion(values, kept: kept, after: earlier)
            } else {
                try store(values, kept: kept)
            }
            lastKept = kept.stored(values)
        }
    }

    /// Saves version `values` (its bookkeeping `kept`) of the record whose version before is `earlier`, as a
    /// correction replaces it: the earlier version goes to the history, replaced at this version's `edited_at` by
    /// its `edited_by`, so the history is carried as it was. The batch is saved first: it holds `earlier`.
    private func keepVersion(_ values: [(name: String, value: String)], kept: KeptBookkeeping, after earlier: StoredRecord) throws(ImportFailure) {
        try saving.save(dealt: count.number - 1, run: self)
        try saving.finish(run: self)
        do throws(SinkError) {
            _ = try database!.update(.read(earlier), with: values, editedAt: kept.editedAt, editedBy: kept.editedBy)
            summary.saved += 1
        } catch {
            switch error.kind {
            case .notFound, .changed, .conflict, .refused, .ambiguous: refuse("-", tr("not saved: \(error.message)"))
            default: throw ImportFailure(error)
            }
        }
    }

    /// Record `number` holds `column`, which `records` writes: the input is records read back, every one of which
    /// would be refused the same way, so this is said once, naming the option, and the import stops (the records
    /// before it saved), as a CSV header naming the column does.
    func refuseBookkeeping(_ column: String) throws(ImportFailure) {
        try saving.save(dealt: count.number - 1, run: self)
        try saving.finish(run: self)
        throw ImportFailure(.refusedInput, tr("\(ControlCharacters.escaped(input.source)): record \(count.number) holds \(column), a column fieldline writes, not a field of this form: --keep-saved keeps it; the import stops here"))
    }
}
