import FieldKit
import FieldSinks

/// Records read back, written to stdout as JSON Lines or CSV through one buffer (a `write` per 64 KiB).
///
/// Nothing from the records reaches a terminal as a control: JSON escapes every control (C1 too); CSV, whose
/// values are written as they are for programs, shows controls as `U+1B` when stdout is a terminal.
struct RecordWriter {
    let format: RecordFormat
    /// The columns written, in order: the form's fields, then `RecordColumns.bookkeeping`.
    let columns: [String]
    /// Whether stdout is a terminal.
    let terminal: Bool
    /// How many records were written.
    private(set) var written = 0
    private var out = OutputBuffer(fd: 1)
    /// Each column's JSON key as written before its value, `{"mobile":` then `,"idcard":` and so on: rendered once,
    /// not once a record: the keys are the same on every row of a table (bench/RESULTS.md, `fieldline records`).
    private let keys: [[UInt8]]

    init(format: RecordFormat, columns: [String], terminal: Bool) {
        self.format = format
        self.columns = columns
        self.terminal = terminal
        keys = columns.enumerated().map { i, name in
            var key: [UInt8] = [i == 0 ? 0x7B : 0x2C]
            JSONText.appendQuoted(name, to: &key)
            return key + [0x3A]
        }
    }

    mutating func write(_ record: StoredRecord) {
        switch format {
        case .jsonl where record.columns.lazy.map(\.name).elementsEqual(columns):
            // What `JSONText.render` of the record's object writes, straight into the buffer.
            for (key, column) in zip(keys, record.columns) {
                out.append(contentsOf: key)
                JSONText.appendQuoted(column.value, to: &out.bytes)
            }
            out.append(contentsOf: [0x7D, 0x0A])
        case .jsonl:
            out.append(JSONText.render(.object(record.columns.map { ($0.name, .string($0.value)) })))
            out.append(0x0A)
        case .csv:
            // The header comes with the first record: nothing matched, nothing is written, whatever the format.
            if written == 0 { out.append(contentsOf: CSVText.record(columns)) }
            let values = record.columns.map(\.value)
            out.append(contentsOf: CSVText.record(terminal ? values.map(ControlCharacters.escaped) : values))
        }
        written += 1
        out.flushIfFull()
    }

    /// Writes what is buffered (exit 74 when it cannot).
    mutating func finish() { out.flush() }
}
