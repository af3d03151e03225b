/// A field whose value must be (`exists:`), or must not be (`not_exists:`), a value another form saved: one of
/// field `field`'s values in table `table` of the same output (SQLite or PostgreSQL). Checked on Enter at a
/// terminal and, at an import, with one query a batch (docs/forms.md, "Values another form saved").
public struct SavedValueCheck: Sendable, Equatable {
    /// The other form's table (its name).
    public var table: String
    /// The column of that table the value is looked up in.
    public var field: String
    /// True for `exists:` (the value must be saved there), false for `not_exists:` (it must not be).
    public var mustExist: Bool

    /// A check of a value against `table`'s column `field`.
    public init(table: String, field: String, mustExist: Bool) {
        self.table = table
        self.field = field
        self.mustExist = mustExist
    }

    /// The refusal of `value`, given whether `table` holds it; nil when it passes.
    public func refusal(of value: String, found: Bool) -> String? {
        guard found != mustExist else { return nil }
        let shown = ControlCharacters.escaped(value)
        return mustExist ? tr("'\(shown)' is not a \(field) saved in \(table)")
                         : tr("'\(shown)' is already a \(field) saved in \(table)")
    }

    /// The operator's note while a slow check is under way.
    public static var checkingNote: String { tr("checking…") }

    /// What is said when the look-up did not answer within the form's `lookup_timeout`: the value stays typed.
    public func timedOut(seconds: Double) -> String {
        tr("could not check \(table) within \(Self.shownSeconds(seconds)) s (lookup_timeout): the value is kept; press Enter to try again")
    }

    /// Seconds as a form writes them: `5`, `0.5`.
    public static func shownSeconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

/// What a look-up of saved values answered: which of the values asked for the table holds, or that it did not
/// answer in time.
public enum SavedValueAnswer: Sendable, Equatable {
    /// The values (of those asked) the table holds.
    case found(Set<String>)
    /// The look-up took longer than `lookup_timeout` and was stopped.
    case timedOut
}
