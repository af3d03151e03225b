import FieldKeymaps
import FieldKit

/// Records as JSON Lines: one JSON object of texts a line (`RecordLogSink`).
public typealias JSONLinesSink = RecordLogSink<JSONLinesWriting>

/// A record as one JSON object and a line feed.
public struct JSONLinesWriting: RecordLogWriting {
    /// `JSONText`'s object of the record's columns, then `\n`.
    public func bytes(of record: SavedRecord) -> [UInt8] {
        var line: [UInt8] = []
        line.reserveCapacity(128)
        JSONText.appendObject(record.columns, to: &line)
        line.append(0x0A)
        return line
    }
}

extension RecordLogSink where Writing == JSONLinesWriting {
    /// Open (or create) a `.jsonl` file, reading the records it already holds. `notice` hears what the operator
    /// should know, such as a last record cut short and moved aside. With no `unique` field, `earlierRecord`
    /// answers for any field unless `lookUpAnyField` is false (a form's sink, which asks only of its unique fields:
    /// an index of every value of a large file costs memory and time).
    public init(path: String, unique: [String] = [], lookUpAnyField: Bool = true,
                notice: @escaping (String) -> Void = { _ in }) throws(SinkError) {
        self.init(label: path, writing: JSONLinesWriting(),
                  log: try RecordLog(path: path, format: JSONLinesFormat(path: path), unique: unique,
                                     lookUpAnyField: lookUpAnyField, header: nil, notice: notice))
    }

    /// Standard output: no records before this run.
    public static func standardOutput() -> JSONLinesSink {
        JSONLinesSink(label: tr("standard output"), writing: JSONLinesWriting(), log: nil)
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
