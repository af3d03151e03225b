import FieldKit

/// A YAML node together with the file it came from, so every problem can name its file and position.
struct Located {
    let node: YAMLNode
    let file: String

    var line: Int { node.line }
    var column: Int { node.column }

    /// A diagnostic pointing at this node.
    func problem(_ message: String) -> KeymapDiagnostic {
        KeymapDiagnostic(file: file, line: line, column: column, message: message)
    }

    /// A diagnostic at the character `offset` (0-based, in scalars) of this scalar's text: exactly there when the
    /// text stands on its line as written, else at the node with the character named.
    func problem(atCharacter offset: Int, _ message: String) -> KeymapDiagnostic {
        if let textColumn = node.textColumn {
            return KeymapDiagnostic(file: file, line: line, column: textColumn + offset, message: message)
        }
        return KeymapDiagnostic(file: file, line: line, column: column, message: tr("\(message) (at character \(offset + 1))"))
    }

    /// The scalar text, or nil for a mapping or sequence.
    var scalarText: String? {
        if case .scalar(let text) = node.content { return text }
        return nil
    }
}

/// Reading typed values out of nodes, recording a diagnostic for each mismatch.
struct NodeReader {
    var diagnostics: [KeymapDiagnostic] = []

    /// Text from the file. Control characters (an escape sequence written as `"\e[2J"`) are refused in every text
    /// setting: messages, units, descriptions and template literals reach the terminal.
    mutating func string(_ value: Located, _ what: String) -> String? {
        guard let text = value.scalarText else { diagnostics.append(value.problem(tr("\(what) must be text"))); return nil }
        if let control = ControlCharacters.first(in: text) {
            diagnostics.append(value.problem(tr("\(what) contains the control character \(ControlCharacters.name(control)) (control characters and escape sequences are not allowed in keymap text)")))
            return nil
        }
        return text
    }

    /// Text in one language for all (`message: "…"`) or by language (`message: {en: "…", zh: "…"}`); every code
    /// must be a language fieldline has, and English (the fallback for the others) must be among them.
    mutating func languageTexts(_ value: Located, _ what: String) -> LanguageTexts? {
        guard case .mapping = value.node.content else { return string(value, what).map(LanguageTexts.init) }
        var texts: [String: String] = [:]
        for (code, codeNode, text) in mapping(value, what) ?? [] {
            guard Language(rawValue: code) != nil else {
                let known = Language.allCases.map(\.rawValue).joined(separator: ", ")
                diagnostics.append(codeNode.problem(tr("unknown language '\(code)' in \(what) (known: \(known))")))
                continue
            }
            if let text = string(text, "\(what).\(code)") { texts[code] = text }
        }
        guard texts[Language.en.rawValue] != nil else {
            diagnostics.append(value.problem(tr("\(what) needs an English text (en), shown where no other language fits")))
            return nil
        }
        return LanguageTexts(byLanguage: texts)
    }

    /// A whole number from `min` to `max` (by default `KeymapLimits.largestNumber`: no setting needs more).
    mutating func int(_ value: Located, _ what: String, min: Int = 0, max: Int = KeymapLimits.largestNumber) -> Int? {
        guard let text = value.scalarText, let n = Int(text) else {
            diagnostics.append(value.problem(tr("\(what) must be a whole number")))
            return nil
        }
        guard n >= min else { diagnostics.append(value.problem(tr("\(what) must be at least \(min)"))); return nil }
        guard n <= max else { diagnostics.append(value.problem(tr("\(what) must be at most \(max)"))); return nil }
        return n
    }

    mutating func bool(_ value: Located, _ what: String) -> Bool? {
        switch value.scalarText {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default:
            diagnostics.append(value.problem(tr("\(what) must be true or false")))
            return nil
        }
    }

    /// The items of a sequence; a single scalar counts as a list of one.
    mutating func list(_ value: Located, _ what: String) -> [Located]? {
        switch value.node.content {
        case .sequence(let seq): return seq.map { Located(node: $0, file: value.file) }
        case .scalar: return [value]
        default:
            diagnostics.append(value.problem(tr("\(what) must be a list")))
            return nil
        }
    }

    /// The pairs of a mapping, reporting each repeated key where it is repeated (the composer keeps them all).
    mutating func mapping(_ value: Located, _ what: String) -> [(key: String, keyNode: Located, value: Located)]? {
        guard case .mapping(let map) = value.node.content else {
            diagnostics.append(value.problem(tr("\(what) must be a mapping of names to values")))
            return nil
        }
        var seen: [String: Located] = [:]
        var pairs: [(key: String, keyNode: Located, value: Located)] = []
        for pair in map {
            let keyNode = Located(node: pair.key, file: value.file)
            guard let key = keyNode.scalarText else { diagnostics.append(keyNode.problem(tr("keys must be text"))); continue }
            if let control = ControlCharacters.first(in: key) {
                diagnostics.append(keyNode.problem(tr("a key contains the control character \(ControlCharacters.name(control))")))
                continue
            }
            if let first = seen[key] {
                diagnostics.append(keyNode.problem(tr("duplicate key '\(key)' (first at \(first.line):\(first.column))")))
                continue
            }
            seen[key] = keyNode
            pairs.append((key, keyNode, Located(node: pair.value, file: value.file)))
        }
        return pairs
    }
}
