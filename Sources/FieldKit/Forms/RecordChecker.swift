/// Checks a whole record against a form: every field through its own `LineChecker` (the rule `check` and pastes
/// use), required fields present, defaults filled in, no field the form does not have.
public struct RecordChecker: Sendable {
    /// The form records are checked against.
    public let form: FormSpec
    /// Outside facts (today's date, also the `today` default).
    public let context: ValidationContext
    private let checkers: [LineChecker]

    /// A checker for one form.
    public init(form: FormSpec, context: ValidationContext) {
        self.form = form
        self.context = context
        self.checkers = form.fields.map { LineChecker(spec: $0.spec, context: context) }
    }

    /// The verdict on one record given as field name → text (as typed, pasted or imported).
    public func check(_ input: [(name: String, text: String)]) -> RecordVerdict {
        var verdict = RecordVerdict()
        var given: [String: String] = [:]
        for (name, text) in input {
            guard form.fields.contains(where: { $0.name == name }) else {
                let known = form.fields.map(\.name).joined(separator: ", ")
                verdict.issues.append((ControlCharacters.escaped(name), tr("not a field of this form (its fields: \(known))")))
                continue
            }
            given[name] = text
        }
        for (field, checker) in zip(form.fields, checkers) {
            var text = given[field.name] ?? ""
            if text.isEmpty, let fallback = field.defaultValue { text = fallback.text(in: context) }
            if text.isEmpty {
                if field.required { verdict.issues.append((field.name, tr("a value is required"))) }
                verdict.values.append((field.name, ""))
                continue
            }
            let result = checker.check(text)
            if let issue = result.issue {
                verdict.issues.append((field.name, issue.message))
            } else {
                verdict.values.append((field.name, result.value))
            }
        }
        return verdict
    }
}

/// What a record checks to: the values to store, in form order, or why not.
public struct RecordVerdict: Sendable {
    /// Field name → value as stored (canonical), in form order; an optional field left empty has "".
    public var values: [(name: String, value: String)] = []
    /// Field name → message, for every problem found.
    public var issues: [(field: String, message: String)] = []

    /// Whether the record may be saved.
    public var isValid: Bool { issues.isEmpty }
}
