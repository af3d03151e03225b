/// A choice field's `filter`: which of its choices fit the record's earlier answers. A bare name in the filter is a
/// column of the choice's row (its extras: a list file keeps every column there), `$name` an earlier field's value.
public enum ChoiceFilter {
    /// Whether the choice at `row` of `list` fits `filter` while the record's fields hold what `field` gives.
    public static func holds(_ filter: FormCondition, row: Int, of list: ChoiceList, columns: [String: Int],
                             field: (String) -> String) -> Bool {
        let cells = list.choices.cells.extras?.cells(of: row) ?? []
        return filter.expression.holds { name in
            if name.hasPrefix("$") { return field(String(name.dropFirst())) }
            return columns[name].flatMap { cells.indices.contains($0) ? cells[$0] : nil } ?? ""
        }
    }

    /// Each extra column's index by name (what `holds` reads a bare name from).
    public static func columns(of list: ChoiceList) -> [String: Int] {
        Dictionary(list.extraColumns.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// The choices of `list` that fit `filter`, as a list of their own (the picker a terminal shows); the list
    /// itself when every choice fits.
    public static func narrowed(_ list: ChoiceList, by filter: FormCondition, field: (String) -> String) -> ChoiceList {
        let columns = columns(of: list)
        let kept = list.choices.indices.filter { holds(filter, row: $0, of: list, columns: columns, field: field) }
        guard kept.count < list.choices.count else { return list }
        let rows = kept.map { i in
            let choice = list.choices[i]
            return ChoiceRow(line: i + 1, value: choice.value, label: choice.label, aliases: choice.aliases,
                             extras: list.choices.cells.extras?.cells(of: i) ?? [])
        }
        // Rows of a list already checked: a narrower list of them is always valid.
        return (try? ChoiceList(rows: rows, extraColumns: list.extraColumns)) ?? list
    }

    /// Why `value` is not a choice `filter` leaves, or nil when it is (or is no choice of `list` at all, which the
    /// field's own check refuses). A value of several choices (`multiple`) is judged item by item.
    static func problem(_ value: String, list: ChoiceList, selection: ChoiceSelection?, filter: FormCondition,
                        field: (String) -> String) -> String? {
        let columns = columns(of: list)
        let items = selection.map { value.split(separator: $0.separator).map(String.init) } ?? [value]
        for item in items {
            guard let row = list.index(ofValue: item) else { continue }
            if holds(filter, row: row, of: list, columns: columns, field: field) { continue }
            let given = filter.expression.fieldNames.filter { $0.hasPrefix("$") }.map { name in
                let earlier = String(name.dropFirst())
                return "\(earlier) '\(ControlCharacters.escaped(field(earlier)))'"
            }.joined(separator: ", ")
            return tr("'\(ControlCharacters.escaped(item))' is not one of the choices for \(given) (filter: \(filter.source))")
        }
        return nil
    }
}
