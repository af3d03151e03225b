/// A display worked out from a field's whole value at once, for fields no fixed template describes: a phone
/// number, whose region (known only from its first digits) decides how it is grouped.
///
/// The engine keeps its rules whatever the layout does: the display is derived after every edit, the cursor stays
/// after the same symbol, Backspace and Delete act on symbols, never on what the layout inserts.
///
/// A class: a field's kind holds it, and an existential of any type would make the kind a value the compiler copies
/// whole (retaining every payload) wherever it is switched on, several times per key.
public protocol LiveLayout: AnyObject, Sendable {
    /// The display of `symbols`, holding each of them in order, and what the right prompt shows instead of the
    /// plain `n/limit` counter (`🇬🇧 GB 10/10`, or nil); nil to show the symbols as typed. One call gives both,
    /// since both come from the same reading of the value (a phone number's region).
    func layout(_ symbols: [Character]) -> (display: [Character], counter: String?)?
    /// `layout`, its counter left out (nil) when `counting` is false: the display alone, for a hint, where working
    /// the counter out would read more of the layout's data than the display needs.
    func layout(_ symbols: [Character], counting: Bool) -> (display: [Character], counter: String?)?
    /// Why no value beginning with `symbols` can be accepted, so typing them is refused; nil when one can.
    func refusal(_ symbols: [Character]) -> String?
    /// Every character the layout may insert between symbols (dropped from pastes and checked lines).
    var literals: Set<Character> { get }
    /// Whether `symbols` are a complete value no more symbols could still make acceptable: its counter is full
    /// (`11/11`), so the frame is full though the limit leaves room (for prefixes such as `+86`).
    func isComplete(_ symbols: [Character]) -> Bool
    /// Whether the layout has example values to show as a placeholder (a phone field's region example).
    var hasExamples: Bool { get }
    /// The symbols of an example value beginning with `symbols` (empty: a whole example), which the field takes,
    /// or nil when the layout has none for them: a phone field's region example, its calling code's after `+44`.
    func example(continuing symbols: [Character]) -> [Character]?
    /// Whether `example(continuing:)` may answer for `symbols` or for symbols typed after them (`+4` may become
    /// `+44`): while so, the painter looks at every key; never for others.
    func mayReachExample(_ symbols: [Character]) -> Bool
}

extension LiveLayout {
    /// Complete only at the limit, as a field without a layout.
    public func isComplete(_ symbols: [Character]) -> Bool { false }

    /// No examples, unless the layout has its own.
    public var hasExamples: Bool { false }

    /// No example, unless the layout has its own.
    public func example(continuing symbols: [Character]) -> [Character]? { nil }

    /// Never, unless the layout has examples of its own.
    public func mayReachExample(_ symbols: [Character]) -> Bool { false }

    /// The counter comes with the display unless the layout can leave it out.
    public func layout(_ symbols: [Character], counting: Bool) -> (display: [Character], counter: String?)? {
        layout(symbols)
    }

    /// The laid-out display with where each symbol ends, or nil when the layout drops or reorders a symbol.
    /// Characters after the last symbol are left off, as templates leave off a trailing literal. `counting`
    /// false: no counter (see `layout(_:counting:)`).
    func formatted(_ symbols: [Character], counting: Bool = true) -> FormattedText? {
        guard let (display, counter) = layout(symbols, counting: counting) else { return nil }
        var ends: [Int] = []
        ends.reserveCapacity(symbols.count)
        var at = 0
        for symbol in symbols {
            while at < display.count && display[at] != symbol { at += 1 }
            guard at < display.count else { return nil }
            at += 1
            ends.append(at)
        }
        var formatted = FormattedText(display: Array(display[..<(ends.last ?? 0)]), symbolEnds: ends)
        formatted.counter = counter
        return formatted
    }
}
