import FieldKit
/// Records as an RFC 4180 CSV file: a header row when the file is new, then one row per record, each written whole
/// and synced before it counts as saved. An existing file whose header differs from the form is refused.
public struct CSVSink: RecordSink {
    public let label: String
    private let file: AppendOnlyFile?
    private var index: UniqueIndex

    /// Open (or create) `path` for records with these columns (the form's fields, `saved_at`, `operator`).
    public init(path: String, columns: [String]) throws(SinkError) {
        let (file, bytes) = try AppendOnlyFile.open(path)
        guard let (records, end) = CSVText.records(bytes) else {
            throw SinkError(.mismatch, tr("\(path) is not a CSV file (RFC 4180)"))
        }
        if end < bytes.count { try file.truncate(to: end) }
        if let header = records.first {
            guard header == columns else {
                throw SinkError(.mismatch, tr("\(path) has the columns \(header.joined(separator: ",")), the form \(columns.joined(separator: ","))"))
            }
        } else {
            try file.append(bytes: CSVText.record(columns))
        }
        self.file = file
        self.label = path
        index = UniqueIndex()
        for row in records.dropFirst() { index.add(Array(zip(columns, row))) }
    }

    /// Standard output: the header row, then a row per record, each written as soon as it is saved.
    public static func standardOutput(columns: [String]) throws(SinkError) -> CSVSink {
        try StandardOutput.write(CSVText.record(columns))
        return CSVSink(label: tr("standard output"))
    }

    private init(label: String) {
        self.label = label
        self.file = nil
        self.index = UniqueIndex()
    }

    public func count() -> Int { index.count }

    public func earlierRecord(where field: String, is value: String) -> String? {
        index.record(where: field, is: value).map { tr("record \($0)") }
    }

    public mutating func save(_ record: SavedRecord) throws(SinkError) {
        let row = CSVText.record(record.columns.map(\.value))
        if let file { try file.append(bytes: row) } else { try StandardOutput.write(row) }
        index.add(record.columns)
    }
}
