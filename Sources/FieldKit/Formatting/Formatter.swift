/// Entered symbols laid out for display, with where each symbol ends.
public struct FormattedText: Sendable, Equatable {
    /// The display text, literals included.
    public let display: [Character]
    /// `symbolEnds[i]` is the display index just after the i-th entered symbol.
    public let symbolEnds: [Int]
    /// A live layout's right prompt in place of the plain counter (`🇬🇧 GB 10/10`); nil for templates.
    public var counter: String? = nil

    /// The display index of a cursor that sits after `rawCursor` entered symbols.
    public func displayIndex(forRawCursor rawCursor: Int) -> Int {
        rawCursor <= 0 ? 0 : symbolEnds[min(rawCursor, symbolEnds.count) - 1]
    }
}

/// Derives the display from the entered symbols; the display is never stored.
public enum Formatter {
    /// Lay out symbols as a field of `kind` shows them: by its live layout, else by its templates, else unchanged.
    /// A choice field's query is shown as typed (its frame adds the candidate).
    public static func format(_ symbols: [Character], as kind: FieldKind) -> FormattedText {
        format(symbols, as: kind, counting: true)
    }

    /// `counting` false: no counter from a live layout (see `LiveLayout.layout(_:counting:)`).
    private static func format(_ symbols: [Character], as kind: FieldKind, counting: Bool) -> FormattedText {
        switch kind {
        case .plain, .choice: return unformatted(symbols)
        case .templated(let templates), .date(let templates, _): return format(symbols, with: templates)
        case .liveLayout(let live, let templates):
            return live.formatted(symbols, counting: counting) ?? format(symbols, with: templates)
        }
    }

    /// `format(symbols, as: kind).display`, without the counter a live layout would work out for it.
    public static func display(_ symbols: [Character], as kind: FieldKind) -> [Character] {
        format(symbols, as: kind, counting: false).display
    }

    /// Lay out symbols with the best template, or unchanged when none fits.
    ///
    /// A literal is written only while entered symbols remain after it, so `138` shows as `138`, not `138-`.
    public static func format(_ symbols: [Character], with templates: TemplateSet) -> FormattedText {
        guard !symbols.isEmpty, let template = templates.best(for: symbols) else { return unformatted(symbols) }
        var display: [Character] = []
        display.reserveCapacity(template.tokens.count)
        var ends: [Int] = []
        ends.reserveCapacity(symbols.count)
        var used = 0
        for token in template.tokens {
            if used == symbols.count { break }
            switch token {
            case .literal(let c): display.append(c)
            case .slot:
                display.append(symbols[used])
                used += 1
                ends.append(display.count)
            }
        }
        return FormattedText(display: display, symbolEnds: ends)
    }

    /// The symbols as their own display: each ends where it is.
    static func unformatted(_ symbols: [Character]) -> FormattedText {
        FormattedText(display: symbols, symbolEnds: Array(1..<symbols.count + 1))
    }
}
