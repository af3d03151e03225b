/// A headless run of a field: keys and pastes in order, as `fieldline replay` feeds them.
public struct ReplayScript: Sendable {
    /// One step of a script.
    public enum Step: Sendable, Equatable {
        /// Keys in Vim notation (`138<BS>`), typed one by one.
        case keys(String)
        /// Text delivered as one paste.
        case paste(String)
    }

    /// The steps in order.
    public var steps: [Step]

    /// A script of steps.
    public init(_ steps: [Step]) { self.steps = steps }

    /// How a run ended.
    public struct Outcome: Sendable {
        /// The field after the last step that ran.
        public let field: Field
        /// The effect that ended the run (`accept` or `cancel`), or the last effect when keys ran out.
        public let lastEffect: Effect?
    }

    /// Run every step through a field; an accepted or cancelled field stops the run like a real prompt would.
    public func run(spec: FieldSpec, context: ValidationContext, keymap: Keymap = .standard) throws(KeyNotationError) -> Outcome {
        var field = Field(spec: spec, context: context)
        var last: Effect?
        for step in steps {
            let commands: [EditCommand]
            switch step {
            case .paste(let text): commands = [.paste(text)]
            case .keys(let text):
                commands = try KeyNotation.parse(text).compactMap { keymap.command(for: $0) }
            }
            for command in commands {
                last = field.apply(command)
                if case .accept = last { return Outcome(field: field, lastEffect: last) }
                if last == .cancel { return Outcome(field: field, lastEffect: last) }
            }
        }
        return Outcome(field: field, lastEffect: last)
    }
}

extension Frame {
    /// The display with the cursor drawn as `|`.
    public var displayWithCursor: String {
        var chars = Array(display)
        chars.insert("|", at: min(cursor, chars.count))
        return String(chars)
    }
}
