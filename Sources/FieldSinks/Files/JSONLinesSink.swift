import FieldKeymaps
import FieldKit

/// Records as JSON Lines: a file appended one object a line with `fsync` after each (an import's batch: one `write` and
/// one `fsync` for all its records), or standard output flushed
/// per record (where the terminal UI stays on /dev/tty).
public struct JSONLinesSink: RecordSink {
    public let label: String
    private let log: RecordLog?
    /// Standard output's records of this run (a file's are in `log`).
    private var index = UniqueIndex()

    /// Open (or create) a `.jsonl` file, reading the records it already holds. Several processes may append to
    /// one file at once: no two records share a value of a `unique` field, checked under the file's lock when
    /// saving. `notice` hears what the operator should know, such as a last record cut short and moved aside.
    /// With no `unique` field, `earlierRecord` answers for any field unless `lookUpAnyField` is false (a form's
    /// sink, which asks only of its unique fields: an index of every value of a large file costs memory and time).
    public init(path: String, unique: [String] = [], lookUpAnyField: Bool = true,
                notice: @escaping (String) -> Void = { _ in }) throws(SinkError) {
        log = try RecordLog(path: path, format: JSONLinesFormat(path: path), unique: unique, lookUpAnyField: lookUpAnyField,
                            header: nil, notice: notice)
        label = path
    }

    /// Standard output: no records before this run.
    public static func standardOutput() -> JSONLinesSink { JSONLinesSink(label: tr("standard output")) }

    private init(label: String) {
        self.label = label
        self.log = nil
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
        let line = JSONLinesSink.line(record)
        if let log {
            try log.save(line + [0x0A], columns: record.columns)
        } else {
            if let tooLong = RecordLog.refusal(of: line, in: label) { throw tooLong }
            try StandardOutput.writeLine(String(decoding: line, as: UTF8.self))
            index.add(record.columns)
        }
    }

    /// A file gets the batch in one write and one `fsync`; standard output record by record.
    public mutating func save(batch records: [SavedRecord], progress: ImportProgress?) throws(SinkError) -> [(index: Int, error: SinkError)] {
        guard let log else { return try saveEach(records) }
        return try log.save(batch: records.map { record in
            var line = JSONLinesSink.line(record)
            line.append(0x0A)
            return (line, record.columns)
        })
    }

    /// The record as one JSON object (no line end): `JSONText.render` of its columns, written as bytes.
    private static func line(_ record: SavedRecord) -> [UInt8] {
        var line: [UInt8] = []
        line.reserveCapacity(128)
        JSONText.appendObject(record.columns, to: &line)
        return line
    }
}

/// One JSON object a line.
struct JSONLinesFormat: RecordFileFormat {
    let path: String

    func records(_ bytes: ArraySlice<UInt8>, at offset: Int, numbered number: Int) throws(SinkError)
        -> (records: [[(String, String)]], end: Int) {
        let whole = bytes.lastIndex(of: 0x0A).map { $0 + 1 } ?? bytes.startIndex
        var records: [[(String, String)]] = []
        for line in bytes[bytes.startIndex..<whole].split(separator: 0x0A) where !line.isEmpty {
            guard case .success(let pairs) = line.withUnsafeBufferPointer({ RecordJSON.parse(utf8: $0, limit: RecordFileReader.recordLimit) }) else {
                throw SinkError(.mismatch, tr("\(path): record \(number + records.count) is not a JSON object of texts"))
            }
            records.append(pairs.map { ($0.name, $0.text) })
        }
        return (records, whole - bytes.startIndex)
    }

    func completion(of tail: ArraySlice<UInt8>, at offset: Int) -> [UInt8]? {
        // A prefix of a JSON object never parses as one (it lacks its closing brace), so a tail that parses is the
        // whole record and only its newline is missing.
        guard case .success = tail.withUnsafeBufferPointer({ RecordJSON.parse(utf8: $0, limit: RecordFileReader.recordLimit) }) else { return nil }
        return [0x0A]
    }
}
