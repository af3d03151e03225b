/// How well some entered symbols fit a template.
public enum MatchKind: Int, Sendable, Comparable {
    /// Fewer symbols than slots, all fitting so far.
    case partial = 0
    /// Exactly as many symbols as slots, all fitting.
    case exact = 1

    public static func < (a: MatchKind, b: MatchKind) -> Bool { a.rawValue < b.rawValue }
}

/// Choosing the template that describes some entered symbols.
public struct TemplateSet: Sendable {
    /// Candidate templates in declaration order (earlier wins a tie).
    public let templates: [Template]
    /// Characters any template inserts.
    public let literals: Set<Character>

    /// A set of templates.
    public init(_ templates: [Template]) {
        self.templates = templates
        self.literals = templates.reduce(into: Set<Character>()) { $0.formUnion($1.literals) }
    }

    /// No templates (a plain or choice field's), made once.
    public static let none = TemplateSet([])

    /// Whether there are no templates.
    public var isEmpty: Bool { templates.isEmpty }

    /// How `symbols` fit `template`, or nil if they do not.
    public static func match<C: Collection>(_ symbols: C, _ template: Template) -> MatchKind?
    where C.Element == Character {
        if symbols.count > template.slotCount { return nil }
        var index = 0
        for token in template.tokens {
            guard case .slot(let slot) = token else { continue }
            if index == symbols.count { break }
            let symbol = symbols[symbols.index(symbols.startIndex, offsetBy: index)]
            if !slot.accepts(symbol) { return nil }
            index += 1
        }
        return symbols.count == template.slotCount ? .exact : .partial
    }

    /// The best template for the symbols: an exact match beats a partial one, a decided template (all its
    /// fixed digits entered) beats an undecided one, then more fixed digits, then declaration order.
    public func best(for symbols: [Character]) -> Template? {
        var best: Template?
        var bestKey = (kind: -1, decided: -1, exact: -1)
        for template in templates {
            guard let kind = TemplateSet.match(symbols, template) else { continue }
            let key = (
                kind: kind.rawValue,
                decided: symbols.count >= template.decidingLength ? 1 : 0,
                exact: template.exactSlotCount
            )
            if key > bestKey { best = template; bestKey = key }
        }
        return best
    }

    /// The refused option that decides these symbols, if the best template is refused and fully decided.
    public func refusedOption(for symbols: [Character], refusing refused: Set<TemplateOption>) -> TemplateOption? {
        guard !refused.isEmpty, let template = best(for: symbols),
              symbols.count >= template.decidingLength else { return nil }
        return template.options.intersection(refused).sorted { $0.rawValue < $1.rawValue }.first
    }
}
