/// What a record's entered values make of the whole record under the form's `from`, `when` and `rules`: one pass in
/// form order, shared by `FormSession` (the terminal) and `RecordChecker` (import), so both judge a record alike.
public struct RecordResolver: Sendable {
    /// The form whose settings are applied.
    public let form: FormSpec
    /// Each field's checker: a derived value is checked by its field's keymap like any value.
    let checkers: [LineChecker]
    /// Field name → index, for expressions.
    let indexByName: [String: Int]
    /// Each field's `when` and `from`, read per record without copying the form's fields (a `FormField` copy
    /// counts a reference for each of its many parts).
    private let conditions: [FormCondition?]
    private let derivations: [FieldPart?]
    private let filters: [FormCondition?]
    /// Each field's spec, read when a derived field decodes its source.
    private let sourceSpecs: [FieldSpec]
    /// The form's rules by level, in form order: an error refuses the record, a warning asks for a reason.
    private let errorRules: [FormRule]
    private let warningRules: [FormRule]

    /// A resolver for `form`, checking derived values on the day `context` gives.
    public init(form: FormSpec, context: ValidationContext) {
        self.init(form: form, checkers: form.fields.map { LineChecker(spec: $0.spec, context: context) })
    }

    /// A resolver sharing checkers already made (RecordChecker's).
    init(form: FormSpec, checkers: [LineChecker]) {
        self.form = form
        self.checkers = checkers
        var byName: [String: Int] = [:]
        for (i, field) in form.fields.enumerated() where byName[field.name] == nil { byName[field.name] = i }
        indexByName = byName
        conditions = form.fields.map(\.condition)
        derivations = form.fields.map(\.derivedFrom)
        filters = form.fields.map(\.choiceFilter)
        sourceSpecs = form.fields.map(\.spec)
        errorRules = form.rules.filter { $0.level == .error }
        warningRules = form.rules.filter { $0.level == .warning }
    }

    /// The record that `entered` (the value stored for a field that is typed, nil or empty for none) makes:
    /// derived fields derived, fields whose `when` does not hold emptied. What a derived field was given is not
    /// asked for: its value is always its source's part.
    public func resolve(entered: (Int) -> String?) -> ResolvedRecord {
        resolve(entered: entered) { index, text in
            let result = checkers[index].check(text)
            return (result.value, result.issue)
        }
    }

    /// `resolve(entered:)`, with a derived text checked by `checkDerived(field index, text)`: what that field's
    /// checker says of it (`RecordChecker` answers a text it checked before from its memo).
    func resolve(entered: (Int) -> String?,
                 checkDerived: (Int, String) -> (value: String, issue: ValidationIssue?)) -> ResolvedRecord {
        var record = ResolvedRecord(values: [], applies: [], derivationIssues: [:])
        record.values.reserveCapacity(conditions.count)
        record.applies.reserveCapacity(conditions.count)
        for i in conditions.indices {
            // `when` names earlier fields only (the loader sees to it), so the values it reads are settled here.
            let applies = conditions[i].map { condition in
                condition.expression.holds { name in indexByName[name].map { $0 < record.values.count ? record.values[$0] : "" } ?? "" }
            } ?? true
            record.applies.append(applies)
            guard applies else { record.values.append(""); continue }
            guard let from = derivations[i] else {
                let value = entered(i) ?? ""
                if let filter = filters[i], !value.isEmpty, let list = sourceSpecs[i].choices,
                   let problem = ChoiceFilter.problem(value, list: list, selection: sourceSpecs[i].selection, filter: filter, field: { name in
                       indexByName[name].map { $0 < record.values.count ? record.values[$0] : "" } ?? ""
                   }) {
                    record.choiceIssues[i] = problem
                }
                record.values.append(value)
                continue
            }
            let derived = derive(from, for: i, in: record.values, check: checkDerived)
            if let issue = derived.issue { record.derivationIssues[i] = issue }
            record.values.append(derived.value)
        }
        return record
    }

    /// The first error rule (`level: error`, the default) the resolved `values` break, or nil when every one holds.
    public func brokenRule(_ values: [String]) -> FormRule? {
        // The closure reads the table alone: capturing `self` would copy the resolver for each name it looks up.
        let indexByName = self.indexByName
        return errorRules.first { rule in
            !rule.condition.expression.holds { name in indexByName[name].map { values[$0] } ?? "" }
        }
    }

    /// Every warning rule (`level: warning`) the resolved `values` break, in form order: the record may be saved
    /// over them with a reason. Judged only once no error rule is broken.
    public func brokenWarnings(_ values: [String]) -> [FormRule] {
        guard !warningRules.isEmpty else { return [] }
        let indexByName = self.indexByName
        return warningRules.filter { rule in
            !rule.condition.expression.holds { name in indexByName[name].map { values[$0] } ?? "" }
        }
    }

    /// The part `from` names of its source's value, as field `index` stores it, or why that field's keymap refuses it.
    /// An empty source (or one that has no such part) derives an empty value.
    func derive(_ from: FieldPart, for index: Int, in values: [String],
                check: (Int, String) -> (value: String, issue: ValidationIssue?)) -> (value: String, issue: String?) {
        guard let source = indexByName[from.field], source < values.count, !values[source].isEmpty,
              let text = sourceSpecs[source].decodedPart(from.part, of: values[source])
                ?? Self.column(from.part, of: values[source], in: sourceSpecs[source].choices),
              !text.isEmpty
        else { return ("", nil) }
        let result = check(index, text)
        if let issue = result.issue {
            return ("", tr("\(from.description) gives '\(ControlCharacters.escaped(text))', which this field refuses: \(issue.message)"))
        }
        return (result.value, nil)
    }

    /// The cell in column `name` of the choice whose value is `value` (`from: site.name` of a list file's choice),
    /// nil when the list has no such column or no such choice.
    static func column(_ name: String, of value: String, in list: ChoiceList?) -> String? {
        guard let list, let column = list.extraColumns.firstIndex(of: name), let row = list.index(ofValue: value) else { return nil }
        let cells = list.choices.cells.extras?.cells(of: row) ?? []
        return cells.indices.contains(column) ? cells[column] : nil
    }

    /// Whether field `index` is asked while the record holds `resolved`: not derived, and its `when` holds.
    public func isAsked(_ index: Int, in resolved: ResolvedRecord) -> Bool {
        form.fields[index].derivedFrom == nil && resolved.applies[index]
    }
}

/// A record as the form's settings make it from what was entered.
public struct ResolvedRecord: Sendable, Equatable {
    /// Each field's value in form order: as entered, as derived, or empty when its `when` does not hold.
    public var values: [String]
    /// Whether each field's `when` holds (true for a field without one).
    public var applies: [Bool]
    /// Derived fields whose part their own keymap refuses, by index, with the reason.
    public var derivationIssues: [Int: String]
    /// Choice fields whose value their `filter` does not leave for the earlier answers, by index, with the reason.
    public var choiceIssues: [Int: String] = [:]
}
