import FieldKeymaps
import FieldKit

/// What `fieldline inspect --output json` prints: a form's or a keymap's questions as data, in the shape
/// docs/inspect.schema.json describes. `version` changes only when a member changes meaning or goes; members may be
/// added within a version.
enum InspectDocument {
    /// The version of the document's shape (`version` in every document, and in the schema's `const`).
    static let version = 1

    /// A form's document: each field as `field(_:)` makes it, and its rules.
    static func form(_ form: FormSpec) -> JSONText.Value {
        .object([
            ("version", .int(version)),
            ("type", .string("form")),
            ("name", .string(form.name)),
            ("description", texts(form.description)),
            ("fields", .array(form.fields.map(field))),
            ("rules", .array(form.rules.map { rule in
                .object([
                    ("require", .string(rule.condition.source)),
                    ("message", texts(rule.messageTexts ?? LanguageTexts(rule.message))),
                    ("field", .string(rule.field)),
                    ("level", .string(rule.level.rawValue)),
                    ("name", .string(rule.name)),
                ])
            })),
            ("reasons", .array(form.reasonTexts.map { texts($0) })),
            ("lookup_timeout_ms", .int(Int((form.lookupTimeout * 1000).rounded()))),
        ])
    }

    /// A keymap's document: the keymap is the one field (asked with no prompt of its own), and has no rules.
    static func keymap(_ loaded: LoadedKeymap) -> JSONText.Value {
        .object([
            ("version", .int(version)),
            ("type", .string("keymap")),
            ("name", .string(loaded.spec.name)),
            ("description", texts(loaded.description)),
            ("fields", .array([field(name: loaded.spec.name, keymap: loaded.spec.name, spec: loaded.spec, help: loaded.help)])),
            ("rules", .array([])),
            ("reasons", .array([])),
        ])
    }

    /// One field of a form.
    static func field(_ field: FormField) -> JSONText.Value {
        var defaultValue: JSONText.Value = .null
        switch field.defaultValue {
        case .text(let text)?: defaultValue = .string(text)
        case .today?: defaultValue = .string("today")
        case nil: break
        }
        return self.field(name: field.name, keymap: field.keymapName, spec: field.spec, help: field.help,
                          prompt: field.promptTexts ?? LanguageTexts(field.prompt), required: field.required,
                          defaultValue: defaultValue, when: field.condition?.source, from: field.derivedFrom?.description,
                          filter: field.choiceFilter?.source, exists: field.savedValueCheck,
                          flags: [("secret", field.secret), ("unique", field.unique), ("repeat", field.repeats), ("verify", field.verify)])
    }

    /// One field: what is asked, what the field takes, and how the form treats it.
    static func field(name: String, keymap: String?, spec: FieldSpec, help: LanguageTexts?, prompt: LanguageTexts? = nil,
                      required: Bool = true, defaultValue: JSONText.Value = .null, when: String? = nil, from: String? = nil,
                      filter: String? = nil, exists: SavedValueCheck? = nil,
                      flags: [(String, Bool)] = [("secret", false), ("unique", false), ("repeat", false), ("verify", false)]) -> JSONText.Value {
        var members: [(String, JSONText.Value)] = [
            ("name", .string(name)),
            ("keymap", keymap.map { .string($0) } ?? .null),
            ("prompt", texts(prompt)),
            ("help", texts(help)),
            ("kind", .string(kindName(spec.kind))),
            ("required", .bool(required)),
            ("default", defaultValue),
            ("min", .int(spec.minLength)),
            ("limit", spec.limit.map { .int($0) } ?? .null),
            ("unit", .string(spec.unitNoun)),
            ("count", .string(spec.countUnit.rawValue)),
            ("templates", .array(spec.templates.templates.map { .string($0.pattern) })),
            ("validators", .array(spec.validators.map { validator in
                .object([("name", .string(validator.writtenName)), ("parameters", .object(validator.parameters))])
            })),
            ("choices", spec.tableChoices == nil ? spec.choices.map(choices) ?? .null : .null),
            ("choices_table", spec.tableChoices.map { source in
                .object([("table", .string(source.table)), ("value", .string(source.value)),
                         ("labels", .array(source.labels.map { .string($0) }))])
            } ?? .null),
            ("multiple", spec.selection.map { selection in
                .object([("min", .int(selection.min)), ("max", selection.max.map { .int($0) } ?? .null),
                         ("separator", .string(selection.separator))])
            } ?? .null),
            ("when", when.map { .string($0) } ?? .null),
            ("from", from.map { .string($0) } ?? .null),
            ("filter", filter.map { .string($0) } ?? .null),
            ("exists", exists.map { check in
                .object([("table", .string(check.table)), ("field", .string(check.field)), ("must_exist", .bool(check.mustExist))])
            } ?? .null),
        ]
        members += flags.map { ($0.0, .bool($0.1)) }
        return .object(members)
    }

    /// The kind's name in the document: how the field is typed and shown.
    static func kindName(_ kind: FieldKind) -> String {
        switch kind {
        case .plain: return "text"
        case .templated: return "template"
        case .liveLayout: return "phone"
        case .date: return "date"
        case .choice: return "choice"
        }
    }

    /// Every choice in list order: value, label, aliases, and the value of the choice it is under.
    static func choices(_ list: ChoiceList) -> JSONText.Value {
        .array(list.choices.map { choice in
            var members: [(String, JSONText.Value)] = [("value", .string(choice.value)), ("label", .string(choice.label))]
            let aliases = choice.aliases
            if !aliases.isEmpty { members.append(("aliases", .array(aliases.map { .string($0) }))) }
            if let parent = choice.parent { members.append(("parent", .string(list.choices[parent].value))) }
            return .object(members)
        })
    }

    /// Texts by language, or null for none.
    static func texts(_ texts: LanguageTexts?) -> JSONText.Value { texts?.jsonValue ?? .null }
}
