import FieldKit
import FieldSinks
#if canImport(Glibc)
import Glibc
#endif

/// CSV input: the header row first (what would refuse every record is said once, for it), then records gathered a
/// chunk at a time, the readable ones checked together (on several cores where the save leaves two free), then
/// taken in input order.
struct CSVImport {
    private let run: ImportRun
    private let inParallel: Bool
    /// The header's column names, once read.
    private var header: [String]?
    /// Records read but not yet taken, and beside each its values as pairs where they read as such (not for a
    /// correction or a copy: those are completed or split before they are checked). Two arrays, handed to the
    /// check and back by swapping: a record's event and pairs are never copied.
    private var gathered: [CSVReader.Event] = []
    private var gatheredPairs: [[(name: String, text: String)]?] = []
    /// The arrays of the chunk being taken, kept for the next chunk's records.
    private var taking: [CSVReader.Event] = []
    private var takingPairs: [[(name: String, text: String)]?] = []
    /// The checker's buffers and memo, kept from chunk to chunk.
    private var scratches = PreparedLine.scratches()

    init(into run: ImportRun, inParallel: Bool) {
        self.run = run
        self.inParallel = inParallel
    }

    /// Reads the run's input to its end (or the run's failure), straight from the descriptor: a quoted value may
    /// hold line breaks, and `LineReader` cuts long lines. Returns why the input could not be read, if so.
    mutating func readAll() -> String? {
        var reader = CSVReader()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        defer { takeGathered() }
        while run.failure == nil {
            if !LineReader.moreIsWaiting(run.input.fd), !run.idle() { break }
            let n = chunk.withUnsafeMutableBytes { read(run.input.fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            if n == 0 {
                reader.finish { event in self.take(event) }
                break
            }
            chunk.withUnsafeBufferPointer { bytes in reader.feed(UnsafeBufferPointer(rebasing: bytes[0..<n])) { event in self.take(event) } }
            // What one read brought is taken before the next read waits for more.
            takeGathered()
        }
        return nil
    }

    /// One event of the CSV reader: the header row first, then records, gathered to be taken a chunk at a time.
    private mutating func take(_ event: CSVReader.Event) {
        guard run.failure == nil else { return }
        guard let names = header else {
            readHeader(event)
            return
        }
        let checksHere = !(run.correcting || run.options.keepSaved)
        gatheredPairs.append(checksHere ? Self.pairs(of: event, names: names) : nil)
        gathered.append(event)
        if gathered.count >= PreparedLine.linesPerChunk { takeGathered() }
    }

    /// The header row, or the failure that ends the import before anything is saved: without a header no record
    /// can be read.
    private mutating func readHeader(_ event: CSVReader.Event) {
        let problem: String
        switch event {
        case .refused(let p): problem = p.message
        case .record(let record, _):
            // A byte-order mark before the first name (Excel's "CSV UTF-8") the reader has skipped.
            let fields = Array(record)
            if let (index, byte) = fields.enumerated().lazy.compactMap({ i, f in UTF8Validation.firstInvalidByte(f).map { (i, $0) } }).first {
                problem = tr("value \(index + 1) is not valid UTF-8 (byte \(byte) of the value)")
            } else {
                let names = fields.map { String(decoding: $0, as: UTF8.self) }
                // What would refuse every record is said once, for the header.
                guard let headerProblem = CSVHeader.problem(names, form: run.options.form, keepSaved: run.options.keepSaved,
                                                            correctingBy: run.options.updateBy) else {
                    header = names
                    return
                }
                problem = headerProblem
            }
        }
        run.failure = ImportFailure(.refusedInput, tr("\(ControlCharacters.escaped(run.input.source)): the header row cannot be read: \(problem)"))
    }

    /// The gathered records, the readable ones checked together, then taken in input order.
    private mutating func takeGathered() {
        swap(&gathered, &taking)
        swap(&gatheredPairs, &takingPairs)
        defer {
            taking.removeAll(keepingCapacity: true)
            takingPairs.removeAll(keepingCapacity: true)
        }
        guard run.failure == nil, !taking.isEmpty else { return }
        let verdicts = PreparedLine.check(takingPairs, checker: run.checker, inParallel: inParallel, scratches: &scratches)
        for k in taking.indices where run.failure == nil {
            run.count.count { CSVImport.feed(taking[k], to: &$0) }
            run.keepingFailure { () throws(ImportFailure) in
                if let verdict = verdicts[k] {
                    // What `take` does with a record it checked.
                    try run.next { () throws(ImportFailure) in
                        if verdict.isValid { try run.store(verdict.values, over: verdict.warnings) } else { run.refuse(verdict.issues) }
                    }
                } else {
                    try takeRecord(taking[k])
                }
            }
        }
    }

    /// Takes CSV record `number` (counted already) from its event: a refusal, or values read and checked here.
    private func takeRecord(_ event: CSVReader.Event) throws(ImportFailure) {
        guard let names = header else { return }
        func name(_ index: Int) -> String { index < names.count ? ControlCharacters.escaped(names[index]) : "-" }
        try run.next { () throws(ImportFailure) in
            switch event {
            case .refused(let problem):
                run.refuse(name(problem.field), problem.message)
            case .record(let fields, _):
                guard fields.count == names.count else {
                    run.refuse("-", tr("has \(fields.count) values, the header \(names.count)"))
                    return
                }
                // Bytes that are not UTF-8 would be saved as U+FFFD, a value nobody typed: the record is refused.
                var pairs: [(name: String, text: String)] = []
                for (index, bytes) in fields.enumerated() {
                    guard let text = String(validating: bytes, as: UTF8.self) else {
                        run.refuse(name(index), tr("not valid UTF-8 (byte \(UTF8Validation.firstInvalidByte(bytes) ?? 1) of the value)"))
                        return
                    }
                    pairs.append((names[index], text))
                }
                try run.take(pairs)
            }
        }
    }

    /// Feeds a CSV record as read (each value's length, then its bytes), or a refusal (its words), to a fingerprint.
    static func feed(_ event: CSVReader.Event, to hash: inout FNV1a) {
        switch event {
        case .record(let fields, _):
            for field in fields {
                withUnsafeBytes(of: UInt64(field.count).littleEndian) { hash.add($0) }
                hash.add(field)
            }
            hash.add(0x0A)
        case .refused(let problem):
            hash.add(0xFF)
            hash.add(problem.message.utf8)
        }
    }

    /// A CSV record's values with the header's names, or nil when it cannot be read so (a refusal, another number
    /// of values, a value that is not UTF-8: `takeRecord` words why).
    static func pairs(of event: CSVReader.Event, names: [String]) -> [(name: String, text: String)]? {
        guard case .record(let record, _) = event, record.count == names.count else { return nil }
        return record.bytes.withUnsafeBufferPointer { all -> [(name: String, text: String)]? in
            var pairs: [(name: String, text: String)] = []
            pairs.reserveCapacity(record.count)
            for index in record.indices {
                let bytes = UnsafeBufferPointer(rebasing: all[record.range(of: index)])
                // An all-ASCII value needs no check (as JSON Lines' reader takes it).
                let text = bytes.allSatisfy({ $0 < 0x80 }) ? String(decoding: bytes, as: UTF8.self) : String(validating: bytes, as: UTF8.self)
                guard let text else { return nil }
                pairs.append((names[index], text))
            }
            return pairs
        }
    }
}
