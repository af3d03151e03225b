import FieldKit

/// The input records taken so far, numbered as read, and their fingerprint: the progress kept with a batch names
/// what it dealt with, so that `--resume` finds the same records in the input before skipping them.
struct RecordCount {
    /// The number of the record being taken (from 1).
    private(set) var number = 0
    /// Whether the records are fingerprinted (only a file's progress is kept).
    let fingerprinting: Bool
    /// The FNV-1a hash of the records taken, as read, and of all but the last of them.
    private(set) var taken = FNV1a(), beforeLast = FNV1a()

    /// Counts the next record, whose bytes `feed` gives the fingerprint.
    mutating func count(_ feed: (inout FNV1a) -> Void) {
        number += 1
        guard fingerprinting else { return }
        beforeLast = taken
        feed(&taken)
    }

    /// The fingerprint of the first `dealt` records: all taken, or all but the last.
    func fingerprint(dealt: Int) -> String {
        (dealt == number ? taken : beforeLast).hex
    }
}
