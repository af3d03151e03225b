import FieldKeymaps
import FieldKit

/// Records as JSON Lines: a file appended one object a line with `fsync` after each, or standard output flushed
/// per record (where the terminal UI stays on /dev/tty).
public struct JSONLinesSink: RecordSink {
    public let label: String
    private let file: AppendOnlyFile?
    private var index: UniqueIndex

    /// Open (or create) a `.jsonl` file, reading the records it already holds.
    public init(path: String) throws(SinkError) {
        let (file, bytes) = try AppendOnlyFile.open(path)
        let whole = bytes.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        if whole < bytes.count { try file.truncate(to: whole) }
        let lines = bytes[0..<whole].split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
        self.file = file
        self.label = path
        index = UniqueIndex()
        for line in lines where !line.isEmpty {
            guard case .success(let pairs) = RecordJSON.parse(line) else {
                throw SinkError(.mismatch, tr("\(path): record \(index.count + 1) is not a JSON object of texts"))
            }
            index.add(pairs.map { ($0.name, $0.text) })
        }
    }

    /// Standard output: no records before this run.
    public static func standardOutput() -> JSONLinesSink { JSONLinesSink(label: tr("standard output")) }

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
        let line = JSONText.render(.object(record.columns.map { ($0.name, .string($0.value)) }))
        if let file {
            try file.append(line)
        } else {
            try StandardOutput.writeLine(line)
        }
        index.add(record.columns)
    }
}

/// Which record holds which value, for `unique` fields, kept as records are read and saved.
struct UniqueIndex {
    private(set) var count = 0
    private var byField: [String: [String: Int]] = [:]

    mutating func add(_ columns: [(String, String)]) {
        count += 1
        for (name, value) in columns where !value.isEmpty && byField[name]?[value] == nil {
            byField[name, default: [:]][value] = count
        }
    }

    func record(where field: String, is value: String) -> Int? { byField[field]?[value] }
}
