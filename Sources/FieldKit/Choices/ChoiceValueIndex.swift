/// A choice list's values → their rows, hashed from the values' bytes where they lie in the list's text: a
/// dictionary of strings needed a string made and hashed (through Unicode normalisation) for every value at
/// start-up. Values are told apart byte for byte. Open addressing with linear probing over a table at least twice
/// the rows; Swift's seeded `Hasher`, so a hostile file cannot make its values collide on purpose.
struct ChoiceValueIndex: Sendable {
    /// Each slot: a row, or -1 for none.
    private var slots: [Int32]
    /// The table's size less one (a power of two less one).
    private let mask: Int

    /// An empty index for up to `rows` values.
    init(rows: Int) {
        var size = 8
        while size < rows * 2 { size <<= 1 }
        slots = Array(repeating: -1, count: size)
        mask = size - 1
    }

    /// The hash of a value's bytes.
    @inline(__always)
    private static func hash(_ value: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(value))
        return hasher.finalize()
    }

    /// The row whose value is `value`; `valueOf` gives a row's value bytes.
    func row(of value: UnsafeBufferPointer<UInt8>, valueOf: (Int) -> UnsafeBufferPointer<UInt8>) -> Int? {
        var slot = ChoiceValueIndex.hash(value) & mask
        while true {
            let row = Int(slots[slot])
            if row < 0 { return nil }
            if ChoiceValueIndex.equal(valueOf(row), value) { return row }
            slot = (slot + 1) & mask
        }
    }

    /// Adds `row` under its value, unless a row of the same value is there: that row is returned instead.
    mutating func insert(_ row: Int, _ value: UnsafeBufferPointer<UInt8>, valueOf: (Int) -> UnsafeBufferPointer<UInt8>) -> Int? {
        var slot = ChoiceValueIndex.hash(value) & mask
        while true {
            let found = Int(slots[slot])
            if found < 0 { slots[slot] = Int32(row); return nil }
            if ChoiceValueIndex.equal(valueOf(found), value) { return found }
            slot = (slot + 1) & mask
        }
    }

    /// Whether two byte strings are the same.
    @inline(__always)
    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        for i in 0..<a.count where a[i] != b[i] { return false }
        return true
    }
}
