import FieldKit

/// "Type it twice" (`ask --verify`, a form field's `verify: true`): a value that must not be mistyped is asked
/// again, masked (one `*` per symbol, as `--secret` shows it, so the second entry cannot be copied off the screen
/// from the first), and the two must be the same value; when they differ the status line says so and the field is
/// asked again from empty. Values are compared as the field stores them, so `138 1234 5678` and `13812345678`
/// are the same phone number.
enum VerifiedEntry {
    /// What the status line says when the two entries differ.
    static var mismatch: String { tr("the two entries differ: type it again") }

    /// The second entry's prompt: `Mobile: ` becomes `Mobile (again): `; a prompt that is only punctuation becomes
    /// `Again: `.
    static func againPrompt(_ prompt: String) -> String {
        let label = PromptLabel.of(prompt)
        return label.isEmpty ? tr("Again: ") : tr("\(label) (again): ")
    }
}

extension PromptTerminal {
    /// Asks for a value twice (`VerifiedEntry`): the first entry with `options`, the second masked, with no default,
    /// history or placeholder, within what is left of the timeout. Any other ending of either entry (Esc, Ctrl-C, a
    /// timeout, back) is the outcome, except back in the second entry, which returns to the first with its text.
    public func askTwice(spec: FieldSpec, context: ValidationContext, options: PromptOptions) -> PromptOutcome {
        let deadline = options.timeout.flatMap { $0 > 0 ? Monotonic.now() + UInt64($0 * 1_000_000_000) : nil }
        func remaining() -> Double? { deadline.map { Double(Int64($0) - Int64(Monotonic.now())) / 1_000_000_000 } }
        var first = options
        while true {
            if let left = remaining() {
                guard left > 0 else { return .timedOut }
                first.timeout = left
            }
            let entered = ask(spec: spec, context: context, options: first)
            guard case .accepted(let value) = entered else { return entered }
            var again = options
            again.prompt = VerifiedEntry.againPrompt(options.prompt)
            again.secret = true
            again.defaultText = nil
            again.historyFile = nil
            again.placeholder = ""
            again.status = nil
            // In a form the record now holds typed text (this field's first entry): Esc asks before it discards.
            if options.formKeys != nil { again.formKeys = FormKeys(endOfFileEnds: false, recordHoldsTypedText: true) }
            if let left = remaining() {
                guard left > 0 else { return .timedOut }
                again.timeout = left
            }
            let second = ask(spec: spec, context: context, options: again)
            first = options
            switch second {
            case .accepted(let repeated) where repeated == value:
                return .accepted(value)
            case .accepted:
                first.defaultText = nil
                first.status = VerifiedEntry.mismatch
            case .back:
                first.defaultText = value
                first.defaultIsPaste = true
                first.status = nil
            default:
                return second
            }
        }
    }
}
