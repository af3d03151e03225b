/// What the screen should show for a prompt, top to bottom: a form's record block above the field, the field's line
/// (prompt, text, counter, a dim hint after the cursor), the status line, and the lines under it (candidates, the
/// record's later fields). The painter builds one per change; `ScreenModel` turns the change into bytes.
public struct ScreenView: Equatable {
    /// Lines above the field (a form's earlier fields), one logical line each: a line wider than the terminal wraps.
    public var block: [String]
    /// The field's left prompt.
    public var prompt: String
    /// The field's line: its text, cursor and counter.
    public var field: FieldView
    /// Whether the field's line is drawn at all (a record whose key line has gone: only the block is left).
    public var showsField: Bool
    /// Dim text after the cursor at the end of the line (a placeholder, a phone number's example), nil for none.
    public var hint: String?
    /// Lines right under the field, above the status line (a record's later fields), each fitted to one row.
    public var following: [String]
    /// Why the last key, paste or Enter was refused, nil for nothing to say.
    public var status: String?
    /// Lines under the status line (a choice field's candidates), each fitted to one row.
    public var below: [ScreenLine]

    /// A view of a field's line and whatever stands around it.
    public init(block: [String] = [], prompt: String, field: FieldView, showsField: Bool = true, hint: String? = nil,
                following: [String] = [], status: String? = nil, below: [ScreenLine] = []) {
        self.following = following
        self.block = block
        self.prompt = prompt
        self.field = field
        self.showsField = showsField
        self.hint = hint
        self.status = status
        self.below = below
    }
}

/// A line under the field: a candidate or a later field of a record, and how it is shown.
public struct ScreenLine: Equatable, Sendable {
    /// How a line is shown.
    public enum Style: Equatable, Sendable {
        /// As it is.
        case plain
        /// Reversed, when colour is on: the current candidate.
        case current
    }

    /// The text, cut to one row by the model.
    public var text: String
    /// How it is shown.
    public var style: Style

    /// A line shown as `style` says.
    public init(_ text: String, style: Style = .plain) {
        self.text = text
        self.style = style
    }
}
