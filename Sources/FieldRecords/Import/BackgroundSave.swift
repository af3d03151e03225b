import Dispatch
import FieldKit

/// An import's batches saved on a thread of their own while the import reads and checks the next records (the
/// database does its part meanwhile, on another core or in its own server), in the order they are handed over: a
/// sink that streams its batches gets each batch's records as they are checked (`send`), then its save. At most one
/// save is in flight: it is waited for before the next one is handed over, before anything else is asked of the
/// sink, and at the end, so its reports come in input order and its failure ends the import where the same failure
/// would have ended it on one thread.
final class BackgroundSave: @unchecked Sendable {
    private let queue = DispatchQueue(label: "fieldline.import.save")
    private let group = DispatchGroup()
    // Touched on `queue` only, and read after `wait`.
    private let database: any RecordDatabase
    private var sink: any RecordSink
    private var failure: SinkError?
    private var outcome = BatchOutcome()
    private var inFlight = false
    /// Whether `wait` has returned the failure already.
    private var told = false

    /// Saves into `database`.
    init(into database: any RecordDatabase) {
        self.database = database
        sink = database
    }

    /// Sends `records`, the next of the batch whose `save` follows, ahead to the sink (when it streams batches).
    /// A failure of the sink is kept for that save's outcome; nothing more is sent or saved after it.
    func send(_ records: [SavedRecord]) {
        queue.async { [self] in
            guard failure == nil else { return }
            do throws(SinkError) { try database.send(partOfBatch: records) } catch { failure = error }
        }
    }

    /// Starts saving `batch`, `dealt` input records (fingerprinted `fingerprint`) dealt with once it is durable.
    /// The save before it must have been waited for.
    func save(_ batch: ImportBatch, dealt: Int, fingerprint: String?) {
        precondition(!inFlight, "one save in flight at a time")
        inFlight = true
        group.enter()
        queue.async { [self] in
            defer { group.leave() }
            if let failure {
                outcome = BatchOutcome(failure: failure)
                return
            }
            var batch = batch
            outcome = batch.save(into: &sink, dealt: dealt, fingerprint: fingerprint)
            failure = outcome.failure
        }
    }

    /// Whether a save was handed over and not yet waited for.
    var isSaving: Bool { inFlight }

    /// Waits for the save in flight (and what was sent before it) to end: its outcome (with its reports, which the
    /// importing thread writes). With none in flight, waits for what was sent: a failure there is told. A failure
    /// is told once.
    func wait() -> BatchOutcome {
        if inFlight {
            inFlight = false
            group.wait()
            if outcome.failure != nil { told = true }
            return outcome
        }
        return queue.sync {
            guard let failure, !told else { return BatchOutcome() }
            told = true
            return BatchOutcome(failure: failure)
        }
    }
}
