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
    var yanked: (start: Int, end: Int, ringIndex: Int)?
    /// States before each change, newest last.
    private(set) var undoSteps: [FieldState] = []
    /// The last change was typed: the next typed key joins its undo step (a word typed is one step, as readline).
    var typing = false

    /// Keeps a killed text.
    mutating func kill(_ text: String) {
        guard !text.isEmpty else { return }
        killRing.append(text)
        if killRing.count > Self.ringSize { killRing.removeFirst(killRing.count - Self.ringSize) }
    }

    /// Records `before` as the state one undo step returns to.
    mutating func remember(_ before: FieldState) {
        undoSteps.append(before)
        if undoSteps.count > Self.undoDepth { undoSteps.removeFirst(undoSteps.count - Self.undoDepth) }
    }

    /// The state the last step started from, taken off the list; nil when there is nothing to undo.
    mutating func undo() -> FieldState? {
        typing = false
        return undoSteps.popLast()
    }
}
