@testable import FieldKit
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

    /// Lengths an automaton accepts, as a mask: a finite one's exact lengths, a looping one's saturating at 63.
    @Test func acceptedLengths() throws {
        // "12" or "3456": state 0 -1-> 1 -2-> 2 (accepts); state 0 -3-> 3 -4-> 4 -5-> 5 -6-> 2.
        let twoOrFour = try #require(DigitDFA(encoded: "0,,1,,3,,,,,,;0,,,2,,,,,,,;1,,,,,,,,,,;0,,,,,4,,,,,;0,,,,,,5,,,,;0,,,,,,,2,,,"))
        #expect(twoOrFour.acceptedLengths() == 0b10100)
        #expect(twoOrFour.matches([1, 2]) && twoOrFour.matches([3, 4, 5, 6]) && !twoOrFour.matches([3, 4, 5]))
        // "1" then any digits: every length from 1 on, up to and including the "63 or more" bit.
        let looping = try #require(DigitDFA(encoded: Self.oneThenDigits))
        #expect(looping.acceptedLengths() == ~UInt64(1))
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

/// `RegexPattern.prefixMatch`: Python's `re.match` (anchored at the start, not the end) with its groups.
struct RegexPrefixMatchTests {
    static func match(_ pattern: String, _ text: String) throws -> (end: Int, groups: [Range<Int>?])? {
        let regex = try RegexPattern(pattern)
        return Array(text.utf8).withUnsafeBufferPointer { regex.prefixMatch($0) }
    }

    @Test func groupsAndEnds() throws {
        let both = try #require(try Self.match("0(1)?(2)?", "0134"))
        #expect(both.end == 2 && both.groups == [1..<2, nil])
        #expect(try Self.match("([457]\\d{6})$|1", "4601234")?.groups == [0..<7])
        #expect(try Self.match("([457]\\d{6})$|1", "1268")?.end == 1)
        #expect(try Self.match("([457]\\d{6})$|1", "2680000") == nil)
    }
}

/// A format's groups cell read as bytes: each group's fewest and most digits, malformed cells refused.
@Suite struct PhoneFormatGroupsTests {
    @Test func groupsCellsAreReadOrRefused() {
        #expect(PhoneFormat.groupLengths("3,4-5") == [3...3, 4...5])
        #expect(PhoneFormat.groupLengths("2,4,4") == [2...2, 4...4, 4...4])
        #expect(PhoneFormat.groupLengths("") == [])
        for malformed in ["5-3", "3-", "-3", "3-4-5", "a", "3,x", "1000", "3;4"] {
            #expect(PhoneFormat.groupLengths(malformed) == nil, "\(malformed)")
        }
    }
}
