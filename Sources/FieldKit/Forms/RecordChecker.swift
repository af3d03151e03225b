/// Checks a whole record against a form: every field through its own `LineChecker` (the rule `check` and pastes
/// use), required fields present, defaults filled in, no field the form does not have; derived fields equal to
/// their source's part, no value for a field whose `when` does not hold, and the form's rules kept.
public struct RecordChecker: Sendable {
    /// The form records are checked against.
    public let form: FormSpec
    /// Outside facts (today's date, also the `today` default).
    public let context: ValidationContext
    private let checkers: [LineChecker]
    private let resolver: RecordResolver
    /// Field name → its index in the form: one look-up a given value, not a scan of the fields.
    private let indexByName: [String: Int]
    /// The fields each field's `when`, `from` or `filter` reads, worked out once, not once a record.
    private let reads: [[String]]
    /// Each field's name, whether it is derived, its default, and whether it is required: read per record
    /// without copying the form's fields (a `FormField` copy counts a reference for each of its many parts).
    private let names: [String]
    private let derived: [Bool]
    private let defaults: [FormDefault?]
    private let required: [Bool]
    /// Each field's `when` as written, `from`, and whether it is secret: what a derived or conditional field's
    /// message reads, without a copy of the field per record.
    private let conditionSources: [String?]
    private let derivations: [FieldPart?]
    private let secrets: [Bool]
    /// Whether no two fields share a name (the loader sees to it; a form made in code might not): only then is a
    /// name found at its own position the field `indexByName` gives.
    private let namesAreDistinct: Bool
    /// Whether a field's given value is answered from the memo (`CheckMemo`) when it was checked before: never
    /// for a unique field (its valid values do not repeat); for a field whose checker reads an ASCII value's bytes
    /// (`LineChecker.checksASCIIBytes`, cheaper than a look-up) only for a value that is not ASCII.
    private let memoizes: [Bool]
    private let memoizesNonASCII: [Bool]

    /// A checker for one form.
    public init(form: FormSpec, context: ValidationContext) {
        self.form = form
        self.context = context
        // A record's values are stored, never shown: laying each out for display (a phone number's international
        // form) would be work nobody reads, and a large share of an import's.
        self.checkers = form.fields.map {
            var checker = LineChecker(spec: $0.spec, context: context)
            checker.computesDisplay = false
            return checker
        }
        self.resolver = RecordResolver(form: form, checkers: checkers)
        indexByName = Dictionary(form.fields.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
        reads = form.fields.map { field in
            (field.condition?.expression.fieldNames ?? []) + (field.derivedFrom.map { [$0.field] } ?? [])
                + (field.choiceFilter?.expression.fieldNames.filter { $0.hasPrefix("$") }.map { String($0.dropFirst()) } ?? [])
        }
        names = form.fields.map(\.name)
        derived = form.fields.map { $0.derivedFrom != nil }
        defaults = form.fields.map(\.defaultValue)
        required = form.fields.map(\.required)
        conditionSources = form.fields.map { $0.condition?.source }
        derivations = form.fields.map(\.derivedFrom)
        secrets = form.fields.map(\.secret)
        namesAreDistinct = Set(names).count == names.count
        memoizesNonASCII = form.fields.map { !$0.unique }
        memoizes = zip(form.fields, checkers).map { !$0.unique && !$1.checksASCIIBytes }
    }

    /// The verdict on one record given as field name → text (as typed, pasted or imported).
    public func check(_ input: [(name: String, text: String)]) -> RecordVerdict {
        var scratch = Scratch()
        return check(input, scratch: &scratch)
    }

    /// Buffers `check` reuses from record to record (one per thread: `check` runs on several at once).
    public struct Scratch {
        var out: [UInt8] = []
        var bytes: [UInt8] = []
        /// Each field's value's position in the record given (-1: none given).
        var positions: [Int] = []
        /// Each field's value as checked: 0 nothing to check, 1 taken (`values`), 2 refused (`issues`). Kept in
        /// three plain arrays: an array of optional tuples costs an outlined copy each time one is read.
        var states: [UInt8] = []
        var values: [String] = []
        var issues: [ValidationIssue?] = []
        /// Each field's verdicts on the texts given it, and on the texts derived for it, so far.
        var given: [CheckMemo] = []
        var derived: [CheckMemo] = []
        /// Buffers for a batch of records.
        public init() {}
    }

    /// `check`, with the caller's buffers: an import checks many records and allocates them once.
    public func check(_ input: [(name: String, text: String)], scratch: inout Scratch) -> RecordVerdict {
        var verdict = RecordVerdict()
        let count = checkers.count
        // By field position: one look-up a given value, none a field. A record that gives the fields in form
        // order (what `records` writes) finds each by comparing its name with the field's, without hashing it.
        // Sized once, then overwritten: emptying an array and filling it again costs more than the record's check.
        if scratch.positions.count != count {
            scratch.positions = [Int](repeating: -1, count: count)
            scratch.states = [UInt8](repeating: 0, count: count)
            scratch.values = [String](repeating: "", count: count)
            scratch.issues = [ValidationIssue?](repeating: nil, count: count)
            scratch.given = [CheckMemo](repeating: CheckMemo(), count: count)
            scratch.derived = [CheckMemo](repeating: CheckMemo(), count: count)
        } else {
            for i in 0..<count { scratch.positions[i] = -1 }
        }
        for k in input.indices {
            let name = input[k].name
            guard let index = namesAreDistinct && k < count && names[k] == name ? k : indexByName[name] else {
                let known = names.joined(separator: ", ")
                verdict.issues.append((ControlCharacters.escaped(name), tr("not a field of this form (its fields: \(known))")))
                continue
            }
            scratch.positions[index] = k
        }
        // Each given value (or the default in its place) checked on its own first: a `when` or a rule reads values
        // as stored, and a value its field refuses stands for nothing. Only the value and the issue are read, so
        // each is checked without its display (`LineChecker.storedValue`).
        var anyRefused = false
        // Out of the scratch while they are in use, so the memo's look-up and the check it may run use each
        // without claiming the whole scratch.
        var givenMemo = scratch.given, out = scratch.out, bytes = scratch.bytes
        scratch.given = []
        scratch.out = []
        scratch.bytes = []
        for i in 0..<count {
            let at = scratch.positions[i]
            var text = at < 0 ? "" : input[at].text
            if text.isEmpty, !derived[i], let fallback = defaults[i] { text = fallback.text(in: context) }
            if text.isEmpty { scratch.states[i] = 0; continue }
            let (value, issue): (String, ValidationIssue?)
            if memoizes[i] || (memoizesNonASCII[i] && !text.utf8.allSatisfy({ $0 < 0x80 })) {
                (value, issue) = givenMemo[i].verdict(of: text) { checkers[i].storedValue(of: $0, out: &out, scratch: &bytes) }
            } else {
                (value, issue) = checkers[i].storedValue(of: text, out: &out, scratch: &bytes)
            }
            scratch.values[i] = value
            if let issue {
                anyRefused = true
                scratch.states[i] = 2
                scratch.issues[i] = issue
            } else {
                scratch.states[i] = 1
            }
        }
        scratch.given = givenMemo
        // Out of the scratch while the resolver reads the scratch's values. A derived value, too, is checked
        // without its display.
        var derivedMemo = scratch.derived
        scratch.derived = []
        let resolved = resolver.resolve(entered: { scratch.states[$0] == 1 ? scratch.values[$0] : nil },
                                        checkDerived: { index, text in
            derivedMemo[index].verdict(of: text) { checkers[index].storedValue(of: $0, out: &out, scratch: &bytes) }
        })
        (scratch.derived, scratch.out, scratch.bytes) = (derivedMemo, out, bytes)
        var fieldIssues = 0
        let refused = anyRefused ? Set((0..<count).filter { scratch.states[$0] == 2 }.map { names[$0] }) : []
        verdict.values.reserveCapacity(count)
        for i in 0..<count {
            let at = scratch.positions[i]
            let typed = at >= 0 && !input[at].text.isEmpty
            // A field whose `when` or `from` reads a refused value is not judged on it: that value's own message
            // says what is wrong, and a verdict on an empty stand-in would only mislead.
            let state = scratch.states[i]
            if anyRefused, state != 2, reads[i].contains(where: refused.contains) { continue }
            let issue = self.issue(of: i, typed: typed, checked: state != 0, value: scratch.values[i],
                                   refusal: state == 2 ? scratch.issues[i] : nil, resolved: resolved)
            if let issue {
                verdict.issues.append((names[i], issue))
                fieldIssues += 1
            } else {
                verdict.values.append((names[i], resolved.values[i]))
            }
        }
        // Rules read the whole record: judged only when every value in it is one its field takes.
        if fieldIssues == 0 {
            if let rule = resolver.brokenRule(resolved.values) {
                verdict.issues.append((rule.field, rule.message))
            } else {
                verdict.warnings = resolver.brokenWarnings(resolved.values)
            }
        }
        return verdict
    }

    /// Why field `index` cannot be stored as the record resolves it, or nil when it can.
    /// `checked`: whether a value (given or defaulted) was checked, stored as `value` or refused for `refusal`.
    private func issue(of index: Int, typed: Bool, checked: Bool, value: String, refusal: ValidationIssue?,
                       resolved: ResolvedRecord) -> String? {
        // The common field (applies, typed or defaulted, not derived): its own check decides, no copy of the field made.
        if resolved.applies[index], !derived[index] {
            if checked, let refusal { return refusal.message }
            if let problem = resolved.choiceIssues[index] { return problem }
            // Not checked: no value (`value` is then not this record's); checked: a value of spaces is none either.
            return RecordJudge.missing(checked ? value : nil, required: required[index])
        }
        if !resolved.applies[index] {
            // Never dropped silently: a value given where it does not belong is refused, saying why.
            return typed ? tr("does not apply when \(conditionSources[index] ?? "")") : nil
        }
        if let from = derivations[index] {
            if let problem = resolved.derivationIssues[index] { return problem }
            // Omitted: derived. Given: it must say what the source says.
            guard typed, checked else { return nil }
            if let refusal { return refusal.message }
            let derived = resolved.values[index]
            guard value != derived else { return nil }
            if derived.isEmpty { return tr("'\(shown(value, secret: secrets[index]))' is given, but \(from.field) has no \(from.part) to derive it from") }
            return secrets[index] ? tr("differs from \(from.field)'s \(from.part)")
                : tr("'\(ControlCharacters.escaped(value))' differs from \(from.field)'s \(from.part), \(ControlCharacters.escaped(derived))")
        }
        if checked, let refusal { return refusal.message }
        return RecordJudge.missing(checked ? value : nil, required: required[index])
    }

    private func shown(_ value: String, secret: Bool) -> String {
        secret ? String(repeating: "*", count: value.count) : ControlCharacters.escaped(value)
    }
}

/// What a record checks to: the values to store, in form order, or why not.
public struct RecordVerdict: Sendable {
    /// Field name → value as stored (canonical), in form order; an optional field left empty has "".
    public var values: [(name: String, value: String)] = []
    /// Field name → message, for every problem found.
    public var issues: [(field: String, message: String)] = []
    /// The warning rules the record breaks (judged only when it has no issue): it may be saved over them.
    public var warnings: [FormRule] = []

    /// Whether the record may be saved.
    public var isValid: Bool { issues.isEmpty }
}
