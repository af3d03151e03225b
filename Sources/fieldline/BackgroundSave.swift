import Dispatch
import FieldKit

/// One batch being saved on a thread of its own while the import reads and checks the next records (the database
/// does its part meanwhile, on another core or in its own server). At most one is in flight: it is waited for
/// before the next one starts, before anything else is asked of the sink, and at the end, so its reports come in
/// input order and its failure ends the import where the same failure would have ended it on one thread.
final class BackgroundSave: @unchecked Sendable {
    private let group = DispatchGroup()
    // Touched by the saving thread only until it leaves the group; read after `wait`.
    private var batch: ImportBatch
    private var sink: any RecordSink
    private var outcome: Result<Int, SinkError> = .success(0)

    /// Starts saving `batch` into `sink` (one whose batches may be saved in the background), `dealt` input records
    /// dealt with once it is durable.
    init(_ batch: ImportBatch, into sink: any RecordSink, dealt: Int) {
        self.batch = batch
        self.sink = sink
        group.enter()
        DispatchQueue.global().async { [self] in
            // Its own buffer for the batch's reports: the importing thread keeps writing to its own.
            var err = OutputBuffer(fd: 2)
            do throws(SinkError) {
                outcome = .success(try self.batch.save(into: &self.sink, dealt: dealt, err: &err))
            } catch {
                outcome = .failure(error)
            }
            group.leave()
        }
    }

    /// Waits for the save to end: how many records the sink refused (reported already), or why it failed.
    func wait() -> Result<Int, SinkError> {
        group.wait()
        return outcome
    }
}
