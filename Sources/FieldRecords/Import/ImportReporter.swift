/// Where an import says what it refused and what it noticed, as it goes. Called on the importing thread only.
public protocol ImportReporter: AnyObject {
    /// Input record `number` (from 1, as read) was refused or not saved for `message`; `field` names the field
    /// at fault, or `-` for the record as a whole.
    func refused(record number: Int, field: String, message: String)
    /// Something to know that refuses no record (a resumed input that could not be checked, a batch's failure
    /// while the import was ending for another reason).
    func notice(_ message: String)
    /// The reports so far should reach their reader now: the import is about to wait for input (a producer
    /// writing one record at a time gets the answer to it at once).
    func flush()
    /// How far the import got: called every `RecordImport.recordsPerProgress` records and after each batch is
    /// saved (a reporter that draws throttles its draws).
    func progress(_ summary: ImportSummary)
    /// How far the import got, before it waits for input that is slow to come (a pipe gone quiet): the last
    /// figures should be shown now.
    func waiting(_ summary: ImportSummary)
}

extension ImportReporter {
    /// No progress shown by default.
    public func progress(_ summary: ImportSummary) {}
    /// As any progress by default.
    public func waiting(_ summary: ImportSummary) { progress(summary) }
}
