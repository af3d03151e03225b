#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A format's leading-digits automata (broadest first), each decoded from its part of the formats file's cell the
/// first time it is asked for: a region's formats are read before a phone field's first key, and decoding all of
/// China's 40 automata was a third of that, while a number asks for a few.
final class LeadingDigitPatterns: Sendable {
    /// The cell: automata in the data file's encoding, separated by `|`.
    private let cell: String
    /// Each automaton's bytes in `cell`.
    private let parts: [Range<Int>]
    /// Each automaton once decoded.
    private let decoded: [LazyReference<Decoded>]

    private final class Decoded: Sendable {
        let dfa: DigitDFA
        init(_ dfa: DigitDFA) { self.dfa = dfa }
    }

    /// The automata of a cell (empty parts skipped); nil when `check` finds one malformed. Unchecked, a malformed
    /// automaton stops the program when it is first used: the shipped file is read whole, checked, by the tests.
    init?(cell: String, check: Bool) {
        var parts: [Range<Int>] = [], malformed = false, text = cell
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            // The separators found with memchr: a region's cells hold kilobytes of automata, looked over at start.
            var start = 0
            while start <= bytes.count {
                var end = bytes.count
                if start < bytes.count, let bar = memchr(base + start, Int32(UInt8(ascii: "|")), bytes.count - start) {
                    end = UnsafePointer<UInt8>(bar.assumingMemoryBound(to: UInt8.self)) - base
                }
                if end > start {
                    if check && DigitDFA(bytes: UnsafeBufferPointer(rebasing: bytes[start..<end])) == nil { malformed = true }
                    parts.append(start..<end)
                }
                start = end + 1
            }
        }
        guard !malformed else { return nil }
        self.cell = text
        self.parts = parts
        self.decoded = parts.map { _ in LazyReference<Decoded>() }
    }

    /// How many automata there are.
    var count: Int { parts.count }

    /// The automaton at `index` (0 ..< count).
    subscript(index: Int) -> DigitDFA {
        if let known = decoded[index].value { return known.dfa }
        var text = cell
        let dfa = text.withUTF8 { bytes in DigitDFA(bytes: UnsafeBufferPointer(rebasing: bytes[parts[index]])) }
        guard let dfa else { fatalError("phone metadata: a format's leading-digits automaton is malformed") }
        return decoded[index].storeIfNil(Decoded(dfa)).dfa
    }
}
