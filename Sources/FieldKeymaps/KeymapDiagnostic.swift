import FieldKit

/// One problem in a keymap file, printed as `FILE:LINE:COL: message`.
public struct KeymapDiagnostic: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file as the user named it (or `<shipped>/NAME.yaml`).
    public let file: String
    /// 1-based line, or nil when the problem is the file as a whole (missing, unreadable).
    public let line: Int?
    /// 1-based column in Unicode scalars.
    public let column: Int?
    /// What is wrong, in words a user can act on.
    public let message: String

    /// A problem at a position.
    public init(file: String, line: Int?, column: Int?, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `FILE:LINE:COL: message`, with any control character (from a file name or a quoted piece of the file)
    /// named rather than sent to the terminal.
    public var description: String {
        let file = ControlCharacters.escaped(self.file), message = ControlCharacters.escaped(self.message)
        if let line, let column { return "\(file):\(line):\(column): \(message)" }
        return "\(file): \(message)"
    }
}

/// Every problem found while loading keymaps; loading goes on after a problem so `lint` can list them all.
public struct KeymapErrors: Error, Sendable, CustomStringConvertible {
    /// The problems, in file order.
    public let diagnostics: [KeymapDiagnostic]
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
