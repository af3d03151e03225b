import FieldKit

/// What a CSV input's header row must be for its records to be read.
enum CSVHeader {
    /// Why a CSV header would refuse every record, or nil: a column that is no field of the form (a column
    /// fieldline writes without `--keep-saved`), a column named twice, or none for a field every record must give
    /// (for a correction: its key).
    static func problem(_ names: [String], form: FormSpec, keepSaved: Bool, correctingBy key: String?) -> String? {
        let kept = form.hasWarnings ? RecordColumns.bookkeeping + [RecordColumns.warnings] : RecordColumns.bookkeeping
        let taken = form.fields.map(\.name) + (keepSaved || key != nil ? kept : [])
        if let stranger = names.first(where: { !taken.contains($0) }) {
            return kept.contains(stranger)
                ? tr("\(stranger) is a column fieldline writes, not a field of this form: --keep-saved keeps it")
                : tr("\(ControlCharacters.escaped(stranger)) is not a field of this form (its fields: \(form.fields.map(\.name).joined(separator: ", ")))")
        }
        var seen = Set<String>()
        if let twice = names.first(where: { !seen.insert($0).inserted }) { return tr("the column \(twice) is named twice") }
        let needed = key.map { [$0] } ?? form.fields.filter { field in
            field.required && field.derivedFrom == nil && field.defaultValue == nil && field.condition == nil
        }.map(\.name)
        if let missing = needed.first(where: { !names.contains($0) }) { return tr("no column for \(missing), which every record must give") }
        return nil
    }
}
