/// `choices: {table: FORM, value: FIELD, label: FIELD}`: a choice list read from another form's saved records in
/// the same output (SQLite or PostgreSQL), once it is open. Only the records the table holds now count: a
/// correction replaces its record there (its old version goes to the history table). The list is loaded
/// as a file's would be: each record a choice, its value `value`, its label the `label` fields joined, every field
/// of that form a column a `filter:` compares and a `from: FIELD.COLUMN` reads (docs/forms.md, "Choices from
/// another form").
public struct TableChoices: Sendable, Equatable {
    /// The other form's table (its name).
    public var table: String
    /// Its field whose value a choice stores.
    public var value: String
    /// Its fields shown as the label (each also a name the choice is found by), for the language in use.
    public var labels: [String]
    /// Where `choices:` is written (the form or keymap file, line, column), for the problems found at run time.
    public var file: String
    /// The line of `choices:`.
    public var line: Int
    /// The column of `choices:`.
    public var column: Int

    /// A table source, as written at `file:line:column`.
    public init(table: String, value: String, labels: [String], file: String, line: Int, column: Int) {
        self.table = table
        self.value = value
        self.labels = labels
        self.file = file
        self.line = line
        self.column = column
    }

    /// `FILE:LINE:COL: message`, with the file name escaped.
    public func problem(_ message: String) -> String {
        "\(ControlCharacters.escaped(file)):\(line):\(column): \(message)"
    }

    /// The columns of a form's table that are not its fields (bookkeeping, PostgreSQL's key, the warnings).
    public static let notFields: Set<String> = Set(RecordColumns.bookkeeping + [RecordColumns.tableKey, RecordColumns.warnings])

    /// The list made of `rows` (each the table's `columns`, in saved order), the columns `needed` (by filter and
    /// from) checked: a missing table, field or column, a list too long or a cell a list cannot hold is a problem
    /// placed at `choices:`. A record with an empty value offers nothing; of records with one value the newest
    /// gives the choice.
    public func list(columns: [String], rows: [[String]], needed: [(name: String, setting: String)]) throws(TableChoicesProblem) -> ChoiceList {
        guard !columns.isEmpty else {
            throw TableChoicesProblem(problem(tr("choices: the output holds no table '\(table)' (no \(table) record saved there yet?)")))
        }
        let fields = columns.filter { !TableChoices.notFields.contains($0) }
        let named: [(name: String, setting: String)] = [(value, "value")] + labels.map({ ($0, "label") }) + needed
        for (name, setting) in named where !fields.contains(name) {
            throw TableChoicesProblem(problem(tr("\(setting): table \(table) has no field '\(name)' (its fields: \(fields.map(ControlCharacters.escaped).joined(separator: ", ")))")))
        }
        let index = Dictionary(columns.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        let valueAt = index[value]!, labelsAt = labels.map { index[$0]! }, fieldsAt = fields.map { index[$0]! }
        var newest: [String: Int] = [:]
        for (i, row) in rows.enumerated() where !row[valueAt].isEmpty { newest[row[valueAt]] = i }
        var choices: [ChoiceRow] = []
        for (i, row) in rows.enumerated() where newest[row[valueAt]] == i {
            let names = labelsAt.map { row[$0] }.filter { !$0.isEmpty }
            choices.append(ChoiceRow(line: i + 1, value: row[valueAt], label: names.joined(separator: " "),
                                     aliases: names.count > 1 ? names : [], extras: fieldsAt.map { row[$0] }))
        }
        do {
            return try ChoiceList(rows: choices, extraColumns: fields)
        } catch {
            throw TableChoicesProblem(problem(tr("choices: table \(table), record \(error.line): \(error.message)")))
        }
    }
}

/// Why a table's choices could not be read: one line, placed at the `choices:` setting where it can be.
public struct TableChoicesProblem: Error, Sendable {
    /// The whole message.
    public let message: String
    /// Whether the output did not answer within the form's `lookup_timeout`.
    public let timedOut: Bool

    /// A problem saying `message`.
    public init(_ message: String, timedOut: Bool = false) {
        self.message = message
        self.timedOut = timedOut
    }
}

/// A database that reads another form's table whole (its current records, in saved order) for `choices: {table: …}`:
/// SQLite and PostgreSQL.
public protocol TableChoicesReading: AnyObject {
    /// The columns of `table` (none when it does not exist) and its rows, each every column as text in that order,
    /// in saved order, given up after `timeout` seconds (nil then).
    func tableRows(_ table: String, timeout: Double) throws(SinkError) -> (columns: [String], rows: [[String]])?
}

extension FieldSpec {
    /// The spec with its table's list in place, read from `database`; itself when its list is not a table's.
    public func resolvingTableChoices(in database: any TableChoicesReading, timeout: Double,
                                      needed: [(name: String, setting: String)] = []) throws(TableChoicesProblem) -> FieldSpec {
        guard let source = tableChoices else { return self }
        let read: (columns: [String], rows: [[String]])?
        do { read = try database.tableRows(source.table, timeout: timeout) } catch {
            throw TableChoicesProblem(source.problem(tr("choices: table \(source.table): \(error.message)")))
        }
        guard let read else {
            throw TableChoicesProblem(source.problem(tr("choices: could not read table \(source.table) within \(SavedValueCheck.shownSeconds(timeout)) s (lookup_timeout)")), timedOut: true)
        }
        var spec = self
        let list = try source.list(columns: read.columns, rows: read.rows, needed: needed)
        spec.kind = .choice(list)
        if let problem = spec.selection?.problem(for: list) { throw TableChoicesProblem(source.problem(problem)) }
        return spec
    }
}

extension FormSpec {
    /// Whether a field's choices are another form's table: the output must be a database, open before the form runs.
    public var readsTables: Bool { fields.contains { $0.spec.tableChoices != nil } }

    /// The form with every table's list read from `database` (`lookup_timeout` each); each field's `filter:`
    /// columns and the `from:` columns other fields read from it must be fields of that table.
    public func resolvingTableChoices(in database: any TableChoicesReading) throws(TableChoicesProblem) -> FormSpec {
        var form = self
        for (i, field) in fields.enumerated() where field.spec.tableChoices != nil {
            var needed: [(name: String, setting: String)] = []
            for name in field.choiceFilter?.expression.fieldNames ?? [] where !name.hasPrefix("$") {
                needed.append((name, tr("filter of \(field.name)")))
            }
            for other in fields {
                if let from = other.derivedFrom, from.field == field.name { needed.append((from.part, tr("from of \(other.name)"))) }
            }
            form.fields[i].spec = try field.spec.resolvingTableChoices(in: database, timeout: lookupTimeout, needed: needed)
        }
        return form
    }
}
