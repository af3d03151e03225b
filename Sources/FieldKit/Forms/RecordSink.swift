/// Where saved records go: every output, an append-only log (JSON Lines, CSV, standard output) or a database. A
/// record is confirmed to the operator only after `save` returns: by then it is durable.
public protocol RecordSink {
    /// What the sink is, for messages (`visitors.jsonl`, `standard output`).
    var label: String { get }
    /// How many records the sink holds.
    func count() throws(SinkError) -> Int
    /// The record whose `field` holds `value`, named for the operator (`record 3`; in a shared database, when and
    /// by whom it was saved), if one does (for `unique` fields).
    func earlierRecord(where field: String, is value: String) throws(SinkError) -> String?
    /// Store one whole record durably, or nothing of it.
    mutating func save(_ record: SavedRecord) throws(SinkError)
    /// Store one whole record entered at a terminal with its paradata, durably together or neither (a database:
    /// one transaction; a file: its side file first, see docs/forms.md "Paradata"). A sink that keeps no paradata
    /// (standard output, a program's own sink) saves the record alone.
    mutating func save(_ record: SavedRecord, keying: RecordKeying) throws(SinkError)
    /// The last record `operatorName` saved here, column → value (`repeat: true` fields of a resumed session start
    /// with its values), or nil when there is none. Per operator: in a shared database another operator's record is
    /// not this one's "previous".
    func lastRecord(savedBy operatorName: String) throws(SinkError) -> [String: String]?
    /// Stores `records` (after any a database was sent ahead by `send(partOfBatch:)`) as one batch, durable
    /// together when it returns (one transaction, one `fsync`), with `progress` (how far an import of a file got)
    /// in the same transaction where the sink keeps it (a database). The records the store refused (a unique value
    /// already there, a rule of its own) are left out and returned by index with why; the others are saved. A
    /// failure of the sink itself throws, and then nothing of the batch is saved.
    mutating func save(batch records: [SavedRecord], progress: ImportProgress?) throws(SinkError) -> [(index: Int, error: SinkError)]
    /// Whether the saved record whose unique `field` holds its value in `values` holds exactly `values` (the
    /// form's fields): the same record, saved by an earlier run of an import that is being resumed.
    func holds(_ values: [(name: String, value: String)], where field: String) throws(SinkError) -> Bool
}

/// A sink that is a database (SQLite, PostgreSQL): besides saving, it reads records back, corrects them with their
/// history, keeps an import's progress and saves batches on a thread of its own. A class over one connection, so a
/// batch's save may run on another thread while the importing thread checks the next records (and calls nothing
/// else on it until that save returns).
public protocol RecordDatabase: RecordSink, AnyObject {
    /// Calls `body` with every stored record whose columns hold each of `conditions` exactly (none: every record),
    /// in saved order, until `body` returns false. Streams: memory stays bounded whatever the sink holds.
    func records(matching conditions: [(name: String, value: String)], _ body: (StoredRecord) -> Bool) throws(SinkError)
    /// Calls `body` with every stored record whose `field` holds one of `values` (none of them empty), in saved
    /// order, until `body` returns false: the saved records of many corrections read with one query.
    func records(where field: String, isOneOf values: [String], _ body: (StoredRecord) -> Bool) throws(SinkError)
    /// Up to `limit` records with `text` inside one of `fields`' values (the form's fields that are not secret),
    /// letter case ignored, the best `limit` of every record held: ranked as a picker ranks its choices (a whole
    /// value, then a value starting with `text`, then a word starting with it, then `text` anywhere; the newest
    /// first within a rank). The candidates of a search at the terminal.
    func records(containing text: String, in fields: [String], limit: Int) throws(SinkError) -> [StoredRecord]
    /// Replaces the form's values of the record `target` selects with `values` (form order), in one transaction
    /// with a copy of the replaced version, whole, in the history table (`changed_at`, `changed_by`); sets
    /// `edited_at` and `edited_by`, keeps `saved_at`, `operator` and `record_id`. Returns false, writing nothing,
    /// when the values are already the stored ones. Throws `.notFound` when no record is selected, `.changed` when
    /// the record read (`.read`) is no longer as it was read, `.ambiguous` when a field's value selects several
    /// records, `.conflict` when a unique value is another record's, `.refused` for a rule of the database's own.
    func update(_ target: RecordTarget, with values: [(name: String, value: String)], editedAt: String,
                editedBy: String) throws(SinkError) -> Bool
    /// Replaces many records as `update` replaces one, each only while its record still holds every column as it
    /// was read (its `read`), with its history row; together, in one transaction (or savepoint of the batch) and as
    /// few statements as the database allows: the corrections of an import a chunk at a time. Returns, for each,
    /// whether it was applied; one not applied wrote nothing (its record changed or went since it was read). When
    /// the database refuses any of them (a unique value, a rule of its own) none is applied and every one is
    /// returned false: applied one at a time with `update`, each then says why. Each must change a value of its
    /// record, none a unique field's value, and no two the same record. Throws only when the sink itself fails.
    func replace(_ replacements: [RecordReplacement], editedBy: String) throws(SinkError) -> [Bool]
    /// Starts a batch: the saves and updates until `commitBatch` become durable together (one transaction), and a
    /// refused one is rolled back alone. For imports, which confirm nothing until they report.
    func beginBatch() throws(SinkError)
    /// Makes the batch's saves and updates durable.
    func commitBatch() throws(SinkError)
    /// At the end of an import's or a correction run's batches: what the database deferred for the run's sake
    /// (SQLite: copying its WAL into the database file) is done.
    func finishBulkRun() throws(SinkError)
    /// How many corrections of an import, at most, and how many seconds of them one transaction holds: another
    /// writer waits for the database (or its records) that long at most.
    var correctionBatchLimits: (records: Int, seconds: Double) { get }
    /// How many corrections, at most, have their saved records read with one query and are applied together (a
    /// chunk): the database updates a chunk's rows in the table's order.
    var correctionChunk: Int { get }
    /// How many records, at most, and how many seconds of them one batch of an import holds when the batch is saved
    /// at its end (one transaction): another writer waits for the database that long at most.
    var importBatchLimits: (records: Int, seconds: Double) { get }
    /// How far an earlier import of `source` into this database got, as `save(batch:progress:)` kept it.
    func importProgress(of source: String) throws(SinkError) -> ImportProgress?
    /// Whether `send(partOfBatch:)` starts saving rows before their batch's `save(batch:progress:)` (PostgreSQL:
    /// the server writes them while the import checks the next ones).
    var streamsBatches: Bool { get }
    /// The next records of the batch whose `save(batch:progress:)` follows: sent ahead, nothing of them durable
    /// before that save, which gets the batch's records after them and counts the refused ones' indices from the
    /// first record sent. Throws only when the sink itself fails (a lost connection); a record the store refuses
    /// is found and reported by the save.
    func send(partOfBatch records: [SavedRecord]) throws(SinkError)
    /// Which of `values` column `field` of another form's table `table` holds, with one query, given up after
    /// `timeout` seconds (a lock held, a slow server): `exists:` and `not_exists:`. A table or column the
    /// database does not have is `.mismatch`.
    func savedValues(_ values: [String], in table: String, field: String, timeout: Double) throws(SinkError) -> SavedValueAnswer
}

/// How far an import of one input file got: `records` of its records (valid or not) were dealt with once the batch
/// that carries this is durable. Kept per form table and input, so `--resume` starts after them, once it has found
/// the same first records in the input (`fingerprint`).
public struct ImportProgress: Sendable, Equatable {
    /// The input file, as an absolute path.
    public var source: String
    /// How many of its records are dealt with.
    public var records: Int
    /// The FNV-1a hash of those records as read (`FNV1a.hex`); nil in a row an older fieldline kept.
    public var fingerprint: String?

    /// The progress of `source`.
    public init(source: String, records: Int, fingerprint: String?) {
        self.source = source
        self.records = records
        self.fingerprint = fingerprint
    }
}

extension RecordSink {
    /// The database this sink is, or nil for an append-only log: what only a database does (corrections, searches,
    /// resumable imports, batches saved in the background) is asked of it.
    public var database: (any RecordDatabase)? { self as? any RecordDatabase }
    /// Whether saved records can be corrected here (a database) rather than only appended (a log).
    public var updatesRecords: Bool { database != nil }
    /// The record alone: a sink of its own keeps no paradata unless it says how.
    public mutating func save(_ record: SavedRecord, keying: RecordKeying) throws(SinkError) { try save(record) }
    /// A sink that cannot tell has no previous record: repeat fields start with their defaults.
    public func lastRecord(savedBy operatorName: String) throws(SinkError) -> [String: String]? { nil }
    /// Record by record by default (standard output: each written as it comes), the refused ones left out.
    public mutating func save(batch records: [SavedRecord], progress: ImportProgress?) throws(SinkError) -> [(index: Int, error: SinkError)] {
        try saveEach(records)
    }
    /// Saves `records` one `save` each, the refused ones left out and returned by index: the default batch, and a
    /// file sink's batch when it writes to standard output.
    public mutating func saveEach(_ records: [SavedRecord]) throws(SinkError) -> [(index: Int, error: SinkError)] {
        var refused: [(index: Int, error: SinkError)] = []
        for (index, record) in records.enumerated() {
            do { try save(record) } catch where error.kind == .conflict || error.kind == .refused {
                refused.append((index, error))
            }
        }
        return refused
    }
    /// A sink that cannot be read back cannot tell.
    public func holds(_ values: [(name: String, value: String)], where field: String) throws(SinkError) -> Bool { false }
    /// Why `label` cannot correct saved records: it is an append-only log.
    public var appendOnlyRefusal: SinkError {
        SinkError(.unsupported, tr("\(label) is an append-only log: saved records are corrected in a SQLite or PostgreSQL database"))
    }
}

extension RecordDatabase {
    /// A batch is saved whole at its end by default.
    public var streamsBatches: Bool { false }
    /// Nothing is sent ahead by default: the batch's save gets every record.
    public func send(partOfBatch records: [SavedRecord]) throws(SinkError) {}
    /// Nothing is deferred by default.
    public func finishBulkRun() throws(SinkError) {}
    /// 10,000 corrections or a quarter of a second a transaction.
    public var correctionBatchLimits: (records: Int, seconds: Double) { (10_000, 0.25) }
    /// 1,000 corrections a chunk.
    public var correctionChunk: Int { 1_000 }
    /// 10,000 records or a quarter of a second a batch.
    public var importBatchLimits: (records: Int, seconds: Double) { (10_000, 0.25) }
    /// A database that cannot look in another form's table says so (a program's own database).
    public func savedValues(_ values: [String], in table: String, field: String, timeout: Double) throws(SinkError) -> SavedValueAnswer {
        throw SinkError(.unsupported, tr("\(label) cannot look up another form's table (exists:, not_exists:)"))
    }
}

/// Which saved record an update replaces.
public enum RecordTarget: Sendable {
    /// The record as it was read back: found by its `record_id` (by the sink's key when it has none), and replaced
    /// only while it still holds every column as read. An optimistic check: a record changed or removed since it
    /// was read is never overwritten, nor another record that took its place.
    case read(StoredRecord)
    /// The record whose `unique` field `field` holds `value` (several such records: `.ambiguous`).
    case field(String, value: String)

    /// What is said when no saved record is the target: `no saved record with idcard 1101…`.
    public var notFoundMessage: String {
        switch self {
        case .read: return tr("the record is no longer saved (removed since it was read): nothing saved")
        case .field(let field, let value): return tr("no saved record with \(field) \(ControlCharacters.escaped(value))")
        }
    }
}

/// One record's replacement in `RecordDatabase.replace(_:editedBy:)`: the record as it was read, its new values
/// (the form's fields, in form order) and when it is corrected (its `edited_at`, and its old version's `changed_at`).
public struct RecordReplacement: Sendable {
    /// The record as read back, every column: it is replaced only while it still holds them.
    public var read: StoredRecord
    /// The form's values replacing its fields', in form order.
    public var values: [String]
    /// When it is corrected (ISO 8601 UTC).
    public var editedAt: String

    /// A replacement of `read` by `values`, at `editedAt`.
    public init(read: StoredRecord, values: [String], editedAt: String) {
        self.read = read
        self.values = values
        self.editedAt = editedAt
    }
}

/// The columns every record has besides the form's fields, in read order after them: when and by whom it was
/// saved, when and by whom it was last corrected (empty until it is), and its stable id.
public enum RecordColumns {
    /// When the record was first saved (UTC).
    public static let savedAt = "saved_at"
    /// Who first saved it (a login name).
    public static let operatorName = "operator"
    /// When it was last corrected (empty until it is).
    public static let editedAt = "edited_at"
    /// Who last corrected it.
    public static let editedBy = "edited_by"
    /// The record's stable id, written when it is first saved and kept by every correction and copy.
    public static let recordID = "record_id"
    /// `saved_at`, `operator`, `edited_at`, `edited_by`, `record_id`.
    public static let bookkeeping = [savedAt, operatorName, editedAt, editedBy, recordID]
    /// The columns a correction sets: `edited_at`, `edited_by`.
    public static let corrected = [editedAt, editedBy]
    /// What the history table adds to a replaced version: when it was replaced and by whom.
    public static let history = ["changed_at", "changed_by"]
    /// The warnings a record was saved over, with the reason given for each: a JSON object, warning name → reason
    /// (`{"parcels":"a removal: 60 boxes"}`), empty when none. Only a form with a warning rule has it, after its
    /// fields. Who gave the reasons is who saved that version: `operator`, or `edited_by` once corrected.
    public static let warnings = "warnings"
    /// The columns of a form's paradata table (`FORM_keying`) and side file: the record's id, the field, then
    /// `FieldKeying.columns`.
    public static let keying = [recordID, "field"] + FieldKeying.columns
    /// PostgreSQL's key column of a form's table (SQLite's rowid plays its part), which the history table keeps.
    public static let tableKey = "fieldline_id"
}

/// One record as a sink holds it: every column in stored order, and the sink's key for it.
public struct StoredRecord: Sendable {
    /// The sink's own key (a database's row id; a file's record number), for `RecordTarget.key`.
    public var key: Int64
    /// The form's fields, then `RecordColumns.bookkeeping`.
    public var columns: [(name: String, value: String)]

    /// A record read back.
    public init(key: Int64, columns: [(name: String, value: String)]) {
        self.key = key
        self.columns = columns
    }

    /// The value of column `name`, or nil when the record has no such column.
    public func value(of name: String) -> String? { columns.first { $0.name == name }?.value }
}

/// One record as stored: the form's values in order, when it was saved, by whom, and its stable id.
public struct SavedRecord: Sendable, Equatable {
    /// Field name → value, in form order.
    public var values: [(name: String, value: String)]
    /// When it was saved, as ISO 8601 UTC (`2026-11-22T16:50:01Z`).
    public var savedAt: String
    /// The operator's login name.
    public var operatorName: String
    /// The record's stable id (`RecordID`), the same in every output it is copied to.
    public var recordID: String
    /// When it was last corrected: empty for a new record; set for a corrected one copied from another output
    /// (`--keep-saved`), which only a database keeps.
    public var editedAt: String
    /// Who corrected it last (empty with `editedAt`).
    public var editedBy: String

    /// A record to store, with a new id unless it has one.
    public init(values: [(name: String, value: String)], savedAt: String, operatorName: String,
                recordID: String = RecordID.next(), editedAt: String = "", editedBy: String = "") {
        self.values = values
        self.savedAt = savedAt
        self.operatorName = operatorName
        self.recordID = recordID
        self.editedAt = editedAt
        self.editedBy = editedBy
    }

    /// The columns a database stores: the form's fields, then every bookkeeping column (`RecordColumns.bookkeeping`).
    public var storedColumns: [(name: String, value: String)] {
        values + [(RecordColumns.savedAt, savedAt), (RecordColumns.operatorName, operatorName),
                  (RecordColumns.editedAt, editedAt), (RecordColumns.editedBy, editedBy), (RecordColumns.recordID, recordID)]
    }

    /// The stored columns: the form's fields, then `saved_at`, `operator` and `record_id`.
    public var columns: [(name: String, value: String)] {
        values + [(RecordColumns.savedAt, savedAt), (RecordColumns.operatorName, operatorName), (RecordColumns.recordID, recordID)]
    }

    public static func == (a: SavedRecord, b: SavedRecord) -> Bool {
        a.storedColumns.map(\.name) == b.storedColumns.map(\.name) && a.storedColumns.map(\.value) == b.storedColumns.map(\.value)
    }
}

/// Why a sink could not do what was asked.
public struct SinkError: Error, Sendable, Equatable {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// The existing data does not fit the form (a CSV header with other columns): nothing is written.
        case mismatch
        /// Reading or writing failed (disk full, permissions, a lost connection).
        case io
        /// The store refused the record because a `unique` value is already there (another operator's record
        /// saved a moment earlier): the record is not saved and stays with the operator.
        case conflict
        /// The store refused this one record for a rule of its own (a CHECK constraint a DBA added, a value the
        /// column cannot hold): the record is not saved and stays with the operator; the sink is still usable, so
        /// an import goes on with the next record.
        case refused
        /// No saved record is the one asked for (an update of a record that is not there).
        case notFound
        /// The record read for a correction changed (or was removed) since it was read: nothing was written.
        case changed
        /// A correction's key selects more than one saved record: nothing was written.
        case ambiguous
        /// The sink cannot do this at all (reading back standard output, correcting an append-only log).
        case unsupported
    }
    /// Which kind of failure.
    public let kind: Kind
    /// One line saying what happened.
    public let message: String

    /// A failure of a kind.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}
