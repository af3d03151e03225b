/// How one field of a record was keyed at a terminal (paradata): the time its prompt was open, the operator's keys
/// there, and how often the operator came back to it. Kept by `FormSession` and saved with the record
/// (`RecordSink.save(_:keying:)`); imports and corrections keep none.
public struct FieldKeying: Sendable, Equatable {
    /// Milliseconds the field's prompt was open, every visit added.
    public var milliseconds = 0
    /// The operator's keys in the field (`KeyTally.keys`).
    public var keys = 0
    /// Of them, the keys the engine refused.
    public var refused = 0
    /// Of them, the keys that deleted text.
    public var deletions = 0
    /// How many times the field was asked again after the operator had been elsewhere in the record (Shift-Tab
    /// back to it, a broken rule sending the record back from the summary, a failed save reopened); a field asked
    /// again at once because its value was refused is still the same visit.
    public var returns = 0

    /// Figures as stored.
    public init(milliseconds: Int = 0, keys: Int = 0, refused: Int = 0, deletions: Int = 0, returns: Int = 0) {
        self.milliseconds = milliseconds
        self.keys = keys
        self.refused = refused
        self.deletions = deletions
        self.returns = returns
    }

    /// The column names of a stored row after `record_id` and `field`, in order.
    public static let columns = ["milliseconds", "keys", "refused", "deletions", "returns"]

    /// The figures in `columns` order, as stored (decimal text).
    public var figures: [Int] { [milliseconds, keys, refused, deletions, returns] }

    /// Figures read back in `columns` order; nil unless there are five of them.
    public init?(figures: [Int]) {
        guard figures.count == 5 else { return nil }
        self.init(milliseconds: figures[0], keys: figures[1], refused: figures[2], deletions: figures[3], returns: figures[4])
    }
}

/// The paradata of one record: each field the operator was asked, in form order, with how it was keyed. Fields never
/// asked (derived, or their `when` did not hold) have none.
public struct RecordKeying: Sendable, Equatable {
    /// Field name → figures, in form order.
    public var fields: [(name: String, keying: FieldKeying)]

    /// Paradata of these fields.
    public init(_ fields: [(name: String, keying: FieldKeying)] = []) { self.fields = fields }

    /// No field was asked.
    public var isEmpty: Bool { fields.isEmpty }

    public static func == (a: RecordKeying, b: RecordKeying) -> Bool {
        a.fields.map(\.name) == b.fields.map(\.name) && a.fields.map(\.keying) == b.fields.map(\.keying)
    }
}
