/// A streaming CSV reader: bytes go in chunk by chunk, records come out as soon as their line end is read. The one
/// reader of CSV in fieldline: imports, reading a CSV sink's file back, and list files (`choices: {file: …}`).
///
/// RFC 4180 (fields separated by commas, a field quoted when it holds a comma, a quote or a line break, quotes
/// doubled inside) with LF as well as CRLF line ends; a CR not followed by LF is data. A UTF-8 byte-order mark
/// before the first record (Excel's "CSV UTF-8") is not part of it. A value written by `CSVText.record` with its
/// spreadsheet guard (a `'` before a leading `=`, `+`, `-`, `@`, TAB or CR) is given back without it, so reading
/// gives back exactly what was written. `separator` and `quoting` read TAB-separated text without quotes as well.
///
/// Input is untrusted, so the reader is linear and bounded whatever comes in: each byte is looked at once, and at
/// most once more after a broken quote (`bytesVisited` counts them; a test holds it to twice the input), and
/// memory holds one record of at most `limit` bytes. A record that cannot be read is refused (`Event.refused`) and
/// reading goes on:
/// - a quote inside an unquoted value, text after a closing quote on the line the quote opened, or a record longer
///   than `limit` outside quotes: the record is refused and the rest of its line skipped (quotes in it ignored);
/// - a quote that stays open past its line and then goes wrong (text after the quote that closes it, no closing
///   quote before the end of the input, or the record past `limit`): the record is refused naming the line the
///   quote opened on, and the lines after that one are read again as records of their own. A stray quote then
///   costs its own record only. In the lines read again a quote must close on its line (so nothing is read a third
///   time); no shipped keymap takes a line break in a value, so a record that needs one there is refused, not misread.
public struct CSVReader {
    /// The longest record read for an import, in bytes as they stand in the input (quotes and commas included,
    /// the line end not): 1 MiB, the longest line `check` takes (`LineChecker.maxLineBytes`).
    public static let recordLimit = LineChecker.maxLineBytes
    /// The UTF-8 byte-order mark a spreadsheet may write first, skipped there.
    public static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// What the reader found.
    public enum Event {
        /// A whole record: its values as bytes (not yet known to be UTF-8) and the line it starts on.
        case record(CSVRecord, line: Int)
        /// A record that cannot be read, and why.
        case refused(CSVProblem)
    }

    /// The longest record taken, in bytes.
    public let limit: Int
    /// The byte between values: a comma, or TAB for TSV.
    public let separator: UInt8
    /// The quote byte, or 0x100 (no byte) where quotes are text (TSV): one comparison in the loop over a value.
    private let quote: UInt16
    /// Whether each record and refusal says where in the input it is (`CSVRecord.starts`, `CSVProblem.offset`).
    public let locating: Bool
    /// Bytes examined so far, a byte read again after a broken quote counted again (tests hold it to a bound).
    public private(set) var bytesVisited = 0

    private enum State {
        /// At the start of a field (the record's first or after a comma).
        case fieldStart
        /// Inside an unquoted field.
        case unquoted
        /// Inside quotes.
        case quoted
        /// A quote inside quotes: a doubled quote or the closing one, the next byte says.
        case quoteInQuoted
        /// After a CR outside quotes: LF makes it a line end, anything else makes it data. `closed` is whether the
        /// field before it was quoted (then the CR is text after the closing quote).
        case carriageReturn(closed: Bool)
        /// Refused: everything up to the next LF is dropped.
        case skipping
    }

    private var state = State.fieldStart
    /// The current record's values so far, their bytes one after another (quotes undone), and where each
    /// value taken ends in them: the value being read runs from the last end to the end of `values`.
    private var values: [UInt8] = []
    private var ends: [Int] = []
    /// The current record's bytes as read, kept to read its lines again after a broken quote.
    private var raw: [UInt8] = []
    /// The line being read (1-based) and the line the current record started on.
    private var line = 1
    private var recordLine = 1
    /// Where the open (or last) quote of the record opened: its line, and its index in `raw`.
    private var quoteLine = 0
    private var quoteOffset = 0
    /// Reading lines again after a broken quote: a quote must close on its own line. Ends with the record that
    /// holds the last byte read again.
    private var rereading = false
    private var rereadPending = false
    /// The bytes of a byte-order mark matched at the start of the input so far; -1 once past the start.
    private var markMatched = 0
    /// Where `raw` starts in the input (counted only to say where things are, when `locating`).
    private var recordStart = 0
    /// Where in `raw` each value after the first starts, when `locating`.
    private var fieldStarts: [Int] = []

    /// A reader refusing records longer than `limit` bytes; `separator` between values (TAB for TSV), `quoting`
    /// false where a quote is text; `locating` to be told where each value and problem is.
    public init(limit: Int = CSVReader.recordLimit, separator: UInt8 = 0x2C, quoting: Bool = true, locating: Bool = false) {
        self.limit = limit
        self.separator = separator
        self.quote = quoting ? 0x22 : 0x100
        self.locating = locating
    }

    /// The bytes of the record not yet ended (everything after the last line end when nothing was refused).
    public var unfinishedBytes: Int { raw.count + max(0, markMatched) }

    /// Read `bytes`, handing each record or refusal they complete to `emit`.
    public mutating func feed<E: Error>(_ bytes: UnsafeBufferPointer<UInt8>, _ emit: (Event) throws(E) -> Void) throws(E) {
        var i = bytes.startIndex
        if markMatched >= 0 { i = try skipByteOrderMark(bytes, emit) }
        while i < bytes.endIndex {
            let taken = takePlainRun(bytes, from: i)
            if taken > 0 {
                i += taken
                continue
            }
            try step(bytes[i], emit)
            i += 1
        }
    }

    /// The byte-order mark at the start of the input, possibly over several chunks; bytes that turn out not to be
    /// one are read as data. Returns where reading goes on in `bytes`.
    private mutating func skipByteOrderMark<E: Error>(_ bytes: UnsafeBufferPointer<UInt8>, _ emit: (Event) throws(E) -> Void) throws(E) -> Int {
        var i = bytes.startIndex
        while markMatched >= 0, i < bytes.endIndex {
            if bytes[i] == CSVReader.byteOrderMark[markMatched] {
                bytesVisited += 1
                i += 1
                markMatched += 1
                if markMatched == CSVReader.byteOrderMark.count {
                    markMatched = -1
                    recordStart = CSVReader.byteOrderMark.count
                }
            } else {
                try readPartialMark(emit)
            }
        }
        return i
    }

    /// The start of a byte-order mark, followed by something else: data.
    private mutating func readPartialMark<E: Error>(_ emit: (Event) throws(E) -> Void) throws(E) {
        let matched = max(0, markMatched)
        markMatched = -1
        for b in CSVReader.byteOrderMark[..<matched] { try step(b, emit) }
    }

    /// Inside a value, the bytes up to the next one that can change the state (a quote, a line end; outside quotes
    /// also a comma or CR), taken at once as `step` would take them one by one; how many (none outside a value).
    /// Most of a record's bytes are such runs: one copy for each instead of a state change per byte.
    private mutating func takePlainRun(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let quoted: Bool
        switch state {
        case .unquoted: quoted = false
        case .quoted: quoted = true
        default: return 0
        }
        // Up to the limit only: the byte past it goes through `step`, which refuses the record.
        // (`limit` may be Int.max: the room left is compared, never added to `start`.)
        let room = max(0, limit - raw.count)
        let last = room >= bytes.endIndex - start ? bytes.endIndex : start + room
        let quote = quote, separator = separator
        var end = start
        while end < last {
            let b = bytes[end]
            if UInt16(b) == quote || b == 0x0A || (!quoted && (b == separator || b == 0x0D)) { break }
            end += 1
        }
        guard end > start else { return 0 }
        let run = UnsafeBufferPointer(rebasing: bytes[start..<end])
        raw.append(contentsOf: run)
        values.append(contentsOf: run)
        bytesVisited += end - start
        return end - start
    }

    /// The end of the input: a last record without a line end is a record; a quote still open is refused.
    public mutating func finish<E: Error>(_ emit: (Event) throws(E) -> Void) throws(E) {
        try readPartialMark(emit)
        while true {
            switch state {
            case .skipping:
                break
            case .quoted:
                // A quote never closed is most likely a stray one: the lines after its own are records of their own.
                let problem = self.problem(.unclosedQuote(openedOn: quoteLine), at: quoteOffset)
                if try refuseAndReread(problem, then: nil, emit) { continue }
                try emit(.refused(problem))
            case .fieldStart where ends.isEmpty && raw.isEmpty:
                break
            default:
                // A CR at the very end is taken as the line end it was meant to be.
                try endRecord(emit)
            }
            break
        }
        resetRecord()
        state = .fieldStart
        rereading = false
        rereadPending = false
    }

    private mutating func step<E: Error>(_ b: UInt8, _ emit: (Event) throws(E) -> Void) throws(E) {
        bytesVisited += 1
        if case .skipping = state {
            recordStart += 1
            if b == 0x0A { line += 1; recordEnded() }
            return
        }
        let inQuotes = isQuoted
        // The limit counts what stands between line ends: a CR or LF outside quotes may be the record's end.
        if raw.count >= limit && (inQuotes || (b != 0x0A && b != 0x0D)) {
            try overLimit(b, emit)
            return
        }
        raw.append(b)
        if b == 0x0A { line += 1 }
        switch state {
        case .skipping:
            break
        case .fieldStart:
            if UInt16(b) == quote {
                state = .quoted
                quoteLine = line
                quoteOffset = raw.count - 1
            } else {
                try plain(b, closed: false, emit)
            }
        case .unquoted:
            try plain(b, closed: false, emit)
        case .quoted:
            if b == 0x22 {
                state = .quoteInQuoted
            } else if b == 0x0A && rereading {
                // Read again after a broken quote: a quote must close on its line.
                try refuse(problem(.quoteOpenAtLineEnd(openedOn: quoteLine), at: quoteOffset), emit)
            } else {
                values.append(b)
            }
        case .quoteInQuoted:
            if b == 0x22 {
                values.append(0x22)
                state = .quoted
            } else {
                try plain(b, closed: true, emit)
            }
        case .carriageReturn(let closed):
            if b == 0x0A {
                try endRecord(emit)
            } else if closed {
                // A CR alone after a closing quote is text after it.
                try textAfterQuote(emit)
            } else {
                // A CR alone is data.
                values.append(0x0D)
                try plain(b, closed: false, emit)
            }
        }
    }

    /// Whether the reader is inside quotes.
    private var isQuoted: Bool {
        if case .quoted = state { return true }
        return false
    }

    /// A byte outside quotes; `closed` when it follows a closing quote.
    private mutating func plain<E: Error>(_ b: UInt8, closed: Bool, _ emit: (Event) throws(E) -> Void) throws(E) {
        switch b {
        case separator:
            endField()
            if locating { fieldStarts.append(raw.count) }
            state = .fieldStart
        case 0x0A:
            try endRecord(emit)
        case 0x0D:
            state = .carriageReturn(closed: closed)
        default:
            if closed { try textAfterQuote(emit); return }
            if UInt16(b) == quote {
                try refuse(problem(.quoteInUnquoted(line: line), at: raw.count - 1), emit)
                return
            }
            values.append(b)
            state = .unquoted
        }
    }

    /// Text after the quote that closes a value: on the quote's own line the record is refused with the rest of
    /// its line; a quote that opened on an earlier line was most likely a stray one, so its later lines are read
    /// again as records.
    private mutating func textAfterQuote<E: Error>(_ emit: (Event) throws(E) -> Void) throws(E) {
        let problem = self.problem(.textAfterQuote(openedOn: quoteLine, closedOn: line), at: raw.count - 1)
        if try !refuseAndReread(problem, then: nil, emit) { try refuse(problem, emit) }
    }

    /// The record reached `limit` and `b` would pass it.
    private mutating func overLimit<E: Error>(_ b: UInt8, _ emit: (Event) throws(E) -> Void) throws(E) {
        let inQuotes = isQuoted
        let problem = self.problem(.tooLong(limit: limit, quoteOpenedOn: inQuotes ? quoteLine : nil), at: inQuotes ? quoteOffset : 0)
        if inQuotes, try refuseAndReread(problem, then: b, emit) { return }
        try emit(.refused(problem))
        // The rest of the line is skipped; `b`, not taken, may be the LF that ends it (inside quotes).
        if b == 0x0A {
            line += 1
            recordEnded()
        } else {
            resetRecord()
            state = .skipping
        }
        recordStart += 1  // `b`
    }

    /// A problem with the current record, at index `index` of `raw` (its place in the input when `locating`).
    private func problem(_ kind: CSVProblem.Kind, at index: Int) -> CSVProblem {
        CSVProblem(line: recordLine, field: ends.count, kind: kind, offset: locating ? recordStart + index : nil)
    }

    /// Refuse the record; when a quote of it opened on an earlier line than this one, read the lines after the
    /// quote's again (a quote closing on its own line there), then `extra`. Returns false when nothing is read
    /// again (the quote opened on this line, or this is already a reading again), having done nothing.
    private mutating func refuseAndReread<E: Error>(_ problem: CSVProblem, then extra: UInt8?, _ emit: (Event) throws(E) -> Void) throws(E) -> Bool {
        guard !rereading, quoteOffset < raw.count, let newline = raw[quoteOffset...].firstIndex(of: 0x0A) else { return false }
        let again = Array(raw[(newline + 1)...])
        try emit(.refused(problem))
        line = quoteLine + 1
        recordEnded()
        recordStart -= again.count  // read again below
        rereading = true
        for b in again { try step(b, emit) }
        if let extra { try step(extra, emit) }
        // Back to normal reading once the record holding the last byte read again is over.
        if case .fieldStart = state, ends.isEmpty, raw.isEmpty { rereading = false } else { rereadPending = true }
        return true
    }

    /// Refuse the record; unless the byte just read ended its line, skip the rest of the line.
    private mutating func refuse<E: Error>(_ problem: CSVProblem, _ emit: (Event) throws(E) -> Void) throws(E) {
        let lineEnded = raw.last == 0x0A
        try emit(.refused(problem))
        if lineEnded {
            recordEnded()
        } else {
            resetRecord()
            state = .skipping
        }
    }

    private mutating func endField() {
        let start = ends.last ?? 0
        if CSVReader.isGuarded(values[start...]) { values.remove(at: start) }
        ends.append(values.count)
    }

    private mutating func endRecord<E: Error>(_ emit: (Event) throws(E) -> Void) throws(E) {
        endField()
        // Copies of their own size: the reader's buffers keep their room for the next record, and a record kept
        // holds only its own bytes (never the room a long value before it left).
        let record = CSVRecord(bytes: values.withUnsafeBufferPointer { [UInt8]($0) }, ends: ends.withUnsafeBufferPointer { [Int]($0) },
                               starts: locating ? [recordStart] + fieldStarts.map { recordStart + $0 } : [])
        let start = recordLine
        recordEnded()
        try emit(.record(record, line: start))
    }

    /// Ready for the next record.
    private mutating func recordEnded() {
        resetRecord()
        state = .fieldStart
        if rereadPending { rereadPending = false; rereading = false }
    }

    private mutating func resetRecord() {
        recordStart += raw.count
        if locating { fieldStarts.removeAll(keepingCapacity: true) }
        ends.removeAll(keepingCapacity: true)
        // A buffer grown by a long record is let go, so memory goes back down after it.
        values.removeAll(keepingCapacity: values.count <= 1 << 16)
        raw.removeAll(keepingCapacity: raw.count <= 1 << 16)
        recordLine = line
    }

    /// Whether `value` starts with the spreadsheet guard `CSVText.record` puts before a value, which reading drops:
    /// one `'` when the value is one or more `'` and then a byte the guard is for.
    public static func isGuarded(_ value: ArraySlice<UInt8>) -> Bool {
        guard value.first == 0x27 else { return false }
        var i = value.startIndex + 1
        while i < value.endIndex && value[i] == 0x27 { i += 1 }
        return i < value.endIndex && CSVReader.guarded(value[i])
    }

    /// Whether a value's first byte would start a formula in a spreadsheet: `=`, `+`, `-`, `@`, TAB, CR. `-` too,
    /// though it starts negative numbers: `-1+2` is a formula, and one rule for every value keeps the guard exact.
    public static func guarded(_ b: UInt8) -> Bool {
        b == 0x3D || b == 0x2B || b == 0x2D || b == 0x40 || b == 0x09 || b == 0x0D
    }
}
