import CEditLineShims
import CLibEdit

/// Earlier accepted values of a field, kept in a libedit history file (vis-encoded, created 0600 by libedit).
struct PromptHistory {
    /// Oldest first.
    private(set) var entries: [String]
    /// Index of the entry shown, or `entries.count` for the line being typed.
    private var index: Int
    /// What was typed before the first Up, restored by Down past the newest entry.
    private var draft = ""

    /// Load a history file (a missing file is an empty history).
    init(file: String) {
        var list: [String] = []
        if let h = history_init() {
            var event = HistEvent()
            fl_history_set_size(h, &event, 1000)
            if fl_history_load(h, &event, file) >= 0, fl_history_first(h, &event) == 0 {
                repeat {
                    if let s = event.str { list.append(String(cString: s)) }
                } while fl_history_next(h, &event) == 0
            }
            history_end(h)
        }
        entries = list.reversed()  // H_FIRST is the newest
        index = entries.count
    }

    /// One step back; nil when there is nothing older.
    mutating func older(current: String) -> String? {
        guard index > 0 else { return nil }
        if index == entries.count { draft = current }
        index -= 1
        return entries[index]
    }

    /// One step forward; the draft after the newest entry; nil when already there.
    mutating func newer() -> String? {
        guard index < entries.count else { return nil }
        index += 1
        return index == entries.count ? draft : entries[index]
    }

    /// Append an accepted value to the file (duplicates of the newest entry are skipped).
    static func append(_ value: String, to file: String) {
        guard let h = history_init() else { return }
        var event = HistEvent()
        fl_history_set_size(h, &event, 1000)
        fl_history_set_unique(h, &event, 1)
        _ = fl_history_load(h, &event, file)
        fl_history_enter(h, &event, value)
        fl_history_save(h, &event, file)
        history_end(h)
    }
}
