import FieldKeymaps
import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// A form's records read from a JSON Lines or CSV file opened read-only, 64 KiB at a time: memory holds one record
/// (at most `RecordFileReader.recordLimit` bytes), whatever the file's size. Only whole records are given: a last
/// record that does not parse whole (a crash while it was written, or a writer still at it) is left out, and the
/// file is never repaired, locked or created. A record that cannot be read (too long, not a record of the form) is
/// told to `unreadable` and reading goes on with the next, or, without one, ends the reading. These files are append-only logs, never corrected: `edited_at` and
/// `edited_by` read as empty, so every target gives the same columns.
public final class RecordFileReader: RecordSource {
    /// How the file holds its records.
    public enum Format: Sendable {
        /// One JSON object of field names to texts a line.
        case jsonLines
        /// RFC 4180 CSV with a header row naming the form's columns.
        case csv
    }

    /// The longest record read, in bytes as it stands in the file (its line end not counted): twice the longest an
    /// import takes (`LineChecker.maxLineBytes`), room for the bookkeeping columns and the escapes its format adds.
    /// A record whose line would be longer is refused when it is saved (`RecordLog`), so what was saved reads back.
    public static let recordLimit = 2 * LineChecker.maxLineBytes

    /// Hears each record that cannot be read, by its number; reading goes on. Nil: the first one ends the reading.
    public var unreadable: ((SinkError) -> Void)?
    /// A log keeps no earlier versions: nothing to add.
    public var includesHistory = false

    /// The path, for messages.
    public let label: String
    private let format: Format
    let tables: RecordTables
    private let fd: Int32
    private let lossy: Bool

    /// Open `path` for reading `form`'s records: `.notFound` when it cannot be opened, `.io` when it is not a
    /// regular file. A value that is not UTF-8 is `.mismatch` naming its record and column, or (`lossy`) read with
    /// U+FFFD in place of each bad byte.
    public init(path: String, format: Format, form: FormSpec, lossy: Bool = false) throws(SinkError) {
        label = path
        self.lossy = lossy
        self.format = format
        tables = RecordTables(form: form)
        fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw SinkError(.notFound, tr("cannot read \(path): \(String(cString: strerror(errno)))")) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw SinkError(.io, tr("\(path) is not a regular file"))
        }
    }

    deinit { close(fd) }

    /// Every record whose columns hold `conditions`, in saved order, streamed.
    public func records(matching conditions: [(name: String, value: String)], _ body: (StoredRecord) -> Bool) throws(SinkError) {
        for condition in conditions where !tables.columns.contains(condition.name) { throw tables.unknownColumn(condition.name) }
        var number: Int64 = 0
        // Each record read whole (its `fileColumns`): numbered, given its correction columns, kept when it matches.
        // False stops.
        let saved = tables.version1Columns.count
        func take(_ values: [String]) -> Bool {
            number += 1
            let record = tables.record(key: number, values.prefix(saved) + ["", ""] + values.dropFirst(saved))
            for condition in conditions where !RecordWarnings.holds(record.value(of: condition.name), condition) { return true }
            return body(record)
        }
        switch format {
        case .jsonLines: try readJSONLines(take)
        case .csv: try readCSV(take)
        }
    }

    /// The file's bytes from `offset`, one chunk at a time, to `body`, until the end or `body` returns false.
    private func chunks(_ body: (UnsafeBufferPointer<UInt8>) throws(SinkError) -> Bool) throws(SinkError) {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var offset = 0
        while true {
            let n = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(offset)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw SinkError(.io, tr("cannot read \(label): \(String(cString: strerror(errno)))"))
            }
            if n == 0 { return }
            offset += n
            let more = try chunk.withUnsafeBufferPointer { (all) throws(SinkError) -> Bool in try body(UnsafeBufferPointer(rebasing: all[0..<n])) }
            if !more { return }
        }
    }

    /// The bytes `count` before the end of what was read, `end` (a record left unfinished there).
    private func bytes(_ count: Int, before end: Int) throws(SinkError) -> [UInt8] {
        var tail = [UInt8](repeating: 0, count: count)
        var got = 0
        while got < count {
            let n = tail.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + got, count - got, off_t(end - count + got)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw SinkError(.io, tr("cannot read \(label): \(String(cString: strerror(errno)))")) }
            got += n
        }
        return tail
    }

    /// JSON Lines: each line an object of the form's columns to texts (a column left out is empty). A line that is
    /// not one is `.mismatch` naming its record, unless it is the last and has no newline: a record cut short.
    private func readJSONLines(_ take: ([String]) throws(SinkError) -> Bool) throws(SinkError) {
        var pending: [UInt8] = []
        var number = 0
        var going = true
        // The rest of a line found too long is dropped up to its newline, never held.
        var skipping = false
        func record(_ line: ArraySlice<UInt8>, last: Bool) throws(SinkError) -> Bool {
            number += 1
            let pairs: [(name: String, text: String)]
            switch line.withUnsafeBufferPointer({ RecordJSON.parse(utf8: $0, lossy: lossy, limit: Self.recordLimit) }) {
            case .success(let p): pairs = p
            case .failure(let problem):
                if last { return false }
                if UTF8Validation.firstInvalidByte(line) != nil {
                    if let field = problem.field {
                        try cannotRead(RecordTables.notUTF8(label, record: Int64(number), column: field))
                    } else {
                        try cannotRead(SinkError(.mismatch, tr("\(label): record \(number): \(problem.message)")))
                    }
                    return true
                }
                try cannotRead(SinkError(.mismatch, tr("\(label): record \(number) is not a JSON object of texts")))
                return true
            }
            guard let values = try values(of: pairs, number: number) else { return true }
            return try take(values)
        }
        try chunks { (chunk) throws(SinkError) -> Bool in
            var from = chunk.startIndex
            if skipping {
                guard let newline = chunk.firstIndex(of: 0x0A) else { return true }
                from = newline + 1
                skipping = false
            }
            pending.append(contentsOf: chunk[from...])
            var start = pending.startIndex
            while going, let newline = pending[start...].firstIndex(of: 0x0A) {
                let line = pending[start..<newline]
                start = newline + 1
                if line.isEmpty { continue }
                if line.count > Self.recordLimit {
                    number += 1
                    try cannotRead(tooLong(number))
                    continue
                }
                going = try record(line, last: false)
            }
            pending.removeSubrange(..<start)
            if going, pending.count > Self.recordLimit {
                number += 1
                try cannotRead(tooLong(number))
                pending.removeAll()
                skipping = true
            }
            return going
        }
        // What follows the last newline: a whole record without its newline is shown, a torn one is not.
        if going, !skipping, !pending.isEmpty, String(validating: pending, as: UTF8.self) != nil {
            _ = try record(pending[...], last: true)
        }
    }

    /// CSV: the header row must name the form's columns (with `record_id`, or without it as a file written before
    /// record ids: its records' ids read as empty); each record has as many values. A record that is not CSV
    /// is `.mismatch`, unless it is what follows the last line end: a record cut short.
    private func readCSV(_ take: ([String]) -> Bool) throws(SinkError) {
        var stored = tables.fileColumns
        var reader = CSVReader(limit: Self.recordLimit)
        var header = false
        var number = 0
        var going = true
        var read = 0
        func event(_ event: CSVReader.Event) throws(SinkError) {
            guard going else { return }
            switch event {
            case .refused(let problem):
                guard header else { throw SinkError(.mismatch, tr("\(label): record \(number + 1): \(problem.message)")) }
                number += 1
                try cannotRead(SinkError(.mismatch, tr("\(label): record \(number): \(problem.message)")))
            case .record(let fields, _):
                let values = fields.map { String(decoding: $0, as: UTF8.self) }
                guard header else {
                    if values == tables.version1Columns { stored = values }
                    guard values == stored else {
                        throw SinkError(.mismatch, tr("\(label) has the columns \(values.joined(separator: ",")), the form \(stored.joined(separator: ","))"))
                    }
                    header = true
                    return
                }
                number += 1
                if !lossy, let bad = fields.firstIndex(where: { String(validating: $0, as: UTF8.self) == nil }) {
                    try cannotRead(RecordTables.notUTF8(label, record: Int64(number), column: RecordTables.name(of: bad, in: stored)))
                    return
                }
                guard values.count == stored.count else {
                    try cannotRead(SinkError(.mismatch, tr("\(label): record \(number): \(tr("has \(values.count) values, the header \(stored.count)"))")))
                    return
                }
                going = take(values.count < tables.fileColumns.count ? values + [""] : values)
            }
        }
        try chunks { (chunk) throws(SinkError) -> Bool in
            read += chunk.count
            try reader.feed(chunk, event)
            return going
        }
        guard going, reader.unfinishedBytes > 0 else { return }
        // What follows the last line end: a record that parses whole with its line end added is shown; one that
        // does not is a record cut short, unless it spans lines (a quote left open: the file is not CSV).
        let tail = try bytes(reader.unfinishedBytes, before: read)
        let ending: [UInt8] = tail.last == 0x0D ? [0x0A] : [0x0D, 0x0A]
        let ended = tail + ending
        if String(validating: tail, as: UTF8.self) != nil, let (rows, end) = CSVText.records(ended), rows.count == 1,
           end == ended.count, rows[0].count == stored.count, CSVShape.lastValueIsWhole(rows[0], columns: stored) {
            try ending.withUnsafeBufferPointer { (bytes) throws(SinkError) in try reader.feed(bytes, event) }
        } else if tail.contains(0x0A) {
            try reader.finish(event)
        }
    }

    /// The stored columns' values of a JSON record, in order; a name that is not a column does not fit the form
    /// (nil once told to `unreadable`).
    private func values(of pairs: [(name: String, text: String)], number: Int) throws(SinkError) -> [String]? {
        let stored = tables.fileColumns
        var values = [String](repeating: "", count: stored.count)
        for pair in pairs {
            guard let index = stored.firstIndex(of: pair.name) else {
                try cannotRead(SinkError(.mismatch, tr("\(label): record \(number) has the field \(ControlCharacters.escaped(pair.name)), which the form does not have")))
                return nil
            }
            values[index] = pair.text
        }
        return values
    }

    /// A record that cannot be read: told to `unreadable`, or the end of the reading.
    private func cannotRead(_ error: SinkError) throws(SinkError) {
        guard let unreadable else { throw error }
        unreadable(error)
    }

    private func tooLong(_ number: Int) -> SinkError {
        SinkError(.mismatch, tr("\(label): record \(number) is longer than \(Self.recordLimit) bytes"))
    }
}
