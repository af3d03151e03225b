/// Per-invocation adjustments to a field (`--limit 12`, `--count width`, `--min 4`, `--upgrade-legacy`).
public struct FieldOptions: Sendable, Equatable {
    /// Cap on the length, in count units (`--limit`, also spelled `--max`).
    public var limit: Int?
    /// Fewest units for a complete value (`--min`).
    public var minLength: Int?
    /// What is counted (`--count`).
    public var countUnit: CountUnit?
    /// Accept 15-digit pre-1999 IDs and convert them (`--upgrade-legacy`).
    public var upgradeLegacy = false
    /// A date picker's earliest date (`--min DATE`).
    public var earliest: DateBound?
    /// A date picker's latest date (`--max DATE`).
    public var latest: DateBound?
    /// A `--min` or `--max` value that is neither a whole number nor a date, as given.
    public var unreadable: String?
    /// Options for the field's configurable validators, by name without dashes (`assume` → `GB`; a flag → "").
    public var validatorOptions: [String: String] = [:]
    /// How the user spelled the limit, `--limit` or `--max`, for messages about it.
    public var limitName = "--limit"
    /// A choice field takes several choices (`--multi`); `--min` and `--max` then count choices.
    public var multiple = false
    /// What joins a multi-select field's values (`--separator`).
    public var separator: String?

    /// No adjustments.
    public init(limit: Int? = nil, minLength: Int? = nil, countUnit: CountUnit? = nil, upgradeLegacy: Bool = false) {
        self.limit = limit
        self.minLength = minLength
        self.countUnit = countUnit
        self.upgradeLegacy = upgradeLegacy
    }

    /// Set `--min` (or with `max`, `--max`/`--limit`) from its text: a whole number is a length, `today` or a
    /// date (`2026-01-31`, `20260131`) a date picker's bound. Which one an 8-digit number is, the field decides.
    /// `name` is the limit's spelling on the command line (`--limit` or `--max`), which messages about it use.
    public mutating func set(_ text: String, max: Bool, name: String? = nil) {
        if max, let name { limitName = name }
        if let n = Int(text) {
            if max { limit = n } else { minLength = n }
        } else if let bound = DateBound.parse(text) {
            if max { latest = bound } else { earliest = bound }
        } else {
            unreadable = (max ? limitName : "--min") + " " + text
        }
    }

    /// The options as a field reads them: for a date picker `--min` and `--max` are dates (an 8-digit number is
    /// `yyyymmdd`), for other fields lengths.
    func resolved(for spec: FieldSpec) -> FieldOptions {
        guard case .date = spec.kind else { return self }
        // (A multi-select field's bounds are counts of choices: `selection(for:)` reads them.)
        var o = self
        if let n = limit { o.limit = nil; if let d = DateBound.parse(String(n)) { o.latest = d } else { o.unreadable = "\(limitName) \(n)" } }
        if let n = minLength { o.minLength = nil; if let d = DateBound.parse(String(n)) { o.earliest = d } else { o.unreadable = "--min \(n)" } }
        return o
    }

    /// Problems with the options themselves, as a message, or nil.
    public func problem(for spec: FieldSpec) -> String? {
        let o = resolved(for: spec)
        let isDate: Bool
        switch spec.kind {
        case .date: isDate = true
        case .plain, .templated, .liveLayout, .choice: isDate = false
        }
        if let text = o.unreadable {
            return isDate ? tr("\(text): a date field takes a date, 2026-01-31 or 20260131, or today")
                : tr("\(text): a whole number (dates are for date fields)")
        }
        if !isDate && (o.earliest != nil || o.latest != nil) {
            return tr("--min and --max take dates only for date fields such as date")
        }
        if let lo = o.earliest, let hi = o.latest, case .date(let a) = lo, case .date(let b) = hi, a > b {
            return tr("--min (\(a)) is after \(limitName) (\(b))")
        }
        if let problem = o.selectionProblem(for: spec) { return problem }
        if selection(for: spec) == nil, let problem = o.lengthProblem(for: spec) { return problem }
        if case .failure(let issue) = applyingValidatorOptions(to: spec) { return issue.message }
        return nil
    }

    /// The choices a multi-select field takes with these options (`--multi`, or a keymap's `multiple`): the
    /// keymap's, with `--min`, `--max` and `--separator` over it; nil for any other field.
    public func selection(for spec: FieldSpec) -> ChoiceSelection? {
        guard case .choice = spec.kind, multiple || spec.selection != nil else { return nil }
        var selection = spec.selection ?? ChoiceSelection()
        if let minLength { selection.min = minLength }
        if let limit { selection.max = limit }
        if let separator { selection.separator = separator }
        return selection
    }

    /// `--multi` or `--separator` where they do not apply, or bounds and a separator that cannot work.
    private func selectionProblem(for spec: FieldSpec) -> String? {
        let isChoice: Bool
        if case .choice = spec.kind { isChoice = true } else { isChoice = false }
        if multiple && !isChoice { return tr("--multi is for choice fields (the choice keymap, or one with a choices setting)") }
        if separator != nil && selection(for: spec) == nil {
            return tr("--separator is for a choice field that takes several choices (--multi)")
        }
        // In a choice field the bounds count choices; with one choice they would only cap the query (which `check`
        // never reads), so they ask for --multi.
        if isChoice && selection(for: spec) == nil && (limit != nil || minLength != nil) {
            return tr("\(minLength != nil ? "--min" : limitName) counts choices, for a choice field that takes several (add --multi)")
        }
        guard let selection = selection(for: spec), case .choice(let list) = spec.kind else { return nil }
        return selection.problem(for: list)
    }

    private func lengthProblem(for spec: FieldSpec) -> String? {
        if let limit, limit < 1 { return tr("\(limitName) must be at least 1") }
        if let minLength, minLength < 0 { return tr("--min must not be negative") }
        let lo = minLength ?? spec.minLength, hi = limit ?? spec.limit
        if let hi, lo > hi { return tr("--min (\(lo)) is larger than the limit (\(hi))") }
        if upgradeLegacy && !spec.validators.contains(where: \.isResidentID) {
            return tr("--upgrade-legacy only applies to resident ID fields such as idcard-cn")
        }
        return nil
    }

    /// The spec with these options applied.
    public func applied(to spec: FieldSpec) -> FieldSpec {
        let o = resolved(for: spec)
        var spec = spec
        if case .date(let templates, var picker) = spec.kind {
            if let earliest = o.earliest { picker.earliest = earliest }
            if let latest = o.latest { picker.latest = latest }
            spec.kind = .date(templates: templates, picker: picker)
        }
        return o.appliedLengths(to: spec)
    }

    private func appliedLengths(to spec: FieldSpec) -> FieldSpec {
        var spec = spec
        // A multi-select field's `--min` and `--max` count choices, never the query's characters.
        if let selection = selection(for: spec) {
            spec.selection = selection
            if let countUnit { spec.countUnit = countUnit }
            return spec
        }
        if let limit {
            spec.limit = limit
            spec = spec.limitingValidators()
        }
        if let minLength { spec.minLength = minLength }
        if let countUnit { spec.countUnit = countUnit }
        // The ID validator owns the upgrade: the option only switches it on.
        if upgradeLegacy { spec.validators = Validator.acceptingLegacyIDs(spec.validators) }
        // `problem(for:)` has turned away options that do not apply.
        if case .success(let configured) = applyingValidatorOptions(to: spec) { spec = configured }
        return spec
    }
}
