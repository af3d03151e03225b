import FieldKit

/// How a table found in a database is read back without changing it: which SQL expression gives each of the
/// columns records are read as, and what orders the rows.
struct TableReading {
    /// Column name → the expression selecting it (`"name"`, or `''` for a correction column a version 1 table lacks).
    let expressions: [(name: String, sql: String)]
    /// The expression the rows are ordered by (saved order).
    let order: String
    /// Whether the table is of this build's version, with a history table that holds `record_id`.
    var isCurrent = false

    /// Every record of a current table (`isCurrent`), each corrected one after its earlier versions in the history
    /// table, oldest first by `historyOrder`: `SELECT KEY, columns…`, the key being the record's for each version.
    func selectWithHistory(_ tables: RecordTables, key: String, historyOrder: String) -> String {
        let list = RecordTables.list(tables.columns)
        let id = RecordTables.idColumn
        return """
            SELECT fl_key, \(list) FROM (SELECT \(key) AS fl_key, 1 AS fl_part, ROW_NUMBER() OVER (ORDER BY \(key)) AS fl_step, \(list) \
            FROM "\(tables.table)" UNION ALL SELECT "\(id)", 0, ROW_NUMBER() OVER (ORDER BY \(historyOrder)), \(list) FROM "\(tables.history)" \
            WHERE "\(id)" IN (SELECT \(key) FROM "\(tables.table)")) AS fl_versions ORDER BY fl_key, fl_part, fl_step
            """
    }

    /// `SELECT KEY, columns… FROM table [WHERE …] ORDER BY …` for `conditions`, with placeholders made by
    /// `placeholder` (`?1` for SQLite, `$1` for PostgreSQL) and the key column first.
    func select(from table: String, key: String, conditions: [(name: String, value: String)],
                placeholder: (Int) -> String) -> String {
        let list = expressions.map(\.sql).joined(separator: ", ")
        let filter = conditions.enumerated().map { i, condition in
            let column = expressions.first { $0.name == condition.name }?.sql ?? "NULL"
            if RecordWarnings.findsAny(condition) { return "(\(column) <> '' AND CAST(\(placeholder(i + 1)) AS text) = '\(RecordWarnings.any)')" }
            // A stored column and a value: written so that a partial unique index serves it (`RecordTables.lookup`).
            return column.hasPrefix("\"") && !condition.value.isEmpty ? RecordTables.lookup(condition.name, placeholder(i + 1))
                                                                     : "\(column) = \(placeholder(i + 1))"
        }
        return "SELECT \(key), \(list) FROM \"\(table)\"" + (filter.isEmpty ? "" : " WHERE " + filter.joined(separator: " AND "))
            + " ORDER BY \(order)"
    }
}

extension RecordTables {
    /// How to read the table whose columns are `existing`: one of the table's known shapes, each the columns it
    /// holds in order (any database columns of its own among them) and what orders its rows. A column a shape lacks
    /// (an older version's: the correction columns, the record id) reads as empty. A table that is missing is
    /// `.notFound`; one of another shape does not fit the form (`.mismatch`). Nothing is created or changed.
    func reading(_ label: String, existing: [String], shapes: [(columns: [String], order: String)]) throws(SinkError) -> TableReading {
        if existing.isEmpty {
            throw SinkError(.notFound, tr("\(label) has no table \(table)"))
        }
        guard let shape = shapes.first(where: { $0.columns == existing }) else {
            throw mismatch(label, table: table, has: existing, wants: shapes.first?.columns ?? columns)
        }
        let present = Set(existing)
        var reading = TableReading(expressions: columns.map { ($0, present.contains($0) ? "\"\($0)\"" : "''") }, order: shape.order)
        reading.isCurrent = shape.columns == shapes.first?.columns
        return reading
    }

    /// A record read back, `values` in `columns` order. Made with `map`: `Array(zip(…))` into the labelled tuples
    /// goes through a runtime cast for every column of every row.
    func record<Values: Sequence<String>>(key: Int64, _ values: Values) -> StoredRecord {
        StoredRecord(key: key, columns: zip(columns, values).map { (name: $0, value: $1) })
    }

    /// The message for a `--find` column the records do not have.
    func unknownColumn(_ name: String) -> SinkError {
        SinkError(.mismatch, tr("\(name) is not a column of \(table) (its columns: \(columns.joined(separator: ", ")))"))
    }
}
