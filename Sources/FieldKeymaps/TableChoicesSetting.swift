import FieldKit

/// `choices: {table: FORM, value: FIELD, label: FIELD}`: a choice list from another form's saved records
/// (`TableChoices`), read once the output is open. Here only the names are checked (identifiers, as tables and
/// columns are); whether that table has those fields is known at run time. The list stands empty until then.
extension KeymapCompiler {
    static let knownTableChoicesSettings = ["table", "value", "label"]

    mutating func tableChoices(_ node: Located, _ pairs: [(key: String, keyNode: Located, value: Located)]) -> ChoiceList? {
        var table: String?, value: String?, labels: [String: [(String, Located)]] = [:]
        func identifier(_ v: Located, _ setting: String, _ what: String) -> String? {
            guard let text = reader.string(v, setting) else { return nil }
            guard FormSpec.isIdentifier(text) else {
                reader.diagnostics.append(v.problem(tr("\(setting): \(what) is letters, digits and _, starting with a letter, at most 63 characters (it names a table or column): '\(ControlCharacters.escaped(text))'")))
                return nil
            }
            return text
        }
        for (key, keyNode, v) in pairs {
            switch key {
            case "table": table = identifier(v, "table", tr("a form name"))
            case "value": value = identifier(v, "value", tr("a field name"))
            case "label": labels = labelColumns(v)
            default:
                reader.diagnostics.append(keyNode.problem(tr("unknown choices setting '\(key)' (known: \(KeymapCompiler.knownTableChoicesSettings.joined(separator: ", ")))")))
            }
        }
        for setting in ["value", "label"] where !pairs.contains(where: { $0.key == setting }) {
            reader.diagnostics.append(node.problem(tr("choices from a table need \(setting) (choices: {table: FORM, value: FIELD, label: FIELD})")))
        }
        for named in labels.values.joined() where !FormSpec.isIdentifier(named.0) {
            reader.diagnostics.append(named.1.problem(tr("label: a field name is letters, digits and _, starting with a letter, at most 63 characters (it names a table or column): '\(ControlCharacters.escaped(named.0))'")))
            return nil
        }
        let chosen = labels[""] ?? labels[Language.current.rawValue] ?? labels[Language.en.rawValue] ?? []
        if let label = pairs.first(where: { $0.key == "label" })?.value, labels.values.contains(where: \.isEmpty) {
            reader.diagnostics.append(label.problem(tr("label names no field (label: FIELD, or a list of fields)")))
        }
        guard let table, let value, !chosen.isEmpty else { return nil }
        tableChoices = TableChoices(table: table, value: value, labels: chosen.map(\.0), file: node.file, line: node.line, column: node.column)
        return try? ChoiceList(rows: [])
    }
}
