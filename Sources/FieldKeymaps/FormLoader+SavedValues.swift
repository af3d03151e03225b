import FieldKit

extension FormLoader {
    /// The most seconds `lookup_timeout` may be: a check on Enter is waited for.
    static let longestLookupTimeout = 600.0

    /// `exists: {table: FORM, field: FIELD}` (or `not_exists:`): both names identifiers, as tables and columns are.
    static func savedValueCheck(_ value: Located, _ key: String, mustExist: Bool, reader: inout NodeReader) -> SavedValueCheck? {
        guard let pairs = reader.mapping(value, key) else { return nil }
        var table: String?, field: String?
        for (name, nameNode, item) in pairs {
            switch name {
            case "table", "field":
                guard let text = reader.string(item, name) else { continue }
                guard FormSpec.isIdentifier(text) else {
                    reader.diagnostics.append(item.problem(FormLoader.identifierRule(name == "table" ? tr("a form name") : tr("a field name"), text)))
                    continue
                }
                if name == "table" { table = text } else { field = text }
            default:
                reader.diagnostics.append(nameNode.problem(tr("unknown \(key) setting '\(name)' (known: table, field)")))
            }
        }
        guard let table, let field else {
            if !pairs.contains(where: { $0.key == "table" }) || !pairs.contains(where: { $0.key == "field" }) {
                reader.diagnostics.append(value.problem(tr("\(key) needs a table and a field: {table: FORM, field: FIELD}")))
            }
            return nil
        }
        return SavedValueCheck(table: table, field: field, mustExist: mustExist)
    }

    /// `lookup_timeout: SECONDS`, more than 0 and at most `longestLookupTimeout`.
    static func lookupTimeout(_ value: Located, reader: inout NodeReader) -> Double? {
        guard let text = reader.string(value, "lookup_timeout") else { return nil }
        guard let seconds = Double(text), seconds > 0, seconds <= longestLookupTimeout else {
            reader.diagnostics.append(value.problem(tr("lookup_timeout must be a number of seconds above 0 and at most \(Int(longestLookupTimeout)), not '\(ControlCharacters.escaped(text))'")))
            return nil
        }
        return seconds
    }
}
