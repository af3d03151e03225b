import FieldKeymaps
import FieldKit

/// `fieldline inspect`'s text output: an outline of the questions to read, in the language chosen. The labels are
/// the settings' names as files write them; every text from the file has its control characters named.
enum InspectOutline {
    /// The most choices listed by value; the rest are counted.
    static let shownChoices = 10

    /// A form: its name and description, each field, then its rules.
    static func form(_ form: FormSpec) -> [String] {
        var lines = [heading("form", form.name, form.description)]
        for (i, field) in form.fields.enumerated() {
            var defaultText: String?
            switch field.defaultValue {
            case .text(let text)?: defaultText = text
            case .today?: defaultText = "today"
            case nil: break
            }
            lines += self.field(number: i + 1, name: field.name, keymap: field.keymapName, spec: field.spec, help: field.help,
                                prompt: field.prompt, required: field.required, defaultText: defaultText,
                                when: field.condition?.source, from: field.derivedFrom?.description)
            if let filter = field.choiceFilter { lines.append("   filter: " + escaped(filter.source)) }
            if let check = field.savedValueCheck {
                lines.append("   \(check.mustExist ? "exists" : "not_exists"): \(check.table).\(check.field)")
            }
        }
        if !form.rules.isEmpty { lines.append("rules:") }
        for (i, rule) in form.rules.enumerated() {
            lines.append("\(i + 1). require: " + escaped(rule.condition.source))
            lines.append("   field: " + rule.field)
            lines.append("   message: " + escaped(rule.message))
            if rule.level == .warning { lines.append("   level: warning (name: \(rule.name))") }
        }
        if !form.reasons.isEmpty { lines.append("reasons: " + form.reasons.map(escaped).joined(separator: "; ")) }
        return lines
    }

    /// A keymap: its name and description, and its one field.
    static func keymap(_ loaded: LoadedKeymap) -> [String] {
        [heading("keymap", loaded.spec.name, loaded.description)]
            + field(number: 1, name: loaded.spec.name, keymap: loaded.spec.name, spec: loaded.spec, help: loaded.help)
    }

    /// `form visitor: Visitor registration (…)`.
    static func heading(_ what: String, _ name: String, _ description: LanguageTexts?) -> String {
        what + " " + escaped(name) + (description.map { ": " + escaped($0.text) } ?? "")
    }

    /// One field: `1. mobile (phone, keymap phone-cn)`, then a line per setting it has.
    static func field(number: Int, name: String, keymap: String?, spec: FieldSpec, help: LanguageTexts?, prompt: String? = nil,
                      required: Bool = true, defaultText: String? = nil, when: String? = nil, from: String? = nil) -> [String] {
        var lines = ["\(number). \(escaped(name)) (\(InspectDocument.kindName(spec.kind))\(keymap.map { ", keymap " + escaped($0) } ?? ""))"]
        func add(_ label: String, _ text: String?) { if let text { lines.append("   \(label): \(text)") } }
        add("prompt", prompt.map { "\"" + escaped($0) + "\"" })
        add("help", help.map { escaped($0.text) })
        add("required", required ? nil : "false")
        add("default", defaultText.map(escaped))
        add("length", spec.limit.map { spec.minLength == $0 ? spec.units($0) : "\(spec.minLength)-" + spec.units($0) }
            ?? (spec.minLength > 0 ? "\(spec.minLength)- " + spec.unitNoun : nil))
        add("templates", spec.templates.isEmpty ? nil : spec.templates.templates.map { escaped($0.pattern) }.joined(separator: ", "))
        add("validators", spec.validators.isEmpty ? nil : spec.validators.map(validator).joined(separator: ", "))
        if let source = spec.tableChoices {
            add("choices", "table \(source.table), value \(source.value), label \(source.labels.joined(separator: " "))")
        } else if let list = spec.choices {
            let shown = list.choices.prefix(shownChoices).map { choice in
                escaped(choice.value) + (choice.label.isEmpty || choice.label == choice.value ? "" : " (\(escaped(choice.label)))")
            }
            let more = list.choices.count - shown.count
            add("choices", (shown + (more > 0 ? [tr("… and \(more) more")] : [])).joined(separator: ", "))
        }
        add("when", when.map(escaped))
        add("from", from)
        return lines
    }

    /// `range {min: 1, max: 65535}`, or the name alone.
    static func validator(_ validator: Validator) -> String {
        let parameters = validator.parameters
        guard !parameters.isEmpty else { return validator.writtenName }
        return validator.writtenName + " " + escaped(JSONText.render(.object(parameters)))
    }

    static func escaped(_ text: String) -> String { ControlCharacters.escaped(text) }
}
