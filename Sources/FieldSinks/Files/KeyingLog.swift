import FieldKeymaps
import FieldKit

/// The paradata of a JSON Lines or CSV output, in a side file beside it (`visitors.csv` → `visitors.csv.keying.jsonl`):
/// a JSON object of texts a line per field asked of each record entered at a terminal (`RecordColumns.keying`).
///
/// A record's lines are appended with one `write` and made durable with `fsync` before the record itself is
/// appended, both under the records file's lock, so a kill -9 at any moment leaves either both, or paradata whose
/// record is not in the records file (read as none: nothing reads paradata without its record), or a side file
/// ending inside a line, which the next save cuts (kept in `.torn`) before it appends. A record is never without its
/// paradata. The file is made on the first record entered at a terminal: an import writes none.
final class KeyingLog {
    /// The side file's path for the records file at `path`.
    static func path(besides path: String) -> String { path + ".keying.jsonl" }

    let path: String
    private var file: AppendOnlyFile?
    private let notice: (String) -> Void

    /// The side file of the records file at `recordsPath`, opened when first written.
    init(besides recordsPath: String, notice: @escaping (String) -> Void) {
        path = Self.path(besides: recordsPath)
        self.notice = notice
    }

    /// Appends the paradata of record `recordID` durably, after cutting a line a crash left unfinished.
    func append(_ keying: RecordKeying, recordID: String) throws(SinkError) {
        guard !keying.isEmpty else { return }
        let file: AppendOnlyFile
        if let opened = self.file { file = opened } else { file = try AppendOnlyFile.open(path) }
        self.file = file
        try file.locked { () throws(SinkError) in
            let (size, end) = try file.lastLineEnd()
            if end < size { notice(try file.cut(try file.read(from: end)[...], at: end)) }
            try file.append(bytes: Self.lines(keying, recordID: recordID))
        }
    }

    /// The record's paradata lines, each a JSON object of texts ended by `\n`.
    static func lines(_ keying: RecordKeying, recordID: String) -> [UInt8] {
        var bytes: [UInt8] = []
        for field in keying.fields {
            let row = RecordTables.keyingRow(recordID: recordID, field: field.name, field.keying)
            JSONText.appendObject(Array(zip(RecordColumns.keying, row)).map { (name: $0.0, value: $0.1) }, to: &bytes)
            bytes.append(0x0A)
        }
        return bytes
    }
}
