import FieldKit

/// How an append-only log writes a record: the one thing JSON Lines and CSV differ in when saving (reading back is
/// the log's file format).
public protocol RecordLogWriting {
    /// The record's bytes as the log holds it, its line end included.
    func bytes(of record: SavedRecord) -> [UInt8]
}

/// Records appended to a log: a file, appended with `fsync` after each record (an import's batch: one `write` and
/// one `fsync` for all its records), or standard output, written per record (where the terminal UI stays on
/// /dev/tty). One implementation for every log format: `JSONLinesSink` and `CSVSink` differ only in `Writing`.
///
/// Several processes may append to one file at once: no two records share a value of a `unique` field, checked
/// under the file's lock when saving, and each catches up with what the others appended before it answers.
public struct RecordLogSink<Writing: RecordLogWriting>: RecordSink {
    public let label: String
    private let writing: Writing
    /// The file's records; nil for standard output.
    private let log: RecordLog?
    /// Standard output's records of this run (a file's are in `log`).
    private var index = UniqueIndex()
    /// A file's paradata side file; standard output keeps none.
    private let keyingLog: KeyingLog?

    init(label: String, writing: Writing, log: RecordLog?) {
        self.label = label
        self.writing = writing
        self.log = log
        keyingLog = log.map { KeyingLog(besides: $0.file.path, notice: $0.notice) }
    }

    public func count() throws(SinkError) -> Int { try log?.count() ?? index.count }

    public func earlierRecord(where field: String, is value: String) throws(SinkError) -> String? {
        try (log?.record(where: field, is: value) ?? index.record(where: field, is: value)).map { tr("record \($0)") }
    }

    public func holds(_ values: [(name: String, value: String)], where field: String) throws(SinkError) -> Bool {
        try log?.holds(values, where: field) ?? index.holds(values.map { ($0.name, $0.value) }, where: field)
    }

    /// The last record `operatorName` saved here, column → value.
    public func lastRecord(savedBy operatorName: String) throws(SinkError) -> [String: String]? {
        try log?.lastRecord(savedBy: operatorName) ?? index.lastRecord(savedBy: operatorName)
    }

    public mutating func save(_ record: SavedRecord) throws(SinkError) {
        try save(record, keying: RecordKeying())
    }

    /// A file's record with its paradata in the side file, written first (`KeyingLog`); standard output's alone.
    public mutating func save(_ record: SavedRecord, keying: RecordKeying) throws(SinkError) {
        let bytes = writing.bytes(of: record)
        if let log {
            try log.save(bytes, columns: record.columns) { () throws(SinkError) in
                try keyingLog?.append(keying, recordID: record.recordID)
            }
        } else {
            if let tooLong = RecordLog.refusal(of: bytes, in: label) { throw tooLong }
            try StandardOutput.write(bytes)
            index.add(record.columns)
        }
    }

    /// A file gets the batch in one write and one `fsync`; standard output record by record.
    public mutating func save(batch records: [SavedRecord], progress: ImportProgress?) throws(SinkError) -> [(index: Int, error: SinkError)] {
        guard let log else { return try saveEach(records) }
        return try log.save(batch: records.map { (writing.bytes(of: $0), $0.columns) })
    }
}
