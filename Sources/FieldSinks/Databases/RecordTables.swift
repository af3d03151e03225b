import FieldKit

/// The tables fieldline keeps for a form in a database (SQLite or PostgreSQL), by schema version:
///
/// - version 1 (fieldline 0.6.0): the form's table, one text column per field, then `saved_at` and `operator`;
/// - version 2: `edited_at` and `edited_by` added (empty until the record is corrected), a history table
///   `FORM_history` holding every replaced version whole (its columns, the row's `fieldline_id`, `changed_at`,
///   `changed_by`), and a row in `fieldline_schema` naming the version, so a later upgrade knows where it starts;
/// - version 3: `record_id` added last to both tables, a record's stable id (`RecordID`) with a unique index; an
///   upgrade gives every row one.
///
/// PostgreSQL's table also has `fieldline_id`, an identity column after `edited_by` (SQLite's rowid plays its
/// part): the saved order. Corrections name a record by its `record_id`.
struct RecordTables {
    /// The schema version this build makes and upgrades to.
    static let version = 3
    /// The table that records each form table's schema version: `form` (the table's name), `version`.
    static let schemaTable = "fieldline_schema"
    /// The column naming a row in the history table (and PostgreSQL's identity column).
    static let idColumn = RecordColumns.tableKey

    /// The form's table.
    let table: String
    /// The form's fields, in order, then `warnings` when a rule is a warning (`FormSpec.recordColumns`): stored,
    /// corrected and kept in history as the fields are.
    let fields: [String]

    init(form: FormSpec) {
        table = form.name
        fields = form.recordColumns
    }

    /// The columns records are read as: the fields, then `saved_at`, `operator`, `edited_at`, `edited_by`,
    /// `record_id` (SQLite's table holds them in this order).
    var columns: [String] { fields + RecordColumns.bookkeeping }
    /// A version 1 table's columns: the fields, `saved_at`, `operator` (also what a file of JSON Lines or CSV
    /// written before record ids holds).
    var version1Columns: [String] { fields + [RecordColumns.savedAt, RecordColumns.operatorName] }
    /// A version 2 table's columns (PostgreSQL's identity column aside): version 1's, `edited_at`, `edited_by`.
    var version2Columns: [String] { version1Columns + RecordColumns.corrected }
    /// What a JSON Lines or CSV file holds of a record: the fields, `saved_at`, `operator`, `record_id`.
    var fileColumns: [String] { version1Columns + [RecordColumns.recordID] }
    /// PostgreSQL's table's columns: version 2's, its identity column, `record_id`.
    var postgresColumns: [String] { version2Columns + [RecordTables.idColumn, RecordColumns.recordID] }
    /// The history table's name.
    var history: String { table + FormSpec.historySuffix }
    /// The paradata table's name (`FORM_keying`): a row per field asked of each record entered at a terminal,
    /// `RecordColumns.keying`.
    var keying: String { table + FormSpec.keyingSuffix }
    /// The paradata table's key (`record_id`, `field`), named as fieldline's indexes are: of one length whatever the
    /// form's name, where PostgreSQL's own name (`TABLE_keying_pkey`) would be cut for a long one.
    var keyingKey: String { fieldlineName("fl_key_", table: keying, column: RecordColumns.recordID) }
    /// The paradata table's columns and key, for `CREATE TABLE`: `text` for the names, `integer` for the figures.
    func keyingDefinition(text: String, integer: String) -> String {
        let columns = RecordColumns.keying.enumerated().map { "\"\($1)\" \($0 < 2 ? text : integer) NOT NULL" }
        return "(\(columns.joined(separator: ", ")), CONSTRAINT \"\(keyingKey)\" PRIMARY KEY (\"record_id\", \"field\"))"
    }

    /// A paradata row's values in `RecordColumns.keying` order.
    static func keyingRow(recordID: String, field: String, _ keying: FieldKeying) -> [String] {
        [recordID, field] + keying.figures.map(String.init)
    }
    /// A version 2 history table's columns: a replaced version's columns, its row's id, when and by whom it was
    /// replaced.
    var version2HistoryColumns: [String] { version2Columns + [RecordTables.idColumn] + RecordColumns.history }
    /// The history table's columns: version 2's, then the replaced version's `record_id` (last, where an upgrade
    /// adds it).
    var historyColumns: [String] { version2HistoryColumns + [RecordColumns.recordID] }

    /// A history row, in `historyColumns` order, for the replaced version `old` (in `columns` order) of row `id`.
    func historyRow(old: [String], id: String, changedAt: String, changedBy: String) -> [String] {
        Array(old.prefix(version2Columns.count)) + [id, changedAt, changedBy] + [old.last ?? ""]
    }

    /// The columns a correction writes: the fields, `edited_at`, `edited_by`.
    var correctedColumns: [String] { fields + RecordColumns.corrected }

    /// Why this form's name cannot name its tables, or nil (`FormSpec.reservedTableProblem`, which the form loader
    /// checks already: this catches a form made in code).
    func nameProblem(_ label: String) -> SinkError? {
        FormSpec.reservedTableProblem(table).map { SinkError(.mismatch, "\(label): \($0)") }
    }

    /// The name of the sequence of PostgreSQL's identity column `fieldline_id`, given rather than left to the
    /// server: its own, `TABLE_fieldline_id_seq`, is cut to 63 bytes for a form name over 46 characters, and two
    /// forms alike that far got `…_seq` and `…_seq1` by which came first.
    var identitySequence: String { fieldlineName("fl_sequence_", table: table, column: RecordTables.idColumn) }

    /// The message for a table whose columns are neither version's.
    func mismatch(_ label: String, table name: String, has existing: [String], wants wanted: [String]) -> SinkError {
        SinkError(.mismatch, tr("\(label): table \(name) has the columns \(existing.joined(separator: ",")), the form \(wanted.joined(separator: ","))"))
    }

    /// `"column" = placeholder AND "column" <> ''`: a look-up of a non-empty value. The unique indexes are partial
    /// (empty values aside), and a planner uses one only when the query names its condition (SQLite's prover cannot
    /// see that `= ?1` implies `<> ''`): without it every look-up scans the table.
    static func lookup(_ column: String, _ placeholder: String) -> String {
        "\"\(column)\" = \(placeholder) AND \"\(column)\" <> ''"
    }

    /// `"a", "b"`: quoted identifiers (checked by the form loader: letters, digits, `_`), for SQL.
    static func list(_ names: [String]) -> String { names.map { "\"\($0)\"" }.joined(separator: ", ") }
}
