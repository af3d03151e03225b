import FieldKit

/// A placeholder on the screen: text drawn dim after the cursor while the field is empty (or, for a phone field's
/// example, the rest of the example after a calling code alone), never in libedit's line, so never in the value.
///
/// The screen model draws it (`ScreenView.hint`) only when the cursor is at the end of the line and the hint fits on
/// the line's last row before the counter; a field without a placeholder has none of this (the session holds nil).
struct PlaceholderHint {
    /// Where the hint comes from.
    enum Source {
        /// `--placeholder`, `placeholder:`: shown while the field shows nothing.
        case text(String)
        /// The field's own example (a phone field's region example, and the rest of its calling code's).
        case example
    }

    let source: Source

    /// The hint for these options and field, or nil when there is nothing to show (no placeholder and no example,
    /// an empty `--placeholder`, a secret field's example).
    init?(options: PromptOptions, spec: FieldSpec) {
        if let text = options.placeholder {
            guard !text.isEmpty else { return nil }
            source = .text(Placeholder.sanitized(text))
        } else if spec.hasExamples && !options.secret {
            source = .example
        } else {
            return nil
        }
    }
}

extension PromptSession {
    /// The hint the field wants now: the text while the line is empty, or the example's rest after the symbols
    /// (the cursor at their end); nil for none.
    func wantedHint(_ hint: PlaceholderHint) -> String? {
        switch hint.source {
        case .text(let text): return derivedView.text.isEmpty ? text : nil
        case .example:
            let symbols = field.state.symbols
            guard field.state.cursor == symbols.count else { return nil }
            return field.spec.exampleHint(after: symbols)
        }
    }
}
