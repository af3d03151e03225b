/// One field of a form: the column it fills, the field it is typed into, and how the form treats it.
public struct FormField: Sendable {
    /// The column name (a record's key), e.g. `mobile`.
    public var name: String
    /// The field the value is typed into or checked against.
    public var spec: FieldSpec
    /// The key bindings for the field when it is asked interactively.
    public var keymap: Keymap
    /// What the operator is asked, e.g. `Mobile: `.
    public var prompt: String
    /// Shown dim in the empty field (`placeholder:`, the field's own or its keymap's); nil for none of its own (a
    /// phone field then shows its example), empty for none at all.
    public var placeholder: String?
    /// Whether a record needs a value (optional fields may be left empty).
    public var required: Bool
    /// The value used when none is given (`today` for a date is resolved when the record is checked).
    public var defaultValue: FormDefault?
    /// Masked on screen and never echoed in summaries; still stored.
    public var secret: Bool
    /// A value may occur in one record only: a repeat is refused naming the earlier record.
    public var unique: Bool
    /// The value is another field's decoded part (`from: idcard.birthDate`): shown filled, never asked.
    public var derivedFrom: FieldPart?
    /// The field is asked only while this holds (`when:`); otherwise its value is empty.
    public var condition: FormCondition?
    /// At a terminal the field starts with the previous record's value (`repeat: true`), editable.
    public var repeats: Bool
    /// The prompt in every language the form gives (`prompt: {en: …, zh: …}`); nil when it gives none (the
    /// prompt is then the field's name).
    public var promptTexts: LanguageTexts?
    /// What F1 shows on the status line (`help:`, the field's own or its keymap's), in every language given.
    public var help: LanguageTexts?
    /// The keymap the field names (`phone-cn`, a path as written); nil for a keymap written in the form.
    public var keymapName: String?
    /// At a terminal the value is typed twice, the second time masked, and the two must match (`verify: true`).
    public var verify = false
    /// A choice field offers only the choices this holds for (`filter: "province == $province"`: a bare name is a
    /// column of the choice's row, `$name` an earlier field's value); nil offers every choice.
    public var choiceFilter: FormCondition?
    /// The value must (or must not) be one another form saved in the same output (`exists:`, `not_exists:`).
    public var savedValueCheck: SavedValueCheck?

    /// A form field; everything but the name, field and keymap has a plain default.
    public init(name: String, spec: FieldSpec, keymap: Keymap = .standard, prompt: String? = nil, placeholder: String? = nil, required: Bool = true,
                defaultValue: FormDefault? = nil, secret: Bool = false, unique: Bool = false,
                derivedFrom: FieldPart? = nil, condition: FormCondition? = nil, repeats: Bool = false,
                promptTexts: LanguageTexts? = nil, help: LanguageTexts? = nil, keymapName: String? = nil) {
        self.name = name
        self.keymapName = keymapName
        self.promptTexts = promptTexts
        self.help = help
        self.spec = spec
        self.keymap = keymap
        self.prompt = prompt ?? name + ": "
        self.placeholder = placeholder
        self.required = required
        self.defaultValue = defaultValue
        self.secret = secret
        self.unique = unique
        self.derivedFrom = derivedFrom
        self.condition = condition
        self.repeats = repeats
    }
}

/// A part of another field's value (`idcard.birthDate`): one of the parts its validators decode, as
/// `check --output json` gives them under `decoded`.
public struct FieldPart: Sendable, Equatable {
    /// The field the part is read from; it comes earlier in the form.
    public var field: String
    /// The part's name (`birthDate`, `sex`, `e164`, …).
    public var part: String

    /// The part `part` of field `field`.
    public init(field: String, part: String) {
        self.field = field
        self.part = part
    }

    /// As written in a form file: `FIELD.PART`.
    public var description: String { field + "." + part }
}

/// A rule over a whole record (`rules:` in a form file): judged when every field is entered, and on import.
public struct FormRule: Sendable, Equatable {
    /// What a broken rule does to the record.
    public enum Level: String, Sendable, Equatable {
        /// The record is refused until the rule holds (the default).
        case error
        /// The record may be saved over it with a reason (a terminal asks for one; an import reports it).
        case warning
    }

    /// What must hold.
    public var condition: FormCondition
    /// What the operator is told when it does not, in the language chosen.
    public var message: String
    /// The field the operator is sent back to, and the field an import names.
    public var field: String
    /// Whether a broken rule refuses the record or only warns.
    public var level: Level
    /// What names the rule in a record saved over it (`name:`, else its field): the key of `RecordColumns.warnings`.
    public var name: String
    /// The message in every language the form gives; nil when the rule was made with one text.
    public var messageTexts: LanguageTexts?

    /// A rule: `condition` must hold, else `message`, about `field`; a warning is named `name` (default: `field`).
    public init(condition: FormCondition, message: String, field: String, level: Level = .error, name: String? = nil,
                messageTexts: LanguageTexts? = nil) {
        self.condition = condition
        self.message = message
        self.field = field
        self.level = level
        self.name = name ?? field
        self.messageTexts = messageTexts
    }
}

/// A field's default value.
public enum FormDefault: Sendable, Equatable {
    /// This text, checked like a typed value.
    case text(String)
    /// Today's date as `yyyy-MM-dd` (from the validation context), for date fields.
    case today

    /// The text it stands for on a given day.
    public func text(in context: ValidationContext) -> String {
        switch self {
        case .text(let text): return text
        case .today: return context.today.description
        }
    }
}

/// A form: its name (the table records go into) and its fields in the order they are asked.
public struct FormSpec: Sendable {
    /// The form's name, e.g. `visitor`: a database table name, so letters, digits and `_`.
    public var name: String
    /// The fields in order.
    public var fields: [FormField]
    /// Rules across fields, judged in order when a record is complete.
    public var rules: [FormRule]
    /// The reasons offered when a warning is overruled at a terminal (`reasons:`), in the language chosen; any
    /// other may be typed.
    public var reasons: [String]
    /// The same reasons in every language the form gives them (what `inspect` shows).
    public var reasonTexts: [LanguageTexts] = []
    /// The form's `description:` in every language given; nil for none.
    public var description: LanguageTexts?
    /// Seconds a look-up of another form's saved values (`exists:`) may take before it is given up (`lookup_timeout:`).
    public var lookupTimeout: Double = 5

    /// The fields checked against another form's saved values, with their checks.
    public var savedValueChecks: [(field: String, check: SavedValueCheck)] {
        fields.compactMap { field in field.savedValueCheck.map { (field.name, $0) } }
    }

    /// A form of these fields.
    public init(name: String, fields: [FormField], rules: [FormRule] = [], reasons: [String] = [],
                description: LanguageTexts? = nil) {
        self.name = name
        self.fields = fields
        self.rules = rules
        self.reasons = reasons
        self.description = description
    }

    /// Whether a rule of the form is a warning: its records then have a `warnings` column.
    public var hasWarnings: Bool { rules.contains { $0.level == .warning } }

    /// The columns a record of this form holds before the bookkeeping columns: its fields, then `warnings` when a
    /// rule is a warning.
    public var recordColumns: [String] { fields.map(\.name) + (hasWarnings ? [RecordColumns.warnings] : []) }

    /// The index of the field named `name`.
    public func index(of name: String) -> Int? { fields.firstIndex { $0.name == name } }

    /// Column names a field may not take, compared without letter case: the columns every sink adds
    /// (`RecordColumns.bookkeeping`: `saved_at`, `operator`, `edited_at`, `edited_by`, `record_id`; and `warnings`), the history
    /// table's (`RecordColumns.history`: `changed_at`, `changed_by`) and the tables' key (`RecordColumns.tableKey`), and the names
    /// SQLite and PostgreSQL keep for themselves (`rowid`, `oid`, `_rowid_`; `ctid`, `xmin`, `xmax`, `cmin`, `cmax`,
    /// `tableoid`). A field so named would give a record two keys of one name or point a look-up at the wrong row.
    public static let reservedColumnNames: Set<String> = Set(RecordColumns.bookkeeping + RecordColumns.history + [RecordColumns.warnings,
        RecordColumns.tableKey, "rowid", "oid", "_rowid_", "ctid", "xmin", "xmax", "cmin", "cmax", "tableoid",
    ])

    /// Prefixes of the table names SQLite (`sqlite_`) and PostgreSQL (`pg_`) keep for their own catalogues, and
    /// fieldline for its schema versions (`fieldline_`), compared without letter case: a form named so would be
    /// refused by the database or read a catalogue.
    public static let reservedTablePrefixes = ["sqlite_", "pg_", "fieldline_"]

    /// Why `name` may not name a field's column, or nil when it may (see `reservedColumnNames`).
    public static func reservedColumnProblem(_ name: String) -> String? {
        reservedColumnNames.contains(name.lowercased())
            ? tr("'\(name)' is a column every record has or a name the databases keep for themselves; choose another field name")
            : nil
    }

    /// PostgreSQL's longest name, in bytes: it cuts a longer one without a word, so two names alike that far
    /// would name one table.
    public static let longestDatabaseName = 63
    /// What the name of a form's history table adds to the form's (`visitor_history`).
    public static let historySuffix = "_history"
    /// What the name of a form's paradata table adds to the form's (`visitor_keying`): no longer than
    /// `historySuffix`, so that every name a form makes fits `longestDatabaseName`.
    public static let keyingSuffix = "_keying"
    /// The longest form name (55): its history table's name must fit `longestDatabaseName`. Every other name
    /// fieldline makes in a database is fixed (`fieldline_schema`) or of one length whatever the form (`fl_unique_…`,
    /// `fl_sequence_…` and a hash).
    public static let longestFormName = longestDatabaseName - historySuffix.utf8.count

    /// Why `name` may not name a form's table, or nil when it may: a prefix of `reservedTablePrefixes`, or longer
    /// than `longestFormName`. The one rule for the names a form makes in a database, checked when the form is
    /// loaded (and again by a database sink, for a form made in code).
    public static func reservedTableProblem(_ name: String) -> String? {
        let lower = name.lowercased()
        if name.utf8.count > longestFormName {
            return tr("a form name is at most \(longestFormName) characters: its history table \(name)\(historySuffix) must fit the \(longestDatabaseName) bytes of a PostgreSQL name: '\(name)'")
        }
        guard let prefix = reservedTablePrefixes.first(where: { lower.hasPrefix($0) }) else { return nil }
        return tr("a form name may not start with '\(prefix)' (the database keeps such tables for itself): '\(name)'")
    }

    /// Whether `text` may name a form or a field: it becomes a SQL identifier and a CSV header, so ASCII letters,
    /// digits and `_`, starting with a letter, at most 63 characters (PostgreSQL's identifier length).
    public static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.utf8.first, text.utf8.count <= 63 else { return false }
        func letter(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }
        return letter(first) && text.utf8.allSatisfy { letter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
    }
}
