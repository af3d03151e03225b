/// What readline keeps besides the line: the kill ring that Ctrl-Y yanks from and Alt-Y cycles, and the steps
/// Ctrl-_ undoes. Bounded: a field is short, but a session may kill and edit for ever.
struct EditHistory: Sendable {
    /// The most texts the kill ring holds (readline's default kill ring is as small), newest last.
    static let ringSize = 16
    /// The most steps undo goes back.
    static let undoDepth = 100

    /// Killed texts, newest last.
    private(set) var killRing: [String] = []
    /// The last command was a yank: which symbols it put in and which ring entry they were (for yank-pop).
    var yanked: Yank?
    /// The newest undo step; each holds the one before it.
    private var newestStep: UndoStep?
    /// The last change was typed: the next typed key joins its undo step (a word typed is one step, as readline).
    var typing = false

    /// Where a yank put its text: symbols `start..<end`, ring entry `ringIndex`.
    struct Yank: Sendable {
        let start: Int
        let end: Int
        let ringIndex: Int
    }

    /// One undo step: the state before a change. A chain of classes rather than an array of states: an array's
    /// storage type would be built at run time on the first change, in the user's first keys.
    final class UndoStep: Sendable {
        let state: FieldState
        let previous: UndoStep?
        /// How many steps this one and those before it are.
        let depth: Int

        init(state: FieldState, previous: UndoStep?) {
            self.state = state
            self.previous = previous
            depth = (previous?.depth ?? 0) + 1
        }
    }

    /// One step remembered and undone, once per process (see `Field.prepareHistory`): the very code a field's first
    /// change runs, so the type look-ups it makes once are made here.
    static let prepared: Bool = {
        var history = EditHistory()
        history.remember(FieldState())
        return history.undo() != nil
    }()

    /// Keeps a killed text.
    mutating func kill(_ text: String) {
        guard !text.isEmpty else { return }
        killRing.append(text)
        if killRing.count > Self.ringSize { killRing.removeFirst(killRing.count - Self.ringSize) }
    }

    /// Records `before` as the state one undo step returns to; past `undoDepth` steps the oldest is forgotten.
    /// Never inlined: `prepared` must run this same code.
    @inline(never)
    mutating func remember(_ before: FieldState) {
        var step = UndoStep(state: before, previous: newestStep)
        if step.depth > Self.undoDepth { step = Self.keeping(Self.undoDepth, of: step) }
        newestStep = step
    }

    /// The state the last step started from, taken off the chain; nil when there is nothing to undo.
    mutating func undo() -> FieldState? {
        typing = false
        guard let step = newestStep else { return nil }
        newestStep = step.previous
        return step.state
    }

    /// The newest `count` steps of the chain from `step`, rebuilt (steps are immutable, so shared chains stay whole).
    private static func keeping(_ count: Int, of step: UndoStep) -> UndoStep {
        var states: [FieldState] = []
        var at: UndoStep? = step
        while let s = at, states.count < count { states.append(s.state); at = s.previous }
        var rebuilt: UndoStep?
        for state in states.reversed() { rebuilt = UndoStep(state: state, previous: rebuilt) }
        return rebuilt!
    }
}
