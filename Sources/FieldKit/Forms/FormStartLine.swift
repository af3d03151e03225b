/// The line a form session at the terminal starts with: the form, how many records its output holds, and the keys
/// that work there (`visitor: 12 records in visitors.db · Enter next · Shift-Tab back · Esc discard · Ctrl-R find ·
/// Ctrl-D end`), in rows of the terminal's width.
public struct FormStartLine: Sendable, Equatable {
    /// What the line says first: the form and its output (`visitor: 12 records in visitors.db`).
    public var head: String
    /// The keys that work, each with what it does (`Enter next`), in the order they are used.
    public var keys: [String]

    /// A line of given texts (already in the operator's language).
    public init(head: String, keys: [String]) {
        self.head = head
        self.keys = keys
    }

    /// The start line of form `formName` saving into `sinkLabel`, which holds `records` records, in the current
    /// language; Ctrl-R is named only when the output can find a saved record to correct (`searchable`). With
    /// `keysEndLines` (accessible mode, where the terminal hands over whole lines) a key works as a line of its own,
    /// so the line says to press Enter after it.
    public init(formName: String, records: Int, sinkLabel: String, searchable: Bool, keysEndLines: Bool = false) {
        // The names come from files and command lines: no control in them may reach the terminal.
        let name = ControlCharacters.escaped(formName), label = ControlCharacters.escaped(sinkLabel)
        let held = records == 1 ? tr("1 record") : tr("\(records) records")
        var keys: [String]
        if keysEndLines {
            keys = [tr("Enter next"), tr("Shift-Tab and Enter back"), tr("Esc and Enter discard")]
            if searchable { keys.append(tr("Ctrl-R and Enter find")) }
        } else {
            keys = [tr("Enter next"), tr("Shift-Tab back"), tr("Esc discard")]
            if searchable { keys.append(tr("Ctrl-R find")) }
        }
        keys.append(tr("Ctrl-D end"))
        self.init(head: tr("\(name): \(held) in \(label)"), keys: keys)
    }

    /// The line in rows of at most `width` columns, broken between its parts where it can, else at words.
    public func rows(width: Int) -> [String] {
        RowWrap.rows([head] + keys, width: width)
    }
}
