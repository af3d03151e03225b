import Testing
@testable import FieldKit

/// `form --verify --sample N% --seed S`: the same records for the same seed whatever order they are read in, N%
/// of them rounded up, and another draw for another seed.
@Suite struct VerificationSampleTests {
    static let ids = (0..<200).map { "id-\($0)" }

    @Test func theSameSeedDrawsTheSameRecordsInAnyOrder() {
        let first = VerificationSample.chosen(Self.ids, percent: 10, seed: 7).map { Self.ids[$0] }
        let again = VerificationSample.chosen(Self.ids, percent: 10, seed: 7).map { Self.ids[$0] }
        let reversed = Array(Self.ids.reversed())
        let fromReversed = VerificationSample.chosen(reversed, percent: 10, seed: 7).map { reversed[$0] }
        #expect(first.count == 20)
        #expect(first == again)
        #expect(Set(first) == Set(fromReversed))
        // Not simply the first records: a draw.
        #expect(first != Array(Self.ids.prefix(20)))
    }

    @Test func anotherSeedDrawsOthersAndTheDefaultIsDocumented() {
        let seven = Set(VerificationSample.chosen(Self.ids, percent: 10, seed: 7))
        let eight = Set(VerificationSample.chosen(Self.ids, percent: 10, seed: 8))
        #expect(seven != eight)
        #expect(VerificationSample.defaultSeed == 47)
        #expect(VerificationSample.chosen(Self.ids, percent: 10) == VerificationSample.chosen(Self.ids, percent: 10, seed: 47))
    }

    @Test func aShareIsRoundedUpAndWholeAtAHundred() {
        #expect(VerificationSample.chosen(["a", "b", "c"], percent: 1).count == 1)
        #expect(VerificationSample.chosen(["a", "b", "c"], percent: 34).count == 2)
        #expect(VerificationSample.chosen(["a", "b", "c"], percent: 100) == [0, 1, 2])
        #expect(VerificationSample.chosen([], percent: 50).isEmpty)
    }
}
