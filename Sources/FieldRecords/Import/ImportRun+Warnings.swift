import FieldKeymaps
import FieldKit

extension ImportRun {
    /// The warnings `broken` that the record being taken (or correction `record`) is saved over, each reported
    /// (`N:FIELD: warning: …`) and given its reason from `given` (a copied record's, a corrected record's saved
    /// one) or none; nil when `--strict` refuses the record for them (reported as any refusal).
    func overrule(_ broken: [FormRule], given: RecordWarnings = RecordWarnings(), record: Int? = nil) -> RecordWarnings? {
        guard !broken.isEmpty else { return RecordWarnings() }
        let reports = broken.map { (field: $0.field, message: tr("warning: \($0.message)")) }
        if options.strictWarnings {
            refuse(reports, record: record)
            return nil
        }
        summary.warned += 1
        for report in reports {
            if correcting { reporter.refused(record: record ?? count.number, field: report.field, message: report.message) }
            else { saving.batch.report(count.number, report.field, report.message) }
        }
        return RecordWarnings(broken.map { ($0.name, given.reason(for: $0.name) ?? "") })
    }

    /// Stores a checked record that breaks the warnings `broken` (none: a record of a form with warnings still gets
    /// its empty `warnings` column), unless `--strict` refuses it.
    func store(_ checked: [(name: String, value: String)], over broken: [FormRule], given: RecordWarnings = RecordWarnings(),
               kept: KeptBookkeeping? = nil) throws(ImportFailure) {
        guard let warnings = overrule(broken, given: given) else { return }
        try store(warnings.stored(checked, form: options.form), kept: kept)
    }

    /// The reasons a `warnings` column's text holds (`RecordColumns.warnings`: a JSON object, warning name →
    /// reason; empty: none), or why it holds none.
    static func warnings(in text: String) -> Result<RecordWarnings, KeptProblem> {
        guard !text.isEmpty else { return .success(RecordWarnings()) }
        guard case .success(let pairs) = RecordJSON.parse(text) else {
            return .failure(KeptProblem(RecordColumns.warnings, tr("not the warnings fieldline writes (a JSON object, warning name → reason)")))
        }
        return .success(RecordWarnings(pairs.map { ($0.name, $0.text) }))
    }
}
