extension ChoiceList {
    /// The choices a whole text names exactly (case-insensitive): by value, label or alias, or as a path of such
    /// names joined with `-` from a first-level choice down (`广东-深圳`, `广东省-深圳市`). Any level; in file order.
    public func named(_ text: String) -> [Int] {
        var found = Set(choices(named: text))
        // Paths: split at each `-` (a name may hold one itself, e.g. Guinea-Bissau, so every split is tried);
        // at most `maxDepth` dashes are looked at, so a line of dashes costs nothing.
        let dashes = text.indices.filter { text[$0] == "-" }
        if !dashes.isEmpty && dashes.count <= ChoiceList.maxDepth {
            for dash in dashes {
                let left = String(text[..<dash]), right = String(text[text.index(after: dash)...])
                guard !left.isEmpty, !right.isEmpty else { continue }
                let parents = named(left).filter { !children[$0].isEmpty }
                guard !parents.isEmpty else { continue }
                for child in named(right) where parents.contains(choices[child].parent ?? -1) { found.insert(child) }
            }
        }
        return found.sorted()
    }

    /// `identify` on the text without its leading and trailing white space (a checked line, a paste).
    public func identify(trimming text: String) -> Result<Int, ValidationIssue> {
        identify(ChoiceList.trimmed(text))
    }

    /// `check`'s verdict on a line (trimmed): `identify`, and for a text that names no choice, what typing it into
    /// the field and pressing Enter takes at a terminal: the best match of the query among the first-level
    /// choices (`matches`), when it has nothing under it (`ger` is Germany). A text that names choices keeps
    /// `identify`'s verdict, ambiguous or not.
    public func resolve(trimming text: String) -> Result<Int, ValidationIssue> {
        let query = ChoiceList.trimmed(text)
        let verdict = identify(query)
        guard case .failure = verdict, !query.isEmpty, named(query).isEmpty,
              let best = matches(query, in: roots).first
        else { return verdict }
        return children[best].isEmpty ? .success(best) : .failure(needsChoiceUnder(best))
    }

    private static func trimmed(_ text: String) -> String {
        var trimmed = Substring(text)
        while let c = trimmed.first, c.isWhitespace { trimmed.removeFirst() }
        while let c = trimmed.last, c.isWhitespace { trimmed.removeLast() }
        return String(trimmed)
    }

    /// Why a choice with choices under it is not a value.
    private func needsChoiceUnder(_ upper: Int) -> ValidationIssue {
        let example = children[upper].first.map { path(to: $0) } ?? ""
        return ValidationIssue(tr("\(path(to: upper)) needs one of the \(children[upper].count) choices under it, e.g. \(example)"))
    }

    /// The verdict on a line for `check`: valid when it names exactly one choice that has no choices under it.
    public func identify(_ text: String) -> Result<Int, ValidationIssue> {
        if text.isEmpty { return .failure(ValidationIssue(tr("no choice given (one of \(roots.count))"))) }
        // A value, exactly as written, names its own choice even when it is also another one's label or alias:
        // what `ask` printed is always taken back.
        if let index = index(ofValue: text), children[index].isEmpty { return .success(index) }
        let found = named(text)
        let leaves = found.filter { children[$0].isEmpty }
        if leaves.count == 1 { return .success(leaves[0]) }
        if leaves.count > 1 {
            let shown = leaves.prefix(5).map { path(to: $0) }.joined(separator: ", ")
            return .failure(ValidationIssue(tr("matches \(leaves.count) choices: \(shown)\(leaves.count > 5 ? ", …" : "")")))
        }
        if let upper = found.first { return .failure(needsChoiceUnder(upper)) }
        return .failure(ValidationIssue(tr("not one of the choices: '\(ControlCharacters.escaped(text))'")))
    }
}
