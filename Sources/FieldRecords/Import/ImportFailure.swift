import FieldKit

/// Why an import ended before its input did (a refused record does not end it: it is reported and counted).
public struct ImportFailure: Error, Sendable {
    /// What kind of failure, for the caller's exit code.
    public enum Kind: Sendable, Equatable {
        /// The input cannot be opened or read.
        case unreadable
        /// What was asked cannot be done with this input (a `--resume` of standard input with nothing to find
        /// the records already saved).
        case usage
        /// The input as a whole is refused: a CSV header that no record could be read under, or not the input an
        /// import being resumed read before.
        case refusedInput
        /// The sink failed; `SinkError.Kind` says how (`.mismatch`: the output holds another form's records).
        case sink(SinkError.Kind)
    }

    /// What kind of failure.
    public let kind: Kind
    /// The whole message, in the user's language, for one line of standard error.
    public let message: String

    /// A failure of `kind`, said by `message`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// A sink's failure, which ends the import: what was saved stays saved.
    init(_ error: SinkError) {
        self.init(.sink(error.kind), error.message)
    }
}
