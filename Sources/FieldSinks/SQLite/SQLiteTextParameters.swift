/// A statement's text parameters, one after another in one buffer reused for every row: bound where they lie
/// (`SQLiteDatabase.run(_:text:ends:)`), with no copy of each value made.
struct SQLiteTextParameters {
    /// The values' UTF-8 bytes, one after another.
    private(set) var text: [UInt8] = []
    /// Where each value ends in `text`.
    private(set) var ends: [Int] = []

    /// Adds the next parameter.
    mutating func add(_ value: String) {
        text.append(contentsOf: value.utf8)
        ends.append(text.count)
    }

    /// Empties the buffer for the next row, keeping its room.
    mutating func removeAll() {
        text.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
    }
}
