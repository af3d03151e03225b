import ArgumentParser
import FieldKeymaps
import FieldKit
import FieldSinks
#if canImport(Glibc)
import Glibc
#endif

/// Records read from a file or stdin, each checked as the form's fields would check them and saved when valid.
struct FormImport {
    let form: FormSpec
    let context: ValidationContext
    /// `--update-by FIELD`: each record corrects the saved record whose unique FIELD holds its value.
    var updateBy: String? = nil
    /// `--resume`: the input records an earlier import of the same file dealt with (the sink's record of its
    /// progress) are skipped, and a record already saved whole under its unique value is not saved again.
    var resume = false
    /// `--keep-saved`: the bookkeeping columns an input record holds (as `records` writes them: `saved_at`,
    /// `operator`, `edited_at`, `edited_by`, `record_id`) are kept, not made anew: records copied from one output to
    /// another stay the same records.
    var keepSaved = false
    /// Whether `--resume` first makes sure the input's first records are the ones the earlier import dealt with
    /// (`--resume-anyway` skips them by their count alone).
    var checksResumedInput = true

    func run(source: String, format: RecordFormat, into sink: inout any RecordSink) throws {
        let fd: Int32 = source == "-" ? 0 : open(source, O_RDONLY | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            Diagnostics.error(tr("cannot read \(source): \(String(cString: strerror(errno)))"))
            throw Exit.noInput
        }
        defer { if fd != 0 { close(fd) } }
        let checker = RecordChecker(form: form, context: context)
        var scratch = RecordChecker.Scratch()
        // The unique fields, picked once: going through the form's fields for every record copies each of them.
        let uniqueFields = form.fields.filter(\.unique).map { (name: $0.name, secret: $0.secret) }
        let yesNo = form.yesNoFields
        let operatorName = FormImport.operatorName()
        var corrections: CorrectionBatch? = updateBy.map { CorrectionBatch(form: form, field: $0, operatorName: operatorName, context: context) }
        // Asked for every record: a Bool, where comparing the optional batch with nil copies it.
        let correcting = updateBy != nil
        var err = ErrorOutput()
        var number = 0
        var invalid = 0
        var header: [String]?
        var failure: Error?  // the first error inside the line callback, which cannot throw itself
        // A file's progress is kept by the sink (databases) under its absolute path; standard input has none.
        var info = stat()
        let regular = fstat(fd, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
        let progressKey = source == "-" || updateBy != nil || !regular ? nil : realpath(source, nil).map { path in
            defer { free(path) }
            return String(cString: path)
        }
        // Standard input keeps no progress: only a unique field tells the records the stopped run saved.
        if resume && !correcting && progressKey == nil && uniqueFields.isEmpty {
            Diagnostics.error(tr("--resume: an import from \(source == "-" ? tr("standard input") : ControlCharacters.escaped(source)) leaves no record of how far it got, and \(form.name) has no unique field to find the records already saved: start the import again on a new output"))
            throw Exit.usage
        }
        var batch = ImportBatch(source: progressKey)
        batch.uniqueFields = uniqueFields
        batch.resume = resume
        var stampSecond: time_t = -1
        var stamp = ""
        // Not read, the progress would start the import again from its first record: a failure ends it instead.
        let progress = resume
            ? try progressKey.flatMap { key in try sinkCall({ () throws(SinkError) in try sink.importProgress(of: key) }) } : nil
        let skipped = progress?.records ?? 0
        if checksResumedInput, let progress, progress.records > 0, progress.fingerprint == nil {
            Diagnostics.error(tr("--resume: the progress of \(ControlCharacters.escaped(source)) was kept without a fingerprint of its records (an older fieldline): its first \(progress.records) records are skipped unchecked"))
        }
        // The records taken so far, as read (and before the last of them): the progress kept with a batch names
        // what it dealt with, so that `--resume` finds the same records in the input before skipping them.
        let fingerprinting = progressKey != nil
        var taken = FNV1a(), beforeLast = FNV1a()
        /// Counts record `number + 1`, fed to the fingerprint by `feed`.
        func countRecord(_ feed: (inout FNV1a) -> Void) {
            number += 1
            guard fingerprinting else { return }
            beforeLast = taken
            feed(&taken)
        }
        /// An input whose first records are not those the earlier import dealt with is refused before anything of
        /// it is saved.
        // Which file this is: kept with the fingerprint, it explains a refusal of the next `--resume`.
        let file = regular ? InputFileIdentity(info) : nil
        let kept = progress?.fingerprint.map(InputFileIdentity.split)
        func refuseOtherInput(_ reason: String) throws {
            let change = kept?.file.flatMap { before in file.flatMap { before.change(to: $0) } }
            let why = change.map { "\(reason); \($0)" } ?? reason
            Diagnostics.error(tr("--resume: \(ControlCharacters.escaped(source)) is not the input that was imported (\(why))"))
            throw Exit.invalid
        }
        func report(_ field: String, _ message: String) {
            invalid += 1
            if correcting {
                err.line("\(number):\(field): \(message)", report: true)
                err.flush()
            } else {
                batch.report(number, field, message)
            }
        }
        /// Reports every issue of the record being read (one invalid record).
        func reportAll(_ issues: [(field: String, message: String)]) {
            invalid += 1
            for (field, message) in issues {
                if correcting { err.line("\(number):\(field): \(message)", report: true) } else { batch.report(number, field, message) }
            }
            err.flush()
        }
        // A database saves a batch on a thread of its own while the next records are read and checked.
        let saving = sink.savesBatchesInBackground ? BackgroundSave(into: sink) : nil
        // PostgreSQL also takes a batch's rows as they are checked, when nothing else is asked of it meanwhile (a
        // unique field's look-up, a correction's read).
        let streaming = saving != nil && sink.streamsBatches && uniqueFields.isEmpty && !correcting
        if streaming { batch.size = ImportBatch.streamedSize }
        let inParallel = PreparedLine.checksInParallel(savingInBackground: saving != nil, cores: sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        defer {
            // Ended by another failure: the batch in flight still ends before the import does, its failure said.
            if let saving, case .failure(let error) = saving.wait() { Diagnostics.error(error.message) }
        }
        /// Waits for the batch in flight, if any.
        func finishSaving() throws {
            guard let saving, saving.isSaving else { return }
            invalid += try sinkCall({ () throws(SinkError) in try saving.wait().get() })
        }
        /// Saves the batch; `dealt` input records (all taken, or all but the last) are dealt with once it is durable.
        func saveBatch(dealt: Int) throws {
            try finishSaving()
            let fingerprint = fingerprinting ? InputFileIdentity.kept((dealt == number ? taken : beforeLast).hex, file: file) : nil
            if let saving {
                saving.save(batch.take(), dealt: dealt, fingerprint: fingerprint)
            } else {
                invalid += try sinkCall({ () throws(SinkError) in try batch.save(into: &sink, dealt: dealt, fingerprint: fingerprint, err: &err) })
            }
        }
        func take(_ pairs: [(name: String, text: String)]) throws {
            if keepSaved {
                switch KeptBookkeeping.split(pairs) {
                case .failure(let problem): report(problem.field, problem.message)
                case .success(let (fields, kept)):
                    // A JSON Lines or CSV file keeps no corrections: a corrected record's last editor would be lost.
                    if kept.wasCorrected && !sink.updatesRecords {
                        report(RecordColumns.editedAt, tr("a corrected record keeps who corrected it only in a database (SQLite or PostgreSQL), not in \(sink.label)"))
                        return
                    }
                    let verdict = checker.check(fields, scratch: &scratch)
                    if verdict.isValid { try store(verdict.values, kept: kept) } else { reportAll(verdict.issues) }
                }
                return
            }
            // What `records` writes besides the fields is the sink's to keep: a correction read back from it and
            // edited keeps its saved_at and operator, and gets this run's edited_at and edited_by.
            if corrections != nil {
                try correct(pairs.filter { !RecordColumns.bookkeeping.contains($0.name) })
                return
            }
            let verdict = checker.check(pairs, scratch: &scratch)
            if !verdict.isValid {
                reportAll(verdict.issues)
                return
            }
            try store(verdict.values)
        }
        /// Applies one correction: the saved record read, the fields the input leaves out taken from it, the whole
        /// checked, then written only while the record is still as read; read and checked again when it is not
        /// (another corrector changed it meanwhile: its change is kept, never overwritten by the value read before).
        func correct(_ given: [(name: String, text: String)]) throws {
            let start = CorrectionBatch.now()
            var attempt = 0
            while true {
                let read: StoredRecord?
                switch try sinkCall({ () throws(SinkError) in try corrections!.saved(for: given, in: sink) }) {
                case .success(let found): read = found
                case .failure(let ambiguous):
                    report(corrections!.field, ambiguous.message)
                    return
                }
                let verdict = checker.check(corrections!.completed(given, from: read), scratch: &scratch)
                if !verdict.isValid {
                    reportAll(verdict.issues)
                    return
                }
                switch try sinkCall({ () throws(SinkError) in try corrections!.apply(verdict.values, read: read, to: &sink) }) {
                case .done: return
                case .problem(let field, let message):
                    report(field, message)
                    return
                case .changed:
                    attempt += 1
                    guard CorrectionBatch.triesAgain(after: attempt, since: start) else {
                        report(corrections!.field, tr("the saved record kept changing while it was being corrected: not saved; run the correction again"))
                        return
                    }
                    // This corrector's own batch committed first: while it waits for its turn it holds no lock
                    // another corrector of the record waits for.
                    try sinkCall({ () throws(SinkError) in try corrections!.finish(&sink) })
                    CorrectionBatch.pause(before: attempt)
                }
            }
        }
        /// Stores a checked record (its values in form order) with the batch, unless a unique value of it is saved.
        func store(_ checked: [(name: String, value: String)], kept: KeptBookkeeping? = nil) throws {
            var values: [(field: String, value: String)] = []
            // A database refuses a repeat itself when it saves the batch, and the batch names the earlier record
            // (`ImportBatch.uniqueFields`): no look-up per record, and no wait for the batch in flight.
            for field in uniqueFields where saving == nil {
                guard let value = checked.first(where: { $0.name == field.name })?.value, !value.isEmpty else { continue }
                // A repeat within the batch: the batch is saved first, so the look-up names the saved record.
                if batch.holds(value, in: field.name) {
                    try saveBatch(dealt: number - 1)
                    try finishSaving()
                }
                if let earlier = try sinkCall({ () throws(SinkError) in try sink.earlierRecord(where: field.name, is: value) }) {
                    // Resumed: the same record, saved by the run that stopped, is not saved again nor an error.
                    if resume, try sinkCall({ () throws(SinkError) in try sink.holds(checked, where: field.name) }) { return }
                    report(field.name, field.secret ? tr("this value is already in \(earlier) of \(sink.label)")
                                                     : tr("'\(value)' is already in \(earlier) of \(sink.label)"))
                    return
                }
                values.append((field.name, value))
            }
            // Saved with its batch: one transaction (or one fsync) for many records. A record saved by someone else
            // between the look-up and the commit, or refused by a rule of the database's own (a CHECK), is reported
            // then; the batch's others are saved.
            // The time to the second, made again only when the second changes: formatting it for every record was a
            // measurable share of an import's work.
            let second = time_t(WallClock.now())
            if second != stampSecond { stampSecond = second; stamp = FormImport.timestamp(at: second) }
            batch.add(SavedRecord(values: checked, savedAt: kept?.savedAt ?? stamp, operatorName: kept?.operatorName ?? operatorName,
                                  recordID: kept?.recordID ?? RecordID.next(), editedAt: kept?.editedAt ?? "", editedBy: kept?.editedBy ?? ""),
                      number: number, unique: values)
        }
        /// Takes input record `number` (already counted) unless an earlier run dealt with it; saves the batch when due.
        func next(_ body: () throws -> Void) throws {
            guard number > skipped else {
                if number == skipped, checksResumedInput, let expected = kept?.fingerprint, taken.hex != expected {
                    try refuseOtherInput(tr("its first \(skipped) records differ"))
                }
                return
            }
            try body()
            if !correcting && batch.isDue {
                try saveBatch(dealt: number)
            } else if streaming, batch.unsentCount >= FormImport.rowsSentAhead {
                saving?.send(batch.unsent())
            }
        }
        /// Before a read that would wait: the batch is saved once its time is up even when no record comes to
        /// tell it so (a slow pipe), so nothing waits unsaved, nor a database transaction open, while input is quiet.
        /// A correction batch is a transaction open since its first correction: it is committed at once, so no
        /// lock is held while the input is quiet. Whether to read on: an import that failed does not wait for more.
        func idle() -> Bool {
            guard failure == nil else { return false }
            if correcting {
                do { try sinkCall({ () throws(SinkError) in try corrections!.finish(&sink) }) } catch { failure = error }
                return failure == nil
            }
            guard let left = batch.secondsLeft else { return true }
            if LineReader.waitForInput(fd, seconds: left) { return true }
            // Waited for too: the input is quiet, and a failure must be known before the read, which may not end.
            do {
                try saveBatch(dealt: number)
                try finishSaving()
            } catch { failure = error }
            return failure == nil
        }
        /// CSV records read but not yet taken, with their values as pairs where they read as such (not for a
        /// correction: it is completed from the sink before it is checked).
        var gathered: [(event: CSVReader.Event, pairs: [(name: String, text: String)]?)] = []
        /// One event of the CSV reader: the header row first, then records, gathered to be taken a chunk at a time.
        func csvEvent(_ event: CSVReader.Event) {
            guard failure == nil else { return }
            guard let names = header else {
                // Without a header no record can be read: the import ends before anything is saved.
                let problem: String
                switch event {
                case .refused(let p): problem = p.message
                case .record(var fields, _):
                    // A byte-order mark before the first name (Excel's "CSV UTF-8") is not part of it.
                    if fields.first?.starts(with: FormImport.byteOrderMark) == true { fields[0].removeFirst(3) }
                    if let (index, byte) = fields.enumerated().lazy.compactMap({ i, f in UTF8Validation.firstInvalidByte(f).map { (i, $0) } }).first {
                        problem = tr("value \(index + 1) is not valid UTF-8 (byte \(byte) of the value)")
                    } else {
                        let names = fields.map { String(decoding: $0, as: UTF8.self) }
                        // What would refuse every record is said once, for the header.
                        guard let headerProblem = FormImport.headerProblem(names, form: form, keepSaved: keepSaved, correctingBy: updateBy) else {
                            header = names
                            return
                        }
                        problem = headerProblem
                    }
                }
                Diagnostics.error(tr("\(ControlCharacters.escaped(source)): the header row cannot be read: \(problem)"))
                failure = Exit.invalid
                return
            }
            gathered.append((event, correcting || keepSaved ? nil : FormImport.pairs(of: event, names: names)))
            if gathered.count >= PreparedLine.linesPerChunk { takeGathered() }
        }
        /// The gathered CSV records, the readable ones checked together (on several cores where the save leaves
        /// two free), then taken in input order.
        func takeGathered() {
            let events = gathered
            gathered.removeAll(keepingCapacity: true)
            guard failure == nil, !events.isEmpty else { return }
            let verdicts = PreparedLine.check(events.map(\.pairs), checker: checker, inParallel: inParallel)
            for (k, (event, _)) in events.enumerated() where failure == nil {
                do {
                    countRecord { FormImport.feed(event, to: &$0) }
                    if let verdict = verdicts[k] {
                        // What `take` does with a record it checked.
                        try next { if verdict.isValid { try store(verdict.values) } else { reportAll(verdict.issues) } }
                    } else {
                        try takeRecord(event)
                    }
                } catch {
                    failure = error
                }
            }
        }
        /// Takes CSV record `number` (counted already) from its event: a refusal, or values read and checked here.
        func takeRecord(_ event: CSVReader.Event) throws {
            guard let names = header else { return }
            func name(_ index: Int) -> String { index < names.count ? ControlCharacters.escaped(names[index]) : "-" }
            try next {
            switch event {
            case .refused(let problem):
                report(name(problem.field), problem.message)
            case .record(let fields, _):
                guard fields.count == names.count else {
                    report("-", tr("has \(fields.count) values, the header \(names.count)"))
                    return
                }
                // Bytes that are not UTF-8 would be saved as U+FFFD, a value nobody typed: the record is refused.
                var pairs: [(name: String, text: String)] = []
                for (index, bytes) in fields.enumerated() {
                    guard let text = String(validating: bytes, as: UTF8.self) else {
                        report(name(index), tr("not valid UTF-8 (byte \(UTF8Validation.firstInvalidByte(bytes) ?? 1) of the value)"))
                        return
                    }
                    pairs.append((names[index], text))
                }
                try take(pairs)
            }
            }
        }
        var readError: String?
        switch format {
        case .jsonl:
            // Blocks of whole lines, each read and checked a chunk at a time (on several cores where the save
            // leaves two free), then stored in input order.
            readError = LineReader.forEachBlock(fd: fd, whenIdle: idle) { block in
                guard failure == nil else { return }
                do {
                    let lines = PreparedLine.lines(of: block)
                    for start in stride(from: 0, to: lines.count, by: PreparedLine.linesPerChunk) {
                        let chunk = lines[start..<min(start + PreparedLine.linesPerChunk, lines.count)]
                        for (k, line) in PreparedLine.prepare(chunk, of: block, checker: correcting || keepSaved ? nil : checker, yesNo: yesNo, inParallel: inParallel).enumerated() {
                            if case .blank = line { continue }
                            countRecord { $0.add(UnsafeBufferPointer(rebasing: block[chunk[chunk.startIndex + k]])); $0.add(0x0A) }
                            try next {
                                switch line {
                                case .blank: break
                                case .invalid(let issues): reportAll(issues)
                                case .pairs(let pairs): try take(pairs)
                                case .valid(let values): try store(values)
                                }
                            }
                        }
                        guard failure == nil else { return }
                    }
                } catch {
                    failure = error
                }
            }
        case .csv:
            // Straight from the descriptor: a quoted value may hold line breaks, and LineReader cuts long lines.
            var reader = CSVReader()
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while failure == nil {
                if !LineReader.moreIsWaiting(fd), !idle() { break }
                let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n < 0 {
                    if errno == EINTR { continue }
                    readError = String(cString: strerror(errno))
                    break
                }
                if n == 0 {
                    reader.finish(csvEvent)
                    break
                }
                chunk.withUnsafeBufferPointer { reader.feed(UnsafeBufferPointer(rebasing: $0[0..<n]), csvEvent) }
                // What one read brought is taken before the next read waits for more.
                takeGathered()
            }
            takeGathered()
        }
        if failure == nil, corrections != nil {
            do { try sinkCall({ () throws(SinkError) in try corrections!.finish(&sink) }) } catch { failure = error }
        }
        // The last batch, also when reading failed part-way: what was read and checked is saved.
        if failure == nil, corrections == nil {
            do {
                try saveBatch(dealt: number)
                try finishSaving()
            } catch { failure = error }
        }
        if failure == nil, checksResumedInput, number < skipped {
            do { try refuseOtherInput(tr("it holds \(number) records, fewer than the \(skipped) dealt with")) } catch { failure = error }
        }
        if let failure { throw failure }
        if let readError {
            Diagnostics.error(tr("cannot read \(source): \(readError)"))
            throw Exit.noInput
        }
        err.flush()
        if invalid > 0 { throw Exit.invalid }
    }

    /// Why a CSV header would refuse every record, or nil: a column that is no field of the form (a column fieldline
    /// writes without `--keep-saved`), a column named twice, or none for a field every record must give (for a
    /// correction: its key).
    static func headerProblem(_ names: [String], form: FormSpec, keepSaved: Bool, correctingBy key: String?) -> String? {
        let taken = form.fields.map(\.name) + (keepSaved || key != nil ? RecordColumns.bookkeeping : [])
        if let stranger = names.first(where: { !taken.contains($0) }) {
            return RecordColumns.bookkeeping.contains(stranger)
                ? tr("\(stranger) is a column fieldline writes, not a field of this form: --keep-saved keeps it")
                : tr("\(ControlCharacters.escaped(stranger)) is not a field of this form (its fields: \(form.fields.map(\.name).joined(separator: ", ")))")
        }
        var seen = Set<String>()
        if let twice = names.first(where: { !seen.insert($0).inserted }) { return tr("the column \(twice) is named twice") }
        let needed = key.map { [$0] } ?? form.fields.filter { field in
            field.required && field.derivedFrom == nil && field.defaultValue == nil && field.condition == nil
        }.map(\.name)
        if let missing = needed.first(where: { !names.contains($0) }) { return tr("no column for \(missing), which every record must give") }
        return nil
    }

    /// The UTF-8 byte-order mark some programs write first in a text file.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Records a streaming sink gets at a time before their batch's save: enough that each send is worth its
    /// hand-over, few enough that the server starts on a batch soon after its first records are checked.
    static let rowsSentAhead = 1024

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
        guard case .record(let fields, _) = event, fields.count == names.count else { return nil }
        var pairs: [(name: String, text: String)] = []
        pairs.reserveCapacity(fields.count)
        for (index, bytes) in fields.enumerated() {
            guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
            pairs.append((names[index], text))
        }
        return pairs
    }

    /// A sink failure ends the import: what was saved stays saved.
    private func sinkCall<T>(_ body: () throws(SinkError) -> T) throws -> T {
        do { return try body() } catch {
            Diagnostics.error(error.message)
            throw error.kind == .mismatch ? Exit.invalid : Exit.ioError
        }
    }

    /// The login name for the `operator` column.
    static func operatorName() -> String {
        if let name = getlogin() { return String(cString: name) }
        if let pw = getpwuid(getuid()), let name = pw.pointee.pw_name { return String(cString: name) }
        return String(getuid())
    }

    /// Now as ISO 8601 UTC, to the second.
    static func timestamp(at second: time_t = time_t(WallClock.now())) -> String {
        var now = second
        var parts = tm()
        gmtime_r(&now, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }
}
