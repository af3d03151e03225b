/// A deterministic automaton over the digits 0-9, compiled from a libphonenumber pattern when the data file was
/// generated (scripts/gen-phone-metadata.py): matching a number is one table step per digit, no regex engine.
public struct DigitDFA: Sendable, Equatable {
    /// `table[state * 11 + digit]`: the next state, or -1 for none (the number cannot match any more); then
    /// `table[state * 11 + 10]`: 1 when the state accepts (the digits read so far are a whole match). One array,
    /// so a copy of the automaton costs one reference count, not two (it is read for every number checked).
    let table: [Int32]

    /// The data file's encoding: states separated by `;`, each `1` or `0` (accepting) and ten next states (an
    /// empty field: none); state 0 starts. Nil for a malformed table (a wrong field count, a state out of range).
    public init?<S: StringProtocol>(encoded: S) {
        self.init(utf8: encoded.utf8)
    }

    /// `init(encoded:)` of the encoding's UTF-8 bytes.
    public init?<C: Collection>(utf8: C) where C.Element == UInt8 {
        // A string's bytes are read in place: walking a UTF-8 view index by index costs several times the parse.
        guard let table = utf8.withContiguousStorageIfAvailable(DigitDFA.table(encoded:)) ?? Array(utf8).withUnsafeBufferPointer(DigitDFA.table(encoded:)) else {
            return nil
        }
        self.table = table
    }

    /// `init(encoded:)` of bytes read in place (a cell of a data file).
    init?(bytes: UnsafeBufferPointer<UInt8>) {
        guard let table = DigitDFA.table(encoded: bytes) else { return nil }
        self.table = table
    }

    /// The table an encoding describes, nil when it is malformed.
    private static func table(encoded utf8: UnsafeBufferPointer<UInt8>) -> [Int32]? {
        // Read byte by byte into a buffer sized by the states counted first: the automata of a phone field's region
        // and its formats are read before its first key.
        var stateCount = 1
        for byte in utf8 where byte == UInt8(ascii: ";") { stateCount += 1 }
        var malformed = false
        let table = [Int32](unsafeUninitializedCapacity: stateCount * 11) { out, written in
            var field = 0          // 0: the accepting flag, 1-10: the next state for digits 0-9
            var value: Int32 = -1  // the field's number so far; -1 while empty
            var flag: Int32 = -1
            var state = 0
            func fail() { malformed = true }
            for byte in utf8 {
                if byte &- 0x30 < 10 {
                    let next = (value < 0 ? 0 : value) &* 10 &+ Int32(byte &- 0x30)
                    guard next < 1 << 24 else { fail(); break }
                    value = next
                    continue
                }
                guard byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";") else { fail(); break }
                // The field ends: the flag (0 or 1) or the next state for a digit, the flag kept last.
                if field == 0 {
                    guard value == 0 || value == 1 else { fail(); break }
                    flag = value
                } else {
                    guard field <= 10, state < stateCount else { fail(); break }
                    out[state &* 11 &+ field &- 1] = value
                }
                field += 1
                value = -1
                if byte == UInt8(ascii: ";") {
                    guard field == 11 else { fail(); break }
                    out[state &* 11 &+ 10] = flag
                    state += 1
                    field = 0
                }
            }
            // The last state has no `;` after it.
            if !malformed && field == 10 && state == stateCount - 1 {
                out[state &* 11 &+ 9] = value
                out[state &* 11 &+ 10] = flag
                written = stateCount * 11
                // Every next state must exist.
                for s in 0..<stateCount {
                    for d in 0..<10 where out[s &* 11 &+ d] >= Int32(stateCount) { malformed = true }
                }
            } else {
                malformed = true
                written = 0
            }
        }
        return malformed ? nil : table
    }

    /// The state after reading `digits` (each 0-9) from the start, or nil once no match is possible.
    public func state<S: Sequence>(after digits: S) -> Int? where S.Element == UInt8 {
        // Unchecked reads: every next state was checked to exist when the table was read.
        table.withUnsafeBufferPointer { table in
            var state = 0
            for d in digits {
                guard d < 10 else { return nil }
                let n = table[state &* 11 &+ Int(d)]
                if n < 0 { return nil }
                state = Int(n)
            }
            return state
        }
    }

    /// The lengths of the digit strings the automaton accepts, as a mask: bit n set when some string of n digits
    /// is a whole match (bit 63: of 63 digits or more). A length outside it settles `matches` and `canContinue`
    /// without a walk.
    public func acceptedLengths() -> UInt64 {
        let states = table.count / 11
        // A state's mask: its own acceptance, then its successors' masks one digit longer. Passes over the states
        // until nothing changes (the shipped automata are acyclic, so few are needed; a cycle saturates bit 63).
        var masks = [UInt64](repeating: 0, count: states)
        var changed = true
        var passes = 0
        while changed {
            changed = false
            passes += 1
            // A cycle adds at most one length per pass, up to bit 63: past that every length is allowed.
            guard passes <= 70 else { return ~0 }
            for s in stride(from: states - 1, through: 0, by: -1) {
                var mask: UInt64 = table[s * 11 + 10] != 0 ? 1 : 0
                for d in 0..<10 {
                    let n = Int(table[s * 11 + d])
                    if n >= 0 { mask |= (masks[n] << 1) | (masks[n] & (1 << 63)) }
                }
                if mask != masks[s] { masks[s] = mask; changed = true }
            }
        }
        return states > 0 ? masks[0] : 0
    }

    /// The state after one more digit (0-9) from `state`, or nil once no match is possible.
    public func state(from state: Int, after digit: UInt8) -> Int? {
        guard digit < 10 else { return nil }
        let n = table[state * 11 + Int(digit)]
        return n < 0 ? nil : Int(n)
    }

    /// Whether a state (from `state(after:)`) accepts: the digits that led to it are a whole match.
    public func accepts(_ state: Int) -> Bool { table[state * 11 + 10] != 0 }

    /// The fewest digits that take `state` to an accepting state (0 when it accepts), nil when none do within
    /// `most`: how much longer a prefix still being typed must grow (the automata are small; a breadth-first walk).
    func shortestCompletion(from state: Int, most: Int) -> Int? {
        var seen = Set([state])
        var level = [state]
        for length in 0...max(most, 0) {
            if level.contains(where: accepts) { return length }
            var next: [Int] = []
            for s in level {
                for d in UInt8(0)...9 {
                    if let n = self.state(from: s, after: d), seen.insert(n).inserted { next.append(n) }
                }
            }
            if next.isEmpty { return nil }
            level = next
        }
        return nil
    }

    /// How many of `digits` can be read before no match is possible any more: `canContinue(digits.prefix(n))`
    /// holds exactly for `n` up to it (every beginning of a number is read by one walk).
    func liveLength<C: Collection>(_ digits: C) -> Int where C.Element == UInt8 {
        table.withUnsafeBufferPointer { table in
            var state = 0, count = 0
            for d in digits {
                guard d < 10 else { break }
                let n = table[state &* 11 &+ Int(d)]
                if n < 0 { break }
                state = Int(n)
                count += 1
            }
            return count
        }
    }

    /// Whether `digits` match the whole pattern.
    public func matches<S: Sequence>(_ digits: S) -> Bool where S.Element == UInt8 {
        state(after: digits).map(accepts) ?? false
    }

    /// Whether more digits could still make `digits` a match (as you type).
    public func canContinue<S: Sequence>(_ digits: S) -> Bool where S.Element == UInt8 { state(after: digits) != nil }

    /// The length of the longest start of `digits` the automaton accepts (0 when it accepts the empty start
    /// only), nil when none: `matchingPrefixLengths().last` without the array (every number read asks it).
    public func longestPrefixMatch<C: Collection>(_ digits: C) -> Int? where C.Element == UInt8 {
        var longest: Int? = accepts(0) ? 0 : nil
        var state = 0
        var count = 0
        for d in digits {
            guard d < 10 else { break }
            let n = table[state * 11 + Int(d)]
            if n < 0 { break }
            state = Int(n)
            count += 1
            if accepts(state) { longest = count }
        }
        return longest
    }

    /// The lengths of the prefixes of `digits` that match the whole pattern, shortest first (where an
    /// international or national prefix may end).
    public func matchingPrefixLengths<C: Collection>(_ digits: C) -> [Int] where C.Element == UInt8 {
        var lengths: [Int] = []
        var state = 0
        if accepts(0) { lengths.append(0) }
        for (i, d) in digits.enumerated() {
            guard d < 10 else { break }
            let n = table[state * 11 + Int(d)]
            if n < 0 { break }
            state = Int(n)
            if accepts(state) { lengths.append(i + 1) }
        }
        return lengths
    }
}
