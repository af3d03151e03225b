/// The words for a refused key, made only when a key is refused (an accepted key builds no string).
extension Field {
    /// Why typed text was refused: the first character refused and what its place takes, the limit, or the kind
    /// of value it would make (`position 5 takes a digit`, `at most 20 characters`).
    func typedRefusal(_ outcome: InsertionOutcome) -> String {
        if let refusal = outcome.firstRefusal { return refusal.reason }
        if outcome.truncated, let limit = spec.limit { return tr("at most \(spec.units(limit))") }
        return tr("nothing to insert")
    }

    /// Why a command the field leaves to the prompt, or runs elsewhere, did nothing here.
    static func doesNothing(_ command: EditCommand) -> String {
        tr("\(command.name) does nothing here")
    }
}
