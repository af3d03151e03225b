import FieldKit

/// Where saved records can be read back from, without writing anything: a JSON Lines or CSV file, a SQLite or a
/// PostgreSQL database, each opened read-only (`RecordFileReader`, `SQLiteRecordReader`, `PostgresRecordReader`).
///
/// A protocol of its own rather than the sinks: a sink's opening creates and upgrades what it writes to, and
/// repairs a file's torn tail; reading must leave the target exactly as it was.
public protocol RecordSource: AnyObject {
    /// What is read, for messages.
    var label: String { get }
    /// Hears each record that cannot be read (cut, not the form's shape, a value not UTF-8), by its number; the
    /// later records are still given. Nil: the first one ends the reading with that error.
    var unreadable: ((SinkError) -> Void)? { get set }
    /// Whether each corrected record comes after its earlier versions (`records --history`): the history table's
    /// rows of it, oldest first, in the same columns and with its `record_id`, which `form --keep-saved` takes back
    /// as its history. A JSON Lines or CSV file keeps no versions.
    var includesHistory: Bool { get set }
    /// Calls `body` with every record whose columns hold each of `conditions` exactly (none: every record), in
    /// saved order, with the columns `RecordSink.records(matching:)` gives (the form's fields, then
    /// `RecordColumns.bookkeeping`), until `body` returns false. Streams: memory stays bounded whatever the size.
    /// A missing target is `.notFound`, one that does not fit the form `.mismatch`, a failed read `.io`.
    func records(matching conditions: [(name: String, value: String)], _ body: (StoredRecord) -> Bool) throws(SinkError)
}
