import FieldKit
import Testing

/// The data files' automaton encoding: read exactly, and anything malformed refused rather than half read.
struct DigitDFATests {
    /// "1" then any digits: state 0 takes 1 to state 1, which accepts and loops on every digit.
    static let oneThenDigits = "0,,1,,,,,,,,;1,1,1,1,1,1,1,1,1,1,1"

    @Test func readsAndMatches() throws {
        let dfa = try #require(DigitDFA(encoded: Self.oneThenDigits))
        #expect(dfa.matches([1]) && dfa.matches([1, 0, 9]) && !dfa.matches([]) && !dfa.matches([2]))
        #expect(dfa.canContinue([]) && !dfa.canContinue([0]))
        #expect(dfa.matchingPrefixLengths([1, 5, 5]) == [1, 2, 3])
        #expect(dfa.state(after: [1]).map(dfa.accepts) == true)
    }

    @Test(arguments: [
        "",                                      // nothing
        "0,,1,,,,,,,,",                          // a state points past the table
        "2,,,,,,,,,,",                           // the flag is neither 0 nor 1
        ",,,,,,,,,,,",                           // no flag
        "0,,,,,,,,,",                            // ten fields
        "0,,,,,,,,,,,",                          // twelve fields
        "0,,1,,,,,,,,;1,1,1,1,1,1,1,1,1,1,1;",   // an empty last state
        "0,,x,,,,,,,,",                          // not a number
        "0,,99999999,,,,,,,,",                   // a state number past any table
    ])
    func refusesMalformedTables(_ encoded: String) {
        #expect(DigitDFA(encoded: encoded) == nil, "\(encoded.debugDescription)")
    }
}
