/// The 64-bit FNV-1a hash (Fowler–Noll–Vo), fed bytes as they come: the same on every run and machine, unlike Swift's
/// seeded `Hasher`, and cheap enough to run over every byte of an import. Not a defence against a crafted collision:
/// it tells records apart, it does not authenticate them.
public struct FNV1a: Sendable, Equatable {
    /// The hash of the bytes fed so far.
    public var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// The hash of nothing yet.
    public init() {}

    /// Feeds `bytes`.
    @inlinable public mutating func add<C: Collection<UInt8>>(_ bytes: C) {
        var hash = value
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        value = hash
    }

    /// Feeds one byte.
    @inlinable public mutating func add(_ byte: UInt8) { value = (value ^ UInt64(byte)) &* 0x100_0000_01b3 }

    /// `value` as 16 lower-case hexadecimal digits.
    public var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
