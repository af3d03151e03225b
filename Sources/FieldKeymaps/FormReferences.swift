import FieldKit

/// Where a field's `from` and `when` are written, kept until every field of the form is known.
struct FieldReferences {
    /// The `from:` value's node.
    var from: Located?
    /// The `when:` value's node.
    var when: Located?
    /// The `filter:` value's node.
    var filter: Located?
}

/// Reading `from`, `when` and `rules`, and checking the fields they name: each names fields of the form, and a
/// field's `from` and `when` only earlier fields, which also rules out every cycle (a field asked or derived only
/// after the fields it reads).
extension FormLoader {
    /// `FIELD.PART`, as written.
    static func fieldPart(_ value: Located, reader: inout NodeReader) -> FieldPart? {
        guard let text = reader.string(value, "from") else { return nil }
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard pieces.count == 2, FormSpec.isIdentifier(pieces[0]), FormSpec.isIdentifier(pieces[1]) else {
            reader.diagnostics.append(value.problem(tr("from is FIELD.PART (e.g. idcard.birthDate), not '\(text)'")))
            return nil
        }
        return FieldPart(field: pieces[0], part: pieces[1])
    }

    /// An expression setting (`when`, a rule's `require`), its syntax errors placed at their character.
    static func condition(_ value: Located, _ what: String, reader: inout NodeReader) -> FormCondition? {
        // Line breaks and tabs are white space between words: a long rule may be folded over lines (`>`).
        guard let raw = value.scalarText else { reader.diagnostics.append(value.problem(tr("\(what) must be text"))); return nil }
        var text = String(String.UnicodeScalarView(raw.unicodeScalars.map { $0 == "\n" || $0 == "\t" || $0 == "\r" ? " " : $0 }))
        while text.last == " " { text.removeLast() }  // a folded scalar's final line break; quoted in messages
        guard reader.string(Located(node: YAMLNode(.scalar(text), line: value.line, column: value.column), file: value.file), what) != nil
        else { return nil }
        do {
            return try FormCondition(text)
        } catch {
            reader.diagnostics.append(value.problem(atCharacter: error.offset, tr("\(what): \(error.message)")))
            return nil
        }
    }

    /// The fields each `from` and `when` names: known, and earlier than the field itself.
    static func checkReferences(_ fields: [FormField], _ references: [FieldReferences], reader: inout NodeReader) {
        let index = Dictionary(fields.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
        let known = fields.map(\.name).joined(separator: ", ")
        for (i, (field, refs)) in zip(fields, references).enumerated() {
            if let from = field.derivedFrom, let node = refs.from {
                if let problem = earlierFieldProblem(from.field, of: field.name, at: i, index: index, known: known, setting: "from") {
                    reader.diagnostics.append(node.problem(problem))
                } else if let source = index[from.field] {
                    // A choice from a list file also gives each column of its row (`site.name`).
                    let parts = fields[source].spec.decodedPartNames + (fields[source].spec.choices?.extraColumns ?? [])
                    // Another form's table is known only once the output is open (`FormSpec.resolvingTableChoices`).
                    if fields[source].spec.tableChoices == nil, !parts.contains(from.part) {
                        reader.diagnostics.append(node.problem(parts.isEmpty
                            ? tr("field '\(from.field)' has no parts to derive from (its keymap decodes none)")
                            : tr("field '\(from.field)' has no part '\(from.part)' (its parts: \(parts.joined(separator: ", ")))")))
                    }
                }
            }
            if let filter = field.choiceFilter, let node = refs.filter {
                let columns = field.spec.choices?.extraColumns ?? []
                for name in filter.expression.fieldNames {
                    if name.hasPrefix("$") {
                        if let problem = earlierFieldProblem(String(name.dropFirst()), of: field.name, at: i, index: index, known: known, setting: "filter") {
                            reader.diagnostics.append(node.problem(atCharacter: filter.offset(of: name), problem))
                        }
                    } else if field.spec.tableChoices == nil, !columns.contains(name) {
                        let message = columns.isEmpty
                            ? tr("filter: the choices of '\(field.name)' have no columns; '\(name)' names none (an earlier field is written $\(name))")
                            : tr("filter: the choices of '\(field.name)' have no column '\(name)' (their columns: \(columns.joined(separator: ", ")); an earlier field is written $\(name))")
                        reader.diagnostics.append(node.problem(atCharacter: filter.offset(of: name), message))
                    }
                }
            }
            if let condition = field.condition, let node = refs.when {
                for name in condition.expression.fieldNames {
                    if let problem = earlierFieldProblem(name, of: field.name, at: i, index: index, known: known, setting: "when") {
                        reader.diagnostics.append(node.problem(atCharacter: condition.offset(of: name), problem))
                    }
                }
            }
        }
    }

    /// Why field `name`, read by field `reader` (at `position`) in `setting`, cannot be read there, or nil.
    private static func earlierFieldProblem(_ name: String, of reader: String, at position: Int, index: [String: Int],
                                            known: String, setting: String) -> String? {
        guard let at = index[name] else { return tr("\(setting): unknown field '\(name)' (the form's fields: \(known))") }
        if at == position { return tr("\(setting): field '\(reader)' cannot depend on itself") }
        if at > position {
            return tr("\(setting): field '\(name)' comes after '\(reader)'; a field may only depend on fields before it")
        }
        return nil
    }

    /// The form's `rules`: each `{require: EXPR, message: TEXT or {en, zh}, field: NAME}`.
    static func rules(_ value: Located, fields: [FormField], reader: inout NodeReader) -> [FormRule] {
        guard let items = reader.list(value, "rules") else { return [] }
        guard items.count <= KeymapLimits.formRules else {
            reader.diagnostics.append(value.problem(tr("a form has at most \(KeymapLimits.formRules) rules")))
            return []
        }
        let names = Set(fields.map(\.name))
        let known = fields.map(\.name).joined(separator: ", ")
        var rules: [FormRule] = []
        for item in items {
            guard let pairs = reader.mapping(item, tr("a rule")) else { continue }
var condition: FormCondition?, message: LanguageTexts?, field: String?
            var level = FormRule.Level.error, warningName: String?
            var complete = true
            for (key, keyNode, v) in pairs {
                switch key {
                case "require":
                    condition = FormLoader.condition(v, "require", reader: &reader)
                    if let condition {
                        for name in condition.expression.fieldNames where !names.contains(name) {
                            reader.diagnostics.append(v.problem(atCharacter: condition.offset(of: name), tr("require: unknown field '\(name)' (the form's fields: \(known))")))
                            complete = false
                        }
                    }
                case "message": message = reader.languageTexts(v, "message")
                case "field":
                    guard let name = reader.string(v, "field") else { continue }
                    if names.contains(name) { field = name } else {
                        reader.diagnostics.append(v.problem(tr("field: unknown field '\(name)' (the form's fields: \(known))")))
                        complete = false
                    }
                case "level":
                    guard let text = reader.string(v, "level") else { continue }
                    if let known = FormRule.Level(rawValue: text) { level = known } else {
                        reader.diagnostics.append(v.problem(tr("level: '\(ControlCharacters.escaped(text))' is not a level (known: error, warning)")))
                        complete = false
                    }
                case "name":
                    guard let text = reader.string(v, "name") else { continue }
                    if FormSpec.isIdentifier(text) { warningName = text } else {
                        reader.diagnostics.append(v.problem(FormLoader.identifierRule(tr("a rule's name"), text)))
                        complete = false
                    }
                default:
                    reader.diagnostics.append(keyNode.problem(tr("unknown rule setting '\(key)' (known: \(FormLoader.knownRuleSettings.joined(separator: ", ")))")))
                }
            }
            for (setting, present) in [("require", pairs.contains { $0.key == "require" }), ("message", pairs.contains { $0.key == "message" }),
                                       ("field", pairs.contains { $0.key == "field" })] where !present {
                reader.diagnostics.append(item.problem(tr("a rule needs \(setting) (a rule is {require: EXPR, message: TEXT, field: NAME})")))
            }
            if complete, let condition, let message, let field {
                let rule = FormRule(condition: condition, message: message.text, field: field, level: level, name: warningName, messageTexts: message)
                // A record names the warnings it was saved over by name: two of one name could not be told apart.
                if rule.level == .warning, rules.contains(where: { $0.level == .warning && $0.name == rule.name }) {
                    reader.diagnostics.append(item.problem(tr("two warnings are named '\(rule.name)' (a warning is named by its field unless it has a name:); give one a name:")))
                    continue
                }
                rules.append(rule)
            }
        }
        return rules
    }

    /// Most reasons a form offers for overruling a warning.
    static let maxReasons = 50

    /// The form's `reasons`: texts (each one text or one per language) offered when a warning is overruled.
    static func reasons(_ value: Located, reader: inout NodeReader) -> [LanguageTexts] {
        guard let items = reader.list(value, "reasons") else { return [] }
        guard items.count <= maxReasons else {
            reader.diagnostics.append(value.problem(tr("a form offers at most \(maxReasons) reasons")))
            return []
        }
        return items.compactMap { item in
            guard let texts = reader.languageTexts(item, "reasons") else { return nil }
            guard !BlankValue.isBlank(texts.text) else {
                reader.diagnostics.append(item.problem(tr("a reason is a text that is not empty")))
                return nil
            }
            return texts
        }
    }
}
