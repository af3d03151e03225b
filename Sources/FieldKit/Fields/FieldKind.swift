/// What kind of field a spec makes: how its symbols are laid out, and whether something of its own (a list, a date
/// picker) decides what keys do. One value, so a field cannot be a choice list and a date picker at once, and each
/// layer that treats kinds differently decides with one `switch` over it.
///
/// The payloads are what each kind needs per key and nothing more: a class (`ChoiceList`), an existential holding
/// a class (`PhoneLayout`), small structs (`DatePicker`, `TemplateSet`), so switching on a kind copies no table.
public enum FieldKind: Sendable {
    /// The display is the entered symbols themselves (`text`, `digits`, `email`).
    case plain
    /// Fixed templates lay out the symbols (`###### ######## ####` for idcard-cn); never empty (no templates is
    /// `plain`).
    case templated(TemplateSet)
    /// A layout worked out from the whole value as it is typed (libphonenumber's as-you-type grouping, which the
    /// region the first digits name decides), with the keymap's templates it groups national numbers by (empty
    /// for the region's own formats; phone-cn's `###-####-####`), which also lay out what it cannot.
    case liveLayout(any LiveLayout, templates: TemplateSet)
    /// A list to pick from: typed text is a query, the value is the chosen entry's (`country`, `region-cn`).
    case choice(ChoiceList)
    /// A date typed as 8 digits, `yyyymmdd`, laid out by the keymap's templates (`####-##-##`), refused and
    /// stepped by the picker (`picker: date`).
    ///
    /// The templates come first to keep the case tag out of their pointer: Swift keeps the tag in the highest spare
    /// bits all payloads share, which with the picker first would be the top bits of the templates' array pointer,
    /// and LeakSanitizer, reading memory for pointers, would report a date field's templates held in a static as
    /// leaked. This way the tag is in the picker's last byte (`ShippedKindTests` checks every kind's pointers).
    case date(templates: TemplateSet, picker: DatePicker)

    /// The kind of a field with these fixed templates and nothing of its own: `plain` when there are none.
    public init(templates: TemplateSet) {
        self = templates.isEmpty ? .plain : .templated(templates)
    }

    /// The fixed templates of the kind, empty for a plain or choice field (derived; the kind holds them).
    public var templates: TemplateSet {
        switch self {
        case .templated(let templates), .liveLayout(_, let templates), .date(let templates, _): return templates
        case .plain, .choice: return TemplateSet.none
        }
    }

    /// Whether templates or a live layout make the display from the symbols; otherwise it is the symbols themselves,
    /// and a word is a run of non-blank symbols rather than a template group.
    public var hasLayout: Bool {
        switch self {
        case .templated(let templates), .date(let templates, _): return !templates.isEmpty
        case .liveLayout: return true
        case .plain, .choice: return false
        }
    }

    /// Whether Up and Down step something of the field's own (the candidates of a choice field, a date's segment)
    /// rather than a form's fields or history.
    public var steps: Bool {
        switch self {
        case .choice, .date: return true
        case .plain, .templated, .liveLayout: return false
        }
    }

    /// Whether `c` is a character the field's layout inserts between symbols (a paste or a checked line drops it).
    public func isLiteral(_ c: Character) -> Bool {
        switch self {
        case .templated(let templates), .date(let templates, _): return templates.literals.contains(c)
        case .liveLayout(let live, let templates): return templates.literals.contains(c) || live.literals.contains(c)
        case .plain, .choice: return false
        }
    }
}
