/// `form --verify --sample N%`: a share of the saved records, drawn at random but the same for the same seed
/// whatever order the records are read in: each record is ranked by the FNV-1a hash of the seed and its `record_id`,
/// and the lowest-ranked `N%` (rounded up: at least one record) are taken, in saved order.
public enum VerificationSample {
    /// The seed used when none is given.
    public static let defaultSeed: UInt64 = 47

    /// Which of `ids` (records' ids, in saved order) the sample takes: their indices, ascending.
    public static func chosen(_ ids: [String], percent: Int, seed: UInt64 = defaultSeed) -> [Int] {
        guard !ids.isEmpty, percent > 0 else { return [] }
        let count = min(ids.count, (ids.count * percent + 99) / 100)
        let ranked = ids.indices.sorted { a, b in
            let ra = rank(ids[a], seed: seed), rb = rank(ids[b], seed: seed)
            return ra != rb ? ra < rb : a < b
        }
        return ranked.prefix(count).sorted()
    }

    /// A record's place in the draw.
    static func rank(_ id: String, seed: UInt64) -> UInt64 {
        var hash = FNV1a()
        hash.add(String(seed).utf8)
        hash.add(0)
        hash.add(id.utf8)
        return hash.value
    }
}
