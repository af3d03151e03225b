/// Everything that makes one kind of field behave as it does; pure data, so fields can come from files.
public struct FieldSpec: Sendable, CustomStringConvertible {
    /// The name scripts use, e.g. `phone-cn`.
    public var name: String
    /// One line saying what the field is for.
    public var summary: String
    /// Which characters are accepted where, and how they are normalised.
    public var symbols: SymbolRules
    /// What kind of field it is: plain, laid out by templates or live, a choice list or a date picker.
    public var kind: FieldKind
    /// Nothing (an empty tuple) held as an existential, which keeps the spec address-only, so code reads a field's
    /// spec where it is: a loadable struct this large is copied whole onto the stack at the start of each `Field`
    /// getter that reads it (`status`, `frame`), on every typed key. Not an optional: `(any Sendable)?` crashed the
    /// debug build's copy of a `Field` (Swift 6.3).
    private let readInPlace: any Sendable = ()
    /// Template kinds this field refuses (e.g. forbidden numbers).
    public var refusedOptions: Set<TemplateOption>
    /// Whether a complete value must match one template exactly.
    public var requiresExactTemplate: Bool
    /// Fewest units (in `countUnit`) a complete value has.
    public var minLength: Int
    /// Most units (in `countUnit`) the field holds; nil for no limit and no counter.
    public var limit: Int?
    /// What the counter and the lengths count.
    public var countUnit: CountUnit
    /// What one entered unit is called in messages ("digit", "character").
    public var unitNoun: String
    /// Checks run, in order, on a complete value.
    public var validators: [Validator]
    /// Prefixes removed from a paste at the start of the field (e.g. `+86`, `0086`, `86`), longest first.
    public var pastePrefixes: [String]
    /// Whether the accepted value is the entered symbols or the display.
    public var valueForm: ValueForm
    /// Changes applied to the accepted value (e.g. lower-case an e-mail domain).
    public var transforms: [ValueTransform]
    /// Characters a paste or a checked line may hold between symbols as formatting (`-`, `.`, `(` in a phone
    /// number), dropped like template literals; any other refused character makes the paste or line invalid.
    public var separators: Set<Character>
    /// A choice field that takes several choices: how many, and how they are joined; nil for one choice.
    public var selection: ChoiceSelection?
    /// Where a choice field's list is read from at run time (`choices: {table: …}`): another form's saved records,
    /// read once the output is open (`TableChoices`); nil for a list known when the keymap is loaded.
    public var tableChoices: TableChoices?
    /// The kind's fixed templates (derived from `kind`; empty for a plain or choice field).
    public var templates: TemplateSet { kind.templates }
    /// A choice field's list (derived from `kind`, kept for callers that only ask whether there is one).
    public var choices: ChoiceList? { if case .choice(let list) = kind { list } else { nil } }
    /// A date field's picker (derived from `kind`, kept for callers that only ask whether there is one).
    public var datePicker: DatePicker? { if case .date(_, let picker) = kind { picker } else { nil } }

    /// A field spec, plain or laid out by `templates` (`kind` makes it a live layout, a choice list or a date
    /// picker); every parameter but the name and key rules has a plain default.
    public init(
        name: String,
        summary: String = "",
        symbols: SymbolRules,
        templates: [Template] = [],
        refusedOptions: Set<TemplateOption> = [],
        requiresExactTemplate: Bool = false,
        minLength: Int = 0,
        limit: Int? = nil,
        countUnit: CountUnit = .graphemes,
        unitNoun: String = "character",
        validators: [Validator] = [],
        pastePrefixes: [String] = [],
        valueForm: ValueForm = .symbols,
        transforms: [ValueTransform] = [],
        separators: Set<Character> = []
    ) {
        self.name = name
        self.summary = summary
        self.symbols = symbols
        self.kind = FieldKind(templates: TemplateSet(templates))
        self.refusedOptions = refusedOptions
        self.requiresExactTemplate = requiresExactTemplate
        self.minLength = minLength
        self.limit = limit
        self.countUnit = countUnit
        self.unitNoun = unitNoun
        self.validators = validators
        self.pastePrefixes = pastePrefixes.sorted { $0.count > $1.count }
        self.valueForm = valueForm
        self.transforms = transforms
        self.separators = separators
    }

    /// The value written out for the symbols of a field without templates (whose display is the text itself).
    public func outputValue(text: String) -> String {
        var value = text
        for t in transforms { value = t.apply(value) }
        return value
    }

    /// The value written out for accepted symbols: symbols or display, then the transforms.
    public func outputValue(symbols: [Character]) -> String {
        var value = valueForm == .display ? String(joining: Formatter.format(symbols, as: kind).display) : String(joining: symbols)
        for t in transforms { value = t.apply(value) }
        return value
    }

    /// Characters a paste or a checked line drops between symbols: the field's formatting (what its layout
    /// inserts and declared separators) where the field itself does not accept them. Normalised first, so `－` is `-`.
    public func isFormatting(_ c: Character) -> Bool {
        let normalized = symbols.normalize(c)
        if symbols.defaultClass.contains(normalized) { return false }
        return kind.isLiteral(normalized) || separators.contains(normalized)
    }

    /// White space trimmed from the ends of a paste or a checked line: any the field does not accept.
    public func isTrimmable(_ c: Character) -> Bool {
        c.isWhitespace && !symbols.defaultClass.contains(symbols.normalize(c))
    }

    /// Whether some values are refused as they are typed: refused template kinds, or a live layout's refusals.
    public var refusesPrefixes: Bool {
        if case .liveLayout = kind { return true }
        return !refusedOptions.isEmpty
    }

    /// Whether a validator may rewrite a complete value (`Validator.canonical`).
    public var rewritesValues: Bool { validators.contains { $0.rewritesValues } }

    /// A complete value as its validators rewrite it, or nil when none does.
    public func canonical(_ value: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        for validator in validators where validator.rewritesValues {
            if let rewritten = validator.canonical(value) { return rewritten }
        }
        return nil
    }

    /// Whether a paste prefix stays on a text that starts with it (`FieldValidator.keepsPastePrefix`): `prefix` and
    /// `rest` are UTF-8, the prefix normalised and the rest the symbols left after it.
    func keepsPastePrefix(_ prefix: [UInt8], before rest: [UInt8]) -> Bool {
        validators.contains { validator in
            guard case .custom(_, let custom) = validator else { return false }
            return prefix.withUnsafeBufferPointer { p in rest.withUnsafeBufferPointer { custom.keepsPastePrefix(p, before: $0) } }
        }
    }

    /// The field's name (keeps test and debug output short).
    public var description: String { name }

    /// "11 digits" / "1 character" / "5 columns": lengths in the unit the field counts.
    /// The keymap's own `unit` nouns other than `character` and `digit` are shown as written, in every language.
    public func units(_ n: Int) -> String {
        switch countUnit {
        case .utf16: return n == 1 ? tr("1 UTF-16 unit") : tr("\(n) UTF-16 units")
        case .scalars: return n == 1 ? tr("1 Unicode scalar") : tr("\(n) Unicode scalars")
        case .width: return n == 1 ? tr("1 column") : tr("\(n) columns")
        case .graphemes:
            switch unitNoun {
            case "character": return n == 1 ? tr("1 character") : tr("\(n) characters")
            case "digit": return n == 1 ? tr("1 digit") : tr("\(n) digits")
            default: return n == 1 ? "1 \(unitNoun)" : "\(n) \(unitNoun)s"
            }
        }
    }
}
