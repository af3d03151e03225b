import FieldKit

/// The `multiple` setting of a choice field: `true` (several choices, joined with `,`), or the bounds and the
/// separator, `{min: 1, max: 3, separator: ";"}`.
extension KeymapCompiler {
    mutating func selection(_ value: Located, list: ChoiceList?) -> ChoiceSelection? {
        var selection = ChoiceSelection()
        if value.scalarText != nil {
            guard reader.bool(value, "multiple") == true else { return nil }
        } else {
            guard let pairs = reader.mapping(value, "multiple") else { return nil }
            for (key, keyNode, v) in pairs {
                switch key {
                case "min": selection.min = reader.int(v, "min") ?? selection.min
                case "max": selection.max = reader.int(v, "max", min: 1)
                case "separator": selection.separator = reader.string(v, "separator") ?? selection.separator
                default: reader.diagnostics.append(keyNode.problem(tr("unknown multiple setting '\(key)' (use min, max, separator)")))
                }
            }
        }
        // Only a list has choices to mark; a list that cannot be split by the separator is refused here.
        guard let list else {
            reader.diagnostics.append(value.problem(tr("multiple needs a choices list")))
            return nil
        }
        if let problem = selection.problem(for: list) {
            reader.diagnostics.append(value.problem(problem))
            return nil
        }
        return selection
    }
}
