/// Where saved records go. A record is confirmed to the operator only after `save` returns: by then it is durable.
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
    /// The last record `operatorName` saved here, column → value (`repeat: true` fields of a resumed session start
    /// with its values), or nil when there is none. Per operator: in a shared database another operator's record is
    /// not this one's "previous".
    func lastRecord(savedBy operatorName: String) throws(SinkError) -> [String: String]?
}

extension RecordSink {
    /// A sink that cannot tell has no previous record: repeat fields start with their defaults.
    public func lastRecord(savedBy operatorName: String) throws(SinkError) -> [String: String]? { nil }
}

/// One record as stored: the form's values in order, when it was saved, and by whom.
public struct SavedRecord: Sendable, Equatable {
    /// Field name → value, in form order.
    public var values: [(name: String, value: String)]
    /// When it was saved, as ISO 8601 UTC (`2026-11-22T16:50:01Z`).
    public var savedAt: String
    /// The operator's login name.
    public var operatorName: String

    /// A record to store.
    public init(values: [(name: String, value: String)], savedAt: String, operatorName: String) {
        self.values = values
        self.savedAt = savedAt
        self.operatorName = operatorName
    }

    /// The stored columns: the form's fields, then `saved_at` and `operator`.
    public var columns: [(name: String, value: String)] {
        values + [("saved_at", savedAt), ("operator", operatorName)]
    }

    public static func == (a: SavedRecord, b: SavedRecord) -> Bool {
        a.columns.map(\.name) == b.columns.map(\.name) && a.columns.map(\.value) == b.columns.map(\.value)
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
