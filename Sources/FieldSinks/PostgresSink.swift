import CLibPQLoader
import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// Records in a shared PostgreSQL database (through Debian's libpq): the same table shape as SQLite, created if
/// missing, one transaction per record, UNIQUE indexes enforced by the server, so two operators entering the same
/// ID card at the same moment get one saved record and one refusal. A connection lost during a save is re-made
/// once; the record is then looked for (its INSERT may have committed before the answer was lost) and inserted only
/// if it is not there. Failing that the save fails and the record stays with the operator.
public final class PostgresSink: RecordSink {
    public let label: String
    private let url: String
    private var connection: OpaquePointer?
    private let table: String
    private let columns: [String]
    /// A record whose INSERT went out on a connection that was lost before the answer came: it may be stored.
    private var uncertain: SavedRecord?
    /// The last statement failed because the connection was lost (not because the server refused it).
    private var lostConnection = false

    /// Connect to `url` (`postgres://…` or `postgresql://…`) and make the form's table ready.
    public init(url: String, form: FormSpec) throws(SinkError) {
        self.url = url
        label = PostgresSink.withoutPassword(url)
        table = form.name
        columns = form.fields.map(\.name) + ["saved_at", "operator"]
        try connect()
        // Several operators may start at once: one of them creates the table and indexes, the others wait.
        let lock = "SELECT pg_advisory_lock(hashtext('fieldline:' || $1))"
        _ = try exec(lock, [table])
        defer { _ = try? exec("SELECT pg_advisory_unlock(hashtext('fieldline:' || $1))", [table]) }
        let columnList = columns.map { "\"\($0)\" text NOT NULL" }.joined(separator: ", ")
        _ = try exec("CREATE TABLE IF NOT EXISTS \"\(table)\" (\(columnList))", [])
        let existing = try exec("SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position", [table])
        guard existing.map({ $0.first ?? "" }) == columns else {
            throw SinkError(.mismatch, tr("\(label): table \(table) has the columns \(existing.map { $0.first ?? "" }.joined(separator: ",")), the form \(columns.joined(separator: ","))"))
        }
        for field in form.fields where field.unique {
            _ = try exec("CREATE UNIQUE INDEX IF NOT EXISTS \"\(table)_\(field.name)_unique\" ON \"\(table)\" (\"\(field.name)\") WHERE \"\(field.name)\" <> ''", [])
        }
    }

    deinit { fl_PQfinish(connection) }

    public func count() throws(SinkError) -> Int {
        Int(try exec("SELECT count(*) FROM \"\(table)\"", []).first?.first ?? "0") ?? 0
    }

    public func earlierRecord(where field: String, is value: String) throws(SinkError) -> String? {
        guard columns.contains(field) else { return nil }
        let rows = try exec("SELECT saved_at, operator FROM \"\(table)\" WHERE \"\(field)\" = $1 LIMIT 1", [value])
        guard let row = rows.first, row.count == 2 else { return nil }
        return tr("the record saved \(row[0]) by \(ControlCharacters.escaped(row[1]))")
    }

    public func save(_ record: SavedRecord) throws(SinkError) {
        // The operator confirms a record again after "not saved": if the attempt whose answer was lost did commit,
        // the record is saved already.
        if let earlier = uncertain, earlier.values.map(\.value) == record.values.map(\.value), try stored(earlier) {
            uncertain = nil
            return
        }
        uncertain = nil
        let values = record.columns.map(\.value)
        let placeholders = (1...values.count).map { "$\($0)" }.joined(separator: ", ")
        let insert = "INSERT INTO \"\(table)\" VALUES (\(placeholders))"
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
        let condition = columns.enumerated().map { "\"\($1)\" = $\($0 + 1)" }.joined(separator: " AND ")
        return !(try exec("SELECT 1 FROM \"\(table)\" WHERE \(condition) LIMIT 1", record.columns.map(\.value))).isEmpty
    }

    // MARK: - libpq

    private func connect() throws(SinkError) {
        var why = [CChar](repeating: 0, count: 256)
        guard fl_pq_load(&why, UInt(why.count)) == 0 else {
            throw SinkError(.io, String(decoding: why.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        fl_PQfinish(connection)
        connection = fl_PQconnectdb(url)
        guard fl_PQstatus(connection) == CONNECTION_OK else {
            throw SinkError(.io, tr("cannot connect to \(label): \(errorMessage())"))
        }
        // The server's notices ("relation … already exists, skipping") are not the operator's business.
        fl_PQquietNotices(connection)
    }

    private func errorMessage() -> String {
        let text = fl_PQerrorMessage(connection).map { String(cString: $0) } ?? tr("no connection")
        return ControlCharacters.escaped(text.split(separator: "\n").first.map(String.init) ?? text)
    }

    /// Run one statement with text parameters; rows of text. A unique violation is a conflict. A connection found
    /// broken is re-established first; one lost during the statement sets `lostConnection` (the caller decides
    /// whether the statement may run again).
    private func exec(_ sql: String, _ values: [String]) throws(SinkError) -> [[String]] {
        lostConnection = false
        if fl_PQstatus(connection) != CONNECTION_OK {
            fl_PQreset(connection)
            guard fl_PQstatus(connection) == CONNECTION_OK else { throw SinkError(.io, tr("lost the connection to \(label): \(errorMessage())")) }
        }
        let cStrings = values.map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        var pointers = cStrings.map { UnsafePointer<CChar>($0) }
        let result = fl_PQexecParams(connection, sql, Int32(values.count), &pointers)
        defer { fl_PQclear(result) }
        let status = fl_PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            let state = fl_PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? ""
            if state == "23505" { throw SinkError(.conflict, errorMessage()) }
            // No SQLSTATE means the client gave up (the server closed the connection), even when libpq has not
            // marked the connection bad yet.
            if state.isEmpty || fl_PQstatus(connection) != CONNECTION_OK {
                let why = errorMessage()
                fl_PQreset(connection)
                lostConnection = true
                throw SinkError(.io, tr("lost the connection to \(label): \(why)"))
            }
            throw SinkError(.io, "\(label): \(errorMessage())")
        }
        var rows: [[String]] = []
        for r in 0..<fl_PQntuples(result) {
            rows.append((0..<fl_PQnfields(result)).map { c in fl_PQgetvalue(result, r, c).map { String(cString: $0) } ?? "" })
        }
        return rows
    }

    /// The URL as messages show it: any password taken out.
    static func withoutPassword(_ url: String) -> String {
        let chars = Array(url)
        // scheme://user:password@host…: the password lies between the first ':' after "//" and the '@'.
        guard let slashes = (0..<max(chars.count - 1, 0)).first(where: { chars[$0] == "/" && chars[$0 + 1] == "/" }),
              let at = chars[(slashes + 2)...].firstIndex(of: "@"),
              let colon = chars[(slashes + 2)..<at].firstIndex(of: ":") else { return url }
        return String(chars[...colon]) + "***" + String(chars[at...])
    }
}
