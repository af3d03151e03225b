import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// An import's checked records gathered into batches: each batch is saved by the sink in one transaction (one
/// `fsync` for a file) once it holds `size` records or its first record is `interval` seconds old, and at the end.
/// An import confirms nothing until it reports, so nothing is lost by waiting: a record counts as saved only once
/// its batch is durable, and a kill before that leaves it for `--resume`. The import's reports of the batch's
/// records (invalid ones, and those the sink refuses at the commit) are written when the batch is, in input order.
///
/// Batches grow with the import: the first holds `firstLimits`, each later one a quarter of the records batched
/// before it, up to `limits`, its age limit in proportion (never below the first's). A small import keeps small
/// batches, whose saves overlap the checking of the next records; a large one gets large commits, each of which
/// writes every index page its batch changed.
struct ImportBatch {
    /// The first batch's records and seconds (fewer when `limits` are smaller).
    static let firstLimits = (records: 10_000, seconds: 0.25)
    /// Records and seconds per batch for a sink that takes them as they are checked (PostgreSQL), from the first
    /// batch on: its commit is then the one stall of a batch, so fewer are better: 25,000 beat 10,000, and larger
    /// batches gained nothing more (bench/RESULTS.md, session 17). A database saved at the batch's end takes its own
    /// `importBatchLimits`.
    static let streamedLimits = (records: 25_000, seconds: 0.25)
    /// The most records and seconds a batch grows to.
    private(set) var limits = firstLimits
    /// The first batch's records and seconds, the least of every later one.
    private var first = firstLimits
    /// Records per batch, now.
    private(set) var size = firstLimits.records
    /// Seconds after which a batch is saved even when it is not full, now.
    private(set) var interval = firstLimits.seconds
    /// Records held by the batches saved so far (taken or saved here).
    private var batched = 0
    /// The input file as the sink keeps its progress (an absolute path), or nil (standard input).
    let source: String?
    /// The form's unique fields: a record a database refuses as a repeat (`.conflict`) when it saves the batch is
    /// reported naming the earlier record that holds its value, as a look-up before the save would have named it.
    var uniqueFields: [UniqueField] = []
    /// The fields checked against another form's saved values (`exists:`, `not_exists:`): looked up when the batch
    /// is saved, one query a field, and a record that fails is reported instead of saved.
    var savedValueChecks: [(field: String, check: SavedValueCheck)] = []
    /// Seconds each of those look-ups may take (the form's `lookup_timeout`).
    var lookupTimeout = 5.0
    /// `--resume`: a refused repeat that is the very record an earlier run saved is passed over, not reported.
    var resume = false
    /// The batch's records not sent ahead (`unsent`), after the `sent` that were.
    private var records: [SavedRecord] = []
    private var sent = 0
    /// The records sent ahead, kept only with unique fields: one the database refuses as a repeat is looked up to
    /// name the record it repeats.
    private var sentRecords: [SavedRecord] = []
    private var numbers: [Int] = []
    /// The batch's unique values, per unique field: a repeat within the batch is found before the sink sees it.
    private var values: [String: Set<String>] = [:]
    private var reports: [BatchReport] = []
    private var started = 0.0

    init(source: String?) { self.source = source }

    /// Batches of at most `limits`, the first of `firstLimits` (`growing`) or, not growing, every one of `limits`.
    mutating func limit(to limits: (records: Int, seconds: Double), growing: Bool = true) {
        self.limits = limits
        first = growing ? Self.firstLimits : limits
        grow()
    }

    /// The next batch's size: a quarter of the records batched so far, at least `first`, at most `limits`; its age
    /// limit the same share of the limit's seconds, at least `first`'s.
    private mutating func grow() {
        let records = min(limits.records, max(first.records, batched / 4))
        size = records
        let share = limits.seconds * Double(records) / Double(max(1, limits.records))
        interval = min(limits.seconds, max(min(first.seconds, limits.seconds), share))
    }

    /// Whether a record of this batch holds `value` in `field`.
    func holds(_ value: String, in field: String) -> Bool { values[field]?.contains(value) == true }

    /// Adds input record `number`, checked, with the values of its unique fields.
    mutating func add(_ record: SavedRecord, number: Int, unique: [(field: String, value: String)]) {
        if sent + records.count == 0 && reports.isEmpty { started = Self.now() }
        records.append(record)
        numbers.append(number)
        for (field, value) in unique { values[field, default: []].insert(value) }
    }

    /// Holds the report of input record `number` until the batch is written.
    mutating func report(_ number: Int, _ field: String, _ message: String) {
        if sent + records.count == 0 && reports.isEmpty { started = Self.now() }
        reports.append(BatchReport(number: number, field: field, message: message))
    }

    /// How many records are waiting to be sent ahead.
    var unsentCount: Int { records.count }

    /// The records not yet sent ahead, handed over (not shared: the batch goes on adding to its own array without
    /// copying what it gave away); the batch's save follows them (`RecordSink.send`).
    mutating func unsent() -> [SavedRecord] {
        let part = records
        records = []
        records.reserveCapacity(part.count)
        sent += part.count
        if !uniqueFields.isEmpty { sentRecords += part }
        return part
    }

    /// The batch's records and reports, handed over to be saved elsewhere (`BackgroundSave`); this one starts empty.
    mutating func take() -> ImportBatch {
        let taken = self
        batched += sent + records.count
        grow()
        records = []
        sent = 0
        sentRecords = []
        numbers = []
        values = [:]
        reports = []
        return taken
    }

    /// Seconds until the batch is due by its age, or nil when it holds nothing.
    var secondsLeft: Double? {
        sent + records.count + reports.count > 0 ? max(0, interval - (Self.now() - started)) : nil
    }

    /// Whether the batch should be saved now.
    var isDue: Bool {
        let held = sent + records.count + reports.count
        return held >= size || (held > 0 && Self.now() - started >= interval)
    }

    /// Saves the batch with the input's progress (`dealt`: how many input records are dealt with once it is
    /// durable, `fingerprint` their `FNV1a.hex`): what the sink saved and refused, and the batch's reports in
    /// input order (a refusal found at the commit comes among the invalid records around it). A sink failure is
    /// in the outcome, with the reports made before it.
    mutating func save(into sink: inout any RecordSink, dealt: Int, fingerprint: String?) -> BatchOutcome {
        var outcome = BatchOutcome()
        batched += sent + records.count
        grow()
        do throws(SinkError) {
            if !savedValueChecks.isEmpty, let database = sink.database { outcome.refused += try dropUnsaved(in: database) }
            let refused = try sink.save(batch: records, progress: source.map { ImportProgress(source: $0, records: dealt, fingerprint: fingerprint) })
            for (index, error) in refused {
                // A repeat is found by the database when the batch is saved: only the refused records are looked up.
                let record = index >= sent ? records[index - sent] : index < sentRecords.count ? sentRecords[index] : nil
                if error.kind == .conflict, let record, let repeated = try repeatOf(record, in: sink) {
                    guard case .of(let field, let message) = repeated else {
                        outcome.skipped += 1
                        continue
                    }
                    report(numbers[index], field, message)
                } else {
                    report(numbers[index], "-", tr("not saved: \(error.message)"))
                }
                outcome.refused += 1
            }
            outcome.saved = sent + records.count - refused.count
        } catch {
            outcome.failure = error
        }
        records.removeAll(keepingCapacity: true)
        sent = 0
        sentRecords.removeAll(keepingCapacity: true)
        numbers.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        reports.sort { $0.number < $1.number }
        outcome.reports = reports
        reports.removeAll(keepingCapacity: true)
        return outcome
    }

    /// Looks up the batch's values of each checked field in its other table (one query a field) and reports and
    /// removes the records that fail; how many went. Only records not sent ahead (none are, with such checks).
    private mutating func dropUnsaved(in database: any RecordDatabase) throws(SinkError) -> Int {
        var failed: [Int: (field: String, message: String)] = [:]
        for (field, check) in savedValueChecks {
            let values = records.indices.compactMap { i -> (Int, String)? in
                guard failed[i] == nil, let value = records[i].values.first(where: { $0.name == field })?.value, !value.isEmpty else { return nil }
                return (i, value)
            }
            guard !values.isEmpty else { continue }
            switch try database.savedValues(Array(Set(values.map(\.1))), in: check.table, field: check.field, timeout: lookupTimeout) {
            case .timedOut:
                throw SinkError(.io, tr("\(database.label): could not check \(check.table) within \(SavedValueCheck.shownSeconds(lookupTimeout)) s (lookup_timeout); nothing of this batch is saved"))
            case .found(let found):
                for (i, value) in values {
                    if let message = check.refusal(of: value, found: found.contains(value)) { failed[i] = (field, message) }
                }
            }
        }
        guard !failed.isEmpty else { return 0 }
        for (i, why) in failed { report(numbers[i], why.field, why.message) }
        let kept = records.indices.filter { failed[$0] == nil }
        records = kept.map { records[$0] }
        numbers = kept.map { numbers[$0] }
        return failed.count
    }

    /// What a record the sink refused as a repeat repeats.
    private enum Repeat {
        /// A saved record holds its value of unique `field`: the report naming that record.
        case of(field: String, message: String)
        /// Resumed, and the saved record is this very record: nothing to report.
        case sameRecord
    }

    /// What the refused `record` repeats: the first unique field whose value a saved record holds; nil when no saved
    /// record holds any of its unique values (another rule of the database refused it).
    private func repeatOf(_ record: SavedRecord, in sink: any RecordSink) throws(SinkError) -> Repeat? {
        for field in uniqueFields {
            guard let value = record.values.first(where: { $0.name == field.name })?.value, !value.isEmpty,
                  let earlier = try sink.earlierRecord(where: field.name, is: value) else { continue }
            // Resumed: the same record, saved by the run that stopped, is not saved again nor an error.
            if resume, try sink.holds(record.values, where: field.name) { return .sameRecord }
            return .of(field: field.name, message: RecordJudge.repeated(value, secret: field.secret, heldBy: tr("\(earlier) of \(sink.label)")))
        }
        return nil
    }

    private static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}

/// One refused record of a batch, reported when the batch is saved.
struct BatchReport: Sendable {
    /// The input record's number.
    let number: Int
    /// The field at fault, or `-`.
    let field: String
    /// Why.
    let message: String
}

/// What saving one batch came to.
struct BatchOutcome: Sendable {
    /// Records the sink saved.
    var saved = 0
    /// Records the sink refused (a unique value saved meanwhile, a rule of the database's own); reported.
    var refused = 0
    /// Records the sink refused as repeats that are the very records an earlier run saved (`--resume`).
    var skipped = 0
    /// The batch's reports, in input order: invalid records and the sink's refusals.
    var reports: [BatchReport] = []
    /// The sink's failure: nothing of the batch is saved, and the import ends.
    var failure: SinkError?
}
