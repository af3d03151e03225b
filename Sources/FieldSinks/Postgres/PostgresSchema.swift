import FieldKit

extension PostgresSink {
    /// Creates the form's tables at the current version, or upgrades a version 1 or 2 table in place (its rows
    /// kept, `fieldline_id` numbered in the table's order, each row given a `record_id`), or checks that they are
    /// current. Runs inside the set-up
    /// transaction: a failure leaves the database as it was.
    func prepareTables() throws(SinkError) {
        let schema = RecordTables.schemaTable
        _ = try exec("CREATE TABLE IF NOT EXISTS \"\(schema)\" (\"form\" text PRIMARY KEY, \"version\" integer NOT NULL)", [])
        let stored = try exec("SELECT \"version\" FROM \"\(schema)\" WHERE \"form\" = $1", [tables.table]).first?.first.flatMap { Int($0) }
        if let stored, stored > RecordTables.version {
            throw SinkError(.mismatch, tr("\(label): table \(tables.table) has schema version \(stored), made by a newer fieldline (this one knows up to \(RecordTables.version))"))
        }
        let current = tables.postgresColumns
        let definitions = current.map { column -> String in
            switch column {
            case RecordTables.idColumn: return "\"\(column)\" bigint GENERATED ALWAYS AS IDENTITY (SEQUENCE NAME \"\(tables.identitySequence)\")"
            // A row another program inserts gets an id too; an upgrade's ADD COLUMN gives every row its own.
            case RecordColumns.recordID: return "\"\(column)\" text NOT NULL DEFAULT gen_random_uuid()::text"
            case _ where tables.version1Columns.contains(column): return "\"\(column)\" text NOT NULL"
            default: return "\"\(column)\" text NOT NULL DEFAULT ''"
            }
        }
        let existing = try columns(of: tables.table)
        if existing.isEmpty {
            _ = try exec("CREATE TABLE \"\(tables.table)\" (\(definitions.joined(separator: ", ")))", [])
        } else if let upgraded = [tables.version1Columns, tables.version2Columns + [RecordTables.idColumn]].first(where: { $0 == existing }) {
            _ = try exec("ALTER TABLE \"\(tables.table)\" " + definitions.dropFirst(upgraded.count).map { "ADD COLUMN " + $0 }.joined(separator: ", "), [])
        } else if existing != current {
            throw tables.mismatch(label, table: tables.table, has: existing, wants: current)
        }
        let history = try columns(of: tables.history)
        let id = RecordColumns.recordID
        if history.isEmpty {
            let definitions = tables.historyColumns.map { $0 == RecordTables.idColumn ? "\"\($0)\" bigint NOT NULL" : "\"\($0)\" text NOT NULL" }
            _ = try exec("CREATE TABLE \"\(tables.history)\" (\(definitions.joined(separator: ", ")))", [])
        } else if history == tables.version2HistoryColumns {
            // Each replaced version gets the id its row has now; a version whose row is gone keeps none.
            _ = try exec("ALTER TABLE \"\(tables.history)\" ADD COLUMN \"\(id)\" text NOT NULL DEFAULT ''", [])
            _ = try exec("""
                UPDATE "\(tables.history)" h SET "\(id)" = t."\(id)" FROM "\(tables.table)" t
                WHERE t."\(RecordTables.idColumn)" = h."\(RecordTables.idColumn)"
                """, [])
        } else if history != tables.historyColumns {
            throw tables.mismatch(label, table: tables.history, has: history, wants: tables.historyColumns)
        }
        let keying = try columns(of: tables.keying)
        if keying.isEmpty {
            _ = try exec("CREATE TABLE \"\(tables.keying)\" \(tables.keyingDefinition(text: "text", integer: "bigint"))", [])
        } else if keying != RecordColumns.keying {
            throw tables.mismatch(label, table: tables.keying, has: keying, wants: RecordColumns.keying)
        }
        if stored != RecordTables.version {
            _ = try exec("INSERT INTO \"\(schema)\" (\"form\", \"version\") VALUES ($1, $2) ON CONFLICT (\"form\") DO UPDATE SET \"version\" = EXCLUDED.\"version\"",
                         [tables.table, String(RecordTables.version)])
        }
    }

    /// The columns of `table` in this session's schema, in order (none when there is no such table or view). Read
    /// from the catalogue itself: information_schema's view of it is slow for a fresh session to plan, and it is
    /// read twice at every start.
    func columns(of table: String) throws(SinkError) -> [String] {
        let sql = """
            SELECT a.attname FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
            WHERE a.attrelid = to_regclass(quote_ident(current_schema()) || '.' || quote_ident($1))
            AND a.attnum > 0 AND NOT a.attisdropped AND c.relkind IN ('r', 'v', 'f', 'p') ORDER BY a.attnum
            """
        return try exec(sql, [table]).map { $0.first ?? "" }
    }
}
