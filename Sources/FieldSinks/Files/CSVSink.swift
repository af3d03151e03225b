import FieldKit
/// Records as an RFC 4180 CSV file: a header row when the file is new, then one row per record, each written whole
/// and synced before it counts as saved. An existing file whose header differs from the form is refused, but for a
/// file written before record ids (its header without the last column, `record_id`), which goes on in its shape.
public struct CSVSink: RecordSink {
    public let label: String
    private let log: RecordLog?
    /// The columns of the file's rows: the sink's, or an older file's without `record_id`.
    private let shape: CSVShape
    /// Standard output's records of this run (a file's are in `log`).
    private var index = UniqueIndex()

    /// Open (or create) `path` for records with these columns (the form's fields, `saved_at`, `operator`). Several
    /// processes may append to one file at once: no two records share a value of a `unique` field, checked under
    /// the file's lock when saving. `notice` hears what the operator should know, such as a last record cut short
    /// and moved aside. `lookUpAnyField` as for `JSONLinesSink`.
    public init(path: String, columns: [String], unique: [String] = [], lookUpAnyField: Bool = true,
                notice: @escaping (String) -> Void = { _ in }) throws(SinkError) {
        let shape = CSVShape(columns: columns)
        log = try RecordLog(path: path, format: CSVFormat(path: path, shape: shape), unique: unique,
                            lookUpAnyField: lookUpAnyField, header: CSVText.record(columns), notice: notice)
        label = path
        self.shape = shape
    }

    /// Standard output: the header row, then a row per record, each written as soon as it is saved.
    public static func standardOutput(columns: [String]) throws(SinkError) -> CSVSink {
        try StandardOutput.write(CSVText.record(columns))
        return CSVSink(label: tr("standard output"))
    }

    private init(label: String) {
        self.label = label
        self.log = nil
        shape = CSVShape(columns: [])
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
        let row = shape.row(record)
        if let log {
            try log.save(row, columns: record.columns)
        } else {
            if let tooLong = RecordLog.refusal(of: row, in: label) { throw tooLong }
            try StandardOutput.write(row)
            index.add(record.columns)
        }
    }

    /// A file gets the batch in one write and one `fsync`; standard output record by record.
    public mutating func save(batch records: [SavedRecord], progress: ImportProgress?) throws(SinkError) -> [(index: Int, error: SinkError)] {
        guard let log else { return try saveEach(records) }
        return try log.save(batch: records.map { (shape.row($0), $0.columns) })
    }
}

/// The columns of a CSV file's rows, as its header says: decided when the file is read (a class, so the format
/// that reads the header and the sink that writes rows share it).
final class CSVShape {
    /// The columns the sink writes for a new file.
    let columns: [String]
    /// Whether the file's header lacks the last of `columns`, `record_id` (a file written before record ids).
    private(set) var withoutRecordID = false

    init(columns: [String]) { self.columns = columns }

    /// The header's columns this file has.
    var header: [String] { withoutRecordID ? Array(columns.dropLast()) : columns }

    /// Takes `header` as the file's, when it is the older shape; false when it is neither shape.
    func adopt(_ header: [String]) -> Bool {
        if header == columns { return true }
        guard columns.last == RecordColumns.recordID, header == Array(columns.dropLast()) else { return false }
        withoutRecordID = true
        return true
    }

    /// Whether a row found without its line end (a crash cut it) can be whole: a cut in the last value leaves a row
    /// that still parses, so when that value is a record id (fieldline always writes one whole) it must be one.
    static func lastValueIsWhole(_ row: [String], columns: [String]) -> Bool {
        guard columns.last == RecordColumns.recordID, let last = row.last else { return true }
        return RecordID.isValid(last)
    }

    /// The record's CSV row in the file's shape.
    func row(_ record: SavedRecord) -> [UInt8] {
        let values = record.columns.map(\.value)
        return CSVText.record(withoutRecordID ? Array(values.dropLast()) : values)
    }
}

/// A header row naming `columns`, then one row per record.
struct CSVFormat: RecordFileFormat {
    let path: String
    let shape: CSVShape
    /// The columns of the file's rows.
    var columns: [String] { shape.header }

    func records(_ bytes: ArraySlice<UInt8>, at offset: Int, numbered number: Int) throws(SinkError)
        -> (records: [[(String, String)]], end: Int) {
        guard let (rows, end) = CSVText.records(Array(bytes)) else {
            throw SinkError(.mismatch, tr("\(path) is not a CSV file (RFC 4180)"))
        }
        var body = rows[...]
        if offset == 0, let header = body.popFirst() { try check(header) }
        return (body.map { Array(zip(columns, $0)) }, end)
    }

    func completion(of tail: ArraySlice<UInt8>, at offset: Int) throws(SinkError) -> [UInt8]? {
        let ending: [UInt8] = tail.last == 0x0D ? [0x0A] : [0x0D, 0x0A]
        let ended = Array(tail) + ending
        // The file's only line is this form's header (either shape) without its line end, or its header cut short by
        // a crash while it was written.
        if offset == 0, let (rows, end) = CSVText.records(ended), rows.count == 1, end == ended.count, shape.adopt(rows[0]) {
            return ending
        }
        if offset == 0 && CSVText.record(columns).starts(with: tail) { return ended == CSVText.record(columns) ? ending : nil }
        // Whole: one record taking every byte (an open quote takes the CRLF in and ends no record), valid UTF-8.
        guard String(validating: tail, as: UTF8.self) != nil, let (rows, end) = CSVText.records(ended),
              rows.count == 1, end == ended.count else { return nil }
        if offset == 0 {
            // The file's only line is another header: refused, as a whole one is, not cut.
            try check(rows[0])
            return ending
        }
        return rows[0].count == columns.count && CSVShape.lastValueIsWhole(rows[0], columns: shape.header) ? ending : nil
    }

    private func check(_ header: [String]) throws(SinkError) {
        guard shape.adopt(header) else {
            throw SinkError(.mismatch, tr("\(path) has the columns \(header.joined(separator: ",")), the form \(columns.joined(separator: ","))"))
        }
    }
}
