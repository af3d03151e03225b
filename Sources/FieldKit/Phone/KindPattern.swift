/// One kind's whole-number automaton of a region (phone-patterns.tsv), decoded from its cell the first time it is
/// matched: a field asks about its own kinds (phone-cn's mobile) long before, or instead of, the others, and a
/// large region's automata (China's fixed-line one above all) are kilobytes of encoding.
final class KindPattern: Sendable {
    /// The cell, in the data file's encoding.
    private let encoded: String
    /// The automaton once decoded.
    private let decoded = LazyReference<Decoded>()

    private final class Decoded: Sendable {
        let dfa: DigitDFA
        init(_ dfa: DigitDFA) { self.dfa = dfa }
    }

    /// The pattern of a cell; nil when `check` finds it malformed. Unchecked, a malformed cell stops the program
    /// when first matched: the shipped file is read whole, checked, by the tests.
    init?(encoded: String, check: Bool) {
        if check && DigitDFA(encoded: encoded) == nil { return nil }
        self.encoded = encoded
    }

    /// The automaton.
    var dfa: DigitDFA {
        if let known = decoded.value { return known.dfa }
        guard let dfa = DigitDFA(encoded: encoded) else { fatalError("phone metadata: a kind's automaton is malformed") }
        return decoded.storeIfNil(Decoded(dfa)).dfa
    }

    /// Whether the automaton has been decoded (it is, once matched).
    var isDecoded: Bool { decoded.value != nil }

    /// Whether the digits (0-9) are a whole number of the kind.
    func matches<S: Sequence>(_ digits: S) -> Bool where S.Element == UInt8 {
        decoded.read { $0.dfa.matches(digits) } ?? dfa.matches(digits)
    }

    /// Whether more digits could still make a number of the kind.
    func canContinue<S: Sequence>(_ digits: S) -> Bool where S.Element == UInt8 {
        decoded.read { $0.dfa.canContinue(digits) } ?? dfa.canContinue(digits)
    }

    /// `DigitDFA.liveLength` of the automaton.
    func liveLength(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Int {
        decoded.read { $0.dfa.liveLength(digits) } ?? dfa.liveLength(digits)
    }

    /// `DigitDFA.acceptedLengths` of the automaton.
    func acceptedLengths() -> UInt64 { dfa.acceptedLengths() }
}
