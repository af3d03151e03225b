/// Which of a calling code's regions a national number's first two digits leave in the running for a place by
/// leading digits (`PhoneNumber.number`'s first pass): bit `i` of `masks[10 * d0 + d1]` set when region `i` has
/// leading digits and its automaton can still continue after `d0 d1`. Made from the regions' own automata the
/// first time a number of the code is placed, so +1's 25 regions are not each walked for every number.
final class LeadingDigitsIndex: Sendable {
    /// The regions it was made for, in order (the calling code's list, shared by every reading of it).
    let regions: [PhoneRegion]
    /// One mask per two-digit start.
    let masks: [UInt64]

    /// The index of `regions` (at most 64).
    init(_ regions: [PhoneRegion]) {
        self.regions = regions
        var masks = [UInt64](repeating: 0, count: 100)
        for (i, region) in regions.enumerated() {
            guard let leading = region.leadingDigits else { continue }
            for pair in 0..<100 where leading.canContinue([UInt8(pair / 10), UInt8(pair % 10)]) {
                masks[pair] |= 1 << UInt64(i)
            }
        }
        self.masks = masks
    }

    /// Whether it was made for this very list (the calling code's, stored once): else the caller walks each region.
    func isIndex(of list: [PhoneRegion]) -> Bool {
        list.count == regions.count && list.withUnsafeBufferPointer { a in
            regions.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress }
        }
    }
}

extension PhoneRegion {
    /// The leading-digits index of `regions`, the calling code's list this main region heads (made once); nil
    /// when the list is not the one it was made for, or too long for a mask.
    func leadingDigitsIndex(of regions: [PhoneRegion]) -> LeadingDigitsIndex? {
        guard regions.count <= 64 else { return nil }
        let index = leadingIndex.value ?? leadingIndex.storeIfNil(LeadingDigitsIndex(regions))
        return index.isIndex(of: regions) ? index : nil
    }
}
