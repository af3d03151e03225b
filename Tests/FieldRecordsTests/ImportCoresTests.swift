import Testing
@testable import FieldRecords

/// An import checks on several cores only when the save leaves two of them free (bench/RESULTS.md: on two cores,
/// checking on both while a database saves made the import slower).
struct ImportCoresTests {
    @Test func checkingIsSplitOnlyWhereTwoCoresAreLeftByTheSave() {
        #expect(!PreparedLine.checksInParallel(savingInBackground: true, cores: 2))
        #expect(PreparedLine.checksInParallel(savingInBackground: false, cores: 2))
        #expect(PreparedLine.checksInParallel(savingInBackground: true, cores: 3))
        #expect(!PreparedLine.checksInParallel(savingInBackground: false, cores: 1))
    }
}
