/// Earlier accepted values of a field and where Up/Down stand among them: the pure half of a prompt's history
/// (the file it comes from is the terminal's business).
public struct HistoryCursor: Sendable, Equatable {
    /// Oldest first.
    public private(set) var entries: [String]
    /// Index of the entry shown, or `entries.count` for the line being typed.
    private var index: Int
    /// What was typed before the first step back, restored by stepping forward past the newest entry.
    private var draft = ""

    /// A history of these entries (oldest first), standing at the line being typed.
    public init(entries: [String]) {
        self.entries = entries
        index = entries.count
    }

    /// One step back; nil when there is nothing older.
    public mutating func older(current: String) -> String? {
        guard index > 0 else { return nil }
        if index == entries.count { draft = current }
        index -= 1
        return entries[index]
    }

    /// One step forward; the draft after the newest entry; nil when already there.
    public mutating func newer() -> String? {
        guard index < entries.count else { return nil }
        index += 1
        return index == entries.count ? draft : entries[index]
    }
}
