/// A growable run of bytes for `check`'s per-line output: an append is a capacity test and a `memcpy`, inlined
/// where it is called. `Array.append(contentsOf:)` goes through the generic sequence path (a uniqueness check, a
/// copy loop, a retain of the source), which cost more than the rest of a line's output.
/// Not copyable: it owns its memory, freed when it ends.
public struct ByteWriter: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    @usableFromInline var written = 0
    /// The bytes written so far.
    public var count: Int { written }

    /// An empty writer with room for `capacity` bytes before it grows.
    public init(capacity: Int = 256) {
        self.capacity = Swift.max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Room for `extra` more bytes.
    @inlinable @inline(__always)
    mutating func reserve(_ extra: Int) {
        if capacity &- written < extra { grow(written + extra) }
    }

    @usableFromInline @inline(never)
    mutating func grow(_ needed: Int) {
        let larger = Swift.max(needed, 2 * capacity)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.update(from: base, count: written)
        base.deallocate()
        base = moved
        capacity = larger
    }

    /// Empty again, keeping its memory.
    public mutating func removeAll() { written = 0 }

    /// Room for `extra` more bytes at once (one growth instead of several doublings).
    public mutating func reserveCapacity(_ extra: Int) { reserve(extra) }

    /// Append one byte.
    @inlinable @inline(__always)
    public mutating func append(_ byte: UInt8) {
        reserve(1)
        base[written] = byte
        written &+= 1
    }

    /// Append `bytes`.
    @inlinable @inline(__always)
    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        let n = bytes.count
        reserve(n)
        let target = base + written
        if n <= 32 {
            // A value or a message's part: eight bytes at a time (the last word may overlap the one before), not
            // a call to `memcpy`, which costs more than the copy for a few bytes.
            if n >= 8 {
                var k = 0
                while k &+ 8 < n {
                    UnsafeMutableRawPointer(target + k).storeBytes(of: UnsafeRawPointer(source + k).loadUnaligned(as: UInt64.self), as: UInt64.self)
                    k &+= 8
                }
                UnsafeMutableRawPointer(target + (n &- 8)).storeBytes(of: UnsafeRawPointer(source + (n &- 8)).loadUnaligned(as: UInt64.self), as: UInt64.self)
            } else {
                for k in 0..<n { target[k] = source[k] }
            }
        } else {
            target.update(from: source, count: n)
        }
        written &+= n
    }

    /// Append a non-negative integer in decimal.
    @inlinable
    public mutating func appendDecimal(_ n: Int) {
        var digits = 1, rest = n
        while rest >= 10 { rest /= 10; digits &+= 1 }
        reserve(digits)
        var v = n, k = written &+ digits
        repeat { k &-= 1; base[k] = UInt8(truncatingIfNeeded: 48 &+ v % 10); v /= 10 } while v > 0
        written &+= digits
    }

    /// Read the bytes written in place (no array made).
    public func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: written))
    }

    /// The bytes written, as an array.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: written)) }
}

/// Where the byte path writes a value: an array (a batch that keeps values) or a `ByteWriter` (`check`).
protocol ByteSink: ~Copyable {
    mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>)
}

extension ByteWriter: ByteSink {
    @inline(__always)
    mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) { append(bytes) }
}

extension Array: ByteSink where Element == UInt8 {
    mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }
}
