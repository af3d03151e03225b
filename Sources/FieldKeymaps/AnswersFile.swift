import FieldKit

/// An answers file (`--answers FILE`): questions' answers by name, written in YAML or in JSON (read by the same
/// libyaml parser: a JSON object is a YAML flow mapping). One map of names to answers is one record; a list of
/// such maps is several (a form's records, one after another).
///
/// Every answer is one value, kept as text: a number as written, `true` and `false` as `yes` and `no` for a
/// yes/no question. A plain `null`, `~` or nothing at all leaves the question unanswered (the pair is left out),
/// while a quoted `""` answers it with nothing.
public enum AnswersFile {
    /// One map's answers, in file order.
    public typealias Record = [(name: String, text: String)]

    /// The records of `bytes` (read from `file`, named in problems), or the first problem, placed in the file.
    /// `yesNoFields`: the questions whose `true` and `false` read as `yes` and `no`.
    public static func parse(_ bytes: [UInt8], file: String, yesNoFields: Set<String> = []) -> Result<[Record], KeymapDiagnostic> {
        let root: YAMLNode?
        switch YAMLComposer.compose(bytes) {
        case .success(let node): root = node
        case .failure(let error):
            return .failure(KeymapDiagnostic(file: file, line: error.line, column: error.column, message: error.message))
        }
        guard let root else { return .success([]) }
        func problem(_ node: YAMLNode, _ message: String) -> KeymapDiagnostic {
            KeymapDiagnostic(file: file, line: node.line, column: node.column, message: message)
        }
        let maps: [YAMLNode]
        switch root.content {
        case .mapping: maps = [root]
        case .sequence(let items): maps = items
        case .scalar:
            if root.isPlain, isNull(root) { return .success([]) }
            return .failure(problem(root, tr("an answers file is a map of names to answers, or a list of such maps")))
        }
        var records: [Record] = []
        for map in maps {
            guard case .mapping(let pairs) = map.content else {
                return .failure(problem(map, tr("each item of an answers file's list is a map of names to answers")))
            }
            var record: Record = []
            for pair in pairs {
                guard case .scalar(let name) = pair.key.content, !name.isEmpty else {
                    return .failure(problem(pair.key, tr("a question's name must be text")))
                }
                guard !record.contains(where: { $0.name == name }) else {
                    return .failure(problem(pair.key, tr("'\(ControlCharacters.escaped(name))' is answered twice")))
                }
                guard case .scalar(var text) = pair.value.content else {
                    return .failure(problem(pair.value, tr("the answer to '\(ControlCharacters.escaped(name))' must be one value, not a list or a map")))
                }
                if pair.value.isPlain {
                    if isNull(pair.value) { continue }
                    if yesNoFields.contains(name), let yesNo = ["true": "yes", "false": "no"][text] { text = yesNo }
                }
                record.append((name, text))
            }
            records.append(record)
        }
        return .success(records)
    }

    /// YAML's plain spellings of no value.
    private static func isNull(_ node: YAMLNode) -> Bool {
        guard case .scalar(let text) = node.content else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(text)
    }
}
