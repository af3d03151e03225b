import FieldKeymaps
import FieldKit
#if canImport(Glibc)
import Glibc
#endif

extension RecordFileReader: KeyingSource {
    /// The side file's paradata (`KeyingLog`) with the records of this file: the records are read first (their id,
    /// operator, time and warnings kept by id), then the side file line by line. A line that is not a whole row (a
    /// crash cut it) and a row whose record is not in the file are left out, as the next save would leave them.
    public func keyingRows(_ body: (KeyingRow) -> Bool) throws(SinkError) {
        let path = KeyingLog.path(besides: label)
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            if errno == ENOENT { return }
            throw SinkError(.notFound, tr("cannot read \(path): \(String(cString: strerror(errno)))"))
        }
        defer { close(fd) }
        var records: [String: (operatorName: String, savedAt: String, warnings: String)] = [:]
        try self.records(matching: []) { record in
            if let id = record.value(of: RecordColumns.recordID), !id.isEmpty {
                records[id] = (record.value(of: RecordColumns.operatorName) ?? "", record.value(of: RecordColumns.savedAt) ?? "",
                               record.value(of: RecordColumns.warnings) ?? "")
            }
            return true
        }
        var going = true
        func line(_ bytes: ArraySlice<UInt8>) {
            guard going, case .success(let pairs) = bytes.withUnsafeBufferPointer({ RecordJSON.parse(utf8: $0, limit: RecordFileReader.recordLimit) })
            else { return }
            let values = Dictionary(pairs.map { ($0.name, $0.text) }, uniquingKeysWith: { a, _ in a })
            guard let id = values[RecordColumns.recordID], let field = values["field"], let record = records[id],
                  let keying = FieldKeying(figures: FieldKeying.columns.compactMap { values[$0].flatMap { Int($0) } }) else { return }
            going = body(KeyingRow(recordID: id, field: field, keying: keying, operatorName: record.operatorName,
                                   savedAt: record.savedAt, warnings: record.warnings))
        }
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while going {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw SinkError(.io, tr("cannot read \(path): \(String(cString: strerror(errno)))"))
            }
            if n == 0 { break }
            pending.append(contentsOf: chunk[0..<n])
            guard let last = pending.lastIndex(of: 0x0A) else { continue }
            for part in pending[..<last].split(separator: 0x0A) { line(part) }
            pending.removeSubrange(...last)
        }
        // What follows the last line end was cut by a crash: never a whole row of a saved record.
    }
}
