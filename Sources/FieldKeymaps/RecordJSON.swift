import FieldKit

/// Reads one record of a JSON Lines import: a flat object of field names to texts or numbers, parsed by the same
/// libyaml-based reader as keymap files (JSON is YAML's flow style), with its limits on size and nesting.
public enum RecordJSON {
    /// The pairs of one line, in order, or why the line is not a flat object. `null` is not a value: leave the key
    /// out for an empty field.
    public static func parse(_ line: String) -> Result<[(name: String, text: String)], RecordProblem> {
        let root: Located
        switch KeymapText.parse(Array(line.utf8), file: "") {
        case .success(let r): root = r
        case .failure(let d): return .failure(RecordProblem(d.message))
        }
        guard case .mapping(let pairs) = root.node.content else { return .failure(RecordProblem(tr("a record is a JSON object of field names to values"))) }
        var result: [(name: String, text: String)] = []
        for pair in pairs {
            guard case .scalar(let name) = pair.key.content else { return .failure(RecordProblem(tr("a field name must be text"))) }
            guard case .scalar(let text) = pair.value.content else {
                return .failure(RecordProblem(tr("the value of '\(ControlCharacters.escaped(name))' must be text or a number")))
            }
            if result.contains(where: { $0.name == name }) { return .failure(RecordProblem(tr("'\(ControlCharacters.escaped(name))' is given twice"))) }
            result.append((name, text))
        }
        return .success(result)
    }
}

/// Why an imported record could not be read.
public struct RecordProblem: Error, Sendable, Equatable {
    /// What is wrong, in one line.
    public let message: String
    /// A problem with this message.
    public init(_ message: String) { self.message = message }
}
