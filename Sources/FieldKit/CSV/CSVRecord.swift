/// A CSV record's values as read: their bytes one after another in one buffer and where each ends (two
/// allocations a record, not one a value). A collection of the values' bytes.
public struct CSVRecord: RandomAccessCollection, Sendable {
    /// The values' bytes, one after another.
    public let bytes: [UInt8]
    /// Where each value ends in `bytes` (the next starts there).
    public let ends: [Int]
    /// Where each value starts in the input (its offset in bytes), from a reader told to locate; else empty.
    public let starts: [Int]

    /// A record of the values `bytes` holds, each ending where `ends` says (and starting in the input where
    /// `starts` says, if known).
    public init(bytes: [UInt8], ends: [Int], starts: [Int] = []) {
        self.bytes = bytes
        self.ends = ends
        self.starts = starts
    }

    /// The first value's index, 0.
    public var startIndex: Int { 0 }
    /// The number of values.
    public var endIndex: Int { ends.count }
    /// Value `position`'s bytes.
    public subscript(position: Int) -> ArraySlice<UInt8> { bytes[range(of: position)] }
    /// Where value `position` lies in `bytes`.
    public func range(of position: Int) -> Range<Int> { (position == 0 ? 0 : ends[position - 1])..<ends[position] }
}
