internal import CLibPQLoader
import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// Records in a shared PostgreSQL database (through Debian's libpq): the same table shape as SQLite, created if
/// missing, one transaction per record (an import's: per batch, sent by COPY), UNIQUE indexes enforced by the server, so two operators entering the same
/// ID card at the same moment get one saved record and one refusal. A connection lost during a save is re-made
/// once; the record is then looked for (its INSERT may have committed before the answer was lost) and inserted only
/// if it is not there. Failing that the save fails and the record stays with the operator.
public final class PostgresSink: RecordDatabase {
    public let label: String
    private let url: String
    private var connection: OpaquePointer?
    let tables: RecordTables
    /// The form's unique fields, in form order: an import's batch is looked up for repeats of them before its COPY.
    let uniqueFields: [String]
    private var table: String { tables.table }
    /// Inside `beginBatch`…`commitBatch`: each save and update is a savepoint of the batch's transaction.
    var inBatch = false
    /// A record whose INSERT went out on a connection that was lost before the answer came: it may be stored.
    private var uncertain: SavedRecord?
    /// The last statement failed because the connection was lost (not because the server refused it).
    private(set) var lostConnection = false
    /// What the last statement's `invalidText` made of a text that is not UTF-8: its rows were given up to the one
    /// before that text's row. Taken with `takeTextProblem`.
    private var textProblem: SinkError?
    /// What `invalidText` made of each row left out of the last statement's rows (`exec(skipInvalid: true)`), by
    /// the row's place in them (the row itself is empty there). Taken with `takeSkippedRows`.
    private var skippedRows: [Int: SinkError] = [:]
    /// The input line a refused `copy` named (1-based), when the server's context named one.
    private(set) var copyFailureLine: Int?
    /// An import batch sent ahead of its save (`send(partOfBatch:)`): its COPY rows so far and where each starts
    /// (none: no batch is being sent, no transaction open for one), and whether its COPY is still open (the server
    /// ends it early when it refuses a row; the save then reads why).
    var streamedRows: [UInt8] = []
    var streamedStarts: [Int] = []
    var streamOpen = false
    /// The records sent ahead, kept only for a form with unique fields: a COPY that meets a repeat is rolled back
    /// and the batch loaded again by looking its unique values up (`loadWithoutRepeats`).
    var streamedRecords: [SavedRecord] = []
    /// The connection's lock_timeout and statement_timeout as the server shows them (`10s`), for the message when
    /// a wait gives up.
    private var lockTimeout = ""
    private(set) var statementTimeout = ""
    /// The SQLSTATE of the last statement that failed (`57014`: cancelled by statement_timeout).
    private(set) var lastFailureState = ""
    /// What fieldline waits for a lock when neither the URL (`options=-c lock_timeout=…`) nor the server's,
    /// database's or role's settings bound it: long enough for a moment's lock, short enough that an import does
    /// not hang behind a forgotten transaction.
    static let defaultLockTimeout = "10s"
    /// The longest one statement may take, chosen the same way: far beyond any batch's COPY or commit, and a
    /// stalled server (a trigger that sleeps, a row lock held mid-statement) still ends the import.
    static let defaultStatementTimeout = "30s"
    /// Seconds to wait for a connection when neither the URL nor PGCONNECT_TIMEOUT says: libpq's default is for ever.
    static let defaultConnectTimeout = "10"

    /// Connect to `url` (`postgres://…` or `postgresql://…`) and make the form's tables ready: created, upgraded in
    /// place from an older fieldline's (in one transaction: a failed upgrade leaves them as they were), or checked.
    public init(url: String, form: FormSpec) throws(SinkError) {
        self.url = url
        label = PostgresSink.withoutPassword(url)
        tables = RecordTables(form: form)
        uniqueFields = form.fields.filter(\.unique).map(\.name)
        if let problem = tables.nameProblem(label) { throw problem }
        try connect()
        // Several operators may start at once: one of them creates or upgrades the tables, the others wait. The
        // first lock covers the schema table every form shares, the second this form's (as fieldline 0.6.0 took it).
        for key in ["fieldline", "fieldline:" + tables.table] {
            _ = try exec("SELECT pg_advisory_lock(hashtext($1))", [key])
        }
        defer {
            for key in ["fieldline:" + tables.table, "fieldline"] { _ = try? exec("SELECT pg_advisory_unlock(hashtext($1))", [key]) }
        }
        _ = try exec("BEGIN", [])
        do throws(SinkError) {
            try prepareTables()
            try prepareProgressTable()
            for field in form.fields where field.unique {
                try guardUnique(field.name)
            }
            try guardUnique(RecordTables.idColumn)
            try guardUnique(RecordColumns.recordID)
            _ = try exec("COMMIT", [])
        } catch {
            _ = try? exec("ROLLBACK", [])
            throw error
        }
    }

    /// Connect to `url` only, to read `form`'s records (`PostgresRecordReader`): no lock, no table made or changed.
    init(readingFrom url: String, form: FormSpec) throws(SinkError) {
        self.url = url
        label = PostgresSink.withoutPassword(url)
        tables = RecordTables(form: form)
        uniqueFields = form.fields.filter(\.unique).map(\.name)
        try connect()
    }

    /// Makes sure a UNIQUE index on exactly `column` guards it, by the indexes' definitions (whatever their names):
    /// creates one when there is none, and refuses to open when it cannot (repeats already in the table, or a
    /// name taken by another index). Runs under the set-up lock, so two sinks do not race here.
    private func guardUnique(_ column: String) throws(SinkError) {
        if try isGuarded(column) { return }
        let name = uniqueIndexName(table: table, column: column)
        do {
            // Empty values aside for a field; the identity column is never empty (and is no text).
            let partial = column == RecordTables.idColumn ? "" : " WHERE \"\(column)\" <> ''"
            _ = try exec("CREATE UNIQUE INDEX IF NOT EXISTS \"\(name)\" ON \"\(table)\" (\"\(column)\")\(partial)", [])
        } catch where error.kind == .conflict || error.kind == .refused {
            throw SinkError(.mismatch, tr("\(label): table \(table): cannot make field \(column) unique: \(error.message)"))
        }
        guard try isGuarded(column) else {
            throw SinkError(.mismatch, tr("\(label): table \(table): cannot make field \(column) unique: the index name \(name) is taken"))
        }
    }

    /// Whether a UNIQUE index of the table guards `column` (the rule: docs/forms.md, "Unique fields"): valid (one
    /// left invalid by a failed `CREATE INDEX CONCURRENTLY` is not enforced), checked at once (not DEFERRABLE),
    /// `column` its one key column and no expression, and total, or partial with exactly fieldline's condition as
    /// the server prints it back (`(c <> ''::text)`; `((c)::text <> ''::text)` once a DBA made the column varchar).
    /// Any other condition (`WHERE c = 'x'`) leaves the other values unguarded.
    private func isGuarded(_ column: String) throws(SinkError) -> Bool {
        let sql = """
            SELECT count(*) FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
            WHERE i.indrelid = quote_ident($1)::regclass AND i.indisunique AND i.indisvalid AND i.indimmediate
            AND i.indnkeyatts = 1 AND i.indexprs IS NULL AND a.attname = $2
            AND (i.indpred IS NULL OR pg_get_expr(i.indpred, i.indrelid) IN
                 ('(' || quote_ident($2) || ' <> ''''::text)', '((' || quote_ident($2) || ')::text <> ''''::text)'))
            """
        return (Int(try exec(sql, [table, column]).first?.first ?? "0") ?? 0) > 0
    }

    deinit { fl_PQfinish(connection) }

    public func count() throws(SinkError) -> Int {
        Int(try exec("SELECT count(*) FROM \"\(table)\"", []).first?.first ?? "0") ?? 0
    }

    public func earlierRecord(where field: String, is value: String) throws(SinkError) -> String? {
        guard tables.fields.contains(field) else { return nil }
        let rows = try exec("SELECT saved_at, operator FROM \"\(table)\" WHERE \(RecordTables.lookup(field, "$1")) LIMIT 1", [value])
        guard let row = rows.first, row.count == 2 else { return nil }
        return tr("the record saved \(row[0]) by \(ControlCharacters.escaped(row[1]))")
    }

    /// The last record `operatorName` saved here, column → value.
    public func lastRecord(savedBy operatorName: String) throws(SinkError) -> [String: String]? {
        let columns = tables.columns
        let rows = try exec("SELECT \(RecordTables.list(columns)) FROM \"\(table)\" WHERE \"operator\" = $1 ORDER BY \(RecordTables.idColumn) DESC LIMIT 1", [operatorName])
        guard let row = rows.first, row.count == columns.count else { return nil }
        return Dictionary(zip(columns, row), uniquingKeysWith: { a, _ in a })
    }

    public func save(_ record: SavedRecord) throws(SinkError) {
        try save(record, keying: RecordKeying())
    }

    /// The record and a row per field of its paradata in `FORM_keying`, in one statement (an `INSERT` whose
    /// `RETURNING` feeds the paradata's): one transaction, so the server holds both or neither.
    public func save(_ record: SavedRecord, keying: RecordKeying) throws(SinkError) {
        if inBatch {
            // Inside a batch's transaction: a savepoint, so a refused record is rolled back alone.
            let values = record.storedColumns.map(\.value)
            let placeholders = (1...values.count).map { "$\($0)" }.joined(separator: ", ")
            try transaction { () throws(SinkError) in
                _ = try exec("INSERT INTO \"\(table)\" (\(RecordTables.list(record.storedColumns.map(\.name)))) VALUES (\(placeholders))", values)
            }
            return
        }
        // The operator confirms a record again after "not saved": if the attempt whose answer was lost did commit,
        // the record is saved already.
        if let earlier = uncertain, earlier.values.map(\.value) == record.values.map(\.value), try stored(earlier) {
            uncertain = nil
            return
        }
        uncertain = nil
        var values = record.storedColumns.map(\.value)
        let placeholders = (1...values.count).map { "$\($0)" }.joined(separator: ", ")
        var insert = "INSERT INTO \"\(table)\" (\(RecordTables.list(record.storedColumns.map(\.name)))) VALUES (\(placeholders))"
        if !keying.isEmpty {
            // Each paradata column as one array parameter, unnested into rows beside the record's id.
            let first = values.count + 1
            let arrays = (0..<RecordColumns.keying.count - 1).map { "$\(first + $0)::\($0 == 0 ? "text" : "bigint")[]" }
            insert = "WITH saved AS (\(insert) RETURNING \"\(RecordColumns.recordID)\") INSERT INTO \"\(tables.keying)\" (\(RecordTables.list(RecordColumns.keying))) "
                + "SELECT saved.\"\(RecordColumns.recordID)\", k.* FROM saved, unnest(\(arrays.joined(separator: ", "))) AS k"
            values.append(postgresArrayLiteral(keying.fields.map(\.name)))
            for column in 0..<FieldKeying.columns.count {
                values.append(postgresArrayLiteral(keying.fields.map { String($0.keying.figures[column]) }))
            }
        }
        // One statement is one transaction: the row is there whole once the server says so, or not at all.
        do {
            _ = try exec(insert, values)
        } catch where lostConnection {
            // The connection went before the answer came: the INSERT may have committed. Look before trying again,
            // so a lost answer never stores the record twice.
            uncertain = record
            if try stored(record) { uncertain = nil; return }
            _ = try exec(insert, values)
            uncertain = nil
        }
    }

    /// Whether a row with exactly this record's columns (its `saved_at` to the second and its operator included)
    /// is in the table.
    private func stored(_ record: SavedRecord) throws(SinkError) -> Bool {
        let condition = record.storedColumns.map(\.name).enumerated().map { "\"\($1)\" = $\($0 + 1)" }.joined(separator: " AND ")
        return !(try exec("SELECT 1 FROM \"\(table)\" WHERE \(condition) LIMIT 1", record.storedColumns.map(\.value))).isEmpty
    }

    // MARK: - libpq

    private func connect() throws(SinkError) {
        var why = [CChar](repeating: 0, count: 256)
        guard fl_pq_load(&why, UInt(why.count)) == 0 else {
            throw SinkError(.io, String(decoding: why.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        fl_PQfinish(connection)
        let parameters = PostgresSink.connectionParameters(url: url, environmentTimeout: getenv("PGCONNECT_TIMEOUT").map { String(cString: $0) })
        let keywords = parameters.map { strdup($0.keyword) } + [nil]
        let values = parameters.map { strdup($0.value) } + [nil]
        defer { (keywords + values).forEach { free($0) } }
        let constKeywords = keywords.map { $0.map { UnsafePointer<CChar>($0) } }
        let constValues = values.map { $0.map { UnsafePointer<CChar>($0) } }
        connection = fl_PQconnectdbParams(constKeywords, constValues, 1)
        guard fl_PQstatus(connection) == CONNECTION_OK else {
            throw SinkError(.io, tr("cannot connect to \(label): \(errorMessage())"))
        }
        // The server's notices ("relation … already exists, skipping") are not the operator's business.
        fl_PQquietNotices(connection)
        try prepareSession()
    }

    /// libpq's keywords for `url`: `connect_timeout` 10 first, then the URL as `dbname` (expanded by libpq), so a
    /// `connect_timeout` in the URL wins (libpq keeps the last value of a keyword). With PGCONNECT_TIMEOUT set
    /// (`environmentTimeout`) no default is given, so libpq takes the variable's.
    static func connectionParameters(url: String, environmentTimeout: String?) -> [(keyword: String, value: String)] {
        (environmentTimeout == nil ? [("connect_timeout", defaultConnectTimeout)] : []) + [("dbname", url)]
    }

    /// Bounds this connection's waits: lock_timeout 10 s (the set-up's advisory lock and every statement's table
    /// locks) and statement_timeout 30 s (every statement), each unless something chose one (the URL's options, a
    /// server, database or role setting); 0 from the URL itself is the operator asking to wait for ever, and is
    /// kept. One statement for both; made again after every reconnection: a new session starts with the server's
    /// settings.
    private func prepareSession() throws(SinkError) {
        let sql = """
            SELECT name, CASE WHEN setting = '0' AND source <> 'client'
            THEN set_config(name, CASE name WHEN 'lock_timeout' THEN $1 ELSE $2 END, false) ELSE current_setting(name) END
            FROM pg_settings WHERE name IN ('lock_timeout', 'statement_timeout')
            """
        for row in try send(sql, [PostgresSink.defaultLockTimeout, PostgresSink.defaultStatementTimeout]) where row.count == 2 {
            if row[0] == "lock_timeout" { lockTimeout = row[1] } else { statementTimeout = row[1] }
        }
    }

    /// Makes the connection again (with the same parameters) and its session settings; whether it is usable.
    private func reset() -> Bool {
        fl_PQreset(connection)
        guard fl_PQstatus(connection) == CONNECTION_OK else { return false }
        do { try prepareSession() } catch { return false }
        return true
    }

    private func errorMessage() -> String {
        let text = String(cString: fl_PQerrorMessage(connection))
        return ControlCharacters.escaped(text.split(separator: "\n").first.map(String.init) ?? text)
    }

    /// Run one statement with text parameters; rows of text. A connection found broken is re-established first;
    /// one lost during the statement is re-established after it and sets `lostConnection` (the caller decides
    /// whether the statement may run again). At a text that is not UTF-8 (a SQL_ASCII database holds any bytes)
    /// the rows end, before that text's row, and `takeTextProblem` gives what `invalidText` made of the row's first
    /// column and the text's column; without `invalidText`, such a text is read with U+FFFD for each bad byte.
    /// With `skipInvalid` the rows go on: such a row is given empty, its problem kept for `takeSkippedRows`.
    func exec(_ sql: String, _ values: [String], invalidText: ((String, Int) -> SinkError)? = nil,
              skipInvalid: Bool = false) throws(SinkError) -> [[String]] {
        lostConnection = false
        if fl_PQstatus(connection) != CONNECTION_OK {
            guard reset() else {
                lostConnection = false
                throw SinkError(.io, tr("lost the connection to \(label): \(errorMessage())"))
            }
        }
        do {
            return try send(sql, values, invalidText: invalidText, skipInvalid: skipInvalid)
        } catch where lostConnection {
            _ = reset()
            lostConnection = true
            throw error
        }
    }

    /// Run one statement on the connection as it is; how a failure is sorted: `failure(of:)`. `invalidText` makes
    /// the problem of a stored text that is not UTF-8 (row key, column), kept for `takeTextProblem`.
    private func send(_ sql: String, _ values: [String], invalidText: ((String, Int) -> SinkError)? = nil,
                      skipInvalid: Bool = false) throws(SinkError) -> [[String]] {
        textProblem = nil
        skippedRows = [:]
        let cStrings = values.map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        var pointers = cStrings.map { UnsafePointer<CChar>($0) }
        let result = fl_PQexecParams(connection, sql, Int32(values.count), &pointers)
        defer { fl_PQclear(result) }
        let status = fl_PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else { throw failure(of: result) }
        var rows: [[String]] = []
        rowsOfResult: for r in 0..<fl_PQntuples(result) {
            var row: [String] = []
            for c in 0..<fl_PQnfields(result) {
                guard let cell = fl_PQgetvalue(result, r, c) else { row.append(""); continue }
                if let strict = String(validatingCString: cell) {
                    row.append(strict)
                } else if let invalidText {
                    let problem = invalidText(row.first ?? "", Int(c))
                    guard skipInvalid else {
                        textProblem = problem
                        return rows
                    }
                    skippedRows[rows.count] = problem
                    rows.append([])
                    continue rowsOfResult
                } else {
                    row.append(String(cString: cell))
                }
            }
            rows.append(row)
        }
        return rows
    }

    /// The problems of the rows the last `exec(skipInvalid: true)` left out, by their place in its rows; then none.
    func takeSkippedRows() -> [Int: SinkError] {
        defer { skippedRows = [:] }
        return skippedRows
    }

    /// The problem `exec`'s `invalidText` made at the last statement, if it made one; then none.
    func takeTextProblem() -> SinkError? {
        defer { textProblem = nil }
        return textProblem
    }

    /// Why a statement failed, sorted: a unique violation is a conflict; another integrity rule of the table's
    /// (SQLSTATE class 23: a CHECK, a foreign key), a value the column cannot hold (class 22: too long, out of
    /// range) or a trigger's `RAISE EXCEPTION` (P0001: a DBA's rule in PL/pgSQL) refuses the record only; a lock
    /// wait that timed out (55P03), a statement cancelled (57014: statement_timeout) and anything else is the
    /// sink's failure; no SQLSTATE means the connection went (`lostConnection` set).
    private func failure(of result: OpaquePointer?) -> SinkError {
        let state = fl_PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? ""
        lastFailureState = state
        // No SQLSTATE means the client gave up (the server closed the connection), even when libpq has not
        // marked the connection bad yet.
        if state.isEmpty || fl_PQstatus(connection) != CONNECTION_OK { return lost() }
        if state == "23505" { return SinkError(.conflict, errorMessage()) }
        if state.hasPrefix("23") || state.hasPrefix("22") || state == "P0001" { return SinkError(.refused, errorMessage()) }
        if state == "55P03" {
            return SinkError(.io, tr("\(label): another session holds a lock on table \(table) (waited \(lockTimeout)); try again once it is released"))
        }
        if state == "57014" {
            return SinkError(.io, tr("\(label): a statement on table \(table) did not finish within statement_timeout (\(statementTimeout)): a trigger, the server or another session's lock held it (\(errorMessage()))"))
        }
        return SinkError(.io, "\(label): \(errorMessage())")
    }

    /// Runs `sql` (a `COPY … FROM STDIN`) with `data` as its rows, on the connection as it is (inside the batch's
    /// transaction: a lost connection is not made again here). Throws as `exec` does; a refusal also gives the
    /// 1-based line of `data` the server names in its context, when it names one (`COPY entry, line 5`).
    func copy(_ sql: String, _ data: ArraySlice<UInt8>) throws(SinkError) {
        try openCopy(sql)
        try endCopy(open: putCopyData(data))
    }

    /// Starts `sql` (a `COPY … FROM STDIN`): the connection then takes rows (`putCopyData`) until `endCopy`.
    func openCopy(_ sql: String) throws(SinkError) {
        lostConnection = false
        copyFailureLine = nil
        let start = fl_PQexecParams(connection, sql, 0, nil)
        guard fl_PQresultStatus(start) == PGRES_COPY_IN else {
            defer { fl_PQclear(start) }
            throw failure(of: start)
        }
        fl_PQclear(start)
    }

    /// Sends rows into the open COPY; whether it is still open (false: the server ended it, having refused a row,
    /// or the connection went; `endCopy` tells which).
    /// `flush`: all of it now (libpq otherwise holds back what is not a whole 8 kB, and the server reads a row only
    /// once its message is whole).
    func putCopyData(_ data: ArraySlice<UInt8>, flush: Bool = false) -> Bool {
        guard !data.isEmpty else { return true }
        let sent = data.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { fl_PQputCopyData(connection, $0.baseAddress!, Int32($0.count)) }
        } == 1
        return sent && (!flush || fl_PQflush(connection) == 0)
    }

    /// Why the connection is gone (`lostConnection` set), or nil when it is up.
    func connectionLost() -> SinkError? {
        fl_PQstatus(connection) != CONNECTION_OK ? lost() : nil
    }

    /// The failure of a connection that went, or that left the client unable to tell what the server did
    /// (`lostConnection` set: the caller does not run the statement again as if refused).
    private func lost() -> SinkError {
        lostConnection = true
        return SinkError(.io, tr("lost the connection to \(label): \(errorMessage())"))
    }

    /// Ends a COPY that is open, loading nothing (the transaction is rolled back after), and reads its results,
    /// so the connection takes statements again.
    func abandonCopy() {
        while let result = fl_PQgetResult(connection) {
            let copying = fl_PQresultStatus(result) == PGRES_COPY_IN
            fl_PQclear(result)
            if copying, fl_PQputCopyEnd(connection, "abandoned by fieldline") != 1 { return }
        }
    }

    /// Ends the COPY (`open`: as far as the client knows, it still takes rows) and reads how it went: throws as
    /// `exec` does, a refusal with the line the server names (`copyFailureLine`).
    func endCopy(open: Bool) throws(SinkError) {
        lostConnection = false
        let ended = open && fl_PQputCopyEnd(connection, nil) == 1
        if let lost = connectionLost() { throw lost }
        var problem: SinkError?
        while let result = fl_PQgetResult(connection) {
            // Still taking rows: the end was not sent, so the client cannot tell what the server did.
            if fl_PQresultStatus(result) == PGRES_COPY_IN {
                fl_PQclear(result)
                throw lost()
            }
            if problem == nil, fl_PQresultStatus(result) != PGRES_COMMAND_OK {
                problem = failure(of: result)
                // `COPY entry, line 5[, column name: "x"]`: the context's first number after "line".
                if let context = fl_PQresultErrorField(result, Int32(UInt8(ascii: "W"))).map({ Array(String(cString: $0).utf8) }) {
                    let marker = Array(", line ".utf8)
                    if let at = (0...max(0, context.count - marker.count)).first(where: { context[$0...].starts(with: marker) }) {
                        copyFailureLine = Int(String(decoding: context[(at + marker.count)...].prefix { (0x30...0x39).contains($0) }, as: UTF8.self))
                    }
                }
            }
            fl_PQclear(result)
        }
        if let problem { throw problem }
        guard ended else { throw lost() }
    }

    /// The connection string as messages show it: any password replaced by `***`, whether given as
    /// `user:password@` or as a parameter (`isSecret`) in a URL's query or a key=value string.
    public static func withoutPassword(_ conninfo: String) -> String {
        let chars = Array(conninfo)
        guard conninfo.hasPrefix("postgresql://") || conninfo.hasPrefix("postgres://") else {
            return keyValuesWithoutPassword(chars)
        }
        var out = chars
        let start = chars.firstIndex(of: "/")! + 2
        // libpq reads credentials up to the first '@' before any '/': user:password@.
        var authorityEnd = start
        if let at = chars[start...].firstIndex(where: { $0 == "@" || $0 == "/" }), chars[at] == "@" {
            if let colon = chars[start..<at].firstIndex(of: ":") {
                out = Array(chars[...colon]) + Array("***") + Array(chars[at...])
            }
            authorityEnd = out.firstIndex(of: "@")!
        }
        // Query parameters: a key may be percent-encoded (libpq decodes keys too).
        guard let question = out[authorityEnd...].firstIndex(of: "?") else { return String(out) }
        let parameters = out[(question + 1)...].split(separator: "&", omittingEmptySubsequences: false).map { part -> String in
            guard let equals = part.firstIndex(of: "="), isSecret(percentDecoded(String(part[..<equals]))) else { return String(part) }
            return String(part[...equals]) + "***"
        }
        return String(out[...question]) + parameters.joined(separator: "&")
    }

    /// `key=value` pairs (a value quoted in '…' with backslash escapes, or up to the next space) with the value of
    /// `password` replaced, as libpq's conninfo parser reads them.
    private static func keyValuesWithoutPassword(_ chars: [Character]) -> String {
        var out = ""
        var i = 0
        func spaces() { while i < chars.count, chars[i].isWhitespace { out.append(chars[i]); i += 1 } }
        while i < chars.count {
            spaces()
            var key = ""
            while i < chars.count, chars[i] != "=", !chars[i].isWhitespace { key.append(chars[i]); i += 1 }
            out += key
            spaces()
            guard i < chars.count, chars[i] == "=" else { continue }
            out.append("="); i += 1
            spaces()
            var value = ""
            if i < chars.count, chars[i] == "'" {
                value.append("'"); i += 1
                while i < chars.count, chars[i] != "'" {
                    if chars[i] == "\\", i + 1 < chars.count { value.append(chars[i]); i += 1 }
                    value.append(chars[i]); i += 1
                }
                if i < chars.count { value.append("'"); i += 1 }
            } else {
                while i < chars.count, !chars[i].isWhitespace {
                    if chars[i] == "\\", i + 1 < chars.count { value.append(chars[i]); i += 1 }
                    value.append(chars[i]); i += 1
                }
            }
            out += isSecret(key) ? "***" : value
        }
        return out
    }

    /// Whether a connection parameter's value is kept out of messages: any whose name holds `password`
    /// (`password`, `sslpassword`, and whatever libpq adds), and `passfile`, which names where passwords are.
    static func isSecret(_ key: String) -> Bool {
        let key = key.lowercased()
        return key.contains("password") || key == "passfile"
    }

    /// `%XX` sequences decoded (as UTF-8); others kept.
    private static func percentDecoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
               let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
