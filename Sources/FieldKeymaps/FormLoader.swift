import FieldKit

/// Loads form files: a name and a list of fields, each naming a keymap (a name, a path, or an inline keymap), with
/// the same YAML reader, limits and `FILE:LINE:COL` diagnostics as keymap files.
public struct FormLoader: Sendable {
    /// Keymaps named by the form's fields are found here.
    public let keymaps: KeymapLoader

    /// A loader that finds keymaps with `keymaps`.
    public init(keymaps: KeymapLoader) { self.keymaps = keymaps }

    /// Every setting a form file may have, and every setting of one field.
    static let knownSettings = ["name", "description", "fields", "rules", "reasons", "lookup_timeout"]
    static let knownFieldSettings = ["name", "keymap", "prompt", "placeholder", "help", "required", "default", "secret", "unique",
                                     "limit", "min", "count", "from", "when", "repeat", "multiple", "separator", "verify",
                                     "choices", "filter", "exists", "not_exists"]
    static let knownRuleSettings = ["require", "message", "field", "level", "name"]
    /// The most fields a form may have: a form is a screen an operator fills in.
    public static let maxFields = 200

    /// Load a form file.
    public func load(path: String) throws(KeymapErrors) -> FormSpec {
        let origin = KeymapOrigin.file(path)
        let root: Located
        switch KeymapText.read(path: path).flatMap({ KeymapText.parse($0, file: path) }) {
        case .success(let r): root = r
        case .failure(let d): throw KeymapErrors(diagnostics: [d])
        }
        var reader = NodeReader()
        var diagnostics: [KeymapDiagnostic] = []
        var name = KeymapLoader.stem(origin)
        var fields: [FormField] = []
        // Where each field's `from` and `when` are written: their names are checked once every field is known.
        var references: [FieldReferences] = []
        var rulesNode: Located?
        var reasons: [LanguageTexts] = []
        var description: LanguageTexts?
        var fieldsSeen = false, nameSeen = false
        var lookupTimeout: Double?
        for (key, keyNode, value) in reader.mapping(root, tr("a form file")) ?? [] {
            switch key {
            case "name":
                nameSeen = true
                if let text = reader.string(value, "name") {
                    if !FormSpec.isIdentifier(text) {
                        reader.diagnostics.append(value.problem(FormLoader.identifierRule(tr("a form name"), text)))
                    } else if let problem = FormSpec.reservedTableProblem(text) {
                        reader.diagnostics.append(value.problem(problem))
                    } else {
                        name = text
                    }
                }
            case "description": description = reader.languageTexts(value, "description")
            case "fields":
                fieldsSeen = true
                let items = reader.list(value, "fields") ?? []
                if items.count > FormLoader.maxFields {
                    reader.diagnostics.append(value.problem(tr("a form has at most \(FormLoader.maxFields) fields")))
                    continue
                }
                // Keyed without letter case: SQLite and PostgreSQL (unquoted) fold it, so `Name` and `name` are one column.
                var names: [String: String] = [:]
                for item in items {
                    guard let (field, refs) = self.field(item, origin: origin, reader: &reader, diagnostics: &diagnostics) else { continue }
                    if let earlier = names[field.name.lowercased()] {
                        reader.diagnostics.append(item.problem(earlier == field.name
                            ? tr("field '\(field.name)' is listed twice")
                            : tr("field '\(field.name)' differs from field '\(earlier)' only in letter case (one column in a database)")))
                        continue
                    }
                    names[field.name.lowercased()] = field.name
                    fields.append(field)
                    references.append(refs)
                }
                if items.isEmpty { reader.diagnostics.append(value.problem(tr("a form needs at least one field"))) }
            case "rules": rulesNode = value
            case "reasons": reasons = FormLoader.reasons(value, reader: &reader)
            case "lookup_timeout": lookupTimeout = FormLoader.lookupTimeout(value, reader: &reader)
            default:
                reader.diagnostics.append(keyNode.problem(tr("unknown setting '\(key)' (known: \(FormLoader.knownSettings.joined(separator: ", ")))")))
            }
        }
        FormLoader.checkReferences(fields, references, reader: &reader)
        let rules = rulesNode.map { FormLoader.rules($0, fields: fields, reader: &reader) } ?? []
        // Without `name:` the file's name names the table: it must follow the same rules, or a file name could
        // carry SQL into the table's statements.
        if !nameSeen, !FormSpec.isIdentifier(name) || FormSpec.reservedTableProblem(name) != nil {
            reader.diagnostics.append(root.problem(tr("the form has no name: setting and its file name '\(ControlCharacters.escaped(name))' cannot name a table (letters, digits and _, starting with a letter, at most \(FormSpec.longestFormName) characters, not sqlite_…, pg_… or fieldline_…); add name: to the form")))
        }
        if !fieldsSeen && reader.diagnostics.isEmpty { reader.diagnostics.append(root.problem(tr("a form needs a list of fields"))) }
        diagnostics = KeymapLoader.inFileOrder(reader.diagnostics + diagnostics)
        guard diagnostics.isEmpty else { throw KeymapErrors(diagnostics: diagnostics) }
        var form = FormSpec(name: name, fields: fields, rules: rules, reasons: reasons.map(\.text), description: description)
        form.reasonTexts = reasons
        if let lookupTimeout { form.lookupTimeout = lookupTimeout }
        return form
    }

    /// Whether the file at `path` reads as a form (a mapping with `fields`) rather than a keymap; false for a file
    /// that cannot be read or parsed, whose problem the keymap loader then reports as it reports any.
    public static func isForm(path: String) -> Bool {
        guard case .success(let root) = KeymapText.read(path: path).flatMap({ KeymapText.parse($0, file: path) }),
              case .mapping(let pairs) = root.node.content else { return false }
        return pairs.contains { $0.key.content == .scalar("fields") }
    }

    /// Every problem in a form file (empty when it is fine).
    public func lint(path: String) -> [KeymapDiagnostic] {
        do { _ = try load(path: path); return [] } catch { return error.diagnostics }
    }

    static func identifierRule(_ what: String, _ text: String) -> String {
        tr("\(what) is letters, digits and _, starting with a letter, at most 63 characters (it names a column): '\(text)'")
    }

    /// One entry of `fields`, with where its `from` and `when` are written.
    private func field(_ item: Located, origin: KeymapOrigin, reader: inout NodeReader,
                       diagnostics: inout [KeymapDiagnostic]) -> (FormField, FieldReferences)? {
        guard let pairs = reader.mapping(item, tr("a form field")) else { return nil }
        var name: String?
        var keymapNode: Located?
        var prompt: LanguageTexts?
        var placeholder: String?
        var help: LanguageTexts?
        var required = true, secret = false, unique = false
        var defaultValue: FormDefault?
        var options = FieldOptions()
        var refs = FieldReferences()
        var derivedFrom: FieldPart?
        var condition: FormCondition?
        var repeats = false, verify = false
        var choicesNode: Located?
        var choiceFilter: FormCondition?
        var savedValueCheck: SavedValueCheck?
        for (key, keyNode, value) in pairs {
            switch key {
            case "name":
                guard let text = reader.string(value, "name") else { continue }
                if !FormSpec.isIdentifier(text) {
                    reader.diagnostics.append(value.problem(FormLoader.identifierRule(tr("a field name"), text)))
                } else if let problem = FormSpec.reservedColumnProblem(text) {
                    reader.diagnostics.append(value.problem(problem))
                } else {
                    name = text
                }
            case "keymap": keymapNode = value
            case "prompt": prompt = reader.languageTexts(value, "prompt")
            case "placeholder": placeholder = reader.placeholder(value)
            case "help": help = reader.help(value)
            case "required": required = reader.bool(value, "required") ?? true
            case "secret": secret = reader.bool(value, "secret") ?? false
            case "unique": unique = reader.bool(value, "unique") ?? false
            case "default":
                guard let text = reader.string(value, "default") else { continue }
                defaultValue = text == "today" ? .today : .text(text)
            case "from":
                refs.from = value
                derivedFrom = FormLoader.fieldPart(value, reader: &reader)
            case "when":
                refs.when = value
                condition = FormLoader.condition(value, "when", reader: &reader)
            case "choices": choicesNode = value
            case "filter":
                refs.filter = value
                choiceFilter = FormLoader.condition(value, "filter", reader: &reader)
            case "exists", "not_exists":
                if savedValueCheck != nil {
                    reader.diagnostics.append(keyNode.problem(tr("a field takes one of exists and not_exists")))
                } else {
                    savedValueCheck = FormLoader.savedValueCheck(value, key, mustExist: key == "exists", reader: &reader)
                }
            case "repeat": repeats = reader.bool(value, "repeat") ?? false
            case "verify": verify = reader.bool(value, "verify") ?? false
            case "limit": options.limit = reader.int(value, "limit", min: 1)
            case "min": options.minLength = reader.int(value, "min")
            case "multiple": options.multiple = reader.bool(value, "multiple") ?? false
            case "separator": options.separator = reader.string(value, "separator")
            case "count":
                guard let text = reader.string(value, "count") else { continue }
                if let unit = CountUnit(rawValue: text) { options.countUnit = unit } else {
                    reader.diagnostics.append(value.problem(tr("count must be one of \(CountUnit.allCases.map(\.rawValue).joined(separator: ", ")), not '\(text)'")))
                }
            default:
                reader.diagnostics.append(keyNode.problem(tr("unknown field setting '\(key)' (known: \(FormLoader.knownFieldSettings.joined(separator: ", ")))")))
            }
        }
        guard let name else {
            if !pairs.contains(where: { $0.key == "name" }) { reader.diagnostics.append(item.problem(tr("a form field needs a name"))) }
            return nil
        }
        // A derived value is never typed, so nothing that shapes typing or pre-fills it means anything.
        if let from = refs.from, derivedFrom != nil {
            for (setting, given) in [("default", defaultValue != nil), ("repeat", repeats), ("placeholder", placeholder != nil),
                                  ("help", help != nil), ("verify", verify)] where given {
                reader.diagnostics.append(from.problem(tr("field '\(name)' is derived (from), so it takes no \(setting)")))
            }
        }
        // `choices:` on the field is the keymap `{choices: …}`: a field with its own keymap gives its choices there.
        if let choicesNode {
            guard keymapNode == nil else {
                reader.diagnostics.append(choicesNode.problem(tr("field '\(name)' has a keymap: give its choices in the keymap (keymap: {choices: …}) or drop the keymap")))
                return nil
            }
            let key = YAMLNode(.scalar("choices"), line: choicesNode.line, column: choicesNode.column)
            keymapNode = Located(node: YAMLNode(.mapping([YAMLPair(key: key, value: choicesNode.node)]), line: choicesNode.line,
                                                column: choicesNode.column), file: choicesNode.file)
        }
        guard let keymapNode else {
            reader.diagnostics.append(item.problem(tr("field '\(name)' needs a keymap (a name such as phone-cn, a path, or a mapping)")))
            return nil
        }
        let loaded: LoadedKeymap
        var keymapName: String?
        if case .mapping = keymapNode.node.content {
            switch keymaps.load(inline: keymapNode, in: origin, name: name) {
            case .success(let l): loaded = l
            case .failure(let errors): diagnostics += errors.diagnostics; return nil
            }
        } else {
            guard let argument = reader.string(keymapNode, "keymap") else { return nil }
            keymapName = argument
            do {
                loaded = try keymaps.load(KeymapLookup.isPath(argument) ? FormLoader.relative(argument, to: origin) : argument)
            } catch {
                // A name that finds nothing is this file's problem; a broken keymap file is that file's.
                if !KeymapLookup.isPath(argument) && keymaps.lookup.locate(argument) == nil {
                    reader.diagnostics.append(keymapNode.problem(tr("unknown keymap '\(argument)'")))
                } else {
                    diagnostics += error.diagnostics
                }
                return nil
            }
        }
        // A choice field taking several choices (`multiple` here or in its keymap): `min` and `limit` count choices.
        if options.multiple || options.separator != nil || options.selection(for: loaded.spec) != nil {
            if let problem = options.problem(for: loaded.spec) {
                reader.diagnostics.append(item.problem(tr("field '\(name)': \(problem)")))
                return nil
            }
        }
        let lo = options.minLength ?? loaded.spec.minLength, hi = options.limit ?? loaded.spec.limit
        if options.selection(for: loaded.spec) == nil, let hi, lo > hi {
            reader.diagnostics.append(item.problem(tr("field '\(name)': min (\(lo)) is larger than the limit (\(hi))")))
            return nil
        }
        // The field's own placeholder and help, else its keymap's.
        var field = FormField(name: name, spec: options.applied(to: loaded.spec), keymap: loaded.keymap, prompt: prompt?.text,
                              placeholder: placeholder ?? loaded.placeholder, required: required, defaultValue: defaultValue, secret: secret, unique: unique,
                              derivedFrom: derivedFrom, condition: condition, repeats: repeats,
                              promptTexts: prompt, help: derivedFrom == nil ? help ?? loaded.help : nil, keymapName: keymapName)
        field.verify = verify
        if let filter = refs.filter, choiceFilter != nil, field.spec.choices == nil {
            reader.diagnostics.append(filter.problem(tr("field '\(name)' is not a choice field, so it takes no filter")))
        }
        field.choiceFilter = choiceFilter
        field.savedValueCheck = savedValueCheck
        return (field, refs)
    }

    /// A keymap path in a form file is relative to the form file's folder.
    static func relative(_ path: String, to origin: KeymapOrigin) -> String {
        guard case .file(let formPath) = origin, !path.hasPrefix("/"), let slash = formPath.lastIndex(of: "/") else { return path }
        return String(formPath[...slash]) + path
    }
}
