/// What an import did with its input: the figures of its final line and of its progress.
public struct ImportSummary: Sendable, Equatable {
    /// Input records read (blank lines are not records), including those skipped by `--resume`.
    public var read = 0
    /// Records skipped as dealt with by the earlier import being resumed: passed by its count, or found saved whole
    /// under their unique value.
    public var skipped = 0
    /// Records refused (invalid, or not saved by the sink); each was reported.
    public var refused = 0
    /// Records handed to the sink in batches whose saves have ended (a correction: applied), less those the sink
    /// refused.
    public var saved = 0
    /// Records taken over a warning rule they break (each reported): saved unless the sink refused them.
    public var warned = 0

    /// Nothing done yet.
    public init() {}
}
