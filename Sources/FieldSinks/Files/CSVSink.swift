import FieldKit

/// Records as an RFC 4180 CSV file: a header row when the file is new, then one row per record (`RecordLogSink`). An
/// existing file whose header differs from the form is refused, but for a file written before record ids (its header
/// without the last column, `record_id`), which goes on in its shape.
public typealias CSVSink = RecordLogSink<CSVWriting>

/// A record as a CSV row in the file's shape, CRLF included.
public struct CSVWriting: RecordLogWriting {
    /// The columns of the file's rows: the sink's, or an older file's without `record_id`.
    let shape: CSVShape

    /// The row.
    public func bytes(of record: SavedRecord) -> [UInt8] { shape.row(record) }
}

extension RecordLogSink where Writing == CSVWriting {
    /// Open (or create) `path` for records with these columns (the form's fields, then the bookkeeping columns a
    /// log keeps). `notice` and `lookUpAnyField` as for `JSONLinesSink`.
    public init(path: String, columns: [String], unique: [String] = [], lookUpAnyField: Bool = true,
                notice: @escaping (String) -> Void = { _ in }) throws(SinkError) {
        let shape = CSVShape(columns: columns)
        self.init(label: path, writing: CSVWriting(shape: shape),
                  log: try RecordLog(path: path, format: CSVFormat(path: path, shape: shape), unique: unique,
                                     lookUpAnyField: lookUpAnyField, header: CSVText.record(columns), notice: notice))
    }

    /// Standard output: the header row, then a row per record, each written as soon as it is saved.
    public static func standardOutput(columns: [String]) throws(SinkError) -> CSVSink {
        try StandardOutput.write(CSVText.record(columns))
        return CSVSink(label: tr("standard output"), writing: CSVWriting(shape: CSVShape(columns: columns)), log: nil)
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
