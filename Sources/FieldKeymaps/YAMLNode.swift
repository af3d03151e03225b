/// One node of a YAML document with where it starts, as `YAMLComposer` builds it from libyaml's events.
struct YAMLNode: Sendable, Equatable {
    /// What a node holds.
    enum Content: Sendable, Equatable {
        /// Text. Every scalar stays text (no numbers, booleans or nulls): the keymap reader interprets them itself.
        case scalar(String)
        /// Items in document order.
        case sequence([YAMLNode])
        /// Pairs in document order; a repeated key is kept so the reader can report it where it is repeated.
        case mapping([YAMLPair])
    }

    /// What the node holds.
    let content: Content
    /// 1-based line of the node's first character (for a quoted scalar, its opening quote).
    let line: Int
    /// 1-based column of that character, in Unicode scalars.
    let column: Int
    /// For a scalar whose text stands on its line character for character (plain or quoted, one line, no escapes):
    /// the column of the text's first character, so a problem inside the text (an expression's) is placed exactly.
    /// nil otherwise.
    let textColumn: Int?
    /// Whether the node is a plain (unquoted) scalar: only then do `null`, `~` and nothing at all mean no value
    /// (an answers file's `name:` leaves the question unanswered, `name: ""` answers it with nothing).
    let isPlain: Bool

    /// A node at a position.
    init(_ content: Content, line: Int, column: Int, textColumn: Int? = nil, isPlain: Bool = false) {
        self.content = content
        self.line = line
        self.column = column
        self.textColumn = textColumn
        self.isPlain = isPlain
    }
}

/// One key and its value in a mapping.
struct YAMLPair: Sendable, Equatable {
    /// The key; in a keymap it must be a scalar, but YAML allows any node.
    let key: YAMLNode
    /// The value.
    let value: YAMLNode
}

/// A YAML problem that stops composing, at a 1-based line and column.
struct YAMLError: Error, Sendable, Equatable {
    /// 1-based line.
    let line: Int
    /// 1-based column, in Unicode scalars.
    let column: Int
    /// The full message, e.g. `YAML syntax: did not find expected key`.
    let message: String
}
