/// The single truth of a field: the entered symbols and a cursor between them.
public struct FieldState: Sendable, Equatable {
    /// Entered symbols, without any template literal.
    public internal(set) var symbols: [Character] { didSet { changeCount &+= 1 } }
    /// How many symbols lie before the cursor (0...symbols.count).
    public internal(set) var cursor: Int
    /// In a choice field: the choices picked on the levels above the current one (a province, when its cities are
    /// offered). The symbols are then the query.
    public internal(set) var choicePath: [Int] = [] { didSet { changeCount &+= 1 } }
    /// In a choice field: the current candidate's place among the query's matches, once Up/Down or Tab picked one;
    /// nil means the best match (or none, for an empty query).
    public internal(set) var choiceIndex: Int?
    /// In a choice field: the symbols are the current choice's label, offered whole (a field that starts with a
    /// chosen value, as when a form goes back to it): the list is the whole level, the next key typed starts a new
    /// query, an erasing key empties it, Up/Down show the next choice's label.
    public internal(set) var choiceWhole = false
    /// In a multi-select choice field: the choices marked so far, as indices into the list, ascending (which is
    /// list order, the order the value joins them in).
    public internal(set) var choiceMarks: [Int] = [] { didSet { changeCount &+= 1 } }
    /// Counts writes to `symbols`, `choicePath` and `choiceMarks`, so that the edit history (undo) tells a change from a move by
    /// comparing two numbers instead of two arrays on every key. Not part of the state's value (`==` ignores it).
    private(set) var changeCount: UInt = 0

    /// An empty field.
    public init() { symbols = []; cursor = 0 }

    public static func == (a: FieldState, b: FieldState) -> Bool {
        a.symbols == b.symbols && a.cursor == b.cursor && a.choicePath == b.choicePath && a.choiceIndex == b.choiceIndex
            && a.choiceMarks == b.choiceMarks && a.choiceWhole == b.choiceWhole
    }
}
