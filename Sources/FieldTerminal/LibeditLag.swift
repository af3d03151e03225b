/// What libedit lacks of the screen that quick echoes drew behind its back: quick echo writes a typed key's bytes
/// itself, and libedit's line and its model of the screen catch up only when libedit must draw or read them.
enum LibeditLag: Equatable {
    /// libedit's line and its model of the screen are what the screen shows.
    case none
    /// Both are behind; the last quick echo left the cursor on `row` (from the prompt's first row).
    case lineAndScreen(row: Int)
    /// The line was written back (`syncLibeditLine`), the model of the screen not yet; the cursor is on `row`.
    case screen(row: Int)

    /// The cursor's row while libedit's model of the screen is behind, else nil.
    var screenRow: Int? {
        switch self {
        case .none: return nil
        case .lineAndScreen(let row), .screen(let row): return row
        }
    }

    /// The lag once libedit's line has been written.
    var lineWritten: LibeditLag {
        if case .lineAndScreen(let row) = self { return .screen(row: row) }
        return self
    }
}
