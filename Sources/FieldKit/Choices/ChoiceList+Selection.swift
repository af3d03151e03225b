extension ChoiceList {
    /// The choices a joined line names (`DE,FR`, split at the selection's separator), each item read as `check`
    /// reads a one-choice line (`resolve`), ascending (list order). Refused: an item that names no single choice
    /// (said with its place, `item 2: …`), a choice named twice, more than the most, and with `enforcingMin`
    /// fewer than the fewest. An empty line is no choices.
    public func resolveAll(_ text: String, _ selection: ChoiceSelection, enforcingMin: Bool = true) -> Result<[Int], ValidationIssue> {
        let blank = text.allSatisfy(\.isWhitespace)
        var chosen: [Int] = []
        var seen = Set<Int>()
        if !blank {
            // Split on the separator as text (it may be longer than one character); at most as many items as the
            // list has choices are read before the line is refused, so a line of separators costs little.
            var rest = Substring(text)
            var place = 0
            while true {
                place += 1
                let end = rest.firstRange(of: selection.separator)
                let item = end.map { rest[..<$0.lowerBound] } ?? rest
                switch resolve(trimming: String(item)) {
                case .failure(let issue): return .failure(ValidationIssue(tr("item \(place): \(issue.message)")))
                case .success(let index):
                    if !seen.insert(index).inserted { return .failure(ValidationIssue(tr("\(path(to: index)) is chosen twice"))) }
                    chosen.append(index)
                }
                if let max = selection.max, chosen.count > max {
                    return .failure(ValidationIssue(tr("at most \(max) choices")))
                }
                guard let end else { break }
                rest = rest[end.upperBound...]
            }
        }
        if enforcingMin && chosen.count < selection.min { return .failure(ValidationIssue(selection.tooFew)) }
        return .success(chosen.sorted())
    }
}
