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
        /// What the prompt core answered to the last event: the one that ended the run (accept, cancel, end of
        /// file, back, interrupt), or the last one when the keys ran out.
        public let lastStep: PromptStep?

        /// The last step as a field effect (`refresh`, `bell`, `accept`, `cancel`), for callers that only need that.
        public var lastEffect: Effect? {
            switch lastStep {
            case nil: return nil
            case .edited?, .redraw?, .status?, .suspend?: return .refresh
            case .refused?: return .bell
            case .accept(let value)?: return .accept(value)
            case .cancel?, .endOfFile?, .back?, .interrupt?, .findRecord?: return .cancel
            }
        }
    }

    /// Run every step through the prompt core, as a terminal prompt runs its keys: typed characters one by one,
    /// named keys through the keymap (an unbound one is refused, never dropped), each paste as one paste. A step
    /// that ends the prompt (Enter accepted, Esc, Ctrl-D on an empty field, …) ends the run.
    public func run(spec: FieldSpec, context: ValidationContext, keymap: Keymap = .standard,
                    backKeys: Bool = false) throws(KeyNotationError) -> Outcome {
        var field = Field(spec: spec, context: context)
        var core = PromptCore(keymap: keymap, backKeys: backKeys)
        var last: PromptStep?
        for step in steps {
            let events: [InputEvent]
            switch step {
            case .paste(let text): events = [.paste(text, dropped: nil)]
            case .keys(let text): events = try KeyNotation.parse(text).map(ReplayScript.event(for:))
            }
            for event in events {
                last = core.step(event, field: &field)
                if last?.ends == true { return Outcome(field: field, lastStep: last) }
            }
        }
        return Outcome(field: field, lastStep: last)
    }

    /// The event a terminal's decoder gives for a key typed on its own.
    static func event(for key: Key) -> InputEvent {
        switch key {
        case .character(let c): return .text(String(c))
        case .named: return .key(key)
        }
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
