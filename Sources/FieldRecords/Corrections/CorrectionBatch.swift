import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// `form --update-by FIELD`: corrections applied in batches (one transaction of up to `size` records, or of what
/// `interval` seconds gathered, or of what came before the input went quiet: the import commits the batch with
/// `finish` before a read that would wait; batches grow with the run, up to the sink's `correctionBatchLimits`); the corrections of a chunk that may go together in one savepoint
/// (`replace`), each other one in a savepoint of its own (`apply`), so that a refused one is rolled back alone. An
/// import confirms nothing until it reports, so a batch's records become durable together; a kill leaves every record
/// either as it was or corrected with its history row, never one without the other. A class: the import's one
/// batch, whose state (the transaction, the records read ahead) every correction changes.
final class CorrectionBatch {
    /// The unique field that names the record each correction replaces.
    let field: String
    /// The login name for `edited_by` and `changed_by`.
    let operatorName: String
    /// The first batch's corrections and seconds (fewer when the sink's `correctionBatchLimits` are smaller).
    static let firstLimits = (records: 100_000, seconds: 1.0)
    /// Records per transaction, and seconds after which a batch is committed even when it is not full: set when a
    /// batch starts (`limits(after:lasting:within:)`).
    private var size = 10_000
    private var interval = 0.25
    private var pending = 0
    private var started = 0.0
    /// Corrections in the batches committed so far, and when the first began (`now()`).
    private var batched = 0
    private var runStarted: Double?

    /// The form's fields that are typed (not derived), which an input record may leave out.
    private let typedFields: [String]
    /// The key field's own check, to find its saved record by the value as stored.
    private let keyChecker: LineChecker
    /// The form's fields, in form order.
    private let fields: [String]
    /// The form's unique fields: a correction changing one of their values is applied alone, in input order (the
    /// database checks a statement's rows in an order of its own).
    private let uniqueFields: [String]

    init(form: FormSpec, field: String, operatorName: String, context: ValidationContext) {
        self.field = field
        self.operatorName = operatorName
        typedFields = form.fields.filter { $0.derivedFrom == nil }.map(\.name)
        let spec = form.fields.first { $0.name == field }!.spec
        keyChecker = LineChecker(spec: spec, context: context)
        fields = form.fields.map(\.name)
        uniqueFields = form.fields.filter(\.unique).map(\.name)
    }

    /// How many times at least a correction is read, checked and applied again when the saved record changes
    /// between its read and its update (another corrector at the same moment).
    static let attempts = 8
    /// For how long, in seconds, a correction is tried again while its record keeps changing: as long as a lock is
    /// waited for (PostgreSQL's `lock_timeout`, SQLite's busy timeout), so that correctors of one record take turns
    /// rather than give up.
    static let retryWindow = 10.0

    /// Whether a correction whose record changed under it `attempt` times, the first read at `start` (`now()`), is
    /// tried again.
    static func triesAgain(after attempt: Int, since start: Double) -> Bool {
        attempt < attempts || now() - start < retryWindow
    }

    /// A pause before the next try, random (correctors that met once do not meet again in step) and longer after
    /// each try, at most 50 ms.
    static func pause(before attempt: Int) {
        usleep(UInt32.random(in: 0...UInt32(min(attempt, 10) * 5_000)))
    }

    /// The key field's stored form of the key `pairs` gives, nil when it gives none or one not valid (the check
    /// says why).
    func key(of pairs: [(name: String, text: String)]) -> String? {
        guard let typed = pairs.first(where: { $0.name == field })?.text else { return nil }
        let key = keyChecker.check(typed)
        guard key.issue == nil, !key.value.isEmpty else { return nil }
        return key.value
    }

    /// The saved records of the next corrections, read together before each is applied (one query for many, not
    /// one each): key → the first record holding it and how many do. Each is used once: a key met again reads its
    /// record as the correction before left it.
    private var readAhead: [String: (first: StoredRecord?, count: Int)] = [:]

    /// Reads the saved records of the corrections `chunk` names, for `saved(for:in:)` or `onlyRecordReadAhead(for:)`
    /// to take one by one; each correction's key (`key(of:)`).
    func readAhead(for chunk: [[(name: String, text: String)]], in sink: any RecordDatabase) throws(SinkError) -> [String?] {
        readAhead.removeAll(keepingCapacity: true)
        let keys = chunk.map(key(of:))
        for case let key? in keys { readAhead[key] = (nil, 0) }
        guard !readAhead.isEmpty else { return keys }
        try sink.records(where: field, isOneOf: Array(readAhead.keys)) { record in
            guard let key = record.value(of: field), let found = readAhead[key] else { return true }
            readAhead[key] = (found.first ?? record, found.count + 1)
            return true
        }
        return keys
    }

    /// The saved record the correction `pairs` names by its key, as it is now (nil when the key is missing or not
    /// valid: the check says why), or why it names no one record (none, or several, hold the key). A key no record
    /// holds is said as such, before the correction is checked (which would ask for the fields it leaves out).
    /// Taken from what `readAhead(for:in:)` read when it holds the key, otherwise read now.
    func saved(for pairs: [(name: String, text: String)], in sink: any RecordDatabase) throws(SinkError) -> Result<StoredRecord?, SinkError> {
        guard let key = key(of: pairs) else { return .success(nil) }
        var (first, count): (StoredRecord?, Int)
        if let read = readAhead.removeValue(forKey: key) {
            (first, count) = read
        } else {
            (first, count) = (nil, 0)
            try sink.records(matching: [(field, key)]) { record in
                if first == nil { first = record }
                count += 1
                return true
            }
        }
        if count == 0 {
            return .failure(SinkError(.notFound, RecordTarget.field(field, value: key).notFoundMessage))
        }
        if count > 1 {
            return .failure(SinkError(.ambiguous, tr("\(field) \(ControlCharacters.escaped(key)) is in \(count) saved records: none was corrected")))
        }
        return .success(first)
    }

    /// The saved record of `key` (a correction's, from `readAhead(for:in:)`), when that read exactly one and no
    /// correction took it since: one that may go with others (`replacement(of:by:)`).
    func onlyRecordReadAhead(for key: String?) -> StoredRecord? {
        guard let key, let read = readAhead[key], read.count == 1 else { return nil }
        return read.first
    }

    /// The checked correction `values` of the record `read` (from `onlyRecordReadAhead(for:)`) as a replacement
    /// applied with others (`replace(_:in:)`), its read taken: when it names the record by the key read and changes
    /// a value, none of a unique field. Nil: it is applied alone (`saved(for:in:)`, `apply`), which says why when
    /// it is refused.
    func replacement(of read: StoredRecord, by values: [(name: String, value: String)]) -> RecordReplacement? {
        guard let key = read.value(of: field), values.first(where: { $0.name == field })?.value == key else { return nil }
        var new: [String] = []
        new.reserveCapacity(fields.count)
        var changes = false
        for name in fields {
            // As `update` takes them: a field the values leave out is emptied.
            let value = values.first { $0.name == name }?.value ?? ""
            guard let old = read.value(of: name) else { return nil }
            if old != value {
                if uniqueFields.contains(name) { return nil }
                changes = true
            }
            new.append(value)
        }
        guard changes else { return nil }
        readAhead.removeValue(forKey: key)
        return RecordReplacement(read: read, values: new, editedAt: editedAt())
    }

    /// The second `editedAt()` last stamped, and its text.
    private var stamp: (second: Int, text: String) = (-1, "")

    /// Now as `RecordStamp.timestamp()` writes it, made again only when the second changes.
    private func editedAt() -> String {
        let second = WallClock.now()
        if second != stamp.second { stamp = (second, RecordStamp.timestamp(at: time_t(second))) }
        return stamp.text
    }

    /// Applies `replacements` with one call to the database, in the batch: whether each was applied (one not
    /// applied wrote nothing, and is applied alone).
    func replace(_ replacements: [RecordReplacement], in sink: any RecordDatabase) throws(SinkError) -> [Bool] {
        guard !replacements.isEmpty else { return [] }
        if pending == 0 { try begin(sink) }
        pending += replacements.count
        let applied = try sink.replace(replacements, editedBy: operatorName)
        if pending >= size || CorrectionBatch.now() - started >= interval { try finish(sink) }
        return applied
    }

    /// `pairs` with each typed field it leaves out filled with `saved`'s value: a correction names what it changes,
    /// and what it does not name stays as saved (never replaced by a default). Derived fields are derived again
    /// from the corrected values. Unchanged when every field is given or no saved record matches.
    func completed(_ pairs: [(name: String, text: String)], from saved: StoredRecord?) -> [(name: String, text: String)] {
        guard let saved else { return pairs }
        var completed = pairs
        for name in typedFields where !pairs.contains(where: { $0.name == name }) {
            if let value = saved.value(of: name) { completed.append((name, value)) }
        }
        return completed
    }

    /// What became of one correction.
    enum Applied {
        /// Applied, or it changed nothing.
        case done
        /// Not applied, for this reason, reported against this field.
        case problem(field: String, message: String)
        /// The saved record changed since `saved` read it: read, check and apply it again.
        case changed
    }

    /// Applies one checked record to the saved record `read` (as `saved(for:in:)` read it; nil: none was found), only
    /// while that record is still as read. A sink failure throws: the batch's corrections are not applied.
    func apply(_ values: [(name: String, value: String)], read: StoredRecord?, to sink: any RecordDatabase) throws(SinkError)
        -> Applied {
        guard let key = values.first(where: { $0.name == field })?.value, !key.isEmpty else {
            return .problem(field: field, message: tr("a value is needed to find the saved record to correct"))
        }
        if pending == 0 { try begin(sink) }
        pending += 1
        var applied = Applied.done
        do {
            _ = try sink.update(read.map { .read($0) } ?? .field(field, value: key), with: values, editedAt: RecordStamp.timestamp(),
                                editedBy: operatorName)
        } catch where error.kind == .changed {
            applied = .changed
        } catch where error.kind == .notFound || error.kind == .ambiguous {
            applied = .problem(field: field, message: error.message)
        } catch where error.kind == .conflict || error.kind == .refused {
            applied = .problem(field: "-", message: tr("not saved: \(error.message)"))
        }
        if pending >= size || CorrectionBatch.now() - started >= interval { try finish(sink) }
        return applied
    }

    /// Starts a batch, within the sink's limits.
    private func begin(_ sink: any RecordDatabase) throws(SinkError) {
        try sink.beginBatch()
        started = CorrectionBatch.now()
        let first = runStarted ?? started
        runStarted = first
        (size, interval) = Self.limits(after: batched, lasting: started - first, within: sink.correctionBatchLimits)
    }

    /// The limits of a batch that starts after `batched` corrections and `elapsed` seconds of the run: a quarter of
    /// each, at least `firstLimits`, at most `limits` (the sink's). A short run keeps the first limits, so another
    /// writer waits no longer for it; a long one gets fewer commits, each of which writes every page its batch changed.
    static func limits(after batched: Int, lasting elapsed: Double, within limits: (records: Int, seconds: Double))
        -> (records: Int, seconds: Double) {
        let first = (records: min(firstLimits.records, limits.records), seconds: min(firstLimits.seconds, limits.seconds))
        return (min(limits.records, max(first.records, batched / 4)), min(limits.seconds, max(first.seconds, elapsed / 4)))
    }

    /// Commits what the last batch holds.
    func finish(_ sink: any RecordDatabase) throws(SinkError) {
        guard pending > 0 else { return }
        batched += pending
        pending = 0
        try sink.commitBatch()
    }

    /// Monotonic seconds.
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
