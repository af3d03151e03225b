/// The kind of number a template describes; a field may refuse some kinds.
/// A tag a keymap puts on a template (`mobile`, `tollFree`, `forbidden`, `premium`…): free-form, so a keymap
/// names the kinds its own numbers have; a field may refuse the templates that carry a tag (`refuse:`).
public struct TemplateOption: Sendable, Hashable, RawRepresentable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The tag as written.
    public let rawValue: String

    /// A tag from its text.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A tag from a literal (`"mobile"`).
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The tag as written.
    public var description: String { rawValue }

    /// Whether `text` can be a tag: an ASCII letter, then letters, digits, `-` or `_`, at most 32 characters
    /// (it is shown in messages and written in keymap files).
    public static func isValid(_ text: String) -> Bool {
        guard let first = text.utf8.first, text.utf8.count <= 32 else { return false }
        func letter(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }
        return letter(first) && text.utf8.allSatisfy { letter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x5F }
    }
}

/// One display template, e.g. `###-####-####`.
///
/// `#` is a slot for any accepted symbol, `N` a slot for a digit 2-9, a digit literal a slot the input must
/// match exactly, `\` escapes the next character, and any other character is a literal inserted on output.
public struct Template: Sendable, Hashable {
    /// One piece of a template.
    public enum Token: Sendable, Hashable {
        /// Where an entered symbol goes, with what it must be.
        case slot(Slot)
        /// Text inserted between symbols.
        case literal(Character)
    }

    /// What an entered symbol must be to fill a slot.
    public enum Slot: Sendable, Hashable {
        /// Any symbol the field's key rules accepted.
        case any
        /// A digit 2-9.
        case twoToNine
        /// Exactly this character (a digit literal in the pattern).
        case exactly(Character)
    }

    /// The pattern as written.
    public let pattern: String
    /// Kinds this template stands for (empty for an ordinary number).
    public let options: Set<TemplateOption>
    /// The parsed pattern.
    public let tokens: [Token]
    /// How many symbols fill the template completely.
    public let slotCount: Int
    /// How many slots demand one exact digit (how specific the template is).
    public let exactSlotCount: Int
    /// Index (in symbols) after the last exact slot: once that many symbols match, the template is decided.
    public let decidingLength: Int

    /// Parse a pattern.
    public init(_ pattern: String, options: Set<TemplateOption> = []) {
        var tokens: [Token] = []
        var escaped = false
        for ch in pattern {
            if escaped { tokens.append(.literal(ch)); escaped = false; continue }
            switch ch {
            case "\\": escaped = true
            case "#": tokens.append(.slot(.any))
            case "N": tokens.append(.slot(.twoToNine))
            case "0"..."9": tokens.append(.slot(.exactly(ch)))
            default: tokens.append(.literal(ch))
            }
        }
        if escaped { tokens.append(.literal("\\")) }
        self.pattern = pattern
        self.options = options
        self.tokens = tokens
        var slots = 0, exact = 0, deciding = 0
        for token in tokens {
            guard case .slot(let slot) = token else { continue }
            slots += 1
            if case .exactly = slot { exact += 1; deciding = slots }
        }
        self.slotCount = slots
        self.exactSlotCount = exact
        self.decidingLength = deciding
    }

    /// The slots in order.
    public var slots: [Slot] {
        tokens.compactMap { if case .slot(let s) = $0 { return s } else { return nil } }
    }

    /// The literal characters the template inserts (dropped silently from pastes and checked lines).
    public var literals: Set<Character> {
        Set(tokens.compactMap { if case .literal(let c) = $0 { return c } else { return nil } })
    }
}

extension Template.Slot {
    /// Whether a symbol may fill this slot.
    @inline(__always)
    func accepts(_ symbol: Character) -> Bool {
        switch self {
        case .any: return true
        case .twoToNine: return symbol >= "2" && symbol <= "9" && symbol.unicodeScalars.count == 1
        case .exactly(let c): return symbol == c
        }
    }
}
