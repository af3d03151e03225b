/// A deterministic automaton over the digits 0-9, compiled from a libphonenumber pattern when the data file was
/// generated (scripts/gen-phone-metadata.py): matching a number is one table step per digit, no regex engine.
public struct DigitDFA: Sendable, Equatable {
    /// `table[state * 11 + digit]`: the next state, or -1 for none (the number cannot match any more); then
    /// `table[state * 11 + 10]`: 1 when the state accepts (the digits read so far are a whole match). One array,
    /// so a copy of the automaton costs one reference count, not two (it is read for every number checked).
    let table: [Int32]

    /// The data file's encoding: states separated by `;`, each `1` or `0` (accepting) and ten next states (an
    /// empty field: none); state 0 starts. Nil for a malformed table (a wrong field count, a state out of range).
    public init?(encoded: String) {
        var table: [Int32] = []
        let states = encoded.split(separator: ";", omittingEmptySubsequences: false)
        for state in states {
            let fields = state.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count == 11, fields[0] == "0" || fields[0] == "1" else { return nil }
            for field in fields.dropFirst() {
                if field.isEmpty { table.append(-1); continue }
                guard let n = Int32(field), n >= 0, Int(n) < states.count else { return nil }
                table.append(n)
            }
            table.append(fields[0] == "1" ? 1 : 0)
        }
        guard !table.isEmpty else { return nil }
        self.table = table
    }

    /// The state after reading `digits` (each 0-9) from the start, or nil once no match is possible.
    public func state<S: Sequence>(after digits: S) -> Int? where S.Element == UInt8 {
        var state = 0
        for d in digits {
            guard d < 10 else { return nil }
            let n = table[state * 11 + Int(d)]
            if n < 0 { return nil }
            state = Int(n)
        }
        return state
    }

    /// Whether a state (from `state(after:)`) accepts: the digits that led to it are a whole match.
    public func accepts(_ state: Int) -> Bool { table[state * 11 + 10] != 0 }

    /// Whether `digits` match the whole pattern.
    public func matches<S: Sequence>(_ digits: S) -> Bool where S.Element == UInt8 {
        state(after: digits).map(accepts) ?? false
    }

    /// Whether more digits could still make `digits` a match (as you type).
    public func canContinue<S: Sequence>(_ digits: S) -> Bool where S.Element == UInt8 { state(after: digits) != nil }

    /// The lengths of the prefixes of `digits` that match the whole pattern, shortest first (where an
    /// international or national prefix may end).
    public func matchingPrefixLengths(_ digits: [UInt8]) -> [Int] {
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
